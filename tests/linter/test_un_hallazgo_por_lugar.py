"""One finding per defect (issue 33): a sub-server mounted under a prefix publishes each of its tools
twice, and a finding at one place whose message differs only in the tool's name is reported once,
under the unprefixed name, naming the other. The rule still counts both tools (shadows, baseline)."""

from __future__ import annotations

from oracle_lint.linter.analisis import Hallazgo, correr, una_por_lugar

from .corridas import proyecto_escrito as _proyecto

LUCES = '''
from fastmcp import FastMCP
puente = object()  # the lights' bridge
luces = FastMCP("luces")


@luces.tool
def encender(light_name: str, brillo: int) -> dict:
    puente.set_light(light_name, brillo)  # a write: its echo is judged
    return {"luz": light_name, "brillo": brillo, "listo": True}  # light_name addresses the light: identity
'''

CENTRO = '''
from fastmcp import FastMCP

from luces import luces

centro = FastMCP("centro")
centro.mount(luces, namespace="hue")
'''


def test_a_mounted_tool_is_reported_once_naming_its_published_twin(tmp_path):
    corrida = correr(_proyecto(tmp_path, **{"pyproject.toml": "[tool.oracle]\n", "luces.py": LUCES,
                                            "centro.py": CENTRO}), None, cache=False)
    assert sorted(h["herramienta"] for h in corrida.evidencia["herramienta"]) == ["encender", "hue_encender"]
    assert [(h.path, h.line, h.rule, h.tool, h.message) for h in corrida.hallazgos] == [
        ("luces.py", 7, "contrato.claves_sin_publicar", "encender",
         "tool «encender» writes fixed keys at 1 emission site(s) but its output schema declares no properties: "
         "publish these keys: brillo, listo, luz (the same code, also for tool «hue_encender»)"),
        ("luces.py", 10, "contrato.postcondicion_sin_anotar", "encender",
         "tool «encender» sets no readOnlyHint, so clients take it for a write, and it emits «brillo» from the "
         "argument `brillo`: if it only reads, annotate it readOnlyHint: true; if it writes, read the value back "
         "from the API's response or a re-fetch (the same code, also for tool «hue_encender»)"),
    ]
    # the rule still counts each published tool
    cuentas = {j.id: j.veredicto.valor for j in corrida.juicio.medidas}
    assert cuentas["contrato.claves_sin_publicar"] == 2 and cuentas["contrato.postcondicion_sin_anotar"] == 2


def test_findings_that_differ_in_more_than_the_tool_stay_apart():
    a = Hallazgo("s.py", 3, 5, "contrato.postcondicion_ecoada", "a", "tool «a» emits «x» from the argument `x`")
    b = Hallazgo("s.py", 3, 5, "contrato.postcondicion_ecoada", "b", "tool «b» emits «y» from the argument `y`")
    otra_regla = Hallazgo("s.py", 3, 5, "contrato.postcondicion_sin_anotar", "c", "tool «c» emits «x» from the argument `x`")
    otro_lugar = Hallazgo("s.py", 4, 5, "contrato.postcondicion_ecoada", "d", "tool «d» emits «x» from the argument `x`")
    sin_herramienta = Hallazgo("pyproject.toml", 1, 1, "listas.entrada_obsoleta", None, "stale entry")
    entrada = [a, b, otra_regla, otro_lugar, sin_herramienta]
    assert sorted(una_por_lugar(entrada)) == sorted(entrada)


def test_three_tools_at_one_place_are_one_finding_naming_the_other_two():
    hallazgos = [Hallazgo("s.py", 3, 5, "r", t, f"tool «{t}» is loose") for t in ("zeta_b", "b", "alfa_b")]
    assert una_por_lugar(hallazgos) == [
        Hallazgo("s.py", 3, 5, "r", "b", "tool «b» is loose (the same code, also for tools «alfa_b», «zeta_b»)")]
