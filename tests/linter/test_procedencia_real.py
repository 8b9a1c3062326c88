"""Provenance as real servers write it (tests/fixtures/linter/procedencia/): what a foreign object
returns is echoed, the project's own code is followed however it is reached, only what cannot be
followed is opaque; and the per-tool facts the root rules report once per tool with."""

import json

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES

PROCEDENCIA = FIXTURES / "procedencia"
AJENO = "a method of an object no analyzed file defines"


@pytest.fixture(scope="module")
def e() -> dict:
    return extraer(sorted(PROCEDENCIA.rglob("*.py")), FIXTURES)


def raices(e: dict, archivo: str) -> list[tuple]:
    """(line, tool, provenance, map, reason) of every root of one fixture file, in source order."""
    return [(f["linea"], f["herramienta"], f["procedencia"], f["mapa"], f["motivo"])
            for f in e["raiz"] if f["archivo"] == f"procedencia/{archivo}"]


def test_foreign_clients_responses_and_third_party_functions_are_echoed(e):
    assert raices(e, "cliente_externo.py") == [
        (20, "pr_cubos", "echoed", False, f"value returned by `s3.list_buckets()`, {AJENO}"),
        (25, "pr_cubos_contados", "own", False, "written key by key"),
        (32, "pr_grupos_de_logs", "echoed", False, f"value returned by `logs.describe_log_groups()`, {AJENO}"),
        (45, "pr_instancias", "echoed", False,
         f"method Inventario.instancias(): value returned by `self.client.describe_instances()`, {AJENO}"),
        (52, "pr_pagina", "echoed", False, f"value returned by `r.json()`, {AJENO}"),
        (57, "pr_requests", "echoed", False, f"value returned by `requests.get(url, timeout=5).json()`, {AJENO}"),
        (62, "pr_raices", "echoed", False, f"value returned by `ctx.session.list_roots()`, {AJENO}"),
        (67, "pr_busqueda", "echoed", False, "value returned by `jmespath.search()`, code outside the analyzed files"),
        (72, "pr_busqueda_contada", "own", False, "written key by key"),
        (78, "pr_objetos", "echoed", False, f"value returned by `s3.list_objects_v2()`, {AJENO}"),
    ]


def test_a_helper_of_the_project_is_followed_through_its_package(e):
    assert raices(e, "ayudante_por_paquete.py") == [
        (22, "pr_por_alias", "own", False, "helper resumen() returns a literal"),
        (27, "pr_por_ruta", "own", False, "helper resumen() returns a literal"),
        (32, "pr_por_paquete", "own", False, "helper resumen() returns a literal"),
        (37, "pr_relativo", "own", False, "helper resumen() returns a literal"),
        (42, "pr_no_definido", "opaque", False,
         "construccion.no_existe() cannot be followed: module `procedencia.paquete.construir` defines no `no_existe`"),
        (47, "pr_clave_de_ayudante", "own", False, "helper con_sobrante() returns a literal"),
        (52, "pr_modulo_ausente", "opaque", False,
         "crear() cannot be followed: `.ausente` is a module of this project that is not among the analyzed files"),
        (60, "pr_por_nombre_ligado", "own", False, "helper resumen() returns a literal"),
        (70, "pr_reexportado", "own", False, "helper quizas() returns a literal"),  # its `return None` gives no root
    ]
    # the keys of a followed helper are written where the helper writes them
    assert sorted((f["clave"], f["archivo"], f["linea"]) for f in e["clave_emitida"] if f["herramienta"] == "pr_clave_de_ayudante") == [
        ("sobrante", "procedencia/paquete/construir.py", 9), ("total", "procedencia/paquete/construir.py", 9)]


def test_methods_of_the_projects_classes_are_followed(e):
    assert raices(e, "metodo_propio.py") == [
        (56, "pr_instancia", "own", False, "method Armador.construir() returns a literal"),
        (61, "pr_self", "own", False, "method Armador.por_si_mismo() returns a literal"),
        (66, "pr_metodo_de_clase", "own", False, "method Armador.de_clase() returns a literal"),
        (71, "pr_estatico", "own", False, "method Armador.estatico() returns a literal"),
        (76, "pr_heredado", "own", False, "method Armador.construir() returns a literal"),
        (81, "pr_en_atributo", "own", False, "method Servicio.resumir() returns a literal"),
        (87, "pr_local", "own", False, "method Armador.construir() returns a literal"),
        (92, "pr_metodo_mutado", "opaque", False, "method Armador.mutado(): `r` is mutated after creation (line 34)"),
        (97, "pr_heredado_ajeno", "echoed", False,
         "value returned by `ClienteHttp().get()`, a method `ClienteHttp` inherits from `httpx.Client`, outside the analyzed files"),
        (105, "pr_tablero", "own", False, "method Tablero._armar() returns a literal"),
        (120, "pr_sin_metodo", "opaque", False,
         "Abstracto().armar() cannot be followed: `Abstracto` has no method `armar` the analyzer can see"),
        # the class of what an analyzed function returns (through a `global` it binds)
        (135, "pr_de_fabrica", "own", False, "method Armador.construir() returns a literal"),
        (141, "pr_de_fabrica_en_local", "own", False, "method Armador.construir() returns a literal"),
    ]


def test_maps_built_from_data_are_opaque_maps(e):
    comprension = "a dict comprehension: its keys are data, not a fixed set"
    assert raices(e, "mapa_tipado.py") == [
        (19, "pr_pesos", "opaque", True, comprension),
        (27, "pr_pesos_en_bucle", "opaque", True, "`salida` is a map: it only gets keys computed from data (line 26)"),
        (35, "pr_grupos", "opaque", True, "`grupos` is a map: it only gets keys computed from data (line 34)"),
        (40, "pr_pares", "opaque", True, "`dict(zip(PESOS, range(2)))`: its keys are data, not a fixed set"),
        (45, "pr_mapa_bajo_propiedades", "opaque", True, comprension),
        (50, "pr_mapa_bajo_estricta", "opaque", True, comprension),
        (59, "pr_mapa_con_clave_fija", "opaque", False, "`salida` is mutated after creation (line 57)"),
        (65, "pr_mapa_o_error", "own", False, "written key by key"),
        (66, "pr_mapa_o_error", "opaque", True, comprension),
    ]


def test_what_the_published_root_declares_is_on_every_root(e):
    declara = {(f["herramienta"], f["declara_propiedades"], f["estricta"]) for f in e["raiz"] if f["archivo"].endswith("mapa_tipado.py")}
    assert declara == {
        ("pr_pesos", False, False), ("pr_pesos_en_bucle", False, False), ("pr_grupos", False, False), ("pr_pares", False, False),
        ("pr_mapa_bajo_propiedades", True, False), ("pr_mapa_bajo_estricta", False, True),
        ("pr_mapa_con_clave_fija", False, False), ("pr_mapa_o_error", False, False)}


def test_the_first_site_of_each_provenance_and_of_each_key(e):
    primeras = [(f["herramienta"], f["linea"], f["procedencia"]) for f in e["raiz"]
                if f["archivo"].endswith("una_por_herramienta.py") and f["primera"]]
    assert primeras == [
        ("pr_varias_propias", 16, "own"), ("pr_varias_ecoadas", 25, "echoed"), ("pr_varias_ecoadas_estrictas", 32, "echoed"),
        ("pr_varias_opacas", 41, "opaque"), ("pr_clave_repetida", 48, "own"), ("pr_propia_y_opaca", 55, "own"),
        ("pr_propia_y_opaca", 58, "opaque")]
    pagina = [(f["linea"], f["primera"]) for f in e["clave_emitida"] if f["herramienta"] == "pr_clave_repetida" and f["clave"] == "pagina"]
    assert pagina == [(48, True), (49, False)]


def test_every_tool_names_the_keys_its_roots_write(e):
    claves = {f["herramienta"]: f["claves_emitidas"] for f in e["herramienta"] if f["archivo"].endswith("claves_sin_publicar.py")}
    assert claves == {
        "pr_estado": "items, reason, status, total", "pr_estado_typing": "status", "pr_estado_envuelto": "result",
        "pr_estado_estricto": "status", "pr_estado_literal": "status", "pr_sin_esquema": None, "pr_mapa_vacio": None,
        "pr_estado_listado": "status", "pr_parametro_o_error": "error"}


@pytest.fixture(scope="module")
def hallazgos() -> list[dict]:
    r = CliRunner().invoke(main, ["check", "--format", "json", "--no-cache", "--project", str(FIXTURES)])
    assert r.exit_code == 1, r.output
    return [h for h in json.loads(r.output)["findings"] if h["path"].startswith("procedencia/")]


def test_a_root_that_declares_no_property_is_one_finding_that_names_its_keys(hallazgos):
    assert [(h["line"], h["tool"], h["message"]) for h in hallazgos
            if h["path"] == "procedencia/claves_sin_publicar.py" and h["rule"] == "contrato.claves_sin_publicar"] == [
        (25, "pr_estado", "tool «pr_estado» writes fixed keys at 3 emission site(s) but its output schema declares no properties: "
                          "publish these keys: items, reason, status, total"),
        (34, "pr_estado_typing", "tool «pr_estado_typing» writes fixed keys at 1 emission site(s) but its output schema declares "
                                 "no properties: publish these keys: status"),
        (45, "pr_estado_estricto", "tool «pr_estado_estricto» writes fixed keys at 1 emission site(s) but its output schema "
                                   "declares no properties: publish these keys: status"),
        (50, "pr_estado_literal", "tool «pr_estado_literal» writes fixed keys at 1 emission site(s) but its output schema "
                                  "declares no properties: publish these keys: status"),
        (70, "pr_parametro_o_error", "tool «pr_parametro_o_error» writes fixed keys at 1 emission site(s) but its output schema "
                                     "declares no properties: publish these keys: error"),
    ]


def test_at_most_one_root_finding_per_tool_and_rule(hallazgos):
    por = {}
    for h in hallazgos:
        por.setdefault((h["tool"], h["rule"]), []).append(h["line"])
    assert all(len(v) == 1 for v in por.values()), por
    assert {t for t, r in por if r == "contrato.raiz_opaca_es_deuda"} == {
        "pr_no_definido", "pr_modulo_ausente", "pr_metodo_mutado", "pr_mapa_bajo_propiedades", "pr_mapa_bajo_estricta",
        "pr_mapa_con_clave_fija", "pr_varias_opacas", "pr_propia_y_opaca", "pr_sin_metodo",
        "cp_exportar_otro", "pk_borrar_con_extra",  # a key, or a `**` spread, the call computes
        "pr_anidado_actualizado", "pr_clave_agregada", "pr_clave_calculada",  # a change of a dict's keys
        "pr_typeddict_clave_ajena", "pr_dict_sin_typeddict", "pr_typeddict_clave_calculada",  # a key no TypedDict declares
        "pr_campo_object", "pr_campo_any",  # a method of a field typed `object` or `Any`
        "pr_modelo_abierto", "pr_parametro_sin_tipo",  # a model that keeps extra keys, given one; an untyped parameter
        "pr_protocolo_sin_implementacion", "pr_protocolo_mutado",  # a Protocol nothing implements; an implementation that mutates
        "pr_protocolo_solo_rechazos", "pr_protocolo_rechazo_parcial",  # implementations that only raise, or raise on a path
        "pr_extension_sin_previo",  # a parameter rebound to an extension of itself
        "pr_futuro",  # what a future the code creates holds
        "pr_hilo_ilegible",  # a callable run on a thread that the analyzer cannot read
        "pr_despacho_reenviado"}  # a dispatcher handed a parameter
    # neither a map under a published map nor a tool without output schema is judged
    assert not {t for t, _ in por} & {"pr_pesos", "pr_pesos_en_bucle", "pr_grupos", "pr_pares", "pr_sin_esquema", "pr_mapa_vacio"}


def test_filling_a_list_under_a_fixed_key_keeps_the_roots_keys(e):
    assert raices(e, "contenido_anidado.py") == [
        (26, "pr_listas_llenadas", "own", False, "written key by key"),
        (33, "pr_anidado_actualizado", "opaque", False, "`r` is mutated after creation (line 32)"),
        # the line named is the change of the root's keys, not the append before it
        (41, "pr_clave_agregada", "opaque", False, "`r` is mutated after creation (line 40)"),
        (48, "pr_clave_calculada", "opaque", False, "`r` is mutated after creation (line 47)"),
    ]
    assert sorted(f["clave"] for f in e["clave_emitida"] if f["herramienta"] == "pr_listas_llenadas") == [
        "grupos", "rutas", "total"]


def test_a_typeddict_written_under_keys_it_declares_keeps_its_keys(e):
    despues = "then fixed keys its TypedDict declares"
    assert raices(e, "typeddict_escrito.py") == [
        (29, "pr_typeddict_constructor", "own", False, f"Respuesta(...) written field by field, {despues}"),
        (37, "pr_typeddict_anotado", "own", False, f"written key by key, {despues}"),
        (44, "pr_typeddict_clave_ajena", "opaque", False, "`r` is mutated after creation (line 43)"),
        (51, "pr_dict_sin_typeddict", "opaque", False, "`r` is mutated after creation (line 50)"),
        (58, "pr_typeddict_clave_calculada", "opaque", False, "`r` is mutated after creation (line 57)"),
    ]
    # each key where it is written; the later write's value joins the same response object
    assert sorted((f["clave"], f["linea"]) for f in e["clave_emitida"] if f["herramienta"] == "pr_typeddict_constructor") == [
        ("success", 26), ("url", 28)]
    assert sorted((f["ruta"], f["origen"], f["objeto"]) for f in e["valor_emitido"]
                  if f["herramienta"] == "pr_typeddict_constructor") == [
        ("success", "otro", "procedencia/typeddict_escrito.py:26:9"),
        ("url", "argumento", "procedencia/typeddict_escrito.py:26:9")]


def test_a_method_of_a_field_typed_object_or_any_is_opaque_not_foreign(e):
    def sin_tipo(llamada: str, campo: str) -> str:
        return (f"{llamada}() cannot be followed: `{campo}` is a field `Resolucion` types as `object` or `Any`, "
                "so which class's method runs is unknown")
    assert raices(e, "campo_sin_tipo.py") == [
        (44, "pr_campo_object", "opaque", False, sin_tipo("res.service.search", "res.service")),
        (50, "pr_campo_any", "opaque", False, sin_tipo("res.otro.search", "res.otro")),
        (56, "pr_campo_cliente", "echoed", False, f"value returned by `res.cliente.get(q).json()`, {AJENO}"),
    ]


def test_a_closed_model_keeps_its_fields_whatever_its_attributes_are_set_to(e):
    assert raices(e, "modelo_cambiado.py") == [
        (52, "pr_campo_reasignado", "own", False, "helper _filtrar() returns a literal"),  # `pila.cartas = None` in the helper
        (59, "pr_lista_de_campo", "own", False, "`p` is a Pila, which keeps its fields whatever is reassigned"),
        (67, "pr_copia_del_modelo", "own", False, "helper _pila() returns a literal"),  # `p = p.model_copy(...)` is no cycle
        (74, "pr_modelo_abierto", "opaque", False, "`p` is mutated after creation (line 73)"),
        (81, "pr_dataclass_cambiada", "own", False, "`m` is a Mazo, which keeps its fields whatever is reassigned"),
        (86, "pr_parametro_sin_tipo", "opaque", False, "helper _sin_tipo(): `pila` is mutated after creation (line 42)"),
    ]
    assert sorted(f["clave"] for f in e["clave_emitida"] if f["herramienta"] == "pr_lista_de_campo") == ["cartas", "nombre"]


def test_a_function_run_on_a_worker_thread_returns_what_it_returns(e):
    corre = "runs _conteo(n): helper _conteo() returns a literal"
    assert raices(e, "hilo.py") == [
        (41, "pr_hilo", "own", False, f"asyncio.to_thread() {corre}"),
        (46, "pr_hilo_palabra_clave", "own", False, "asyncio.to_thread() runs _conteo(n=n): helper _conteo() returns a literal"),
        (52, "pr_ejecutor", "own", False, f"loop.run_in_executor() {corre}"),
        (57, "pr_ejecutor_parcial", "own", False, f"asyncio.get_running_loop().run_in_executor() {corre}"),
        (62, "pr_ejecutor_lambda", "own", False, f"asyncio.get_event_loop().run_in_executor() {corre}"),
        (67, "pr_anyio", "own", False, f"anyio.to_thread.run_sync() {corre}"),
        (72, "pr_threadpool", "own", False, f"run_in_threadpool() {corre}"),
        (77, "pr_metodo_en_hilo", "own", False,
         "asyncio.to_thread() runs Contador().contar(n): method Contador.contar() returns a literal"),
        (82, "pr_espera", "own", False, f"asyncio.wait_for() of: asyncio.to_thread() {corre}"),
        (87, "pr_hilo_suelto", "own", False, f"asyncio.to_thread() {corre}"),
        (92, "pr_hilo_ajeno", "echoed", False,
         f"asyncio.to_thread() runs s3.list_buckets(): value returned by `s3.list_buckets()`, {AJENO}"),
        (97, "pr_hilo_ilegible", "opaque", False,
         "asyncio.get_running_loop().run_in_executor() returns what the callable it is given returns, and the analyzer "
         "cannot read which function that is with which arguments"),
        (102, "pr_hilo_escritura", "own", False, "asyncio.to_thread() runs _guardar(nombre): helper _guardar() returns a literal"),
    ]
    # the keys where the function run on the thread writes them, its parameter bound to what the call passes on
    assert sorted((f["ruta"], f["origen"], f["argumento"], f["linea"]) for f in e["valor_emitido"]
                  if f["herramienta"] == "pr_hilo_escritura") == [("nombre", "argumento", "nombre", 31), ("total", "otro", None, 31)]
    assert sorted((f["clave"], f["linea"]) for f in e["clave_emitida"] if f["herramienta"] == "pr_hilo") == [("total", 26)]


def test_the_model_fastmcp_sampling_validates_into_is_the_projects(e):
    validado = "the client's sampled answer was validated into (`result_type`)"
    assert raices(e, "muestreo.py") == [
        (35, "pr_muestreo", "own", False, f"`r.result` is the Analisis {validado}"),
        (41, "pr_muestreo_volcado", "own", False, f"model_dump() of: `r.result` is the Analisis {validado}"),
        (47, "pr_muestreo_suelto", "own", False, f"model_dump() of: `r.result` is the AnalisisSuelto {validado}"),
        # without a result_type, or into a model that keeps what it is given, the answer is the client's
        (53, "pr_muestreo_sin_tipo", "echoed", False, "`r.result` is part of a foreign object"),
        (59, "pr_muestreo_abierto", "echoed", False, "`r.result` is part of a foreign object"),
    ]
    # the keys are the model's fields, where the model declares them
    assert sorted((f["clave"], f["linea"]) for f in e["clave_emitida"] if f["herramienta"] == "pr_muestreo") == [
        ("confianza", 18), ("sentimiento", 17)]


def test_a_content_model_of_the_sdk_the_tool_builds_is_its_own_root(e):
    assert raices(e, "bloques_sdk.py") == [
        (16, "pr_bloque", "own", False, "mcp.types.EmbeddedResource(...) written field by field"),
        (22, "pr_texto", "own", False, "mcp.types.TextContent(...) written field by field"),
        (28, "pr_texto_ajeno", "echoed", False, "spreads a foreign object: value returned by "
                                                f"`requests.get(url, timeout=5).json()`, {AJENO}"),
    ]
    assert sorted((f["herramienta"], f["clave"], f["linea"]) for f in e["clave_emitida"]
                  if f["archivo"] == "procedencia/bloques_sdk.py") == [
        ("pr_bloque", "resource", 17), ("pr_bloque", "type", 17), ("pr_texto", "text", 22), ("pr_texto", "type", 22)]


def test_a_dispatcher_returns_what_the_function_it_queues_returns(e):
    literal = "returns a literal"
    assert raices(e, "despacho.py") == [
        (70, "pr_despacho", "own", False, f"method Adaptador.contar() {literal}"),
        (75, "pr_despacho_lambda", "own", False, f"method Adaptador.contar_lambda() {literal}"),
        (80, "pr_despacho_argumento", "own", False, f"method Adaptador.contar_con_argumento() {literal}"),
        (85, "pr_despacho_suelto", "own", False, f"method Adaptador.contar_suelto() {literal}"),
        (90, "pr_despacho_reenviado", "opaque", False, "method Adaptador.reenviar(): self._despachador.llamar() runs fn() "
                                                       "on a worker: `fn` is a parameter: the function it calls cannot be followed"),
    ]
    # the keys where the queued function writes them
    assert sorted((f["herramienta"], f["clave"], f["linea"]) for f in e["clave_emitida"]
                  if f["herramienta"] in ("pr_despacho", "pr_despacho_argumento")) == [
        ("pr_despacho", "total", 48), ("pr_despacho_argumento", "total", 39)]
    # a future put on the queue apart from its work stays opaque
    assert [r[2:] for r in raices(e, "futuro.py")][0] == (
        "opaque", False, "helper _despachar(): futuro.result() is what the future's work returns, set where that work "
                         "runs: the analyzer cannot see which function that is")


def test_a_dict_rebound_to_an_extension_of_itself_spreads_its_other_bindings(e):
    assert raices(e, "extension.py") == [
        (36, "pr_extension_propia", "own", False, "helper _vista() returns a literal"),
        (43, "pr_extension_ajena", "echoed", False, f"value returned by `cliente.leer()`, {AJENO}"),
        (49, "pr_extension_sin_previo", "opaque", False, "value refers to itself or is nested too deeply to follow"),
    ]
    # the extension's key where it is written, beside the keys of the binding it extends
    assert sorted((f["clave"], f["linea"]) for f in e["clave_emitida"] if f["herramienta"] == "pr_extension_propia") == [
        ("extra", 30), ("nombre", 28), ("total", 28)]
