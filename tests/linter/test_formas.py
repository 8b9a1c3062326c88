"""Registration as real code writes it (tests/fixtures/linter/formas/): every form publishes
exactly its tools, and every near miss is a `no_resuelto` row that names the construct."""

import textwrap

import pytest

from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES, marcas, violaciones

FORMAS = FIXTURES / "formas"


@pytest.fixture(scope="module")
def e() -> dict:
    return extraer(sorted(FORMAS.glob("*.py")), FIXTURES)


def construccion(motivo: str) -> str:
    """An unnamed row's reason without the clause saying what it stands for (tested on its own)."""
    return motivo.split("; it stands for ")[0]


def herramientas(e: dict, archivo: str) -> list[tuple[str, str, int]]:
    return sorted((h["herramienta"], h["registro"], h["linea"]) for h in e["herramienta"] if h["archivo"] == f"formas/{archivo}")


def test_every_marker_of_the_form_fixtures_is_what_the_relations_imply(e):
    """Each form's `# expect:` markers (its findings and its near misses' no_resuelto rows) are
    exactly the rows the rules' independent emulation derives from the evidence."""
    esperado = {(f"formas/{a}", linea, regla) for a, linea, regla in marcas(FORMAS) if "/" not in a}  # `e` reads the top level
    obtenido = violaciones(e)
    assert sorted(obtenido - esperado) == [], "rows the fixtures do not mark"
    assert sorted(esperado - obtenido) == [], "markers no row explains"


def test_call_form_at_module_level_in_functions_and_in_literal_loops(e):
    assert herramientas(e, "llamada_modulo.py") == [
        ("cinco", "decorador", 43), ("cuatro", "decorador", 43), ("la_sexta", "decorador", 46),
        ("segunda", "decorador", 35), ("tercera", "decorador", 39), ("uno", "decorador", 34)]


def test_methods_registered_in_register_and_in_init_through_self_mcp(e):
    assert herramientas(e, "llamada_en_clase.py") == [
        ("alarmas_activas", "decorador", 11), ("alarmas_historial", "decorador", 12), ("registros_buscar", "decorador", 24)]
    entrada = {f["herramienta"]: f for f in e["esquema"] if f["lado"] == "entrada"}
    # the bound method's `self` and the request Context are not arguments of the tool
    assert '"properties": {"region": {"default": "eu", "title": "Region", "type": "string"}}' in entrada["alarmas_activas"]["contenido"]


def test_server_reaching_a_function_through_an_annotated_or_a_called_parameter(e):
    assert herramientas(e, "parametro.py") == [
        ("anotada", "decorador", 9), ("libre_anotada", "decorador", 13), ("sin_anotar", "decorador", 21)]


def test_server_from_a_factory_a_subclass_and_an_import(e):
    assert herramientas(e, "fabrica.py") == [("de_fabrica", "decorador", 21), ("de_subclase", "decorador", 26)]
    assert herramientas(e, "importado.py") == [("importada", "decorador", 7)]


def test_project_wrappers_are_followed_to_the_functions_they_register(e):
    assert herramientas(e, "envoltorio.py") == [
        ("auditada_funcion", "decorador", 70), ("auditada_metodo", "decorador", 70), ("envoltura_uno", "decorador", 49),
        ("envuelta", "decorador", 13), ("estricta_nombrada", "decorador", 18), ("por_llamada_nombrada", "decorador", 18),
        ("{nombre}", "decorador", 49)]  # the call site that passes a name read at run time
    raices = {r["herramienta"]: (r["archivo"], r["linea"]) for r in e["raiz"]}
    assert raices["envuelta"] == ("formas/envoltorio.py", 23)  # the emission site is the wrapped function's return
    assert raices["estricta_nombrada"] == ("formas/envoltorio.py", 31)
    # a decorator factory's `functools.wraps` wrapper stands for the function it wraps: its schema and returns
    assert raices["auditada_metodo"] == ("formas/envoltorio.py", 81)
    assert raices["auditada_funcion"] == ("formas/envoltorio.py", 86)
    entrada = {f["herramienta"]: f["contenido"] for f in e["esquema"] if f["lado"] == "entrada"}
    assert '"properties": {"n": {"title": "N", "type": "integer"}}' in entrada["auditada_metodo"]


def test_fastmcp_direct_forms(e):
    assert herramientas(e, "fastmcp_directo.py") == [
        ("calcular", "fastmcp", 33), ("primera", "fastmcp", 23), ("segunda_fm", "fastmcp", 24), ("tercera_fm", "fastmcp", 25)]
    # of one name registered in several versions, fastmcp lists the highest: that one is the tool
    entrada = next(f["contenido"] for f in e["esquema"] if f["herramienta"] == "calcular" and f["lado"] == "entrada")
    assert '"required": ["x", "y"]' in entrada


def test_near_misses_are_rows_naming_the_construct(e):
    assert sorted((n["archivo"], n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"]) == [
        ("formas/bajo_nivel_comprension.py", 16, "Tool(...) without a literal name: `types.Tool(name=f\"bd_{i}\", "
         "inputSchema={\"type\": \"object\"})`"),
        ("formas/bajo_nivel_enum.py", 26, "Tool(...) without a literal name: `types.Tool(name=Nombres.CUARTA, inputSchema={\"type\": \"obj...`"),
        ("formas/bajo_nivel_items.py", 45, "Tool(...) without a literal name: `Tool(name=nombre, inputSchema=spec.get(\"inputSchema\", {}))`"),
        ("formas/bajo_nivel_tabla.py", 37, "no branch of the call_tool handler dispatches tool `bt_sin_rama`"),
        ("formas/bajo_nivel_tabla.py", 57, "call handler `@ajeno.call_tool()` on `no_es_de_un_servidor`: `ajeno` is not a known "
         "low-level MCP server (`Ajeno` is not a server class)"),
        ("formas/calculadas.py", 22, "`mcp.tool(getattr(exportadas, os.environ[\"HERRAMIENTA\"]))`: the registered function "
         "cannot be enumerated statically: `getattr(exportadas, os.environ[\"HERRAMIENTA\"])` computes the function at run time"),
        ("formas/calculadas.py", 78, "`mcp1.add_tool(ajeno.fn, ajeno.name)`: the registered function cannot be enumerated "
         "statically: `staticmethod(objeto_c)` computes the function at run time"),
        ("formas/definiciones.py", 36, "`app.add_tool(Tool.from_function(fn=d.fn, name=d.name))`: the registered function "
         "cannot be enumerated statically: `d` is a loop variable over a value that is not a literal sequence"),
        ("formas/envoltorio.py", 42, "`mcp.tool(name=nombre)(fn)`: the registered function cannot be enumerated statically: "
         "`fn` is a parameter of `aplicar()`, which no analyzed file calls"),
        ("formas/envoltorio.py", 93, "`registrar(*PARES)` passes `fn` of `registrar()` in a way the analyzer cannot bind "
         "(*args/**kwargs)"),
        ("formas/fabrica_de_funciones.py", 50, "`self._mcp.tool()(elegir(self._cliente))`: the registered function cannot be "
         "enumerated statically: `elegir(self._cliente)` computes the function at run time"),
        ("formas/llamada_en_clase.py", 34, "`mcp.tool(name=\"huerfana\")(self.nada)`: `mcp` is not a known MCP server instance "
         "(`mcp` is a parameter of `register()`, which no analyzed file calls)"),
        ("formas/llamada_modulo.py", 55, "`otro.tool(name=\"nunca\")(uno)`: `otro` is not a known MCP server instance "
         "(`NoEsServidor` is not a server class)"),
        ("formas/llamada_modulo.py", 64, "`mcp.tool()(f)`: the registered function cannot be enumerated statically: "
         "`f` iterates over a value that is not a literal sequence"),
        ("formas/llamada_modulo.py", 67, "`mcp._tool_manager` reaches into the SDK's private tool registry: tools changed "
         "there (names, schemas, new tools) cannot be read from the source"),
        ("formas/montaje.py", 25, "`FastMCP.as_proxy(\"http://127.0.0.1:9/mcp\")` builds a server whose tools are generated "
         "at run time (fastmcp.FastMCP.as_proxy): their names and schemas cannot be read from the source"),
        ("formas/montaje.py", 27, "`FastMCP(\"transformado\", providers=[object()])`: providers and transforms add tools at "
         "run time; their names and schemas cannot be read from the source"),
        ("formas/montaje.py", 28, "`principal.add_transform(object())`: a transform adds tools at run time; their names and "
         "schemas cannot be read from the source"),
        ("formas/parametro.py", 29, "`servidor.tool()(sin_anotar)`: `servidor` is not a known MCP server instance "
         "(`servidor` is a parameter of `nadie_me_llama()`, which no analyzed file calls)"),
        ("formas/proveedor_carpeta.py", 19, "`FastMCP(\"incierto\", providers=[FileSystemProvider(root=os...`: providers and "
         "transforms add tools at run time; their names and schemas cannot be read from the source"),
        ("formas/registro_decorador.py", 60, "`mcp.tool(name=d.name)(d.fn)`: the registered function cannot be enumerated "
         "statically: `d` is a loop variable over a value that is not a literal sequence"),
        ("formas/registro_instancias.py", 65, "Tool(...) without a literal name: `Tool(name=t.name, inputSchema=t.schema())`"),
        ("formas/spec_dicts.py", 24, "Tool(...) without a literal name: `types.Tool(**leida)`"),
        ("formas/subclase_propia.py", 33, "`self.tool(self.nada, name=\"sp_nunca\")`: `self` is not a known MCP server instance "
         "(`self` is a parameter of `registrar()`, which no analyzed file calls)"),
        ("formas/subclase_propia.py", 39, "`super().add_tool(tool)`: `super()` is not a known MCP server instance (`super` is "
         "not defined in an analyzed file)"),
    ]


def test_functions_and_names_computed_from_literals_the_source_spells(e):
    assert herramientas(e, "calculadas.py") == [
        ("agregada_a", "fastmcp", 39), ("agregada_b", "fastmcp", 39),  # appended under a run-time filter: either may be
        ("agregada_{f.__name__[-1]}_copia", "fastmcp", 41),  # a name computed at run time: the tool is judged all the same
        ("el_objeto_a", "decorador", 66), ("el_objeto_c", "decorador", 68),
        ("exportada_dos", "fastmcp", 19), ("exportada_uno", "fastmcp", 19),  # getattr over each module's `__all__`
        ("objeto_b", "decorador", 66),  # a tool object without a name is named after its function, as the SDK does
        ("por_getattr", "fastmcp", 21)]
    raices = {r["herramienta"]: (r["archivo"], r["linea"]) for r in e["raiz"] if r["herramienta"] in ("exportada_uno", "el_objeto_a")}
    assert raices == {"exportada_uno": ("formas/exportadas.py", 9), "el_objeto_a": ("formas/calculadas.py", 45)}


def test_low_level_tools_listed_by_a_comprehension_over_literals(e):
    assert herramientas(e, "bajo_nivel_comprension.py") == [
        ("bc_1", "lowlevel", 8), ("bc_2", "lowlevel", 8), ("bc_3", "lowlevel", 8),
        ("bc_x_0", "lowlevel", 9), ("bc_x_1", "lowlevel", 9), ("bc_y_0", "lowlevel", 9), ("bc_y_1", "lowlevel", 9)]


def test_a_file_system_provider_publishes_the_marked_functions_of_its_folder():
    todos = extraer(sorted(FORMAS.rglob("*.py")), FIXTURES)
    assert sorted((h["herramienta"], h["archivo"], h["linea"]) for h in todos["herramienta"] if "/carpeta/" in h["archivo"]) == [
        ("de_carpeta", "formas/carpeta/herramientas.py", 8), ("en_subcarpeta", "formas/carpeta/sub/mas.py", 8),
        ("sin_nombre", "formas/carpeta/herramientas.py", 13)]
    assert not [h for h in todos["herramienta"] if h["herramienta"] == "fuera_de_carpeta"]
    # a pre-commit run over one loaded file finds the provider through the rest of the tree
    solo = extraer([FORMAS / "carpeta" / "sub" / "mas.py"], FIXTURES, contexto=sorted(FIXTURES.rglob("*.py")))
    assert [h["herramienta"] for h in solo["herramienta"] if h["archivo"] == "formas/carpeta/sub/mas.py"] == ["en_subcarpeta"]


def test_call_sites_outside_the_analyzed_files_are_not_guessed():
    """Without the file that passes the server, the registrations are rows, never silence."""
    solo = extraer([FORMAS / "llamada_en_clase.py"], FIXTURES)
    assert solo["herramienta"] == []
    assert {n["linea"] for n in solo["no_resuelto"]} == {11, 12, 24, 34}


def test_a_run_over_one_file_resolves_through_the_rest_of_the_tree():
    """What pre-commit does: the changed file's tools resolve through the others, which give its server
    (the tools of other files it reaches are judged too: tests/linter/test_alcance_parcial.py)."""
    todos = sorted(FIXTURES.rglob("*.py"))
    solo = extraer([FORMAS / "llamada_en_clase.py"], FIXTURES, contexto=todos)
    assert sorted(h["herramienta"] for h in solo["herramienta"] if h["archivo"] == "formas/llamada_en_clase.py") == [
        "alarmas_activas", "alarmas_historial", "registros_buscar"]
    assert [(n["linea"], n["archivo"]) for n in solo["no_resuelto"] if n["archivo"] == "formas/llamada_en_clase.py"] == [
        (34, "formas/llamada_en_clase.py")]
    assert solo["archivo"] == [{"archivo": "formas/llamada_en_clase.py", "herramientas": 3}]


def test_a_partial_check_agrees_with_the_full_check_on_its_file():
    from click.testing import CliRunner

    from oracle_lint.linter.cli import main

    import json

    def hallazgos(*rutas):
        r = CliRunner().invoke(main, ["check", "--format", "json", "--no-cache", "--project", str(FIXTURES), *rutas])
        assert r.exit_code == 1, r.output
        return {(h["path"], h["line"], h["rule"]) for h in json.loads(r.output)["findings"] if h["path"].startswith("formas/llamada_en_clase")}

    assert hallazgos(str(FORMAS / "llamada_en_clase.py")) == hallazgos() == {
        ("formas/llamada_en_clase.py", 15, "contrato.raiz_propia_estricta"),
        ("formas/llamada_en_clase.py", 27, "contrato.raiz_propia_estricta"),
        ("formas/llamada_en_clase.py", 34, "analisis.no_resuelto")}


def _check(proyecto, *args):
    from click.testing import CliRunner

    from oracle_lint.linter.cli import main

    return CliRunner().invoke(main, ["check", "--no-cache", "--project", str(proyecto), *args])


def test_a_run_that_builds_a_server_and_finds_no_tool_fails():
    r = _check(FIXTURES.parent / "sin_herramientas")
    assert r.exit_code == 1
    assert r.output == (
        "servidor.py:7:7: ORC402 a FastMCP server is built here, but the analyzed files "
        "register no tool, prompt or resource the analyzer recognises: nothing was checked (see the README for the "
        "registration forms it follows) (server-without-tools)\n1 finding in 1 file (2 files, 0 tools analyzed).\n")


def test_a_server_with_prompts_and_resources_only_was_looked_at():
    r = _check(FIXTURES.parent / "solo_prompts")
    assert (r.exit_code, r.output) == (0, "0 findings (1 file, 0 tools analyzed).\n")


def test_a_partial_run_does_not_claim_the_program_registers_nothing():
    for archivo in ("montaje.py", "servidor.py"):
        r = _check(FIXTURES.parent / "sin_herramientas", str(FIXTURES.parent / "sin_herramientas" / archivo))
        assert (r.exit_code, r.output) == (0, "0 findings (1 file, 0 tools analyzed).\n"), archivo


def test_servers_built_are_facts_with_the_whole_runs_counts_and_null_in_a_partial_run():
    raiz = FIXTURES.parent / "sin_herramientas"
    fila = {"herramienta": None, "clase": "FastMCP", "clase_calificada": "mcp.server.fastmcp.FastMCP",
            "archivo": "servidor.py", "linea": 7, "columna": 7}
    assert extraer(sorted(raiz.glob("*.py")), raiz)["servidor"] == [
        {**fila, "herramientas_en_corrida": 0, "registros_en_corrida": 0}]
    assert extraer([raiz / "servidor.py"], raiz, contexto=sorted(raiz.glob("*.py")))["servidor"] == [
        {**fila, "herramientas_en_corrida": None, "registros_en_corrida": None}]
    prompts = FIXTURES.parent / "solo_prompts"
    assert [(f["herramientas_en_corrida"], f["registros_en_corrida"]) for f in extraer(sorted(prompts.glob("*.py")), prompts)["servidor"]] == [(0, 2)]


def test_low_level_names_from_enum_members_and_constants_dispatched_by_match_and_if(e):
    assert herramientas(e, "bajo_nivel_enum.py") == [
        ("bn_primera", "lowlevel", 23), ("bn_segunda", "lowlevel", 24), ("bn_tercera", "lowlevel", 25)]
    raices = sorted((r["herramienta"], r["linea"], r["estricta"]) for r in e["raiz"] if r["archivo"] == "formas/bajo_nivel_enum.py")
    assert raices == [("bn_primera", 34, False), ("bn_segunda", 36, True), ("bn_tercera", 38, False)]


def test_low_level_dispatch_through_handler_dicts_and_a_helper(e):
    assert herramientas(e, "bajo_nivel_tabla.py") == [
        ("bt_contar", "lowlevel", 35), ("bt_medir", "lowlevel", 36), ("bt_sin_rama", "lowlevel", 37),
        ("bt_sin_salida", "lowlevel", 38)]
    raices = sorted((r["herramienta"], r["linea"]) for r in e["raiz"] if r["archivo"] == "formas/bajo_nivel_tabla.py")
    assert raices == [("bt_contar", 12), ("bt_medir", 16)]  # the returns of the functions the dicts name


def test_low_level_v2_handlers_defined_inside_a_factory(e):
    assert herramientas(e, "bajo_nivel_fabrica.py") == [("bf_uno", "lowlevel", 11)]
    assert [(r["herramienta"], r["linea"]) for r in e["raiz"] if r["archivo"] == "formas/bajo_nivel_fabrica.py"] == [("bf_uno", 15)]


def test_mounted_sub_servers_publish_their_tools_also_under_the_parents_names(e):
    assert herramientas(e, "montaje.py") == [
        ("clima_pronostico", "fastmcp", 13), ("componente", "fastmcp", 33), ("pronostico", "fastmcp", 13),
        ("titulares", "fastmcp", 18)]
    assert sorted(r["herramienta"] for r in e["raiz"] if r["archivo"] == "formas/montaje.py") == [
        "clima_pronostico", "componente", "pronostico", "titulares"]
    assert {f["herramienta"] for f in e["esquema"] if f["archivo"] == "formas/montaje.py"} == {
        "clima_pronostico", "componente", "pronostico", "titulares"}


def _publicadas_mcp2(modulo: str, fabrica: str) -> dict[str, dict]:
    """tools/list of a form fixture built with the real mcp 2.x SDK (the test dependency)."""
    from .sdk_real import importar, publicadas

    servidor = getattr(importar(FORMAS / f"{modulo}.py", FIXTURES, ("formas",)), fabrica)
    return publicadas(servidor() if callable(servidor) and not hasattr(servidor, "list_tools") else servidor)


@pytest.mark.parametrize("modulo,servidor", [("extension", "construir"), ("fabrica", "app"), ("fabrica", "propio"),
                                             ("apps", "construir_apps")])
def test_mcp2_forms_publish_what_the_real_sdk_publishes(e, modulo, servidor):
    import json

    publicadas = _publicadas_mcp2(modulo, servidor)
    derivadas = {f["herramienta"]: json.loads(f["contenido"]) for f in e["esquema"]
                 if f["lado"] == "salida" and f["herramienta"] in publicadas}
    entradas = {f["herramienta"]: json.loads(f["contenido"]) for f in e["esquema"]
                if f["lado"] == "entrada" and f["herramienta"] in publicadas}
    assert sorted(derivadas) == sorted(publicadas)
    for nombre, herramienta in publicadas.items():
        assert derivadas[nombre] == herramienta["outputSchema"], nombre
        assert entradas[nombre] == herramienta["inputSchema"], nombre


def test_mcp2_extension_tool_bindings(e):
    assert herramientas(e, "extension.py") == [("catalogo_completo", "decorador", 23), ("sugerir", "decorador", 23)]


def test_low_level_tools_declared_through_a_project_helper_ending_in_tool(e):
    assert herramientas(e, "bajo_nivel_ayudante.py") == [
        ("ba_estricta", "lowlevel", 13), ("ba_sin_salida", "lowlevel", 13), ("ba_suelta", "lowlevel", 13)]
    estados = {h["herramienta"]: h["esquema_salida"] for h in e["herramienta"] if h["archivo"] == "formas/bajo_nivel_ayudante.py"}
    assert estados == {"ba_estricta": "literal", "ba_sin_salida": "ninguno", "ba_suelta": "literal"}


def test_mcp2_apps_extension_tools(e):
    assert herramientas(e, "apps.py") == [("hora", "decorador", 13)]


def test_computed_names_never_stop_the_tool_from_being_judged(e):
    """A name the analyzer cannot evaluate whole is shown as far as the source tells it: a default
    no call overrides, each call site's literal, and `{source}` for a part read at run time."""
    assert herramientas(e, "nombre_calculado.py") == [
        ("docs_search", "decorador", 25), ("kg_read_graph", "decorador", 17), ("literal_cerrada", "decorador", 53),
        ("{PREFIJO}estado", "decorador", 49), ("{d.name}", "decorador", 39), ("{prefijo}_search", "decorador", 25)]
    raices = sorted((r["herramienta"], r["linea"], r["procedencia"], r["estricta"]) for r in e["raiz"]
                    if r["archivo"] == "formas/nombre_calculado.py")
    assert raices == [
        ("docs_search", 27, "own", False), ("kg_read_graph", 19, "own", False), ("literal_cerrada", 55, "own", True),
        ("{PREFIJO}estado", 43, "own", False), ("{d.name}", 37, "own", True), ("{prefijo}_search", 27, "own", False)]
    assert [n for n in e["no_resuelto"] if n["archivo"] == "formas/nombre_calculado.py"] == []


def test_a_server_subclass_registers_its_own_methods_through_self(e):
    assert herramientas(e, "subclase_propia.py") == [("sp_contar", "fastmcp", 16), ("sp_otra", "fastmcp", 17)]


def test_an_instance_registry_lists_each_instance_with_its_class_name_schemas_and_run_method(e):
    """`TOOLS = {"x": X(), ...}` listed as `Tool(name=t.name, inputSchema=t.schema(), ...)` over
    `TOOLS.values()` and dispatched by `TOOLS[name].run(args)`: the name is a class attribute or a
    property's literal, the schemas the methods' returns, the emission sites `run`'s returns."""
    assert herramientas(e, "registro_instancias.py") == [("ri_charla", "lowlevel", 46), ("ri_eco", "lowlevel", 46)]
    esquemas = {(f["herramienta"], f["lado"]): f["contenido"] for f in e["esquema"] if f["archivo"] == "formas/registro_instancias.py"}
    assert esquemas[("ri_eco", "salida")] == (
        '{"additionalProperties": false, "properties": {"eco": {"type": "string"}}, "type": "object"}')
    assert esquemas[("ri_charla", "entrada")] == '{"type": "object"}'  # the base class's method
    raices = sorted((r["herramienta"], r["linea"], r["estricta"]) for r in e["raiz"] if r["archivo"] == "formas/registro_instancias.py")
    assert raices == [("ri_charla", 26, False), ("ri_eco", 38, True)]
    assert [(n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"] if n["archivo"] == "formas/registro_instancias.py"] == [
        (65, "Tool(...) without a literal name: `Tool(name=t.name, inputSchema=t.schema())`")]


def test_tool_of_a_spread_dict_literal_is_one_tool_per_spec(e):
    """`types.Tool(**spec)` in a loop over a list of dict literals: each dict is one tool (and not a
    table of its own); a spec read from a file is the near miss."""
    assert herramientas(e, "spec_dicts.py") == [("sd_dos", "lowlevel", 21), ("sd_uno", "lowlevel", 21)]
    estados = {h["herramienta"]: h["esquema_salida"] for h in e["herramienta"] if h["archivo"] == "formas/spec_dicts.py"}
    assert estados == {"sd_dos": "ninguno", "sd_uno": "literal"}
    assert [(n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"] if n["archivo"] == "formas/spec_dicts.py"] == [
        (24, "Tool(...) without a literal name: `types.Tool(**leida)`")]


def test_a_loop_over_a_dict_of_schemas_appends_one_tool_per_entry(e):
    """`for nombre, spec in SCHEMAS.items(): tools.append(Tool(name=nombre, inputSchema=spec.get(...)))`:
    the key is the name, `spec.get(k, default)` reads the entry (the default where it has none)."""
    assert herramientas(e, "bajo_nivel_items.py") == [("bi_dos", "lowlevel", 23), ("bi_uno", "lowlevel", 23)]
    entradas = {f["herramienta"]: f["contenido"] for f in e["esquema"] if f["archivo"] == "formas/bajo_nivel_items.py"}
    assert entradas == {"bi_uno": '{"properties": {"n": {"type": "integer"}}, "type": "object"}', "bi_dos": "{}"}


def test_every_unnamed_registration_row_says_what_it_stands_for(e):
    """The clause after the construct: how many registrations (the loops around the site and the call
    sites of its function), which function reaches it, and a low-level listing's literal names."""
    clausulas = {(n["archivo"].split("/")[-1], n["linea"]): n["motivo"].split("; it ", 1)[1]
                 for n in e["no_resuelto"] if n["herramienta"] is None and "; it stands for " in n["motivo"]}
    assert clausulas == {
        ("bajo_nivel_comprension.py", 16): "stands for an unknown number of registrations (a comprehension over "
                                           "`range(cuantas())`)",
        ("bajo_nivel_enum.py", 26): "stands for 1 registration; reached from `listar()`, which the SDK calls; names "
                                    "written as literals in its server's call handler: «bn_primera», «bn_segunda», «bn_tercera»",
        ("bajo_nivel_items.py", 45): "stands for an unknown number of registrations (a loop over `cargar().items()`); "
                                     "reached from `listar_ajenas()`, which the SDK calls; names written as literals in "
                                     "its server's call handler: «bi_uno»",
        ("calculadas.py", 22): "stands for 1 registration",
        ("calculadas.py", 78): "stands for an unknown number of registrations; reached from `registrar_ajeno()`, which "
                               "no analyzed file calls",
        ("definiciones.py", 36): "stands for an unknown number of registrations (a loop over "
                                 "`de_fuera(os.environ.get(\"DF_NOMBRES\", \"\").split())`)",
        ("envoltorio.py", 42): "stands for an unknown number of registrations; reached from `aplicar()`, which no "
                               "analyzed file calls",
        ("envoltorio.py", 93): "stands for 1 registration",
        ("fabrica_de_funciones.py", 50): "stands for 1 registration; reached from `todo()`, called at 1 site "
                                         "(module level of formas/fabrica_de_funciones.py)",
        ("llamada_en_clase.py", 34): "stands for an unknown number of registrations; reached from `register()`, which "
                                     "no analyzed file calls",
        ("llamada_modulo.py", 55): "stands for 1 registration",
        ("llamada_modulo.py", 64): "stands for an unknown number of registrations (a loop over `elegidas`); reached "
                                   "from `filtradas()`, which no analyzed file calls",
        ("llamada_modulo.py", 67): "stands for an unknown number of tools (changed at run time)",
        ("montaje.py", 25): "stands for an unknown number of tools (made at run time)",
        ("montaje.py", 27): "stands for an unknown number of tools (made at run time)",
        ("montaje.py", 28): "stands for an unknown number of tools (made at run time)",
        ("parametro.py", 29): "stands for an unknown number of registrations; reached from `nadie_me_llama()`, which "
                              "no analyzed file calls",
        ("proveedor_carpeta.py", 19): "stands for an unknown number of tools (made at run time)",
        ("registro_decorador.py", 60): "stands for an unknown number of registrations (a loop over `EXTERNAS`); reached "
                                       "from `registrar_todo()`, called at 1 site (module level of formas/registro_decorador.py)",
        ("registro_instancias.py", 65): "stands for an unknown number of registrations (a comprehension over "
                                        "`CARGADAS.values()`); reached from `listar_ajenas()`, which the SDK calls",
        ("spec_dicts.py", 24): "stands for an unknown number of registrations (a loop over `json.load(f)`); reached "
                               "from `listar()`, which the SDK calls; names written as literals in its server's call "
                               "handler: «sd_uno»",
        ("subclase_propia.py", 33): "stands for an unknown number of registrations; reached from `registrar()`, which "
                                    "no analyzed file calls",
        ("subclase_propia.py", 39): "stands for an unknown number of registrations; reached from `add_tool()`, which "
                                    "no analyzed file calls",
    }
    # every unnamed row of the forms but the call handler tied to no server is a registration site
    assert [(n["archivo"], n["linea"]) for n in e["no_resuelto"] if n["herramienta"] is None and "; it stands for " not in n["motivo"]] == [
        ("formas/bajo_nivel_tabla.py", 57)]


def test_unnamed_row_names_call_sites_by_function_and_counts_nested_loops(tmp_path):
    """Call sites are named by the function that holds them (or module level), each site counted;
    the loops around a site inside its function multiply the count, found without a parent map."""
    (tmp_path / "srv.py").write_text(textwrap.dedent('''\
        from mcp.server.fastmcp import FastMCP


        def registrar(mcp, elegir):
            for grupo in ("a", "b"):
                if grupo:
                    for i in range(3):
                        mcp.tool()(elegir(grupo, i))


        def arrancar():
            registrar(FastMCP("uno"), None)
            registrar(FastMCP("dos"), None)


        registrar(FastMCP("tres"), None)
        '''), encoding="utf-8")
    ev = extraer([tmp_path / "srv.py"], tmp_path)
    motivos = [n["motivo"].split("; it ", 1)[1] for n in ev["no_resuelto"] if n["herramienta"] is None]
    assert motivos == ["stands for 18 registrations; reached from `registrar()`, called at 3 sites "
                       "(`arrancar()` in srv.py, module level of srv.py)"]


def test_a_site_in_a_loops_body_runs_per_iteration_and_one_in_its_else_runs_once(tmp_path):
    """Only a loop's body repeats a registration: its `else:` clause and what follows run once, with
    the variable at a value the analyzer does not pick (the name says what is unknown)."""
    (tmp_path / "srv.py").write_text(textwrap.dedent('''\
        from mcp.server.fastmcp import FastMCP

        mcp = FastMCP("s")


        def f() -> dict:
            return {"ok": 1}


        for n in ("uno", "dos"):
            mcp.tool(name=n)(f)
        else:
            mcp.tool(name=n + "_fin")(f)
        mcp.tool(name=n + "_despues")(f)
        '''), encoding="utf-8")
    ev = extraer([tmp_path / "srv.py"], tmp_path)
    assert sorted((h["herramienta"], h["linea"]) for h in ev["herramienta"]) == [
        ("dos", 11), ("uno", 11), ("{n}_despues", 14), ("{n}_fin", 13)]


def test_a_description_over_a_run_time_value_leaves_the_schema_readable(tmp_path):
    """`description`, `title` and `$comment` only annotate: an f-string over a value known at run time
    (the local time zone) keeps the schema readable, the unknown field shown as `{name}`; the same
    f-string where validation reads it (`type`) still makes the schema unread, saying why."""
    (tmp_path / "srv.py").write_text(textwrap.dedent('''\
        from mcp.server.lowlevel import Server
        from mcp.types import Tool

        PREFIJO = "Zona"


        async def serve(zona_local: str) -> None:
            server = Server("t")
            tz = str(zona_local)

            @server.list_tools()
            async def list_tools() -> list[Tool]:
                return [
                    Tool(name="hora", description="hora", inputSchema={
                        "type": "object", "title": f"{tz!r}",
                        "properties": {"zona": {"type": "string", "description": f"{PREFIJO} IANA; " f"use '{tz}'."}},
                        "required": ["zona"]}),
                    Tool(name="mala", description="mala", inputSchema={"type": "object", "properties": {"zona": {"type": f"{tz}"}}}),
                    Tool(name="otra", description="otra", inputSchema={"type": "object", "description": str(tz)}),
                ]
        '''), encoding="utf-8")
    ev = extraer([tmp_path / "srv.py"], tmp_path)
    entrada = {f["herramienta"]: f["contenido"] for f in ev["esquema"] if f["lado"] == "entrada"}
    assert list(entrada) == ["hora"]
    assert entrada["hora"] == ('{"properties": {"zona": {"description": "Zona IANA; use \'{tz}\'.", "type": "string"}}, '
                               '"required": ["zona"], "title": "{tz}", "type": "object"}')
    assert sorted((n["herramienta"], construccion(n["motivo"])) for n in ev["no_resuelto"]) == [
        ("mala", "schema of tool `mala`: `tz` is not a module-level constant of an analyzed file"),
        ("otra", "schema of tool `otra`: value is built by a call to str() that cannot be followed")]
