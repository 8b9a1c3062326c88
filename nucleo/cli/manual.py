"""`oracle manual TEMA`: reference pages derived from the code."""

from __future__ import annotations

import click

from oracle_lint.nucleo.manual import TEMAS


@click.group()
def manual() -> None:
    """Reference pages (the language, its semantics and budgets)."""


@manual.command("operadores")
def operadores() -> None:
    """The `testigos` pipeline language: stages, conditions, semantics and budgets."""
    click.echo(TEMAS["operadores"], nl=False)
