"""The assembled `oracle` command: the root group with every core subcommand attached.

Kept apart from the package's `__init__` so that importing a shared helper (`nucleo.cli.comun`)
does not import every subcommand: `oracle-lint` uses the helpers, not the `oracle` verbs.
"""

from __future__ import annotations

import click

from oracle_lint.nucleo.cli import caso as _caso
from oracle_lint.nucleo.cli import juzgar as _juzgar
from oracle_lint.nucleo.cli import listar as _listar
from oracle_lint.nucleo.cli import manual as _manual
from oracle_lint.nucleo.cli import medida as _medida
from oracle_lint.nucleo.cli import tarea as _tarea
from oracle_lint.nucleo.cli.comun import grupo_principal

main: click.Group = grupo_principal
main.add_command(_juzgar.juzgar)
_medida.medida.add_command(_listar.listar)
main.add_command(_medida.medida)
main.add_command(_manual.manual)
main.add_command(_caso.caso)
main.add_command(_tarea.tarea)
