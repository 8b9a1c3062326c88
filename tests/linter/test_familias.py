"""The SDK the project uses: each family publishes its own schemas, and the analyzer derives those of the
family a server is built with (tests/fixtures/linter/familias/).

mcp 2.x (`MCPServer`) is compared live with the installed SDK. mcp 1.x (`mcp.server.fastmcp` does not exist
in 2.x) and the standalone fastmcp package cannot be installed beside it, so what they publish is recorded in
tests/fixtures/mcp/familias/ by its `grabar.py`:
- mcp1.json: mcp 1.30.0, pydantic 2.14.4, Python 3.11.7 (mcp 1.23.0, the floor awslabs pins, publishes the same);
- fastmcp.json: fastmcp 3.4.11 on mcp 1.30.0 (awslabs pins fastmcp>=3.2), same with fastmcp 4.2.3 on mcp 2.3.0;
- fastmcp_servidor.json: the same for tests/fixtures/linter/fastmcp/servidor.py.
"""

import asyncio
import json
import textwrap

import pytest

from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES
from .sdk_real import importar

FAMILIAS = FIXTURES / "familias"
GRABADAS = FIXTURES.parent / "mcp" / "familias"


@pytest.fixture(scope="module")
def e() -> dict:
    return extraer(sorted(FAMILIAS.glob("*.py")), FIXTURES)


def _importar(archivo: str):
    return importar(FAMILIAS / f"{archivo}.py", FAMILIAS, ("campos_familias",))


def publicadas_mcp2() -> dict[str, dict]:
    """tools/list of familias/mcp2.py, imported with the installed mcp 2.x."""
    herramientas = asyncio.run(_importar("mcp2").mcp.list_tools())
    return {t.name: {k: v for k, v in t.model_dump(by_alias=True, exclude_none=True).items() if k in ("inputSchema", "outputSchema")}
            for t in herramientas}


def grabadas(familia: str) -> dict[str, dict]:
    return json.loads((GRABADAS / f"{familia}.json").read_text())["herramientas"]


def filas(e: dict, archivo: str, relacion: str) -> list[dict]:
    nombres = {h["herramienta"] for h in e["herramienta"] if h["archivo"] == f"familias/{archivo}"}
    return [f for f in e[relacion] if f.get("herramienta") in nombres]


def esquemas(e: dict, archivo: str) -> dict[tuple[str, str], dict]:
    return {(f["herramienta"], f["lado"]): json.loads(f["contenido"]) for f in filas(e, archivo, "esquema")}


@pytest.mark.parametrize("archivo,publicadas", [("mcp1.py", lambda: grabadas("mcp1")),
                                                ("mcp2.py", publicadas_mcp2),
                                                ("fastmcp_paquete.py", lambda: grabadas("fastmcp"))])
def test_every_schema_equals_what_its_family_publishes(e, archivo, publicadas):
    publicadas = publicadas()
    mias = esquemas(e, archivo)
    estados = {h["herramienta"]: h for h in filas(e, archivo, "herramienta")}
    assert sorted(estados) == sorted(publicadas)
    for nombre, herramienta in publicadas.items():
        for lado, clave in (("entrada", "inputSchema"), ("salida", "outputSchema")):
            publicada = herramienta.get(clave)
            if publicada is None:
                assert estados[nombre][f"esquema_{lado}"] == "ninguno", (nombre, lado)
                assert (nombre, lado) not in mias, (nombre, lado)
            else:
                assert estados[nombre][f"esquema_{lado}"] == "modelo", (nombre, lado)
                assert mias[(nombre, lado)] == publicada, (nombre, lado)


def test_the_fastmcp_style_fixture_equals_what_fastmcp_publishes():
    e = extraer(sorted((FIXTURES / "fastmcp").glob("*.py")), FIXTURES / "fastmcp")
    publicadas = grabadas("fastmcp_servidor")
    mias = {(f["herramienta"], f["lado"]): json.loads(f["contenido"]) for f in e["esquema"]}
    assert sorted(h["herramienta"] for h in e["herramienta"]) == sorted(publicadas)
    for nombre, herramienta in publicadas.items():
        assert mias[(nombre, "entrada")] == herramienta["inputSchema"], nombre
        assert mias.get((nombre, "salida")) == herramienta.get("outputSchema"), nombre


def test_the_family_fixtures_leave_nothing_unresolved(e):
    assert [f for f in e["no_resuelto"] if f["archivo"].startswith("familias/")] == []
    assert {h["registro"] for h in filas(e, "mcp1.py", "herramienta")} == {"decorador"}
    assert {h["registro"] for h in filas(e, "mcp2.py", "herramienta")} == {"decorador"}
    assert {h["registro"] for h in filas(e, "fastmcp_paquete.py", "herramienta")} == {"fastmcp"}


def salidas(e: dict, archivo: str) -> dict[str, str]:
    return {h["herramienta"]: h["esquema_salida"] for h in filas(e, archivo, "herramienta")}


def test_content_block_returns_publish_a_schema_on_mcp1_only(e):
    uno, dos, fm = salidas(e, "mcp1.py"), salidas(e, "mcp2.py"), salidas(e, "fastmcp_paquete.py")
    for base in ("captura", "bloques", "texto", "quizas_texto", "contenido"):
        assert uno[f"{base}_v1"] == "modelo", base
        assert dos[f"{base}_v2"] == "ninguno", base
        assert fm.get(f"{base}_fm", "ninguno") == "ninguno", base
    assert uno["imagen_v1"] == dos["imagen_v2"] == fm["imagen_fm"] == "ninguno"
    assert uno["sin_estructura_v1"] == "ninguno"
    assert dos["forzado_v2"] == "modelo"  # structured_output=True: 2.x publishes the block's own (2.x) model
    assert fm["mixto_fm"] == "ninguno"  # a block anywhere in the type, even beside `str`


def test_mcp1_publishes_the_block_as_the_root_or_inside_the_wrapper(e):
    s = esquemas(e, "mcp1.py")
    captura = s[("captura_v1", "salida")]
    assert (captura["title"], captura["additionalProperties"], captura["required"]) == ("ImageContent", True, ["type", "data", "mimeType"])
    assert sorted(captura["$defs"]) == ["Annotations"]
    bloques = s[("bloques_v1", "salida")]
    assert bloques["properties"]["result"]["items"] == {"anyOf": [{"$ref": "#/$defs/TextContent"}, {"$ref": "#/$defs/ImageContent"}]}
    uniones = sorted((f["herramienta"], f["puntero"], f["ramas_estructuradas"]) for f in filas(e, "mcp1.py", "esquema_nodo")
                     if f["tipo"] == "union" and f["ramas_estructuradas"] > 1)
    assert uniones == [("bloques_v1", "/properties/result/items", 2),
                       ("contenido_v1", "/$defs/EmbeddedResource/properties/resource", 2),
                       ("contenido_v1", "/properties/result/items", 5)]
    raices = {f["herramienta"]: (f["estricta"], f["envoltura"]) for f in filas(e, "mcp1.py", "raiz")}
    assert raices == {"bloques_v1": (False, True), "captura_v1": (False, False), "contenido_v1": (False, True),
                      "fila_v1": (False, False), "respuesta_v1": (False, False), "texto_v1": (False, False)}
    assert not [f for f in filas(e, "mcp2.py", "esquema_nodo") if f["tipo"] == "union" and f["ramas_estructuradas"] > 1]


def test_a_typeddict_is_copied_by_create_model_on_mcp1_and_read_natively_on_mcp2(e):
    uno, dos = esquemas(e, "mcp1.py")[("fila_v1", "salida")], esquemas(e, "mcp2.py")[("fila_v2", "salida")]
    assert uno == {"properties": {"id": {"title": "Id", "type": "string"},
                                  "nota": {"default": None, "title": "Nota", "type": "string"},
                                  "puntos": {"title": "Puntos", "type": "integer"}},
                   "required": ["id", "puntos"], "title": "FilaV1", "type": "object"}
    assert dos == {"description": "One row of a listing.",
                   "properties": {"id": {"title": "Id", "type": "string"}, "nota": {"title": "Nota", "type": "string"},
                                  "puntos": {"minimum": 0, "title": "Puntos", "type": "integer"}},
                   "required": ["id", "puntos"], "title": "FilaV2", "type": "object"}


def test_input_required_arms_are_stripped_on_mcp2(e):
    s = esquemas(e, "mcp2.py")
    assert s[("pregunta_v2", "salida")] == {"properties": {"result": {"title": "Result", "type": "string"}},
                                           "required": ["result"], "title": "pregunta_v2Output", "type": "object"}
    assert salidas(e, "mcp2.py")["solo_pregunta_v2"] == "ninguno"


def test_tool_result_publishes_nothing_on_fastmcp_in_any_spelling(e):
    fm = salidas(e, "fastmcp_paquete.py")
    assert [fm[n] for n in ("resultado_fm", "resultado_opcional_fm", "resultado_propio_fm")] == ["ninguno"] * 3
    assert not [f for f in filas(e, "fastmcp_paquete.py", "raiz") if f["herramienta"].startswith("resultado")]


def test_fastmcp_prunes_titles_inlines_references_and_closes_the_input_root(e):
    s = esquemas(e, "fastmcp_paquete.py")
    assert s[("lista_fm", "salida")] == {
        "properties": {"result": {"items": {"properties": {"texto": {"type": "string"}, "veces": {"default": 1, "type": "integer"}},
                                            "required": ["texto"], "type": "object"}, "type": "array"}},
        "required": ["result"], "type": "object", "x-fastmcp-wrap-result": True}
    assert s[("rama_fm", "salida")]["properties"]["hijas"]["items"] == {"$ref": "#/$defs/Rama"}  # cyclic: kept
    assert s[("fila_fm", "entrada")] == {"additionalProperties": False, "properties": {
        "ident": {"description": "Identifier of the row", "type": "string"}}, "required": ["ident"], "type": "object"}
    nodos = {(f["herramienta"], f["puntero"]): f["linea"] for f in filas(e, "fastmcp_paquete.py", "esquema_nodo") if f["lado"] == "salida"}
    linea_eco = (FAMILIAS / "fastmcp_paquete.py").read_text().splitlines().index("class Eco(BaseModel):") + 1
    assert nodos[("lista_fm", "/properties/result/items")] == linea_eco  # the inlined `Eco` keeps the class's position
    estrictas = {f["herramienta"]: f["estricta"] for f in filas(e, "fastmcp_paquete.py", "esquema_nodo")
                 if f["lado"] == "entrada" and f["puntero"] == ""}
    assert set(estrictas.values()) == {True}


def test_context_parameters_are_not_arguments_in_any_spelling(e):
    for archivo in ("mcp1.py", "mcp2.py", "fastmcp_paquete.py"):
        for (nombre, lado), esquema in esquemas(e, archivo).items():
            if lado == "entrada":
                assert "ctx" not in esquema["properties"], nombre


def test_field_constants_give_defaults_descriptions_constraints_and_requiredness(e):
    for archivo, sufijo in (("mcp1.py", "v1"), ("mcp2.py", "v2")):
        s = esquemas(e, archivo)
        assert s[(f"quizas_texto_{sufijo}", "entrada")]["properties"] == {
            "limite": {"default": 10, "description": "Maximum number of rows to return", "maximum": 100, "minimum": 1,
                       "title": "Limite", "type": "integer"},
            "region": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
                       "description": "AWS region; omit for the default one", "title": "Region"}}
        assert s[(f"texto_{sufijo}", "entrada")]["required"] == ["ident"]  # `= Field(...)` is required
        assert s[(f"bloques_{sufijo}", "entrada")]["properties"]["consulta"] == {
            "description": "Text to search for", "minLength": 1, "title": "Consulta", "type": "string"}
        assert s[(f"fila_{sufijo}", "entrada")]["properties"]["region"]["description"] == "AWS region of the bucket"
        assert s[(f"respuesta_{sufijo}", "entrada")]["properties"]["pagina"]["anyOf"][0] == {"minimum": 1, "type": "integer"}


def _mini(tmp_path, codigo: str) -> dict:
    (tmp_path / "servidor.py").write_text(textwrap.dedent(codigo))
    return extraer([tmp_path / "servidor.py"], tmp_path)


def motivos(e: dict) -> list[str]:
    return sorted(f["motivo"] for f in e["no_resuelto"])


def test_what_only_run_time_knows_stays_unresolved(tmp_path):
    e = _mini(tmp_path, '''
        import os
        from typing import Annotated, Optional
        from mcp.server.fastmcp import FastMCP
        from mcp.types import CallToolResult
        from pydantic import Field, StringConstraints
        from externo import MARCA

        mcp = FastMCP("x")
        LIMITE = Field(int(os.environ.get("LIMITE", "10")), description="rows")

        @mcp.tool()
        def entorno(limite: int = LIMITE) -> str:
            return ""

        @mcp.tool()
        def marca(x: Annotated[str, MARCA]) -> str:
            return x

        @mcp.tool()
        def mayusculas(x: Annotated[str, StringConstraints(min_length=1, max_length=9, coerce_numbers_to_str=True)]) -> str:
            return x

        @mcp.tool()
        def quizas_resultado() -> Optional[CallToolResult]:
            return None
    ''')
    assert motivos(e) == [
        "input schema of tool `marca`: annotation metadata `MARCA` is not a module-level constant of an analyzed file"
        "; if an installed package defines it, set `venv` in [tool.oracle] to the project's virtual environment so oracle-lint reads it",
        "input schema of tool `mayusculas`: StringConstraints argument `coerce_numbers_to_str` is not modelled",
        "output schema of tool `quizas_resultado`: tool `quizas_resultado` returns a union holding CallToolResult "
        "(the SDK refuses it)",
    ]
    assert {h["herramienta"]: h["esquema_entrada"] for h in e["herramienta"]} == {
        "entorno": "modelo", "marca": "no_resuelto", "mayusculas": "no_resuelto", "quizas_resultado": "modelo"}
    # a default only run time knows still makes the field optional (its value is not published)
    entrada = next(json.loads(f["contenido"]) for f in e["esquema"] if f["herramienta"] == "entorno" and f["lado"] == "entrada")
    assert entrada == {"properties": {"limite": {"description": "rows", "title": "Limite", "type": "integer"}},
                       "title": "entornoArguments", "type": "object"}


def test_sdk_models_inside_a_fastmcp_model_depend_on_its_mcp_major(tmp_path):
    e = _mini(tmp_path, '''
        from fastmcp import FastMCP
        from mcp.types import TextContent
        from pydantic import BaseModel

        mcp = FastMCP("x")

        class Caja(BaseModel):
            contenido: list[TextContent]

        @mcp.tool
        def caja() -> Caja:
            return Caja(contenido=[])
    ''')
    assert motivos(e) == ["output schema of tool `caja`: type `TextContent` is a model of the MCP SDK whose schema "
                          "this server's SDK family publishes is not modelled"]


def test_a_server_of_either_major_is_resolved_only_where_both_agree(tmp_path, monkeypatch):
    from oracle_lint.linter.extraccion import servidores

    original = servidores.clase_sdk

    def ambas(nombres):  # what the resolution reports for `try: MCPServer / except ImportError: FastMCP`
        r = original(nombres)
        familias = {(original({n}) or ("", "", ""))[1] for n in nombres}
        return ("decorador", "mcp", r[2]) if r is not None and {"mcp1", "mcp2"} <= familias else r

    monkeypatch.setattr(servidores, "clase_sdk", ambas)
    e = _mini(tmp_path, '''
        from pydantic import BaseModel

        try:
            from mcp.server.mcpserver import MCPServer as Servidor
            from mcp_types import ImageContent
        except ImportError:
            from mcp.server.fastmcp import FastMCP as Servidor
            from mcp.types import ImageContent

        mcp = Servidor("ambas")

        class Eco(BaseModel):
            texto: str

        @mcp.tool()
        def foto(ruta: str) -> ImageContent:
            return {"type": "image", "data": ruta, "mimeType": "image/png"}

        @mcp.tool()
        def eco(texto: str) -> Eco:
            return Eco(texto=texto)
    ''')
    assert {h["herramienta"]: (h["esquema_entrada"], h["esquema_salida"]) for h in e["herramienta"]} == {
        "eco": ("modelo", "modelo"), "foto": ("modelo", "no_resuelto")}
    assert motivos(e) == ["output schema of tool `foto`: the code imports both mcp majors and they publish output schemas "
                          "that differ (1.x: `ImageContent`; 2.x: none); which one applies is decided by the installed SDK"]
