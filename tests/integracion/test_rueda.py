"""One import name: the wheel installs `oracle_lint` and nothing else at the top level, and its three
commands run from a directory holding a `server.py`, a `rules/` and a `linter/` of its own (the
most common names in MCP projects) without importing any of them."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[2]

SERVIDOR = '''from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel

mcp = FastMCP("propio")


class Cuenta(BaseModel):
    total: int


@mcp.tool()
def contar() -> Cuenta:
    return Cuenta(total=1)
'''


def _rueda(destino: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(destino), str(RAIZ)],
                   check=True, capture_output=True, text=True, timeout=600)
    (rueda,) = destino.glob("oracle_lint-*.whl")
    return rueda


def _entorno(tmp: Path, rueda: Path) -> Path:
    """A fresh venv with the wheel alone; its dependencies come from this interpreter's site-packages
    through a path entry (whose .pth files, such as this checkout's editable finder, are not run)."""
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(rueda)], check=True,
                   capture_output=True, timeout=300)
    sitio = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                           check=True, capture_output=True, text=True).stdout.strip()
    (Path(sitio) / "dependencias.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return venv / "bin"


def _proyecto_del_usuario(raiz: Path) -> Path:
    raiz.mkdir()
    (raiz / "pyproject.toml").write_text('[tool.oracle]\npaths = ["server.py"]\n', encoding="utf-8")
    (raiz / "server.py").write_text(SERVIDOR, encoding="utf-8")
    for paquete in ("linter", "nucleo"):
        (raiz / paquete).mkdir()
        (raiz / paquete / "__init__.py").write_text(f'raise ImportError("the user\'s own {paquete} was imported")\n')
    (raiz / "rules").mkdir()
    (raiz / "rules" / "mine.toml").write_text("this is not a catalog\n", encoding="utf-8")  # merged, it would break it
    return raiz


def test_the_wheel_owns_one_top_level_name_and_runs_beside_a_users_server_rules_and_linter(tmp_path):
    rueda = _rueda(tmp_path / "dist")
    nombres = zipfile.ZipFile(rueda).namelist()
    arriba = {n.split("/", 1)[0] for n in nombres if not n.split("/", 1)[0].endswith((".dist-info", ".data"))}
    assert arriba == {"oracle_lint"}
    assert "oracle_lint/rules/contrato.toml" in nombres and "oracle_lint/rules/codigos/oracle.toml" in nombres
    assert any(n.startswith("oracle_lint/rules/corpus/") and n.endswith(".json") for n in nombres)

    bin_ = _entorno(tmp_path, rueda)
    usuario = _proyecto_del_usuario(tmp_path / "usuario")

    def correr(*orden: str, entrada: str | None = None) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*orden], cwd=usuario, capture_output=True, text=True, input=entrada, timeout=300,
                              env={"PATH": str(bin_), "NO_COLOR": "1", "HOME": str(tmp_path)})

    check = correr(str(bin_ / "oracle-lint"), "check")
    assert check.returncode == 1, check.stdout + check.stderr
    assert check.stdout.splitlines()[0].startswith("server.py:13:5: ORC101 tool «contar» writes its root key by key")
    como_modulo = correr(str(bin_ / "python"), "-m", "oracle_lint", "check")  # the cwd is on sys.path here
    assert (como_modulo.returncode, como_modulo.stdout) == (1, check.stdout), como_modulo.stderr

    catalogo = correr(str(bin_ / "oracle"), "medida", "listar")
    assert catalogo.returncode == 0, catalogo.stderr
    assert "contrato.raiz_propia_estricta" in catalogo.stdout

    pedido = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "0"}}})
    listado = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    servidor = correr(str(bin_ / "oracle-mcp"), "--proyecto", ".", entrada=pedido + "\n" + listado + "\n")
    respuestas = [json.loads(linea) for linea in servidor.stdout.splitlines()]
    assert [r["id"] for r in respuestas] == [1, 2], servidor.stderr
    assert len(respuestas[1]["result"]["tools"]) == 5
