"""The `oracle` command: core verbs for rule authors (juzgar, medida, manual).

`main` (the `oracle` entry point, `nucleo.cli:main`) is assembled in `nucleo.cli.principal` and
loaded on first access, so importing a light submodule such as `nucleo.cli.comun` does not
import every subcommand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import click

    main: click.Group

__all__ = ["main"]


def __getattr__(nombre: str) -> Any:
    """`main`, imported from `nucleo.cli.principal` when first asked for (PEP 562)."""
    if nombre == "main":
        from oracle_lint.nucleo.cli.principal import main

        return main
    raise AttributeError(f"module {__name__!r} has no attribute {nombre!r}")
