"""A bug that escapes the reader loop ends the process with status 70 and a traceback on stderr:
never a hang waiting for workers, never a line on stdout."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]

PROGRAMA = """
import sys
import oracle_lint.server.eras
from oracle_lint import server
def roto(self, linea):
    raise RuntimeError("bug in the dispatcher")
server.eras.Despachador.recibir = roto
from oracle_lint.server.principal import main
main(["--proyecto", sys.argv[1]])
"""


def test_an_escaped_bug_exits_70_without_touching_stdout():
    r = subprocess.run(
        [sys.executable, "-c", PROGRAMA, str(RAIZ / "examples" / "proyecto")],
        input=b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n',
        capture_output=True,
        timeout=60,
    )
    assert r.returncode == 70
    assert r.stdout == b""
    assert b"RuntimeError: bug in the dispatcher" in r.stderr
