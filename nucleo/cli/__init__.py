"""The `oracle` command: core verbs for rule authors (juzgar, medida, manual)."""

from __future__ import annotations

import click

from nucleo.cli.comun import grupo_principal
from nucleo.cli import caso as _caso
from nucleo.cli import juzgar as _juzgar
from nucleo.cli import listar as _listar
from nucleo.cli import manual as _manual
from nucleo.cli import medida as _medida
from nucleo.cli import tarea as _tarea

main: click.Group = grupo_principal
main.add_command(_juzgar.juzgar)
_medida.medida.add_command(_listar.listar)
main.add_command(_medida.medida)
main.add_command(_manual.manual)
main.add_command(_caso.caso)
main.add_command(_tarea.tarea)
