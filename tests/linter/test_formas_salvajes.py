"""Forms seen in public servers the analyzer had never read (issue 30), each against the real
package that publishes it: a server subclass registering its own methods, a same-file type alias
as the return annotation, `annotations=` from a local variable, pydantic's functional validators
and defaults computed at import time. Each beside its near miss."""

from __future__ import annotations

import asyncio
import json

import pytest

from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES
from .test_formas import construccion
from .sdk_real import importar
from .sdk_real import publicadas as publicadas_sdk


def _esquemas(e: dict, archivo: str) -> dict[tuple[str, str], dict]:
    nombres = {h["herramienta"] for h in e["herramienta"] if h["archivo"] == archivo}
    return {(f["herramienta"], f["lado"]): json.loads(f["contenido"]) for f in e["esquema"] if f["herramienta"] in nombres}


def _contra_el_sdk(raiz, fuente: str, casi: str = "", olvidar: tuple[str, ...] = ()) -> tuple[dict, dict]:
    """What the real SDK lists for a `servidor.py` holding `fuente`, and the analyzer's evidence over the
    files of `raiz` with `casi` appended to it (a near miss the SDK refuses at import, so it is written
    after the listing)."""
    (raiz / "servidor.py").write_text(fuente)
    publicadas = publicadas_sdk(importar(raiz / "servidor.py", raiz, olvidar).app)
    if casi:
        (raiz / "servidor.py").write_text(fuente + casi)
    return publicadas, extraer(sorted(raiz.glob("*.py")), raiz, trabajos=1)


def _vivas_fastmcp(archivo: str) -> dict[str, dict]:
    servidor = importar(FIXTURES / "formas" / archivo, FIXTURES, ("formas",))
    app = servidor.servidor if hasattr(servidor, "servidor") else servidor.app
    return {t.name: {"entrada": t.parameters, "salida": t.output_schema} for t in asyncio.run(app.list_tools())}


def test_a_registry_decorator_and_definitions_built_by_functions_publish_what_fastmcp_lists():
    """`@herramienta(name=...)` appending to a module-level list that `registrar_todo(mcp)` registers
    (through a functools.wraps wrapper), and `add_tool(Tool.from_function(fn=d.fn, name=d.name))`
    over the definitions a function returns: the analyzer's schemas are fastmcp's."""
    e = extraer(sorted((FIXTURES / "formas").glob("*.py")), FIXTURES, trabajos=1)
    for archivo, nombres in (("registro_decorador.py", ["rd_cerrar", "rd_contar"]), ("definiciones.py", ["df_borrar", "df_ver"])):
        vivas = _vivas_fastmcp(archivo)
        mias = _esquemas(e, f"formas/{archivo}")
        assert sorted(vivas) == sorted({n for n, _ in mias}) == nombres
        for nombre, lados in vivas.items():
            for lado, esquema in lados.items():
                assert mias[(nombre, lado)] == esquema, (nombre, lado)
    # the near misses: a list only a function no analyzed file calls appends to; names only run time knows
    assert [(n["archivo"], n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"]
            if n["archivo"] in ("formas/registro_decorador.py", "formas/definiciones.py")] == [
        ("formas/definiciones.py", 36, "`app.add_tool(Tool.from_function(fn=d.fn, name=d.name))`: the registered function "
                                       "cannot be enumerated statically: `d` is a loop variable over a value that is not a "
                                       "literal sequence"),
        ("formas/registro_decorador.py", 60, "`mcp.tool(name=d.name)(d.fn)`: the registered function cannot be enumerated "
                                             "statically: `d` is a loop variable over a value that is not a literal sequence")]


def test_functions_a_factory_builds_through_a_decorator_factory_publish_what_the_sdk_lists():
    """`fn = construir(cliente)` returning the function it defines, wrapped by `audit("x")(fn)` (a
    decorator factory's functools.wraps wrapper) and passed to a method that registers it."""
    publicadas = publicadas_sdk(importar(FIXTURES / "formas" / "fabrica_de_funciones.py", FIXTURES, ("formas",)).app)
    e = extraer(sorted((FIXTURES / "formas").glob("*.py")), FIXTURES, trabajos=1)
    mias = _esquemas(e, "formas/fabrica_de_funciones.py")
    # the near miss, `elegir()`, returns one of two functions: the SDK lists the one run time chose
    assert sorted(publicadas) == ["ff_estado", "ff_lenta"] and sorted({n for n, _ in mias}) == ["ff_estado"]
    assert mias[("ff_estado", "entrada")] == publicadas["ff_estado"]["inputSchema"]
    assert mias[("ff_estado", "salida")] == publicadas["ff_estado"]["outputSchema"]
    assert [(n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"] if n["archivo"] == "formas/fabrica_de_funciones.py"] == [
        (50, "`self._mcp.tool()(elegir(self._cliente))`: the registered function cannot be enumerated statically: "
             "`elegir(self._cliente)` computes the function at run time")]


def test_a_fastmcp_subclass_registering_its_own_methods_publishes_what_fastmcp_lists():
    servidor = importar(FIXTURES / "formas" / "subclase_propia.py", FIXTURES, ("formas",)).servidor
    vivas = {t.name: {"entrada": t.parameters, "salida": t.output_schema} for t in asyncio.run(servidor.list_tools())}
    e = extraer(sorted((FIXTURES / "formas").glob("*.py")), FIXTURES, trabajos=1)
    mias = _esquemas(e, "formas/subclase_propia.py")
    assert sorted(vivas) == sorted({n for n, _ in mias}) == ["sp_contar", "sp_otra"]
    for nombre, lados in vivas.items():
        for lado, esquema in lados.items():
            assert mias[(nombre, lado)] == esquema, (nombre, lado)
    assert [(n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"] if n["archivo"] == "formas/subclase_propia.py"] == [
        (33, "`self.tool(self.nada, name=\"sp_nunca\")`: `self` is not a known MCP server instance (`self` is a "
             "parameter of `registrar()`, which no analyzed file calls)"),
        # a `super().add_tool(tool)` forwards only in the override of a server subclass
        (39, "`super().add_tool(tool)`: `super()` is not a known MCP server instance (`super` is not defined in an "
             "analyzed file)")]


TIPOS = '''
from typing import Annotated
from pydantic import AfterValidator

Positivo = Annotated[int, AfterValidator(abs)]
'''

SERVIDOR = '''
import os
from typing import Annotated, List, Optional

from mcp.server.mcpserver import MCPServer
from mcp_types import ImageContent, TextContent, ToolAnnotations
from pydantic import AfterValidator, BeforeValidator, Field, PlainValidator, WrapValidator

import tipos

app = MCPServer("salvajes")
ResponseType = List[TextContent | ImageContent]
Limpio = Annotated[str, BeforeValidator(str.strip)]
POR_DEFECTO = os.environ.get("POR_DEFECTO", "x")
IDIOMAS = {"es": "Spanish", "en": "English"}


@app.tool()
def contenido() -> ResponseType:
    return [TextContent(type="text", text="x")]


@app.tool()
def validada(a: Annotated[str, BeforeValidator(str.strip)], b: Annotated[int, AfterValidator(abs)], c: Limpio,
             d: Annotated[str, PlainValidator(str)], e: Annotated[int, WrapValidator(lambda v, h: h(v))] = 1,
             f: Annotated[str, PlainValidator(str, json_schema_input_type=int)] = "1",
             g: int = Field(default_factory=lambda: 3), h: str = Field(default=os.environ.get("H", "h")),
             i: str = POR_DEFECTO, j: Optional[tipos.Positivo] = None, k: int = Field(default=2, deprecated=True),
             l: Optional[str] = Field(default=None, deprecated="use k"),
             m: int = Field(default=1, description="d", json_schema_extra={"x-mcp-header": "M", "title": "Otro"}),
             n: list[Annotated[str, Field(json_schema_extra={"examples": ["a"]})]] = []) -> dict[str, str]:
    return {"a": a}


def descripcion_carpeta(singular: str) -> str:
    return (
        f"Folder for this {singular}. "
        "An empty string removes it."
    )


@app.tool()
def idioma(lang: str = Field(default="es", description=f"Supported: {', '.join(IDIOMAS.keys())}"),
           carpeta: str = Field(default="", description=descripcion_carpeta("flow"))) -> str:
    return lang


@app.tool()
def extra_calculado(x: int = Field(default=1, json_schema_extra=lambda esquema: None)) -> str:
    return ""


@app.tool()
def idioma_del_entorno(lang: str = Field(default="en", description=", ".join(sorted(os.environ)))) -> str:
    return lang


def registrar(servidor: MCPServer) -> None:
    lectura = ToolAnnotations(readOnlyHint=True)

    @servidor.tool(annotations=lectura)
    def leer() -> dict[str, int]:
        return {"n": 1}

    dudosa = ToolAnnotations(readOnlyHint=True)
    if os.environ.get("ESCRIBE"):
        dudosa = ToolAnnotations(readOnlyHint=False)

    @servidor.tool(annotations=dudosa)
    def quiza() -> dict[str, int]:
        return {"n": 2}


registrar(app)
'''


def test_aliases_validators_computed_defaults_and_local_annotations_equal_the_sdk(tmp_path):
    (tmp_path / "tipos.py").write_text(TIPOS)
    publicadas, e = _contra_el_sdk(tmp_path, SERVIDOR, olvidar=("tipos",))
    mias = _esquemas(e, "servidor.py")
    assert sorted(publicadas) == sorted({n for n, _ in mias}) == [
        "contenido", "extra_calculado", "idioma", "idioma_del_entorno", "leer", "quiza", "validada"]
    # the near miss: a description joined from what only run time knows is not read
    assert ("idioma_del_entorno", "entrada") not in mias and ("extra_calculado", "entrada") not in mias
    del publicadas["idioma_del_entorno"], publicadas["extra_calculado"]
    # a default computed at import time makes the field optional; its value is the one thing the source cannot tell
    computados = {n: publicadas["validada"]["inputSchema"]["properties"][n].pop("default") for n in ("h", "i")}
    assert computados == {"h": "h", "i": "x"}
    for nombre, herramienta in publicadas.items():
        assert mias[(nombre, "entrada")] == herramienta["inputSchema"], nombre
        assert mias.get((nombre, "salida")) == herramienta.get("outputSchema"), nombre
    assert publicadas["leer"]["annotations"] == {"readOnlyHint": True}
    pistas = {h["herramienta"]: (h["solo_lectura"], h["destructiva"]) for h in e["herramienta"]
              if not h["herramienta"].startswith(("idioma", "extra"))}
    assert pistas == {"contenido": ("ausente", "ausente"), "validada": ("ausente", "ausente"),
                      "leer": ("verdadero", "ausente"), "quiza": ("no_resuelto", "no_resuelto")}
    # the near miss: annotations bound twice are not one value the source spells
    assert [(n["herramienta"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("extra_calculado", "input schema of tool `extra_calculado`: `lambda esquema: None` is not a literal the "
                            "analyzer can evaluate"),
        ("idioma_del_entorno", "input schema of tool `idioma_del_entorno`: value is built by a call to sorted() that cannot "
                               "be followed"),
        ("quiza", "annotations `dudosa` cannot be read: `dudosa` is bound more than once in `registrar()`")]


def test_a_return_alias_of_another_module_says_so(tmp_path):
    (tmp_path / "tipos.py").write_text("from typing import List\nNumeros = List[int]\n")
    (tmp_path / "servidor.py").write_text(
        "from mcp.server.mcpserver import MCPServer\nfrom tipos import Numeros\n\napp = MCPServer('a')\n\n\n"
        "@app.tool()\ndef numeros() -> Numeros:\n    return [1]\n")
    e = extraer(sorted(tmp_path.glob("*.py")), tmp_path, trabajos=1)
    assert [(n["linea"], n["motivo"]) for n in e["no_resuelto"]] == [
        (8, "output schema of tool `numeros`: return annotation `Numeros` of `numeros` is a type alias defined in another "
            "module (`tipos.py`), which is not modelled")]


def test_a_model_imported_inside_the_function_that_lists_it_publishes_pydantics_schema(tmp_path):
    """`from modelos import Entrada` in a method's body, then `Entrada.model_json_schema()`: the
    function-local import names the project's model (with a deprecated field)."""
    (tmp_path / "modelos.py").write_text(
        "from pydantic import BaseModel, Field\n\n\nclass Entrada(BaseModel):\n    codigo: str\n"
        "    viejo: int = Field(1, deprecated='usa codigo')\n")
    (tmp_path / "servidor.py").write_text(
        "from mcp.server.lowlevel import Server\nfrom mcp.types import Tool\n\napp = Server('s')\n\n\n"
        "class Servidor:\n    async def listar(self) -> list[Tool]:\n        from modelos import Entrada\n\n"
        "        return [Tool(name='ejecutar', inputSchema=Entrada.model_json_schema())]\n\n\n"
        "    async def otra(self) -> list[Tool]:\n        return [Tool(name='sin_importar', inputSchema=Entrada.model_json_schema())]\n\n\n"
        "@app.list_tools()\nasync def listar() -> list[Tool]:\n    return await Servidor().listar() + await Servidor().otra()\n")
    e = extraer(sorted(tmp_path.glob("*.py")), tmp_path, trabajos=1)
    esperado = importar(tmp_path / "modelos.py", tmp_path).Entrada.model_json_schema()
    assert _esquemas(e, "servidor.py")[("ejecutar", "entrada")] == esperado
    # the near miss: the other method has no such import, so the name is unbound there
    assert [(n["herramienta"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("sin_importar", "schema of tool `sin_importar`: `Entrada` is not a class of an analyzed file")]


def test_a_mount_the_analyzer_cannot_follow_says_its_tools_are_uncounted(tmp_path):
    """`parent.mount(sub)` of a server that comes from outside the analyzed files, or of a proxy: an
    unnamed row at the mount, whose tools no count can tell."""
    (tmp_path / "servidor.py").write_text(
        "from fastmcp import FastMCP\nfrom externo import construir\n\nprincipal = FastMCP('p')\n"
        "principal.mount(construir(), namespace='ext')\n"
        "principal.mount(FastMCP.as_proxy('http://127.0.0.1:9/mcp'), namespace='px')\n")
    e = extraer(sorted(tmp_path.glob("*.py")), tmp_path, trabajos=1)
    assert sorted((n["linea"], n["motivo"]) for n in e["no_resuelto"]) == [
        (5, "`principal.mount(construir(), namespace='ext')` mounts `construir()`, which is not a server the analyzer can "
            "follow (`construir` is `externo.construir`, neither an analyzed function nor an SDK server class): the tools "
            "it publishes cannot be listed; it stands for an unknown number of tools (those of the mounted server)"),
        (6, "`FastMCP.as_proxy('http://127.0.0.1:9/mcp')` builds a server whose tools are generated at run time "
            "(fastmcp.FastMCP.as_proxy): their names and schemas cannot be read from the source; it stands for an "
            "unknown number of tools (made at run time)")]  # the proxy is a server with no tool the source lists: the row at its construction covers it


ANIDADAS = '''
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field

app = MCPServer("anidadas")


class Pecera(BaseModel):
    class Pez(BaseModel):
        class Aleta(BaseModel):
            largo: int

        nombre: Annotated[str, Field(max_length=10)]
        aletas: list[Aleta] = []

    peces: list[Pez]


@app.tool()
def nombrar(pecera: Pecera, suelto: Pecera.Pez, aleta: Pecera.Pez.Aleta) -> list[str]:
    return [p.nombre for p in pecera.peces]
'''

AUSENTE = '''


@app.tool()
def ausente(pez: Pecera.Tiburon) -> str:
    return ""
'''


def test_classes_defined_in_another_class_publish_pydantics_schema(tmp_path):
    """`class Pecera: class Pez: ...` read as `Pez` in the outer body, as `Pecera.Pez` and as
    `Pecera.Pez.Aleta` in a signature: pydantic's `$defs` name each by its own name."""
    publicadas, e = _contra_el_sdk(tmp_path, ANIDADAS, AUSENTE)  # the near miss cannot even be imported
    assert _esquemas(e, "servidor.py")[("nombrar", "entrada")] == publicadas["nombrar"]["inputSchema"]
    # the near miss: a nested class the outer one does not define
    assert [(n["herramienta"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("ausente", "input schema of tool `ausente`: type `Pecera.Tiburon` (Pecera.Tiburon) is not defined in an analyzed "
                    "file and is not modelled")]


DISCRIMINADAS = '''
from typing import Annotated, Literal, Optional, Union

from mcp.server.mcpserver import MCPServer
from pydantic import BaseModel, Field

app = MCPServer("discriminadas")


class Gato(BaseModel):
    tipo: Literal["gato"]
    maulla: bool


class Perro(BaseModel):
    tipo: Literal["perro", "can"]
    ladra: bool = True


class Refugio(BaseModel):
    animal: Union[Gato, Perro] = Field(discriminator="tipo")
    otro: Annotated[Gato | Perro, Field(discriminator="tipo", description="otro")]
    quizas: Optional[Annotated[Union[Gato, Perro], Field(discriminator="tipo")]] = None


@app.tool()
def adoptar(refugio: Refugio, directo: Union[Gato, Perro] = Field(discriminator="tipo")) -> str:
    return ""
'''

SIN_ETIQUETA = '''

class Pez(BaseModel):
    nada: bool


@app.tool()
def pescar(animal: Union[Gato, Pez] = Field(discriminator="tipo")) -> str:
    return ""
'''


def test_a_discriminated_union_publishes_pydantics_one_of_and_mapping(tmp_path):
    """`Field(discriminator="tipo")` over a union of models, as a field default, in `Annotated`, under
    `Optional`: `oneOf` the branches and the mapping of each `tipo` Literal value to its model."""
    publicadas, e = _contra_el_sdk(tmp_path, DISCRIMINADAS, SIN_ETIQUETA)  # pydantic refuses the near miss at import
    assert _esquemas(e, "servidor.py")[("adoptar", "entrada")] == publicadas["adoptar"]["inputSchema"]
    assert [(n["herramienta"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("pescar", "input schema of tool `pescar`: discriminator `tipo`: `#/$defs/Pez` has no Literal field of that name")]


LOCALES = '''
from typing import Any, Dict

from mcp.server.mcpserver import MCPServer
from pydantic import Field

app = MCPServer("locales")


def registrar(mcp: MCPServer) -> None:
    operacion = Field(..., description="op")
    parametros = Field(default={}, description="params")
    repetido = Field(default=1)
    if mcp.name:
        repetido = Field(default=2)

    @mcp.tool()
    async def gestionar(api_operation: str = operacion, api_params: Dict[str, Any] = parametros) -> Dict[str, Any]:
        operacion = "shadowed in the body: the default is read where the function is defined"
        return {"op": operacion}

    @mcp.tool()
    async def dudosa(n: int = repetido) -> str:
        return ""


registrar(app)
'''


def test_a_field_bound_to_a_local_variable_of_the_registering_function_is_that_field(tmp_path):
    """`operacion = Field(..., description=...)` in `registrar()`, then `api_operation: str = operacion`:
    required, described, as the SDK publishes it. The near miss: a variable bound to a Field twice is
    not one Field, and the schema is not claimed."""
    publicadas, e = _contra_el_sdk(tmp_path, LOCALES)
    mias = _esquemas(e, "servidor.py")
    assert mias[("gestionar", "entrada")] == publicadas["gestionar"]["inputSchema"]
    assert publicadas["gestionar"]["inputSchema"]["required"] == ["api_operation"]
    assert ("dudosa", "entrada") not in mias
    assert [(n["herramienta"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("dudosa", "input schema of tool `dudosa`: default `repetido` is bound more than once, to a Field(...) among "
                   "other values")]


RESUELTOS = '''
from dataclasses import dataclass
from typing import Annotated, Optional

from mcp.server.mcpserver import MCPServer, Resolve

app = MCPServer("resueltos")


@dataclass(frozen=True)
class Pedido:
    ident: str
    centavos: int


def cargar(pedido_id: str) -> Pedido:
    return Pedido(pedido_id, 100)


@app.tool()
def reembolsar(pedido_id: str, pedido: Annotated[Pedido, Resolve(cargar)], nota: str = "") -> str:
    return pedido.ident


class Etiqueta:  # metadata of the server's own, named like nothing of the SDK
    def __init__(self, fn) -> None:
        self.fn = fn


@app.tool()
def revisar(pedido_id: str, pedido: Annotated[Pedido, Etiqueta(cargar)]) -> str:
    return pedido.ident
'''


def test_an_mcp2_parameter_a_resolver_fills_is_not_an_argument(tmp_path):
    """`Annotated[T, Resolve(fn)]` (mcp 2.x resolver injection): the SDK leaves the parameter out of the
    input schema, and so does the analyzer; a parameter with other metadata is never taken for one."""
    publicadas, e = _contra_el_sdk(tmp_path, RESUELTOS)
    assert _esquemas(e, "servidor.py")[("reembolsar", "entrada")] == publicadas["reembolsar"]["inputSchema"]
    assert sorted(publicadas["reembolsar"]["inputSchema"]["properties"]) == ["nota", "pedido_id"]
    # the near miss: the SDK keeps a parameter whose metadata is the server's own; the analyzer never
    # drops it as resolved, and reads that metadata as what pydantic ignores (a plain class, no hook)
    assert sorted(publicadas["revisar"]["inputSchema"]["properties"]) == ["pedido", "pedido_id"]
    assert _esquemas(e, "servidor.py")[("revisar", "entrada")] == publicadas["revisar"]["inputSchema"]
    assert e["no_resuelto"] == []


ESTRELLAS = '''
from typing import Any

from mcp.server.mcpserver import MCPServer

app = MCPServer("estrellas")


@app.tool()
def respaldar(ruta: str, *extra, modo: str = "crear", **opciones) -> dict[str, Any]:
    return {"ruta": ruta}


@app.tool()
def anotada(*nombres: int, **pares: float) -> str:
    return "ok"
'''


def test_star_args_and_kwargs_are_fields_of_their_own_name_as_the_sdk_lists(tmp_path):
    """mcp's func_metadata reads `*args` and `**kwargs` as required fields named as the parameter,
    typed by the annotation or a string when there is none, in signature order."""
    publicadas, e = _contra_el_sdk(tmp_path, ESTRELLAS)
    mias = _esquemas(e, "servidor.py")
    assert sorted(publicadas) == sorted({n for n, _ in mias}) == ["anotada", "respaldar"]
    assert publicadas["respaldar"]["inputSchema"]["required"] == ["ruta", "extra", "opciones"]
    for nombre, herramienta in publicadas.items():
        assert mias[(nombre, "entrada")] == herramienta["inputSchema"], nombre
    assert e["no_resuelto"] == []


def test_fastmcp_refuses_star_args_and_so_does_the_analyzer(tmp_path):
    """fastmcp raises ValueError when a function with *args or **kwargs is registered: no schema, a row."""
    from fastmcp import FastMCP

    with pytest.raises(ValueError, match=r"\*\*kwargs are not supported"):
        FastMCP("x").tool()(lambda a, **kw: a)
    (tmp_path / "srv.py").write_text('from fastmcp import FastMCP\n\napp = FastMCP("x")\n\n\n'
                                     '@app.tool()\ndef f(a: str, **kw) -> str:\n    return a\n')
    e = extraer([tmp_path / "srv.py"], tmp_path, trabajos=1)
    assert [(n["herramienta"], n["linea"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("f", 7, "input schema of tool `f`: tool `f` takes *args/**kwargs, which fastmcp refuses to register "
                 "(\"Functions with *args are not supported as tools\")")]


SUSTITUIDA = '''
from typing import Any

from mcp.server.mcpserver import MCPServer

app = MCPServer("sustituida")

ESQUEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"nombre": {"type": "string"}, "medio": {"type": "string", "enum": ["correo", "telefono"]}},
    "allOf": [{"anyOf": [{"required": ["nombre"]}, {"required": ["medio"]}]}],
    "additionalProperties": False,
}


@app.tool(name="contacto")
def contacto() -> str:
    return "ok"


@app.tool()
def otra(n: int) -> int:
    return n


app._tool_manager._tools["contacto"].parameters = ESQUEMA
'''

SUSTITUIDA_MAL = '''

def cambiar(x):
    app._tool_manager._tools["otra"].parameters = x


app._tool_manager._tools["otra"].name = "renombrada"
app._tool_manager._tools["fantasma"].parameters = ESQUEMA
'''


def test_an_input_schema_replaced_in_the_private_registry_is_the_one_the_sdk_lists(tmp_path):
    """`app._tool_manager._tools["t"].parameters = SCHEMA` at module level, after `t` is registered on
    that server: `t`'s input schema is SCHEMA, as the SDK lists it, with no unnamed row for it. Any
    other reach into the registry (another field, a tool the module does not register, inside a
    function) still stands for tools changed at run time."""
    publicadas, e = _contra_el_sdk(tmp_path, SUSTITUIDA)
    mias = _esquemas(e, "servidor.py")
    assert publicadas["contacto"]["inputSchema"]["allOf"]  # what a decorator's signature cannot say
    for nombre, herramienta in publicadas.items():
        assert mias[(nombre, "entrada")] == herramienta["inputSchema"], nombre
    assert e["no_resuelto"] == []
    (tmp_path / "servidor.py").write_text(SUSTITUIDA + SUSTITUIDA_MAL)
    e = extraer([tmp_path / "servidor.py"], tmp_path, trabajos=1)
    assert _esquemas(e, "servidor.py")[("contacto", "entrada")] == publicadas["contacto"]["inputSchema"]
    assert [(n["linea"], construccion(n["motivo"])) for n in e["no_resuelto"]] == [
        (30, "`app._tool_manager` reaches into the SDK's private tool registry: tools changed there (names, schemas, "
             "new tools) cannot be read from the source"),
        (33, "`app._tool_manager` reaches into the SDK's private tool registry: tools changed there (names, schemas, "
             "new tools) cannot be read from the source"),
        (34, "`app._tool_manager` reaches into the SDK's private tool registry: tools changed there (names, schemas, "
             "new tools) cannot be read from the source")]
    # the replacement is read as any schema literal: one it cannot evaluate is that tool's row
    (tmp_path / "servidor.py").write_text(SUSTITUIDA.replace(".parameters = ESQUEMA", ".parameters = construir()"))
    e = extraer([tmp_path / "servidor.py"], tmp_path, trabajos=1)
    assert ("contacto", "entrada") not in _esquemas(e, "servidor.py")
    assert [(n["herramienta"], n["linea"], n["motivo"]) for n in e["no_resuelto"]] == [
        ("contacto", 26, "schema of tool `contacto`: value is built by a call to construir() that cannot be followed")]
