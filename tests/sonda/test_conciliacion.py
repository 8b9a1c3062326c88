"""`oracle-lint check --probe`: the source analysis reconciled with what the running server
publishes — a tool the source hides, a schema edited after registration."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.analisis import reunir_evidencia
from oracle_lint.linter.cli import main
from oracle_lint.linter.sonda.cliente import Servidor, listar
from oracle_lint.linter.sonda.conciliacion import primera_diferencia, publicadas
from oracle_lint.nucleo.proyecto import Proyecto

RAIZ = Path(__file__).resolve().parents[2]
PROYECTO = RAIZ / "tests" / "fixtures" / "sonda" / "conciliacion"
A_MANO = RAIZ / "rules" / "corpus" / "a_mano"


def _check(*args: str, proyecto: Path = PROYECTO):
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(proyecto), *args])
    return r.exit_code, r.stdout, r.stderr


def test_check_probe_reports_the_hidden_tool_and_the_edited_schema():
    codigo, salida, _ = _check("--probe", "--", sys.executable, "servidor.py")
    assert codigo == 1
    # `oculta_a` is the live name of the tool the source names `oculta_{nombre}`: found, its schemas agree;
    # `contar` echoes its argument but changes nothing: a read, which may (valor_emitido.sin_efectos)
    assert salida.splitlines() == [
        f"pyproject.toml:1:1: ORC403 the running server `{sys.executable} servidor.py` publishes tool "
        "«escondida», which the source analysis did not find: its results were not judged (published-tool-not-found)",
        "servidor.py:35:1: ORC401 could not analyze: `mcp.add_tool(ESCONDIDAS[os.environ.get(\"ESCONDIDA\", \"esco...`: the "
        "registered function cannot be enumerated statically: `ESCONDIDAS[os.environ.get(\"ESCONDIDA\", \"escondida\")]` is "
        "not a function the analyzer can follow; it stands for 1 registration (unresolved)",
        "servidor.py:38:1: ORC404 tool «editada»: the source gives a schema that differs from the "
        'published one at JSON pointer "/inputSchema/properties/q/type" (source: "string"; published: "integer") (published-schema-differs)',
        "servidor.py:44:5: ORC401 could not analyze: `mcp._tool_manager` reaches into the SDK's private tool "
        "registry: tools changed there (names, schemas, new tools) cannot be read from the source; it stands for an unknown "
        "number of tools (changed at run time); reached from `_ajustar()`, called at 1 site (module level of servidor.py) "
        "(unresolved)",
        "4 findings in 2 files (1 file, 3 tools analyzed).",
    ]


def test_without_probe_the_reconciliation_rules_are_not_applied():
    codigo, salida, _ = _check()
    assert codigo == 1
    assert [l.split(": ", 2)[1].split()[0] for l in salida.splitlines()[:-1]] == ["ORC401", "ORC401"]


def test_the_server_command_can_live_in_the_configuration(tmp_path):
    for nombre in ("servidor.py",):
        (tmp_path / nombre).write_text((PROYECTO / nombre).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        f'[tool.oracle]\npaths = ["servidor.py"]\nprobe = [{json.dumps(sys.executable)}, "servidor.py"]\n', encoding="utf-8")
    codigo, salida, _ = _check("--probe", "--format", "json", proyecto=tmp_path)
    reglas = sorted(h["rule"] for h in json.loads(salida)["findings"])
    assert codigo == 1
    assert reglas == ["analisis.esquema_no_coincide", "analisis.herramienta_no_vista", "analisis.no_resuelto", "analisis.no_resuelto"]


def test_check_probe_without_a_command_is_a_usage_error(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    codigo, _, error = _check("--probe", proyecto=tmp_path)
    assert codigo == 2
    assert error.splitlines()[0] == ("ARGUMENTOS_INVALIDOS — check --probe needs the server command after `--`, or "
                                     "`probe = [...]` in [tool.oracle].")


def test_a_server_that_cannot_be_listed_fails_the_check_before_any_analysis():
    codigo, salida, error = _check("--probe", "--", sys.executable, "-c", "raise SystemExit(4)")
    assert (codigo, salida) == (2, "")
    assert error.startswith("SONDA_FALLO — could not list the tools of ")


def test_the_recorded_listing_is_what_the_server_publishes():
    vivo = listar(Servidor(comando=(sys.executable, "servidor.py"), cwd=str(PROYECTO)), 30)
    assert json.loads((PROYECTO / "listado.json").read_text(encoding="utf-8")) == {"tools": list(vivo.herramientas)}


def test_the_hand_written_cases_are_the_rows_check_probe_builds():
    evidencia = reunir_evidencia(Proyecto(PROYECTO), None, cache=False).evidencia
    tools = json.loads((PROYECTO / "listado.json").read_text(encoding="utf-8"))["tools"]
    filas = publicadas(evidencia, tools, "python servidor.py")
    casos = {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in A_MANO.glob("*.json")}
    assert casos["herramienta_no_vista__conciliacion"]["evidencia"]["publicada"] == filas
    assert casos["esquema_no_coincide__conciliacion"]["evidencia"]["publicada"] == filas
    assert casos["herramienta_no_vista__todas_vistas"]["evidencia"]["publicada"] == [f for f in filas if f["vista"]]
    assert casos["esquema_no_coincide__coinciden"]["evidencia"]["publicada"] == [f for f in filas if f["puntero"] is None]
    assert [(c["espera"]) for c in (casos["herramienta_no_vista__conciliacion"], casos["herramienta_no_vista__todas_vistas"])] == [
        "rojo", "verde"]


def test_first_difference_skips_prose_but_not_a_property_named_title():
    assert primera_diferencia({"type": "object", "title": "A", "description": "x"}, {"type": "object", "title": "B"}) is None
    assert primera_diferencia({"properties": {"title": {"type": "string"}}},
                              {"properties": {"title": {"type": "integer"}}}) == "/properties/title/type"
    assert primera_diferencia({"properties": {"a": {}}}, {"properties": {"a": {}, "b": {}}}) == "/properties/b"
    assert primera_diferencia({"anyOf": [{"type": "string"}]}, {"anyOf": [{"type": "string"}, {"type": "null"}]}) == "/anyOf/1"
    assert primera_diferencia({"required": ["a", "b"]}, {"required": ["a"]}) == "/required"
    assert primera_diferencia({"default": 1}, {"default": True}) == "/default"  # 1 == True in Python, not in JSON


def test_check_probe_with_sample_calls_checks_their_results(tmp_path):
    llamadas = tmp_path / "llamadas.toml"
    llamadas.write_text('[[call]]\ntool = "contar"\narguments = { n = 2 }\n', encoding="utf-8")
    codigo, salida, _ = _check("--probe", "--format", "json", "--calls", str(llamadas), "--", sys.executable, "servidor.py")
    hallazgos = [(f["rule"], f["tool"]) for f in json.loads(salida)["findings"] if f["rule"].startswith("contrato.resultado")]
    assert codigo == 1
    assert hallazgos == [("contrato.resultado_texto_distinto", "contar")]  # MCPServer indents content[].text


def test_calls_without_probe_is_a_usage_error(tmp_path):
    llamadas = tmp_path / "llamadas.toml"
    llamadas.write_text('[[call]]\ntool = "contar"\n', encoding="utf-8")
    codigo, _, error = _check("--calls", str(llamadas))
    assert (codigo, error.splitlines()[0]) == (2, "ARGUMENTOS_INVALIDOS — --calls needs --probe: the calls are made to the running server.")


def test_check_probe_reports_a_listing_it_cannot_read_as_tools(monkeypatch):
    import oracle_lint.linter.sonda.corrida as corrida
    from oracle_lint.linter.sonda.cliente import Listado

    grabado = json.loads((PROYECTO / "listado.json").read_text(encoding="utf-8"))["tools"]
    sin_nombre = {"inputSchema": {"type": "object"}}
    monkeypatch.setattr(corrida, "listar", lambda *a, **k: Listado((*grabado, sin_nombre, grabado[0]), "2026-07-28", "x"))
    sondeo = corrida.correr_con_sonda(Proyecto(PROYECTO), Servidor(comando=("servidor",)), 5, cache=False)
    assert sorted(h.message for h in sondeo.hallazgos if h.path == "pyproject.toml" and h.rule == "analisis.no_resuelto") == [
        'could not analyze: the server lists a tool without a name: {"inputSchema": {"type": "object"}}',
        "could not analyze: the server lists tool `contar` more than once"]


def test_a_computed_name_matches_live_names_by_its_literal_parts_and_a_name_computed_whole_matches_none():
    estatica = {"herramienta": [{"herramienta": n, "archivo": "s.py", "linea": i, "columna": 1,
                                 "esquema_entrada": "ninguno", "esquema_salida": "ninguno"}
                                for i, n in enumerate(["{prefijo}read_graph", "{nombre}", "db_{a}_{b}"], 1)]}
    vivas = [{"name": n} for n in ("kg_read_graph", "read_graph", "cualquiera", "db_x_y", "db__y")]
    # each `{...}` stands for some text (never none); `{nombre}` alone could be any tool, so it stands for none
    assert [(f["herramienta"], f["vista"], f["linea"]) for f in publicadas(estatica, vivas, "s")] == [
        ("cualquiera", False, None), ("db__y", False, None), ("db_x_y", True, 3), ("kg_read_graph", True, 1),
        ("read_graph", False, None)]


def test_a_name_two_registrations_share_matches_the_live_tool_of_that_name():
    """Two servers of one project with a `search` each are `search (a.py:3)` and `search (b.py:4)` in the
    evidence: the live `search` is either, and agrees with the one whose schema it publishes."""
    estatica = {"herramienta": [{"herramienta": f"search ({a}:{l})", "archivo": a, "linea": l, "columna": 1,
                                 "esquema_entrada": "literal", "esquema_salida": "ninguno"} for a, l in (("a.py", 3), ("b.py", 4))],
                "esquema": [{"herramienta": "search (a.py:3)", "lado": "entrada", "contenido": '{"type": "object"}'},
                            {"herramienta": "search (b.py:4)", "lado": "entrada",
                             "contenido": '{"properties": {"q": {"type": "string"}}, "type": "object"}'}]}
    vivas = [{"name": "search", "inputSchema": {"properties": {"q": {"type": "string"}}, "type": "object"}}]
    assert [(f["herramienta"], f["vista"], f["archivo"], f["linea"], f["puntero"]) for f in publicadas(estatica, vivas, "s")] == [
        ("search", True, "b.py", 4, None)]
