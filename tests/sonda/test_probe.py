"""`oracle-lint probe`: real servers started as subprocesses (stdio) or reached over HTTP, their
live tools/list judged by the core; every failure a stable error, the server always ended."""

from __future__ import annotations

import json
import shlex
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.sonda.cliente import Servidor, listar
from oracle_lint.linter.sonda.evidencia import evidencia_viva

RAIZ = Path(__file__).resolve().parents[2]
SONDA = RAIZ / "tests" / "fixtures" / "sonda"
MCP2 = [sys.executable, str(SONDA / "servidor_mcp2.py")]
BAJO = [sys.executable, str(SONDA / "servidor_bajo_nivel.py")]
ORACLE = [sys.executable, "-m", "oracle_lint.server", "--proyecto", str(RAIZ)]
NO_JUZGADAS = ["Not judged, they need the source (run `oracle-lint check --probe`): analisis.esquema_no_coincide, "
               "analisis.herramienta_no_vista, analisis.servidor_sin_herramientas, "
               "contrato.clave_no_declarada, contrato.claves_sin_publicar, contrato.complete_sin_evidencia, "
               "contrato.orden_del_spread, contrato.postcondicion_ecoada, contrato.postcondicion_sin_anotar, contrato.raiz_ecoada_listada, contrato.raiz_ecoada_tolerante, "
               "contrato.raiz_opaca_es_deuda, contrato.raiz_propia_estricta, listas.entrada_obsoleta.",
               "Not judged, they need sample calls (--calls FILE): contrato.resultado_clave_no_declarada, "
               "contrato.resultado_complete_en_parcial, contrato.resultado_error_con_structured, contrato.resultado_no_valida, "
               "contrato.resultado_sin_structured, contrato.resultado_texto_distinto.",
               "Not judged, no such evidence in this project: listas.deuda_sin_tarea_abierta (tarea), "
               "meta.toda_medida_esta_ejercitada (ejercicio)."]


def sondear(*args: str, proyecto: Path) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, ["probe", "--project", str(proyecto), *args])
    return r.exit_code, r.stdout, r.stderr


def test_live_evidence_has_the_static_schema_relations_and_names_what_it_cannot_read():
    ev = evidencia_viva([
        {"name": "a", "inputSchema": {"type": "object"},
         "outputSchema": {"type": "object", "properties": {"message": {"type": "string"}}}},
        {"name": "a", "inputSchema": {"type": "object"}},
        {"inputSchema": {"type": "object"}},
        {"name": "b", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True, "destructiveHint": False}},
        {"name": "c", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": "yes"}},
    ], "srv")
    assert set(ev) == {"herramienta", "esquema", "esquema_nodo", "esquema_propiedad", "esquema_hijo", "esquema_valor",
                       "clave_declarada", "no_resuelto", "raiz_publicada"}
    assert ev["raiz_publicada"] == [{"herramienta": "a", "estricta": False, "declara_propiedades": True, "envoltura": False,
                                     "archivo": None, "linea": None, "columna": None}]
    assert sorted(ev["herramienta"], key=lambda f: f["herramienta"]) == [
        {"herramienta": "a", "registro": "vivo", "esquema_salida": "vivo", "esquema_entrada": "vivo", "claves_emitidas": None,
         "solo_lectura": "ausente", "destructiva": "ausente", "archivo": None, "linea": None, "columna": None},
        {"herramienta": "b", "registro": "vivo", "esquema_salida": "ninguno", "esquema_entrada": "vivo", "claves_emitidas": None,
         "solo_lectura": "verdadero", "destructiva": "falso", "archivo": None, "linea": None, "columna": None},
        {"herramienta": "c", "registro": "vivo", "esquema_salida": "ninguno", "esquema_entrada": "vivo", "claves_emitidas": None,
         "solo_lectura": "no_resuelto", "destructiva": "ausente", "archivo": None, "linea": None, "columna": None}]
    assert ev["clave_declarada"] == [{"herramienta": "a", "clave": "message"}]
    assert [(n["herramienta"], n["motivo"]) for n in ev["no_resuelto"]] == [
        ("a", "the server lists tool `a` more than once"),
        ("c", 'the server lists tool `c` with annotations whose readOnlyHint or destructiveHint is not a boolean: '
              '{"readOnlyHint": "yes"}'),
        (None, 'the server lists a tool without a name: {"inputSchema": {"type": "object"}}')]
    salida = next(f for f in ev["esquema_nodo"] if f["lado"] == "salida")
    assert (salida["puntero"], salida["declara_message"], salida["declara_code"]) == ("", True, False)


def test_an_mcp2_server_over_stdio_is_judged_on_what_it_publishes(tmp_path):
    codigo, salida, _ = sondear("--", *MCP2, proyecto=tmp_path)
    origen = shlex.join(MCP2)
    assert codigo == 1
    assert salida.splitlines() == [
        f"{origen}: ORC107 tool «avisar» declares `message` without `code` in the object at JSON "
        'pointer "" of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message (message-without-code)',
        f"{origen}: ORC113 tool «avisar» publishes a loose root that names its keys: make it strict "
        "(additionalProperties: false), or list the tool in echoed_root, opaque_root or underdeclared (published-root-loose)",
        f"{origen}: ORC108 tool «cargar» publishes a union with 2 structured branches at JSON "
        'pointer "/properties/result" of its output schema (structural-union-output)',
        f"3 findings in 5 tools listed by `{origen}` (protocol 2026-07-28).",
        *NO_JUZGADAS]


def test_json_names_the_server_where_a_static_finding_names_a_file(tmp_path):
    codigo, salida, _ = sondear("--format", "json", "--protocol", "legacy", "--", *MCP2, proyecto=tmp_path)
    datos = json.loads(salida)
    assert codigo == 1
    assert [(f["rule"], f["tool"], f["server"], f["path"]) for f in datos["findings"]] == [
        ("contrato.message_sin_code", "avisar", shlex.join(MCP2), "."),
        ("contrato.raiz_publicada_suelta", "avisar", shlex.join(MCP2), "."),
        ("contrato.union_estructural_salida", "cargar", shlex.join(MCP2), ".")]
    resumen = datos["summary"]
    assert (resumen["tools"], resumen["protocol"], resumen["server_name"]) == (5, "2025-11-25", "sonda-mcp2")
    assert {"rule": "contrato.raiz_propia_estricta", "needs": ["raiz"], "needs_source": True, "needs_calls": False} in resumen["not_judged"]


def test_a_profile_selected_by_the_project_judges_the_live_schemas():
    codigo, salida, _ = sondear("--format", "json", "--", *MCP2, proyecto=RAIZ / "tests" / "fixtures" / "perfiles" / "gemini")
    hallazgos = [(f["rule"], f["tool"]) for f in json.loads(salida)["findings"]]
    assert codigo == 1
    assert hallazgos == [("contrato.message_sin_code", "avisar"), ("contrato.raiz_publicada_suelta", "avisar"),
                         ("contrato.union_estructural_salida", "cargar"), ("gemini.sin_uniones_en_entrada", "elegir")]


def test_github_and_sarif_put_live_findings_on_the_configuration_file():
    ejemplo = RAIZ / "examples" / "servidor"
    orden = ["--cwd", str(ejemplo), "--", sys.executable, "-m", "inventario.servidor"]
    origen = shlex.join([sys.executable, "-m", "inventario.servidor"])
    codigo, salida, _ = sondear("--format", "github", *orden, proyecto=ejemplo)
    assert codigo == 1
    assert salida.splitlines()[0] == (f"::error file=pyproject.toml,line=1,col=1,title=ORC107 message-without-code::[{origen}] tool "
                                      '«reponer» declares `message` without `code` in the object at JSON pointer "" of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message')
    codigo, salida, _ = sondear("--format", "sarif", *orden, proyecto=ejemplo)
    resultado = json.loads(salida)["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in resultado] == [
        ("ORC107", "pyproject.toml"), ("ORC113", "pyproject.toml")]


def test_a_low_level_server_with_an_invalid_schema(tmp_path):
    codigo, salida, _ = sondear("--", *BAJO, proyecto=tmp_path)
    assert codigo == 1
    assert salida.splitlines()[:3] == [
        f"{shlex.join(BAJO)}: ORC112 tool «roto» publishes an invalid salida schema: 'entero' is not "
        "valid under any of the given schemas (at /properties/n/type) (invalid-schema)",
        f"{shlex.join(BAJO)}: ORC113 tool «roto» publishes a loose root that names its keys: make it "
        "strict (additionalProperties: false), or list the tool in echoed_root, opaque_root or underdeclared (published-root-loose)",
        f"2 findings in 2 tools listed by `{shlex.join(BAJO)}` (protocol 2026-07-28)."]


@pytest.mark.parametrize("era,version", [("modern", "2026-07-28"), ("legacy", "2025-11-25")])
def test_the_bundled_server_passes_its_own_probe_in_both_eras(era, version):
    codigo, salida, _ = sondear("--protocol", era, "--format", "json", "--", *ORACLE, proyecto=RAIZ)
    datos = json.loads(salida)
    assert codigo == 0, salida
    assert datos["findings"] == []
    assert (datos["summary"]["tools"], datos["summary"]["protocol"]) == (5, version)
    assert datos["summary"]["forgiven"] == ["contrato.union_estructural_salida"]  # the shadow in pyproject.toml


def _puerto_libre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_streamable_http_server_on_the_loopback(tmp_path):
    puerto = _puerto_libre()
    proceso = subprocess.Popen([*MCP2, "--http", str(puerto)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        limite = time.monotonic() + 30
        while time.monotonic() < limite:
            try:
                socket.create_connection(("127.0.0.1", puerto), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        url = f"http://127.0.0.1:{puerto}/mcp"
        codigo, salida, _ = sondear("--url", url, proyecto=tmp_path)
        assert codigo == 1
        assert salida.splitlines()[3] == f"3 findings in 5 tools listed by `{url}` (protocol 2026-07-28)."
    finally:
        proceso.terminate()
        proceso.wait(timeout=10)


def test_usage_errors(tmp_path):
    assert sondear(proyecto=tmp_path)[0] == 2
    codigo, _, error = sondear(proyecto=tmp_path)
    assert error.splitlines()[0] == "ARGUMENTOS_INVALIDOS — probe needs the server command after `--`, or --url."
    codigo, _, error = sondear("--url", "http://127.0.0.1:9/mcp", "--", *MCP2, proyecto=tmp_path)
    assert (codigo, error.splitlines()[0]) == (
        2, "ARGUMENTOS_INVALIDOS — probe takes either a server command after `--` or --url, not both.")


def test_a_server_that_crashes_is_an_error_with_its_stderr(tmp_path):
    orden = [sys.executable, "-c", "import sys; sys.stderr.write('arranque roto\\n'); sys.exit(3)"]
    codigo, salida, error = sondear("--", *orden, proyecto=tmp_path)
    assert (codigo, salida) == (2, "")
    assert error.splitlines()[:2] == [
        f"SONDA_FALLO — could not list the tools of `{shlex.join(orden)}`: MCPError: Connection closed.",
        "server stderr: arranque roto"]


def test_a_command_that_does_not_exist(tmp_path):
    codigo, _, error = sondear("--", str(tmp_path / "no-existe"), proyecto=tmp_path)
    assert codigo == 2
    assert error.splitlines()[0] == (f"SONDA_FALLO — could not list the tools of `{tmp_path / 'no-existe'}`: FileNotFoundError: "
                                     f"[Errno 2] No such file or directory: '{tmp_path / 'no-existe'}'.")


def test_garbage_on_stdout_and_no_answer_end_in_a_timeout_and_the_server_is_ended(tmp_path):
    marca = f"{time.time_ns() % 10**9}.25"  # a sleep nobody else runs: its process must be gone afterwards
    orden = [sys.executable, "-c", f"print('hola', flush=True); import time; time.sleep({marca})"]
    codigo, _, error = sondear("--timeout", "2", "--", *orden, proyecto=tmp_path)
    assert codigo == 2
    assert error.splitlines()[0] == (
        f"SONDA_FALLO — could not list the tools of `{shlex.join(orden)}`: no answer within 2 s; it wrote 1 line on stdout "
        "that is not JSON-RPC (first: 'hola'): stdout is the protocol channel, logs belong on stderr.")
    procesos = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True, check=True).stdout
    assert not [l for l in procesos.splitlines() if marca in l and "ps -eo" not in l]


def test_the_readme_probe_of_the_example_server():
    ejemplo = RAIZ / "examples" / "servidor"
    codigo, salida, _ = sondear("--cwd", str(ejemplo), "--", sys.executable, "-m", "inventario.servidor", proyecto=ejemplo)
    origen = shlex.join([sys.executable, "-m", "inventario.servidor"])
    assert codigo == 1
    assert salida.splitlines()[:3] == [
        f"{origen}: ORC107 tool «reponer» declares `message` without `code` in the object at JSON "
        'pointer "" of its output schema: add a stable `code` beside it (or publish the fixed values of its outcome field), or drop the message (message-without-code)',
        f"{origen}: ORC113 tool «reponer» publishes a loose root that names its keys: make it strict "
        "(additionalProperties: false), or list the tool in echoed_root, opaque_root or underdeclared (published-root-loose)",
        f"2 findings in 3 tools listed by `{origen}` (protocol 2026-07-28); 1 of them publishes no output schema, "
        "so the output rules had nothing to judge there."]


def test_without_the_sdk_the_error_names_the_extra(tmp_path):
    codigo = ("import sys; sys.modules['mcp'] = None; from oracle_lint.linter.cli import main; "
              f"sys.argv = ['oracle-lint', 'probe', '--project', {str(tmp_path)!r}, '--', 'python', 'x.py']; main()")
    r = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, cwd=RAIZ)
    assert r.returncode == 2
    assert r.stderr.splitlines()[0] == ("SONDA_SIN_SDK — probing a live server needs the MCP Python SDK, which is not installed "
                                        "(mcp is missing).")
    assert "pip install 'oracle-lint[probe]'" in r.stderr


def test_the_hand_written_cases_of_the_loose_root_rule_are_the_rows_of_the_recorded_listing():
    grabado = json.loads((SONDA / "listado_mcp2.json").read_text(encoding="utf-8"))["tools"]
    filas = evidencia_viva(grabado, "python servidor_mcp2.py")["raiz_publicada"]
    a_mano = RAIZ / "rules" / "corpus" / "a_mano"
    casos = {p.stem.split("__")[1]: json.loads(p.read_text(encoding="utf-8")) for p in a_mano.glob("raiz_publicada_suelta__*.json")}
    assert {n: c["espera"] for n, c in casos.items()} == {
        "servidor_mcp2": "rojo", "en_otra_lista": "rojo", "sin_la_herramienta": "verde",
        "en_echoed_root": "verde", "en_opaque_root": "verde", "en_underdeclared": "verde"}
    for nombre, caso in casos.items():
        esperadas = [f for f in filas if f["herramienta"] != "avisar"] if nombre == "sin_la_herramienta" else filas
        assert caso["evidencia"]["raiz_publicada"] == esperadas, nombre


def test_the_recorded_listing_of_the_mcp2_server_is_what_it_publishes():
    vivo = listar(Servidor(comando=tuple(MCP2)), 30)
    assert json.loads((SONDA / "listado_mcp2.json").read_text(encoding="utf-8")) == {"tools": list(vivo.herramientas)}


def test_the_envelope_example_publishes_a_listing_that_passes_the_profile():
    ejemplo = RAIZ / "examples" / "sobre"
    orden = [sys.executable, "-m", "notas.servidor"]
    codigo, salida, _ = sondear("--cwd", str(ejemplo), "--", *orden, proyecto=ejemplo)
    assert codigo == 0
    assert salida.splitlines()[0] == f"0 findings in 6 tools listed by `{shlex.join(orden)}` (protocol 2026-07-28)."
    # every rule of the profile reads published schemas only: none is left "not judged"
    assert "sobre." not in salida
