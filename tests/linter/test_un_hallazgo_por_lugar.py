"""One finding per defect (issue 33): a sub-server mounted under a prefix publishes each of its tools
twice, and a finding at one place whose message differs only in the tool's name (or in the JSON pointer it names: one
annotation reached at several pointers) is reported once,
under the unprefixed name, naming the other. The rule still counts both tools (shadows, baseline)."""

from __future__ import annotations

from dataclasses import replace

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


def _union(herramienta: str, puntero: str, linea: int = 198, regla: str = "contrato.union_estructural_salida") -> Hallazgo:
    return Hallazgo("models.py", linea, 5, regla, herramienta,
                    f'tool «{herramienta}» publishes a union with 2 structured branches at JSON pointer "{puntero}" of its output schema')


def test_one_field_reached_at_two_pointers_by_two_tools_is_one_finding_naming_both():
    # a model's `cards` union, returned whole by one tool and inside another's list: one annotation to fix
    assert una_por_lugar([_union("get_stacks", "/$defs/Stack/properties/cards"), _union("get_stack", "/properties/cards")]) == [
        Hallazgo("models.py", 198, 5, "contrato.union_estructural_salida", "get_stack",
                 'tool «get_stack» publishes a union with 2 structured branches at JSON pointer "/properties/cards" of its '
                 'output schema (the same code, also for tool «get_stacks» at JSON pointer "/$defs/Stack/properties/cards")')]


def test_the_unions_one_annotation_brings_into_a_tool_are_one_finding_naming_each_pointer():
    # `ctx: CallToolResult`: its content union and, inside one of its branches, EmbeddedResource's
    otra = _union("create_user", "/$defs/CallToolResult/properties/content/items")
    entrada = [_union("create_user", "/$defs/EmbeddedResource/properties/resource"),
               replace(otra, message=otra.message.replace("2 structured", "5 structured"))]
    assert [h.message for h in una_por_lugar(entrada)] == [
        'tool «create_user» publishes a union with 2 structured branches at JSON pointer '
        '"/$defs/EmbeddedResource/properties/resource" of its output schema (the same code, also at JSON pointer '
        '"/$defs/CallToolResult/properties/content/items")']


def test_pointers_at_other_places_of_other_rules_or_beside_a_message_without_one_stay_apart():
    otra_linea = _union("a", "/x", linea=199)
    otra_regla = _union("a", "/y", regla="contrato.union_estructural_entrada")
    sin_puntero = Hallazgo("models.py", 198, 5, "contrato.union_estructural_salida", "b", "tool «b» is loose")
    entrada = [_union("a", "/w"), otra_linea, otra_regla, sin_puntero]
    assert sorted(una_por_lugar(entrada)) == sorted(entrada)
    # the same finding twice is one, with nothing added
    assert una_por_lugar([_union("a", "/w"), _union("a", "/w")]) == [_union("a", "/w")]
