"""examples/sobre: a server that adopts the envelope passes `perfil:sobre` with 0 findings, and a copy
broken in four places fails with exactly those findings. Both run `oracle-lint check` as a user does."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]
EJEMPLO = RAIZ / "examples" / "sobre"
ORACLE_LINT = Path(sys.executable).with_name("oracle-lint")


def _check(proyecto: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(ORACLE_LINT), "check", "--no-cache", "--project", str(proyecto)],
                          capture_output=True, text=True, cwd=RAIZ, timeout=300)


def test_the_envelope_example_passes_the_profile():
    r = _check(EJEMPLO)
    assert (r.returncode, r.stdout, r.stderr) == (0, "0 findings (4 files, 6 tools analyzed).\n", "")


def _romper(texto: str, antes: str, despues: str) -> str:
    assert texto.count(antes) == 1, antes
    return texto.replace(antes, despues)


def test_a_broken_copy_fails_with_exactly_its_findings(tmp_path):
    copia = tmp_path / "sobre"
    shutil.copytree(EJEMPLO, copia)
    servidor = copia / "notas" / "servidor.py"
    texto = servidor.read_text(encoding="utf-8")
    # the result outside data, and a message beside it
    texto = _romper(texto, "    data: Notas\n    resource: Optional[Cuaderno] = None\n",
                    "    data: Notas\n    total: int = 0\n    resource: Optional[Cuaderno] = None\n")
    texto = _romper(texto, "    resource: Optional[NotaResuelta] = None\n\n\nclass Escrita",
                    "    resource: Optional[NotaResuelta] = None\n    message: Optional[str] = None\n\n\nclass Escrita")
    # control on every call
    texto = _romper(texto, "    control: Optional[Control] = None\n", "    control: Control\n")
    servidor.write_text(texto, encoding="utf-8")
    sobre = copia / "notas" / "sobre.py"
    texto = sobre.read_text(encoding="utf-8")
    # a domain status in the call's state
    texto = _romper(texto, '    status: Literal["updated", "unchanged", "deleted"]\n',
                    '    status: Literal["updated", "unchanged", "deleted"]\n    page_status: Optional[str] = None\n')
    sobre.write_text(texto, encoding="utf-8")
    r = _check(copia)
    assert (r.returncode, r.stderr) == (1, "")
    # a defect of a model two tools share is one finding, naming both (issue 33)
    assert r.stdout.splitlines() == [
        "notas/servidor.py:43:5: ORC515 tool «listar_notas» declares «total» in the envelope object at JSON pointer \"\", "
        "which the envelope does not have: the tool's own result goes in `data` (the same code, also for tool "
        "«search_notas») (envelope-unknown-key)",
        "notas/servidor.py:48:1: ORC107 tool «obtener_nota» declares `message` without `code` in the object at JSON pointer "
        "\"\" of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message (message-without-code)",
        "notas/servidor.py:53:5: ORC516 tool «obtener_nota» declares `message` in the envelope object at JSON pointer \"\", "
        "outside `data`: only `control.message`, on a call that was not executed, may carry one (envelope-message-outside-data)",
        "notas/servidor.py:62:5: ORC517 tool «borrar_nota» publishes `control` as a required property of its output root: "
        "control is present only on a call that was not executed (the same code, also for tool «actualizar_nota») "
        "(envelope-control-required)",
        "notas/sobre.py:57:5: ORC518 tool «borrar_nota» declares the domain status «page_status» in `state` (JSON pointer "
        "\"/$defs/PostCondicion\"): it belongs in `data`; state.status is the outcome of this call (the same code, also "
        "for tool «actualizar_nota») (envelope-domain-status-in-state)",
        "5 findings in 2 files (4 files, 6 tools analyzed).",
    ]
