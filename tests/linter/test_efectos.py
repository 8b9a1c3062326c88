"""`valor_emitido.sin_efectos`: a handler that provably changes nothing (efectos.py), and ORC116 on it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import libcst as cst

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.efectos import del_cuerpo, llamadas_de_la_definicion

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "linter"
SIN_EFECTOS = ["clima", "resumen", "cuenta_atras", "con_ayudante", "repetir", "contar_palabras", "formateada", "limpiar", "volcar_nota"]
CON_EFECTOS = ["guardar", "guardar_alias", "enviar", "imprimir", "recordar", "con_ayudante_que_escribe",
               "leer_recurso", "guardar_en", "marcar", "contar", "sumar_vez", "registrada", "guardar_nota", "actualizar_nota", "crear_nota"]


def _por_herramienta() -> dict[str, set[bool]]:
    ev = extraer([FIXTURES / "ecos" / "efectos_ecos.py", FIXTURES / "ecos" / "efectos_ayuda.py"], FIXTURES)
    # a local rebound from itself (`limpio = limpio.strip()`) is read once: no endless question, no error row
    assert ev["no_resuelto"] == []
    vistos: dict[str, set[bool]] = {}
    for fila in ev["valor_emitido"]:
        vistos.setdefault(fila["herramienta"], set()).add(fila["sin_efectos"])
    return vistos


def test_a_handler_changes_nothing_only_when_every_call_computes_and_it_assigns_only_its_own_locals():
    assert _por_herramienta() == {**{h: {True} for h in SIN_EFECTOS}, **{h: {False} for h in CON_EFECTOS}}


def test_orc116_leaves_out_a_handler_that_changes_nothing_and_judges_every_other():
    proceso = subprocess.run([sys.executable, "-m", "oracle_lint", "check", "--no-cache", "--format", "json",
                              "--select", "ORC116", "ecos/efectos_ecos.py"],
                             cwd=FIXTURES, capture_output=True, text=True)
    assert proceso.returncode == 1, proceso.stderr
    hallazgos = json.loads(proceso.stdout)["findings"]
    assert sorted(h["tool"] for h in hallazgos) == sorted(CON_EFECTOS)


def test_decorators_defaults_and_raised_exceptions_are_not_calls_the_handler_makes():
    fn = cst.parse_module(
        "@mcp.tool(name=nombre())\n"
        "def f(x: int = defecto(), y: tipo() = 1) -> salida():\n"
        "    if x:\n"
        "        raise ToolError(mensaje())\n"
        "    cliente.enviar(x)\n"
        "    def g():\n"
        "        nonlocal x\n"
        "        raise Otro()\n"
    ).body[0]
    nonlocal_, lanzadas = del_cuerpo(fn)
    nombres: dict[int, str] = {}

    class Llamadas(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nombres[id(node)] = cst.Module([]).code_for_node(node.func)

    fn.visit(Llamadas())
    assert sorted(nombres[i] for i in llamadas_de_la_definicion(fn)) == ["defecto", "mcp.tool", "nombre", "salida", "tipo"]
    # the nested def's `nonlocal` and raise are its own; `mensaje()` is an argument of the exception, a call made
    assert (nonlocal_, sorted(nombres[i] for i in lanzadas)) == (False, ["ToolError"])
    anidada = fn.body.body[2]
    assert del_cuerpo(anidada)[0] is True


def test_each_local_is_read_once_per_function_however_many_calls_ask_about_it(tmp_path, monkeypatch):
    # 400 bindings of one local and 400 method calls on it: reading its bindings again for every call
    # is 160,000 readings (a generated handler of 1,500 of each took 4.5 s); once per function is 400
    from oracle_lint.linter.extraccion import efectos

    n = 400
    cuerpo = "".join(f"    x = [{i}]\n    x.append('{i}'.upper())\n" for i in range(n))
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    (tmp_path / "grande.py").write_text(
        "from mcp.server.fastmcp import FastMCP\nfrom pydantic import BaseModel, ConfigDict\n\nmcp = FastMCP('g')\n\n\n"
        "class Salida(BaseModel):\n    model_config = ConfigDict(extra='forbid')\n    text: str\n\n\n"
        f"@mcp.tool()\ndef grande(text: str) -> Salida:\n{cuerpo}    return Salida(text=text)\n", encoding="utf-8")
    lecturas = []
    original = efectos.Efectos._nuevo

    def contar(self, *args):  # type: ignore[no-untyped-def]
        lecturas.append(1)
        return original(self, *args)

    monkeypatch.setattr(efectos.Efectos, "_nuevo", contar)
    ev = extraer([tmp_path / "grande.py"], tmp_path, trabajos=1)
    assert {f["sin_efectos"] for f in ev["valor_emitido"]} == {True}
    assert n <= len(lecturas) <= 2 * n
