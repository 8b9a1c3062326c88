"""`oracle-mcp --proyecto PATH [--confiar-escalares]`: fix the root, then serve stdio until EOF or `exit`.

The root is resolved once, with `nucleo.proyecto.Proyecto`, before any message is read. An
invalid project refuses start-up: the `PROYECTO_INVALIDO — <raíz>: <motivo>.` line (and the
fix) goes to stderr and the process exits with status 2 without reading stdin — a server
that cannot say which tree it reads has nothing honest to answer. Each call then reads the
project afresh from that fixed root, so a configuration fixed later is seen without a
restart, and one broken later is a tool error, never a stale answer.

Exit status: 0 at end of input (after in-flight calls finished) or `exit` after `shutdown`;
1 on `exit` without `shutdown`; 2 on a usage error or an invalid project; 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path
from typing import BinaryIO

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.version import VERSION
from .eras import Despachador, Salir
from .trabajos import Trabajos
from .transporte import Salida, lineas, proteger_stdout, registrar

EXIT_USO = 2
EXIT_FALLO_INTERNO = 70  # EX_SOFTWARE: a bug escaped the reader loop


def analizador() -> argparse.ArgumentParser:
    """The command line of oracle-mcp."""
    parser = argparse.ArgumentParser(
        prog="oracle-mcp",
        description="Oracle's read-only MCP server over stdio (newline-delimited JSON-RPC).",
    )
    parser.add_argument(
        "--proyecto", required=True, type=Path, metavar="PATH", help="project root, fixed for the process lifetime"
    )
    parser.add_argument(
        "--confiar-escalares",
        action="store_true",
        help="allow running the project's escalares.py (user code); a call can never grant this itself",
    )
    parser.add_argument("--version", action="version", version=f"oracle-mcp {VERSION}")
    return parser


def servir(raiz: Path, confiar_escalares: bool, salida: Salida, entrada: BinaryIO) -> int:
    """Read messages until end of input or `exit`; return the exit status."""
    trabajos = Trabajos()
    despachador = Despachador(raiz, confiar_escalares, salida, trabajos)
    try:
        for linea in lineas(entrada):
            despachador.recibir(linea)
    except Salir as salir:
        trabajos.cancelar_todos()
        return salir.codigo
    trabajos.esperar()
    return 0


def main(argv: list[str] | None = None) -> int:
    """Console entry point (`oracle-mcp = "server.principal:main"`)."""
    argumentos = analizador().parse_args(argv)
    sys.dont_write_bytecode = True  # importing a trusted escalares.py must not write __pycache__ into the project
    try:
        proyecto = Proyecto(argumentos.proyecto, confiar_escalares=argumentos.confiar_escalares)
    except ErrorOracle as error:
        sys.stderr.write(error.texto() + "\n")
        sys.stderr.flush()
        return EXIT_USO
    salida = Salida(proteger_stdout())
    registrar(f"sirviendo {proyecto.raiz} (oracle {VERSION}; escalares {'confiadas' if proyecto.confiar_escalares else 'no confiadas'})")
    try:
        codigo = servir(proyecto.raiz, proyecto.confiar_escalares, salida, sys.stdin.buffer)
    except KeyboardInterrupt:
        codigo = 130
    except BaseException:  # a bug in the reader loop: report it on stderr and end, never hang on workers
        traceback.print_exc(file=sys.stderr)
        codigo = EXIT_FALLO_INTERNO
    sys.stderr.flush()
    # Workers of a cancelled call may still be between two checks: do not wait for them.
    os._exit(codigo)
