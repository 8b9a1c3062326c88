"""`oracle-lint probe --calls FILE`: sample calls made through the SDK's client, each raw result
checked at run time against the response contract and the MCP spec."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.sonda.cliente import Servidor, listar
from oracle_lint.linter.sonda.evidencia import evidencia_viva, resultados_vivos
from oracle_lint.linter.sonda.llamadas import cargar

RAIZ = Path(__file__).resolve().parents[2]
SONDA = RAIZ / "tests" / "fixtures" / "sonda"
SERVIDOR = [sys.executable, str(SONDA / "servidor_resultados.py")]
A_MANO = RAIZ / "rules" / "corpus" / "a_mano"
REGLAS = {
    "contrato.resultado_sin_structured": "sin_estructura",
    "contrato.resultado_no_valida": "invalida",
    "contrato.resultado_clave_no_declarada": "clave_extra",
    "contrato.resultado_texto_distinto": "indentada",
    "contrato.resultado_error_con_structured": "error_con_estructura",
    "contrato.resultado_complete_en_parcial": "listar_items",
}


def evidencia_grabada() -> dict[str, list[dict]]:
    """The relations the rules of results read, from the recorded run (tests/fixtures/sonda/resultados.json):
    `resultado`, `clave_resultado`, and the listing's `clave_declarada`."""
    grabado = json.loads((SONDA / "resultados.json").read_text(encoding="utf-8"))
    llamadas = {l.etiqueta: l for l in cargar(SONDA / "llamadas.toml", "llamadas.toml")}
    vivos = resultados_vivos(grabado["tools"], [(llamadas[r["call"]], r["result"]) for r in grabado["results"]], "llamadas.toml")
    return {"resultado": vivos["resultado"], "clave_resultado": vivos["clave_resultado"],
            "clave_declarada": evidencia_viva(grabado["tools"], "servidor")["clave_declarada"]}


def caso_esperado(regla: str, verde: bool) -> dict[str, list[dict]]:
    """The evidence of a rule's hand-written case: the rows of the relations it reads; the green case
    without the rows of the tool that breaks it (for the partial-call rule, only its partial calls)."""
    from oracle_lint.nucleo.catalogo import catalogo_efectivo
    from oracle_lint.nucleo.proyecto import Proyecto

    ev = evidencia_grabada()
    requiere = catalogo_efectivo(Proyecto(RAIZ)).obtener(regla).medida.requiere
    salida = {r: ev[r] for r in requiere}
    if verde:
        culpable = REGLAS[regla]
        for r in ("resultado", "clave_resultado"):
            if r in salida:
                salida[r] = [f for f in salida[r] if f["herramienta"] != culpable or (regla.endswith("parcial") and not f.get("parcial"))]
    return salida


def test_each_broken_result_is_one_finding_naming_the_tool_and_the_call(tmp_path):
    r = CliRunner().invoke(main, ["probe", "--project", str(tmp_path), "--calls", str(SONDA / "llamadas.toml"), "--", *SERVIDOR])
    origen = shlex.join(SERVIDOR)
    assert r.exit_code == 1
    assert r.stdout.splitlines()[:10] == [*(f"{origen}: {l}" for l in [
        "ORC113 tool «clave_extra» publishes a loose root that names its keys: make it strict "
        "(additionalProperties: false), or list the tool in echoed_root, opaque_root or underdeclared (published-root-loose)",
        "ORC113 tool «listar_items» publishes a loose root that names its keys: make it strict "
        "(additionalProperties: false), or list the tool in echoed_root, opaque_root or underdeclared (published-root-loose)",
        "ORC401 could not analyze: call fantasma of tool `no_existe`: the server does not list that tool (unresolved)",
        "ORC203 tool «clave_extra», call #4 with arguments {}: its structuredContent has "
        "the key «depuracion», which the outputSchema does not declare (result-undeclared-key)",
        'ORC206 tool «listar_items», call uno with arguments {"limit": 1}: the call asked '
        "for part of the data, and the result asserts complete: true (result-complete-on-partial)",
        "ORC205 tool «error_con_estructura», call #6 with arguments {}: an error result "
        "(isError: true) carries structuredContent (error-result-with-structured-content)",
        "ORC202 tool «invalida», call #3 with arguments {}: its structuredContent does not validate "
        "against its outputSchema: 'uno' is not of type 'integer' (at /n) (result-does-not-validate)",
        "ORC201 tool «sin_estructura», call #2 with arguments {}: it publishes an outputSchema "
        "but returned no structuredContent (result-without-structured-content)",
        "ORC204 tool «indentada», call #5 with arguments {}: content[].text is not the compact "
        "serialization of structuredContent (it is indented) (result-text-differs)"]),
        f"9 findings in 10 tools listed by `{origen}` (protocol 2026-07-28); 1 of them publishes no output "
        "schema, so the output rules had nothing to judge there."]
    assert "Not judged, they need sample calls" not in r.stdout


def test_without_a_calls_file_the_result_rules_are_named_not_passed(tmp_path):
    r = CliRunner().invoke(main, ["probe", "--project", str(tmp_path), "--", *SERVIDOR])
    assert r.exit_code == 1  # the two loose roots, judged from the listing alone
    assert ("Not judged, they need sample calls (--calls FILE): contrato.resultado_clave_no_declarada, "
            "contrato.resultado_complete_en_parcial, contrato.resultado_error_con_structured, contrato.resultado_no_valida, "
            "contrato.resultado_sin_structured, contrato.resultado_texto_distinto.") in r.stdout.splitlines()


def test_the_recorded_results_are_what_the_server_returns():
    llamadas = cargar(SONDA / "llamadas.toml", "llamadas.toml")
    vivo = listar(Servidor(comando=tuple(SERVIDOR)), 30, "auto", llamadas)
    grabado = json.loads((SONDA / "resultados.json").read_text(encoding="utf-8"))
    assert grabado == {"tools": list(vivo.herramientas), "results": [{"call": c.etiqueta, "result": r} for c, r in vivo.resultados]}


@pytest.mark.parametrize("regla", sorted(REGLAS))
def test_the_hand_written_cases_are_the_rows_of_the_recorded_run(regla):
    nombre = regla.split(".", 1)[1]
    rojo = json.loads((A_MANO / f"{nombre}__servidor_resultados.json").read_text(encoding="utf-8"))
    verde = json.loads((A_MANO / f"{nombre}__sin_la_herramienta.json").read_text(encoding="utf-8"))
    assert (rojo["espera"], rojo["evidencia"]) == ("rojo", caso_esperado(regla, False))
    assert (verde["espera"], verde["evidencia"]) == ("verde", caso_esperado(regla, True))


def test_a_key_declared_by_another_tool_is_still_undeclared_for_this_one():
    caso = json.loads((A_MANO / "resultado_clave_no_declarada__declarada_por_otra.json").read_text(encoding="utf-8"))
    ev = caso_esperado("contrato.resultado_clave_no_declarada", False)
    assert caso["espera"] == "rojo"
    assert caso["evidencia"]["clave_resultado"] == ev["clave_resultado"]
    assert caso["evidencia"]["clave_declarada"] == sorted(ev["clave_declarada"] + [{"herramienta": "otra", "clave": "depuracion"}],
                                                          key=lambda f: (f["herramienta"], f["clave"]))


@pytest.mark.parametrize("contenido,codigo", [
    ('[[call]]\narguments = {}\n', "at /call/0: 'tool' is a required property"),
    ('[[call]]\ntool = "a"\npartial = "si"\n', "at /call/0/partial: 'si' is not of type 'boolean'"),
    ('[[call]]\nid = "x"\ntool = "a"\n[[call]]\nid = "x"\ntool = "b"\n', "repeats the call id 'x'"),
    ('call = 3', "at /call: 3 is not of type 'array'"),
    ('[[call]\n', "is not valid TOML: "),
])
def test_a_bad_calls_file_is_refused_before_the_server_starts(tmp_path, contenido, codigo):
    archivo = tmp_path / "llamadas.toml"
    archivo.write_text(contenido, encoding="utf-8")
    r = CliRunner().invoke(main, ["probe", "--project", str(tmp_path), "--calls", str(archivo), "--", "no-se-inicia"])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0].startswith(f"LLAMADAS_INVALIDAS — the calls file llamadas.toml {codigo}")


def test_a_json_calls_file(tmp_path):
    archivo = tmp_path / "llamadas.json"
    archivo.write_text(json.dumps({"call": [{"tool": "indentada"}, {"tool": "bien", "partial": True}]}), encoding="utf-8")
    r = CliRunner().invoke(main, ["probe", "--format", "json", "--project", str(tmp_path), "--calls", str(archivo), "--", *SERVIDOR])
    datos = json.loads(r.stdout)
    assert r.exit_code == 1
    assert [(f["rule"], f["tool"], f["path"]) for f in datos["findings"] if f["rule"].startswith("contrato.resultado")] == [
        ("contrato.resultado_texto_distinto", "indentada", "llamadas.json")]
    assert datos["summary"]["calls"] == 2
