"""Shared pieces of the `oracle` CLI: the root group, error reporting and JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.version import VERSION

F = TypeVar("F", bound=Callable[..., Any])

EXIT_VERDE = 0
EXIT_ROJO = 1
EXIT_ERROR = 2
EXIT_FALLO_INTERNO = 70  # EX_SOFTWARE: a bug, never a verdict


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(VERSION, prog_name="oracle")
def grupo_principal() -> None:
    """Oracle core verbs: judge evidence, try and expand measures, read the manual."""


EXIT_TUBERIA_ROTA = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader went away


def con_errores(fn: F) -> F:
    """Turn an `ErrorOracle` into its stable `CODIGO — message` text (English) on stderr and exit 2; any other
    exception is a bug: its traceback and `ERROR_INTERNO` on stderr, exit 70 (never 1, which means findings)."""

    @wraps(fn)
    def envoltura(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except ErrorOracle as error:
            click.echo(error.texto("en"), err=True)  # people read English; the code stays the machines' key
            sys.exit(EXIT_ERROR)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise  # usage errors and click's own exits keep their codes (2 for usage)
        except BrokenPipeError:  # the reader left (`| head`): stop quietly, as a process killed by SIGPIPE does
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_TUBERIA_ROTA)
        except Exception as error:  # noqa: BLE001 — reported, never turned into a verdict
            import traceback

            traceback.print_exc(file=sys.stderr)
            click.echo(f"ERROR_INTERNO — an internal error stopped the command ({type(error).__name__}: {error}); nothing "
                       "was judged. This is a bug: report it with the command and the traceback above.", err=True)
            sys.exit(EXIT_FALLO_INTERNO)

    return envoltura  # type: ignore[return-value]


def imprimir_json(obj: Any) -> None:
    """Print one JSON document, UTF-8, keys in a stable order."""
    click.echo(json.dumps(obj, ensure_ascii=False, indent=2, sort_keys=False))
