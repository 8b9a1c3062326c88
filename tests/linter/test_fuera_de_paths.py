"""Project modules the analyzed files import but `paths` leaves out are read to resolve (never
judged): a root built there is followed, a model defined there publishes its schema."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from oracle_lint.linter.analisis import reunir_evidencia
from oracle_lint.nucleo.proyecto import Proyecto

from .corridas import comprobados, parseos, proyecto_escrito

SERVIDOR = '''
from mcp.server.fastmcp import FastMCP

from .api import client
from modelos import Salida

mcp = FastMCP("fuera")


@mcp.tool()
def leer() -> dict[str, int]:
    return client.respuesta()


@mcp.tool()
def contar() -> Salida:
    return Salida(n=1)
'''

CLIENTE = '''
def respuesta() -> dict[str, int]:
    return {"a": 1}
'''

MODELOS = '''
from pydantic import BaseModel, ConfigDict


class Salida(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int
'''

OTRO_SERVIDOR = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("otro")


@mcp.tool()
def fuera() -> dict:
    return {"nunca": "juzgada"}
'''


def _proyecto(tmp_path: Path, paths: str) -> Proyecto:
    archivos = {"pyproject.toml": f"[tool.oracle]\npaths = {paths}\nexclude = [\"excluida\"]\n",
                "paquete/__init__.py": "", "paquete/servidor/__init__.py": "", "paquete/servidor/main.py": SERVIDOR,
                "paquete/servidor/api/__init__.py": "", "paquete/servidor/api/client.py": CLIENTE,
                "modelos.py": MODELOS, "otro.py": OTRO_SERVIDOR, "excluida/modelos.py": "Salida = dict\n"}
    for nombre, texto in archivos.items():
        (tmp_path / nombre).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / nombre).write_text(textwrap.dedent(texto), encoding="utf-8")
    return Proyecto(tmp_path)


def test_modules_paths_leaves_out_are_read_for_resolution_and_never_judged(tmp_path):
    e = reunir_evidencia(_proyecto(tmp_path, '["paquete/servidor/main.py"]'), None, cache=False).evidencia
    # only the configured file's tools: otro.py registers one, but it is not among the paths
    assert sorted(h["herramienta"] for h in e["herramienta"]) == ["contar", "leer"]
    assert [a["archivo"] for a in e["archivo"]] == ["paquete/servidor/main.py"]
    raices = {r["herramienta"]: (r["procedencia"], r["archivo"], r["linea"]) for r in e["raiz"]}
    assert raices == {"leer": ("own", "paquete/servidor/main.py", 12),  # the helper's literal, followed
                      "contar": ("own", "paquete/servidor/main.py", 17)}
    salida = next(json.loads(f["contenido"]) for f in e["esquema"] if f["herramienta"] == "contar" and f["lado"] == "salida")
    assert salida == {"additionalProperties": False, "properties": {"n": {"title": "N", "type": "integer"}},
                      "required": ["n"], "title": "Salida", "type": "object"}
    assert e["no_resuelto"] == []


def test_a_left_out_file_is_read_only_when_an_import_can_reach_it(tmp_path, monkeypatch):
    """The configured file's imports reach `.api`, `.api.client` and `modelos` (and the packages they
    sit in, both ways); `otro.py`, which nothing imports, is never read, not even parse-checked."""
    vistos = comprobados(monkeypatch)
    e = reunir_evidencia(_proyecto(tmp_path, '["paquete/servidor/main.py"]'), None, cache=False, trabajos=1).evidencia
    assert sorted(vistos) == ["modelos.py", "paquete/__init__.py", "paquete/servidor/__init__.py",
                              "paquete/servidor/api/__init__.py", "paquete/servidor/api/client.py", "paquete/servidor/main.py"]
    assert sorted(h["herramienta"] for h in e["herramienta"]) == ["contar", "leer"]


AMBIGUO = {
    "pyproject.toml": '[tool.oracle]\npaths = ["srv"]\n',
    "srv/main.py": """
        from mcp.server.fastmcp import FastMCP

        from utils import ayuda

        mcp = FastMCP("ambiguo")


        @mcp.tool()
        def leer() -> dict[str, int]:
            return ayuda()
        """,
    "srv/utils.py": """
        def ayuda() -> dict[str, int]:
            return {"a": 1}
        """,
}


def test_a_left_out_file_that_can_decide_a_look_up_is_read_and_keeps_it_ambiguous(tmp_path, monkeypatch):
    """`from utils import ...` names `srv/utils.py` and the left-out `scripts/utils.py` by suffix: both
    are read, and two candidates leave the look-up unanswered (the call is taken for foreign code), as
    when every file was read."""
    proyecto = proyecto_escrito(tmp_path, **AMBIGUO, **{"scripts/utils.py": "def ayuda():\n    return []\n"})
    vistos = comprobados(monkeypatch)
    e = reunir_evidencia(proyecto, None, cache=False, trabajos=1).evidencia
    assert "scripts/utils.py" in vistos
    assert [(r["herramienta"], r["procedencia"], r["motivo"]) for r in e["raiz"]] == [
        ("leer", "echoed", "value returned by `utils.ayuda()`, code outside the analyzed files")]


def test_a_left_out_candidate_that_does_not_parse_leaves_the_look_up_to_the_other(tmp_path, monkeypatch):
    """The near miss: `scripts/utils.py` is Python 2, so it is no module of the index and the look-up
    finds `srv/utils.py` alone: the helper's literal is followed."""
    proyecto = proyecto_escrito(tmp_path, **AMBIGUO, **{"scripts/utils.py": "print 'ayuda'\n"})
    vistos = comprobados(monkeypatch)
    e = reunir_evidencia(proyecto, None, cache=False, trabajos=1).evidencia
    assert "scripts/utils.py" in vistos
    assert [(r["herramienta"], r["procedencia"]) for r in e["raiz"]] == [("leer", "own")]


def test_without_those_modules_the_same_tools_say_what_they_could_not_read(tmp_path):
    """The near miss: the modules are gone, so the root is opaque and the model unknown, each said."""
    proyecto = _proyecto(tmp_path, '["paquete/servidor/main.py"]')
    (tmp_path / "paquete/servidor/api/client.py").unlink()
    (tmp_path / "modelos.py").unlink()
    e = reunir_evidencia(proyecto, None, cache=False).evidencia
    assert [(r["herramienta"], r["procedencia"], r["motivo"]) for r in e["raiz"]] == [
        ("leer", "opaque", "client.respuesta() cannot be followed: `.api` is a module of this project that is not among "
                           "the analyzed files")]
    assert [(n["herramienta"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("contar", "output schema of tool `contar`: return annotation `Salida` of `contar` is not defined in an analyzed file"
                    "; if an installed package defines it, set `venv` in [tool.oracle] to the project's virtual environment so oracle-lint reads it")]


def test_an_excluded_folder_stays_unread(tmp_path):
    """`exclude` still applies to resolution: the excluded `modelos.py` never stands in for the real one."""
    proyecto = _proyecto(tmp_path, '["paquete/servidor/main.py"]')
    (tmp_path / "modelos.py").unlink()
    e = reunir_evidencia(proyecto, None, cache=False).evidencia
    assert [n["herramienta"] for n in e["no_resuelto"]] == ["contar"]


REGISTRO = '''
def register(mcp):
    @mcp.tool()
    def saludar(nombre: str) -> dict[str, str]:
        return {"hola": nombre}
'''

ENTRADA = '''
from mcp.server.fastmcp import FastMCP

from app.tools import register

mcp = FastMCP("real")
register(mcp)
'''

PRUEBA = '''
from unittest.mock import MagicMock

from app.tools import register


def test_register():
    register(MagicMock())
'''


def _parseados(tmp_path: Path, paths: str, monkeypatch) -> tuple[list[str], dict[str, list[dict]]]:
    """The files libcst parsed in a one-process run over a project whose test calls the registration
    function, and the evidence."""
    for nombre, texto in {"pyproject.toml": f"[tool.oracle]\npaths = {paths}\n", "app/__init__.py": "",
                          "app/tools.py": REGISTRO, "app/main.py": ENTRADA, "tests/test_tools.py": PRUEBA}.items():
        (tmp_path / nombre).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / nombre).write_text(textwrap.dedent(texto), encoding="utf-8")
    parseados = parseos(monkeypatch)
    e = reunir_evidencia(Proyecto(tmp_path), None, cache=False, trabajos=1).evidencia
    return sorted(parseados), e


def test_a_call_site_outside_paths_is_no_evidence_and_its_file_is_never_parsed(tmp_path, monkeypatch):
    """The registration's server comes from the call in `app/main.py`; the test that calls it with a
    mock, outside `paths`, is not searched for call sites (nor parsed: it imports, it is not imported)."""
    vistos = comprobados(monkeypatch)
    parseados, e = _parseados(tmp_path, '["app"]', monkeypatch)
    assert parseados == ["app/main.py", "app/tools.py"]
    assert "tests/test_tools.py" not in vistos  # it imports the app; nothing imports it
    assert [(h["herramienta"], h["archivo"]) for h in e["herramienta"]] == [("saludar", "app/tools.py")]
    assert [(s["archivo"], s["linea"]) for s in e["servidor"]] == [("app/main.py", 6)]
    assert e["no_resuelto"] == []


def test_a_call_site_inside_paths_is_searched(tmp_path, monkeypatch):
    """The near miss: with the tests among `paths`, the same call site is a file the search parses."""
    parseados, e = _parseados(tmp_path, '["."]', monkeypatch)
    assert parseados == ["app/main.py", "app/tools.py", "tests/test_tools.py"]
    assert [(h["herramienta"], h["archivo"]) for h in e["herramienta"]] == [("saludar", "app/tools.py")]
