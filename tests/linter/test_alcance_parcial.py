"""A run over some files (what pre-commit passes) judges every tool whose contract those files reach:
a model, helper or emission site edited outside the file that registers the tool still fails the run."""

from __future__ import annotations

import textwrap
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cache import Almacen
from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion import extraer

SERVIDOR = '''\
from mcp.server.fastmcp import FastMCP
from pydantic import BaseModel, ConfigDict

from modelos import Resultado

mcp = FastMCP("s")


class Suelto(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int


@mcp.tool(annotations={"readOnlyHint": True})
def contar(n: int) -> Resultado:
    return Resultado(total=len(str(n)))


@mcp.tool(annotations={"readOnlyHint": True})
def suelto() -> Suelto:
    return Suelto(n=1)
'''
MODELO_LIMPIO = '''\
from pydantic import BaseModel, ConfigDict


class Resultado(BaseModel):
    model_config = ConfigDict(extra="forbid")
    total: int
'''
MODELO_CON_MESSAGE = MODELO_LIMPIO + "    message: str | None = None\n"


def proyecto(raiz: Path, modelo: str = MODELO_LIMPIO) -> Path:
    (raiz / "pyproject.toml").write_text('[tool.oracle]\npaths = ["."]\n', encoding="utf-8")
    (raiz / "servidor.py").write_text(SERVIDOR, encoding="utf-8")
    (raiz / "modelos.py").write_text(modelo, encoding="utf-8")
    (raiz / "suelto.py").write_text("def nada() -> int:\n    return 1\n", encoding="utf-8")
    return raiz


def check(raiz: Path, *rutas: str, cache: bool = True):
    return CliRunner().invoke(main, ["check", "--project", str(raiz), *(str(raiz / r) for r in rutas),
                                     *([] if cache else ["--no-cache"])])


def test_the_whole_project_is_clean_before_the_edit(tmp_path):
    r = check(proyecto(tmp_path))
    assert (r.exit_code, r.output) == (0, "0 findings (3 files, 2 tools analyzed).\n")


def test_a_model_file_edit_is_judged_through_the_tool_that_publishes_it(tmp_path):
    raiz = proyecto(tmp_path)
    assert check(raiz).exit_code == 0  # a warm cache of the clean tree
    (raiz / "modelos.py").write_text(MODELO_CON_MESSAGE, encoding="utf-8")
    for cache in (True, False):
        r = check(raiz, "modelos.py", cache=cache)
        assert (r.exit_code, r.output) == (1, (
            "modelos.py:4:1: ORC107 tool «contar» declares `message` without `code` in the object at JSON pointer \"\" "
            "of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message (message-without-code)\n"
            "1 finding in 1 file (1 file, 2 tools analyzed).\n")), cache  # the unit is servidor.py: both its tools


def test_the_edit_is_still_judged_when_the_cache_already_holds_it(tmp_path):
    """A full run after the edit, then the commit's run over the model: the cache says nothing changed
    since the last run, yet the tool reads the committed file, so it is judged."""
    raiz = proyecto(tmp_path, MODELO_CON_MESSAGE)
    assert check(raiz).exit_code == 1
    r = check(raiz, "modelos.py")
    assert r.exit_code == 1 and "modelos.py:4:1: ORC107 tool «contar»" in r.output
    assert r.output.endswith("(1 file, 2 tools analyzed).\n")


def test_an_unrelated_edit_judges_no_tool(tmp_path):
    raiz = proyecto(tmp_path, MODELO_CON_MESSAGE)  # a violation elsewhere: not this run's business
    for cache in (True, False):
        r = check(raiz, "suelto.py", cache=cache)
        assert (r.exit_code, r.output) == (0, "0 findings (1 file, 0 tools analyzed).\n"), cache


def _arbol(raiz: Path) -> list[Path]:
    """A server whose two tool modules share a model module: one import-graph component."""
    (raiz / "app.py").write_text("from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('a')\n", encoding="utf-8")
    (raiz / "comun.py").write_text("from pydantic import BaseModel\n\n\nclass Total(BaseModel):\n    total: int\n",
                                  encoding="utf-8")
    for nombre in ("uno", "dos"):
        (raiz / f"{nombre}.py").write_text(textwrap.dedent(f'''\
            from app import mcp
            from comun import Total


            @mcp.tool()
            def {nombre}(n: int) -> Total:
                return Total(total=n)
            '''), encoding="utf-8")
    return sorted(raiz.glob("*.py"))


def test_without_a_cache_the_component_is_judged_with_one_only_the_tools_that_read_the_file(tmp_path):
    todos = _arbol(tmp_path)
    frio = extraer([tmp_path / "uno.py"], tmp_path, contexto=todos, trabajos=1)
    assert sorted(h["herramienta"] for h in frio["herramienta"]) == ["dos", "uno"]  # sound: same component
    extraer(todos, tmp_path, almacen=Almacen(tmp_path, "extraccion"), trabajos=1)
    tibio = extraer([tmp_path / "uno.py"], tmp_path, contexto=todos, almacen=Almacen(tmp_path, "extraccion"), trabajos=1)
    assert [h["herramienta"] for h in tibio["herramienta"]] == ["uno"]  # `dos` read neither uno.py
    ayudante = extraer([tmp_path / "comun.py"], tmp_path, contexto=todos, almacen=Almacen(tmp_path, "extraccion"), trabajos=1)
    assert sorted(h["herramienta"] for h in ayudante["herramienta"]) == ["dos", "uno"]  # both read the model
    assert ayudante["archivo"] == [{"archivo": "comun.py", "herramientas": 0}]


def test_a_model_edit_that_pushes_a_shadow_over_its_bound_fails_the_partial_run(tmp_path):
    """The issue's second case: the debt was recorded (a shadow bounded at 1 over `contar`), and an edit
    in the model file adds a second `message` object to the same tool: the run over the model names the
    bound, as the full run does."""
    raiz = proyecto(tmp_path, MODELO_CON_MESSAGE)
    assert CliRunner().invoke(main, ["baseline", "--project", str(raiz), "--issue", "https://example.invalid/3"]).exit_code == 0
    assert check(raiz).exit_code == 0 and check(raiz, "modelos.py").exit_code == 0
    (raiz / "modelos.py").write_text(MODELO_CON_MESSAGE + '''    detalle: "Detalle | None" = None


class Detalle(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str
''', encoding="utf-8")
    completa, parcial = check(raiz), check(raiz, "modelos.py")
    assert completa.exit_code == parcial.exit_code == 1
    sobre = ("pyproject.toml:1:1: ORC107 the shadow of «contrato.message_sin_code» forgives nothing: the rule counts 2 "
             "in its tools (contar), over its bound 1")
    assert sobre in completa.output and sobre in parcial.output, parcial.output
    assert parcial.output.splitlines()[:-1] == completa.output.splitlines()[:-1]  # the same findings
