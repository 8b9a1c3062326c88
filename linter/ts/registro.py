"""Where a TypeScript/JavaScript MCP server registers its tools, and what each registration publishes.

Forms read (fixtures of both polarities in tests/ts/):

- `server.registerTool(name, { title, description, inputSchema, outputSchema, annotations }, handler)`
  of the SDK's `McpServer` (1.x and 2.x), and `registerToolTask` of its experimental tasks;
- the `server.tool(name, [description], [paramsShape], [annotations], handler)` overloads, in a file
  that imports the SDK's `McpServer` module, decided as the SDK decides them;
- the low-level `Server`: `setRequestHandler(ListToolsRequestSchema, handler)` whose returned
  `tools` is an array literal (or a constant bound to one) of tool objects with JSON Schema
  literals, `zodToJsonSchema(S)` or `z.toJSONSchema(S)`, or a registry the program fills
  (linter/ts/almacen.py: a class's field, a function's parameter, a `let`).

Everything else that registers a tool is a `Problema` naming the construct, never silence:
`addTool` of the `fastmcp` package, a `tools` list the analyzer cannot enumerate, a name or config it
cannot read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

from .arbol import Fuente, cadena_literal, nombrados, recorrer, texto
from .valores import (ENVOLTURAS, FUNCIONES_DE_VALOR, Irresoluble, Lector, Ref, anotacion, cadena, claves_borradas,
                      copia_sin_borradas, de_un_paquete, desnudar, escrituras_en, especificador_de, indefinido,
                      json_literal, ligadura, parametro_libre, propiedades, retorno_de_llamada, seguir,
                      sentencias_return, sin_await, tipo_de_datos, valor_de_objeto, valores_devueltos, verdad_estatica)
from . import almacen, camino, clases, envolturas, llamadas, patrones, zod, zod_json

SDK_SERVIDOR = ("@modelcontextprotocol/sdk/server", "@modelcontextprotocol/server")
ENTRADA_VACIA = {"type": "object", "properties": {}}  # what the SDK lists for a tool without an input schema
METODOS_REGISTRO = ("registerTool", "registerToolTask")
FUNCIONES = ("arrow_function", "function_expression", "function", "function_declaration", "identifier",
             "member_expression", "call_expression")


@dataclass
class Herramienta:
    """One registered tool as its registration publishes it."""

    nombre: str
    ref: Ref  # the registration call (or the tool object of a low-level list)
    registro: str  # registerTool | tool | lowlevel
    entrada: Optional[tuple[dict[str, Any], Ref]] = None  # (published schema, where it is written)
    salida: Optional[tuple[dict[str, Any], Ref]] = None
    clase_entrada: str = "modelo"
    clase_salida: str = "modelo"
    anotaciones: Any = None  # the annotations value, None when absent
    anotaciones_ilegibles: bool = False
    problemas: list[tuple[str, Ref]] = field(default_factory=list)
    manejador: Optional[Ref] = None  # the handler argument of the registration
    con_argumentos: bool = False  # the SDK passes the handler the tool's arguments (it has an input schema)
    directa: bool = False  # fastmcp: a returned value that is no tool result is the structured content itself
    instancia: Optional[Ref] = None  # a class-based tool: the concrete class whose instance it is
    construccion: Optional[Ref] = None  # the `new` that builds that instance, when known
    atados: dict = field(default_factory=dict)  # a tool of a loop: its variable bound to the element


@dataclass
class Problema:
    """A registration the analyzer cannot read: where, and why (English)."""

    herramienta: Optional[str]
    motivo: str
    ref: Ref


# which zod major the schema read is, from the (file, specifier) of the zod imports it used:
# "v4" or "v3", Irresoluble when it cannot be told
Sabor = Callable[[set[tuple[str, str]], Ref], str]


def registros(lector: Lector, fuente: Fuente, sabor: Sabor, todas: Sequence[Fuente] = ()) -> Iterator[Herramienta | Problema]:
    """Every tool registration of one file, in source order. `sabor` says which zod major a schema
    is, from the zod imports its reading went through. A registration inside a project function that
    passes it its own parameters (`function add(server, name, config, fn) { server.registerTool(name,
    config, fn) }`) is a tool per call of that function found in `todas` (the analyzed files), at the
    call, its parameters bound to what the call passes."""
    importa_mcp = _importa(fuente, SDK_SERVIDOR) or _importa_nombre(fuente, "McpServer")
    # `server.tool(...)` in a file that does not import the SDK is read when its `server` is a parameter
    # that the project's calls pass an McpServer it builds (`registerTools(server)` in another file)
    servidor_de = (lambda funcion: importa_mcp or _servidor_por_parametro(lector, todas, fuente, funcion))
    importa_fastmcp = _importa(fuente, ("fastmcp",))
    for nodo in fuente.de_tipo(("call_expression",)):
        funcion = nodo.child_by_field_name("function")
        if funcion is not None and funcion.type == "identifier":
            funcion = _metodo_atado(fuente, funcion)  # `const registerTool = mcp.registerTool.bind(mcp)`
            if funcion is not None and _en_interceptor(fuente, nodo, funcion):
                continue  # `server.tool = (...a) => original(...a)`: each `server.tool(...)` is read where written
        if funcion is None or funcion.type != "member_expression":
            continue
        metodo = texto(fuente, funcion.child_by_field_name("property"))
        args = [Ref(fuente, a) for a in nombrados(nodo.child_by_field_name("arguments"))] \
            if nodo.child_by_field_name("arguments") is not None else []
        llamada = Ref(fuente, nodo)
        # the SDK's registerTool takes (name, config, handler): a function or a string literal as the
        # second argument is another API of that name (a test harness's `registerTool(name, handler)`,
        # a framework's `registerTool(name, description, schema)`), and so is a first argument that can
        # be no name (a plugin API's `registerTool((ctx) => tool, { optional: true })`)
        if metodo in METODOS_REGISTRO and _metodo_del_proyecto(lector, fuente, funcion, metodo):
            continue  # `this.registerTool(category, tool)` of a project class's own registry: another API
        if metodo in METODOS_REGISTRO and len(args) >= 2 and args[1].nodo.type not in FUNCIONES[:4] \
                and args[1].nodo.type not in ("string", "template_string") and _nombre_posible(lector, args[0]):
            for sitio in _sitios(lector, todas, llamada, args):
                yield _leido_en(lector, sitio, lambda: _registrar(lector, sitio.ref, sitio.args, sabor, "registerTool"))
        elif metodo == "tool" and _receptor_de_datos(lector, fuente, funcion):
            continue  # `def.tool(sdk, ctx)` on a value typed as a project data shape: its own function, no server
        elif metodo == "tool" and servidor_de(funcion) and any(a.nodo.type == "spread_element" for a in args):
            # `server.tool(name, ...rest)` in a wrapper: a tool per call of the wrapper, the spread of
            # its rest parameter replaced by what each call passes; otherwise which tools is not known
            sitios = _envolturas_anidadas(lector, todas, llamada, args)
            if any(a.nodo.type == "spread_element" for _, de_sitio, _ in sitios for a in de_sitio):
                yield Problema(None, f"`{llamada.corto()}` passes its arguments through a spread: the tools it "
                                     "registers are not known; its tools are not judged (judge the server live with "
                                     "`oracle-lint probe`)", llamada)
            else:
                for sitio, de_sitio, atados in sitios:
                    yield _leido_en(lector, Sitio(sitio, de_sitio, atados=atados),
                                    lambda: _tool(lector, sitio, de_sitio, sabor))
        elif metodo == "tool" and len(args) >= 2 and args[-1].nodo.type in FUNCIONES + ("identifier",) \
                and servidor_de(funcion) and _nombre_posible(lector, args[0]):
            for sitio in _sitios(lector, todas, llamada, args):
                yield _leido_en(lector, sitio, lambda: _tool(lector, sitio.ref, sitio.args, sabor))
        elif metodo == "tool" and len(args) >= 2 and servidor_de(funcion):
            # in a source that imports the SDK, a `.tool(...)` that fits none of its overloads is named,
            # never passed over in silence
            yield Problema(None, f"`{llamada.corto()}` is a `.tool(...)` call the analyzer does not read as one of the "
                                 "SDK's overloads (a name, then an optional description, schema and annotations, "
                                 "then the callback): its tools are not judged", llamada)
        elif metodo == "setRequestHandler" and args and _es_listado(lector, args[0]):
            yield from _bajo_nivel(lector, todas, llamada, args, sabor)
        elif metodo == "setRequestHandler" and args and "ListTools" in texto(fuente, args[0].nodo):
            yield Problema(None, f"`{args[0].corto()}` may be the SDK's ListToolsRequestSchema, and the analyzer cannot "
                                 "tell: the tools this handler lists are not judged (judge the server live with "
                                 "`oracle-lint probe`)", args[0])
        elif metodo == "addTool" and importa_fastmcp and args:
            yield _leido_en(lector, Sitio(llamada, []), lambda: _fastmcp(lector, llamada, args[0], sabor))


def _metodo_atado(fuente: Fuente, nombre: Any) -> Optional[Any]:
    """The `x.registerTool` / `x.tool` a name is bound to by a `const` of the same file, bound to its
    receiver or not (`const registerTool = mcp.registerTool.bind(mcp)`): a call of the name is that
    method's call; None for any other name."""
    ligado = ligadura(fuente, texto(fuente, nombre), nombre)
    valor = desnudar(ligado.nodo) if isinstance(ligado, Ref) and ligado.fuente.rel == fuente.rel else None
    if valor is not None and valor.type == "call_expression" and valor.child_by_field_name("function") is not None:
        f = valor.child_by_field_name("function")
        valor = desnudar(f.child_by_field_name("object")) if f.type == "member_expression" \
            and texto(fuente, f.child_by_field_name("property")) == "bind" else None
    if valor is None or valor.type != "member_expression" or valor.child_by_field_name("property") is None:
        return None
    return valor if texto(fuente, valor.child_by_field_name("property")) in METODOS_REGISTRO + ("tool",) else None


def _en_interceptor(fuente: Fuente, llamada: Any, metodo: Any) -> bool:
    """Whether a call of a bound registration method sits in the function that replaces that method
    (`const original = server.tool.bind(server); server.tool = (...args) => { ...; return original(...args) }`):
    the calls of `server.tool(...)` it intercepts are the registrations, read where they are written."""
    propiedad = texto(fuente, metodo.child_by_field_name("property"))
    n = llamada.parent
    while n is not None and n.type not in FUNCIONES[:4]:
        n = n.parent
    while n is not None and n.parent is not None and n.parent.type in ENVOLTURAS:
        n = n.parent
    asignacion = n.parent if n is not None else None
    izq = asignacion.child_by_field_name("left") if asignacion is not None and asignacion.type == "assignment_expression" else None
    while izq is not None and izq.type in ENVOLTURAS:
        izq = nombrados(izq)[0] if nombrados(izq) else None
    return izq is not None and izq.type == "member_expression" and izq.child_by_field_name("property") is not None \
        and texto(fuente, izq.child_by_field_name("property")) == propiedad


def _receptor_de_datos(lector: Lector, fuente: Fuente, funcion: Any) -> bool:
    """Whether `x.tool(...)`'s `x` is a name declared with a type the project writes as a type alias or an
    interface (`tool: ToolDefinition<A>`): data that carries its own `tool` function, not a server."""
    receptor = desnudar(funcion.child_by_field_name("object"))
    if receptor is None or receptor.type != "identifier":
        return False
    tipo = anotacion(fuente, texto(fuente, receptor), receptor)
    if tipo is not None and tipo.type == "generic_type":
        tipo = tipo.child_by_field_name("name")
    return tipo is not None and tipo.type == "type_identifier" and tipo_de_datos(lector, fuente, texto(fuente, tipo), receptor)


def _servidor_por_parametro(lector: Lector, todas: Sequence[Fuente], fuente: Fuente, funcion: Any) -> bool:
    """Whether `x.tool(...)`'s `x` is a parameter of a named function that a call in the project's
    sources passes a `new McpServer(...)` (followed through names), its class imported from the SDK."""
    receptor = desnudar(funcion.child_by_field_name("object"))
    if receptor is None or receptor.type != "identifier" or ligadura(fuente, texto(fuente, receptor), receptor) is not None:
        return False
    nombre = texto(fuente, receptor)
    f = receptor.parent
    while f is not None and not (f.type in FUNCIONES[:4] + ("method_definition",) and nombre in envolturas.parametros_por_nombre(fuente, f)):
        f = f.parent
    nombre_f = llamadas.nombre_de_funcion(fuente, f) if f is not None else None
    if f is None or nombre_f is None:
        return False
    indice = envolturas.parametros_por_nombre(fuente, f)[nombre]
    return fuente.memo(("servidor_por_parametro", f.id, indice),
                       lambda: _pasan_un_servidor(lector, todas, fuente, f, indice))


def _pasan_un_servidor(lector: Lector, todas: Sequence[Fuente], fuente: Fuente, f: Any, indice: int) -> bool:
    """Whether a call of the project function `f` (llamadas.llamadas_de: tests left out) passes a
    `new McpServer(...)` of the SDK at `indice`."""
    try:
        halladas = llamadas.llamadas_de(llamadas.Busqueda(lector, todas), Ref(fuente, f))
    except Irresoluble:  # no call found, or none that can be followed
        return False
    for llamada in halladas:
        pasados = nombrados(llamada.nodo.child_by_field_name("arguments"))
        if indice >= len(pasados):
            continue
        valor = seguir(lector, Ref(llamada.fuente, pasados[indice]))
        if _nuevo_mcp_server(valor) and (_importa(valor.fuente, SDK_SERVIDOR) or _importa_nombre(valor.fuente, "McpServer")):
            return True
    return False


def _metodo_del_proyecto(lector: Lector, fuente: Fuente, funcion: Any, metodo: str) -> bool:
    """Whether `x.metodo(...)` runs a method of the project's own: `x` is `this` in, or an instance of,
    a class whose chain declares `metodo`. A registry's method registers nothing; a wrapper's passes on
    to the SDK, and its calls are the tools of the registration inside it (`envolturas.sitios_de_envoltura`)."""
    receptor = funcion.child_by_field_name("object")
    if receptor is None:
        return False
    if receptor.type == "this":
        lexica = clases.clase_lexica(receptor)
        clase = Ref(fuente, lexica) if lexica is not None else None
    elif _servidor_del_sdk(lector, Ref(fuente, receptor)):
        return False  # the SDK's McpServer, whose sources a workspace may hold (the SDK's own examples)
    else:
        clase = clases.clase_de_valor(lector, Ref(fuente, receptor))
    return clase is not None and clases.metodo(lector, clase, metodo) is not None


def _servidor_del_sdk(lector: Lector, ref: Ref) -> bool:
    """Whether a value is a `new McpServer(...)` whose class its file imports from the SDK's server modules."""
    valor = seguir(lector, ref)
    return _nuevo_mcp_server(valor) and _importa(valor.fuente, SDK_SERVIDOR)


def _nuevo_mcp_server(valor: Ref) -> bool:
    """Whether a (followed) value is `new McpServer(...)` (`new sdk.McpServer(...)` too)."""
    constructor = valor.nodo.child_by_field_name("constructor") if valor.nodo.type == "new_expression" else None
    return constructor is not None and texto(valor.fuente, constructor).rsplit(".", 1)[-1] == "McpServer"


@dataclass
class Sitio:
    """Where one tool of a registration call is, and how it is read: the registration's arguments (a
    wrapper's parameters bound to a call's), the class whose instance `this` is, the loop variables
    bound to one element, and what could not be enumerated."""

    ref: Ref
    args: list[Ref]
    instancia: Optional[Ref] = None
    atados: dict[tuple[str, int, str], Ref] = field(default_factory=dict)
    aviso: Optional[tuple[str, Ref]] = None
    construccion: Optional[Ref] = None  # the `new` that builds the instance, when known
    lugar: Optional[Ref] = None  # where the tool is placed when it is not `ref` (the element a `.map` reads)


def _leido_en(lector: Lector, sitio: Sitio, leer: Callable[[], "Herramienta | Problema"]) -> "Herramienta | Problema":
    """A registration read at one of its sites (`this` that class's instance, loop variables bound)."""
    with lector.en(sitio.instancia, sitio.atados, sitio.construccion):
        hallado = leer()
    if not isinstance(hallado, Herramienta):
        return hallado
    hallado.instancia, hallado.atados, hallado.construccion = sitio.instancia, sitio.atados, sitio.construccion
    if sitio.lugar is not None:
        hallado.ref = sitio.lugar
    if sitio.aviso is not None:
        hallado.problemas.insert(0, sitio.aviso)
    return hallado


def _sitios(lector: Lector, todas: Sequence[Fuente], llamada: Ref, args: list[Ref]) -> list[Sitio]:
    """Where the tools of one registration call are: in a loop over a collection whose variable its
    arguments read, a tool per element (`_bucle`); in a class method whose tool name reads `this`, a
    tool per concrete class of its hierarchy (clases.concretas), placed at the class (the call, for
    the class that registers); when it passes parameters of the function around it, a tool per call
    of that function, those parameters bound to what the call passes (a wrapper with no call found
    stays the call itself); anything else, the call itself."""
    bucle = _bucle(lector, todas, llamada, args)
    if bucle is not None:
        return bucle
    base = clases.clase_lexica(llamada.nodo)
    if base is not None and clases.usa_this(args[0].nodo):
        concretas = clases.concretas(lector, todas, Ref(llamada.fuente, base))
        sitios = []
        for c, nuevos in concretas:
            if len(nuevos) > 1 and _nombrada_al_construir(lector, c, args[0], nuevos[0]):
                sitios.extend(Sitio(n, args, c, construccion=n) for n in nuevos)  # each `new` names its tool
            else:
                sitios.append(Sitio(llamada if c.nodo == base else Ref(c.fuente, c.nodo.child_by_field_name("name") or c.nodo),
                                    args, c, construccion=nuevos[0] if len(nuevos) == 1 else None))
        if sitios:
            return sitios
        nombre = clases.nombre_de(Ref(llamada.fuente, base)) or "(anonymous)"
        return [Sitio(llamada, args, Ref(llamada.fuente, base), aviso=(
            f"class `{nombre}` registers a tool per instance (through `this`), and no class of its hierarchy that is "
            "not abstract is found among the project's sources: the tools it registers are not known", llamada))]
    sitios = _envolturas_anidadas(lector, todas, llamada, args)
    if len(sitios) == 1 and sitios[0][0].nodo == llamada.nodo and _metodo_que_reenvia(llamada, args) \
            and _llamadas_leidas_aparte(lector, todas, llamada):
        return []  # its callers' `x.registerTool(...)` are read as the registrations: no tool of its own
    return [Sitio(sitio, de_sitio, atados=atados) for sitio, de_sitio, atados in sitios]


def _llamadas_leidas_aparte(lector: Lector, todas: Sequence[Fuente], llamada: Ref) -> bool:
    """Whether a call of the forwarding method's name, outside its class, is among the analyzed files (the
    files this front end reads registrations in): only then are its tools read elsewhere; with none, the
    forwarding call stays the one trace of them (a placeholder with its count row), never silence."""
    metodo = llamada.nodo.parent
    while metodo is not None and metodo.type != "method_definition":
        metodo = metodo.parent
    clase = clases.clase_lexica(metodo) if metodo is not None else None
    nombre = texto(llamada.fuente, metodo.child_by_field_name("name")) if metodo is not None else ""
    for fuente in todas:
        for n in fuente.de_tipo(("call_expression",)):
            funcion = n.child_by_field_name("function")
            if funcion is None or funcion.type != "member_expression" \
                    or texto(fuente, funcion.child_by_field_name("property")) != nombre \
                    or nombrados(funcion)[0].type == "this":
                continue
            if fuente.rel == llamada.fuente.rel and clase is not None and clase.start_byte <= n.start_byte < clase.end_byte:
                continue  # the forwarding call itself, or another inside the class
            return True
    return False


def _metodo_que_reenvia(llamada: Ref, args: list[Ref]) -> bool:
    """Whether the registration is inside a project class's own `registerTool` / `tool` method and passes
    that method's first parameter as the name (`registerTool(name, config, cb) { return
    this.mcp.registerTool(name, config, cb) }`): every call of such a method has the registration's own
    shape and is read where it is written, so the forwarding call is none of its own."""
    metodo = llamada.nodo.parent
    while metodo is not None and metodo.type not in FUNCIONES + ("method_definition",):
        metodo = metodo.parent
    if metodo is None or metodo.type != "method_definition" or clases.clase_lexica(metodo) is None:
        return False
    nombre = texto(llamada.fuente, metodo.child_by_field_name("name"))
    return nombre in (*METODOS_REGISTRO, "tool") and bool(args) and args[0].nodo.type == "identifier" \
        and envolturas.parametros_por_nombre(llamada.fuente, metodo).get(texto(llamada.fuente, args[0].nodo)) == 0


def _envolturas_anidadas(lector: Lector, todas: Sequence[Fuente], llamada: Ref, args: list[Ref], profundidad: int = 0
                         ) -> list[tuple[Ref, list[Ref], dict[tuple[str, int, str], Ref]]]:
    """`envolturas.sitios_de_envoltura`, and again at each call of a wrapper that is itself inside a
    function passing it its own parameters (`const w3 = (name, desc, shape, fn) => tool(name, desc,
    shape, ...)` over `tool = (name, ...rest) => server.tool(name, ...rest)`): a tool per call of the
    outermost function, up to three levels."""
    salida = []
    for sitio, de_sitio, atados in envolturas.sitios_de_envoltura(lector, todas, llamada, args):
        if sitio.nodo == llamada.nodo or profundidad >= 2:
            salida.append((sitio, de_sitio, atados))
            continue
        for exterior, de_exterior, mas in _envolturas_anidadas(lector, todas, sitio, de_sitio, profundidad + 1):
            salida.append((exterior, de_exterior, {**atados, **mas}))
    return salida


def _nombrada_al_construir(lector: Lector, clase: Ref, nombre: Ref, nuevo: Ref) -> bool:
    """Whether a class's instances get their tool name from what a `new` passes: unread without the
    `new`, read with it."""
    with lector.en(clase, {}):
        sin = cadena(lector, nombre)
    with lector.en(clase, {}, nuevo):
        con = cadena(lector, nombre)
    return sin is None and con is not None


def _bucle(lector: Lector, todas: Sequence[Fuente], llamada: Ref, args: list[Ref]) -> Optional[list[Sitio]]:
    """A registration inside `for (const x of E)` or `E.forEach((x) => ...)` whose arguments read `x`:
    a tool per element of E, `x` bound to it while it is read, placed at the element (an instance of
    a project class at its class, read as that instance). None when the registration is in no such
    loop; when E cannot be enumerated, the call itself, the reason among the tool's problems."""
    n = llamada.nodo.parent
    while n is not None:
        variable, coleccion = patrones.bucle_de(llamada.fuente, n) or (None, None)
        nombres = patrones.nombres_del_patron(llamada.fuente, variable) if variable is not None and coleccion is not None else {}
        if nombres and any(x.type == "identifier" and texto(llamada.fuente, x) in nombres
                           for a in args for x in recorrer(a.nodo)):
            return _por_elemento(lector, todas, llamada, args, (llamada.fuente.rel, n.start_byte), nombres,
                                 Ref(llamada.fuente, coleccion))
        if n.type in ("function_declaration", "method_definition", "class_body"):
            return None
        n = n.parent
    return None


def _por_elemento(lector: Lector, todas: Sequence[Fuente], llamada: Ref, args: list[Ref], construccion: tuple[str, int],
                  nombres: dict[str, Optional[str]], coleccion: Ref) -> list[Sitio]:
    """A site per element of `coleccion`, the loop variable (`nombres` of the pattern at `construccion`)
    bound to it."""
    try:
        lista = enumerados(lector, todas, coleccion)
    except Irresoluble as e:
        return [Sitio(llamada, args, aviso=(f"a tool is registered per element of `{coleccion.corto()}`, which cannot "
                                            f"be enumerated: {e.motivo}", e.ref))]
    return [_de_elemento_ligado(lector, elemento, at, construccion, nombres, args) for elemento, at in lista]


def _de_elemento_ligado(lector: Lector, elemento: Ref, at: dict, construccion: tuple[str, int],
                        nombres: dict[str, Optional[str]], args: list[Ref], objeto: Optional[Ref] = None) -> Sitio:
    """`_de_elemento`, read under the bindings the element was found with."""
    with lector.en(lector.instancia, {**lector.atados, **at}, lector.construccion):
        return _de_elemento(lector, elemento, construccion, nombres, args, objeto)


def _de_elemento(lector: Lector, elemento: Ref, construccion: tuple[str, int], nombres: dict[str, Optional[str]],
                 args: list[Ref], objeto: Optional[Ref] = None) -> Sitio:
    """The site of one element of a collection: the loop variable bound to it (a destructured name to
    the element's property); an instance of a project class read as that instance and placed at its
    class, anything else placed where the element is written (or at `objeto`, the tool object a `.map`
    callback builds from it)."""
    atados = {**lector.atados, **patrones.atar_patron(lector, elemento, construccion, nombres)}
    valor = seguir(lector, elemento)
    instancia = None
    if valor.nodo.type == "new_expression" and valor.nodo.child_by_field_name("constructor") is not None:
        clase = seguir(lector, Ref(valor.fuente, valor.nodo.child_by_field_name("constructor")))
        instancia = clase if clase.nodo.type in clases.CLASES else None
    # an instance is placed at its class unless the `new` itself says which tool it is (its arguments)
    sitio = valor if instancia is None or _con_argumentos(valor) else \
        Ref(instancia.fuente, instancia.nodo.child_by_field_name("name") or instancia.nodo)
    return Sitio(objeto if objeto is not None else sitio, args, instancia, atados,
                 construccion=valor if instancia is not None else None, lugar=sitio if objeto is not None else None)


def _con_argumentos(nuevo: Ref) -> bool:
    argumentos = nuevo.nodo.child_by_field_name("arguments")
    return argumentos is not None and bool(nombrados(argumentos))


def _importa(fuente: Fuente, prefijos: tuple[str, ...]) -> bool:
    """Whether the file imports a module `prefijos` names (itself or one of its submodules)."""
    return any(valor == p or valor.startswith(p + "/") for valor in origenes(fuente) for p in prefijos)


def origenes(fuente: Fuente) -> tuple[str, ...]:
    """The module specifiers the file's top-level `import ... from` / `export ... from` statements name,
    in source order (read once per file)."""
    def leer() -> tuple[str, ...]:
        salida = []
        for s in nombrados(fuente.raiz):
            origen = s.child_by_field_name("source") if s.type in ("import_statement", "export_statement") else None
            valor = cadena_literal(fuente, origen) if origen is not None else None
            if valor is not None:
                salida.append(valor)
        return tuple(salida)

    return fuente.memo("origenes", leer)  # type: ignore[no-any-return]


# the modules a server class is imported from (not the SDK's transports, auth helpers or errors)
MODULOS_DE_SERVIDOR = ("@modelcontextprotocol/sdk/server/mcp", "@modelcontextprotocol/sdk/server/index",
                       "@modelcontextprotocol/sdk/server", "@modelcontextprotocol/server", "fastmcp")


def importa_servidor(fuente: Fuente) -> bool:
    """Whether a source imports a module a server class comes from: the SDK's `server/mcp` or
    `server/index` (with or without `.js`), the SDK 2.x server package, or the `fastmcp` package."""
    return any(valor.removesuffix(".js") in MODULOS_DE_SERVIDOR for valor in origenes(fuente))


def _importa_nombre(fuente: Fuente, nombre: str) -> bool:
    """Whether the file imports a binding named `nombre` from any module (`import { McpServer } from
    "../../server/mcp.js"` inside the SDK's own tree, a project module re-exporting it)."""
    for s in nombrados(fuente.raiz):
        if s.type != "import_statement":
            continue
        for n in recorrer(s):
            if n.type == "import_specifier" and texto(fuente, n.child_by_field_name("name")) == nombre:
                return True
    return False


def despachadores(lector: Lector, fuente: Fuente) -> list[Ref]:
    """The functions a file gives `setRequestHandler(CallToolRequestSchema, fn)` (followed to the function)."""
    salida = []
    for n in fuente.de_tipo(("call_expression",)):
        funcion = n.child_by_field_name("function")
        if funcion is None or funcion.type != "member_expression" \
                or texto(fuente, funcion.child_by_field_name("property")) != "setRequestHandler":
            continue
        args = [Ref(fuente, a) for a in nombrados(n.child_by_field_name("arguments"))]
        if len(args) == 2 and _es_esquema(lector, args[0], "CallToolRequestSchema"):
            destino = clases.funcion_manejadora(lector, args[1])
            if destino.nodo.type in FUNCIONES[:4] + ("method_definition",):
                salida.append(destino)
    return salida


def servidores_creados(fuente: Fuente) -> list[Ref]:
    """The `new McpServer(...)`, `new Server(...)` and `new FastMCP(...)` of a file."""
    return [Ref(fuente, n) for n in fuente.de_tipo(("new_expression",))
            if n.child_by_field_name("constructor") is not None
            and texto(fuente, n.child_by_field_name("constructor")).rsplit(".", 1)[-1] in ("McpServer", "Server", "FastMCP")]


NO_NOMBRES = ("object", "array", "number", "true", "false", "null", "arrow_function", "function_expression")


def _nombre_posible(lector: Lector, ref: Ref) -> bool:
    """Whether a first argument can be a tool name: a string, or an expression that is not a literal of
    another kind, nor a call of a project function whose every return is one (`registerTool(createTool(),
    { name })` of a plugin API: the first argument is a tool object)."""
    r = seguir(lector, ref)
    if r.nodo.type == "call_expression" and r.nodo.child_by_field_name("function") is not None:
        funcion = seguir(lector, Ref(r.fuente, r.nodo.child_by_field_name("function")))
        devueltos = valores_devueltos(funcion) if funcion.nodo.type in FUNCIONES[:4] else []
        return not devueltos or any(seguir(lector, d).nodo.type not in NO_NOMBRES for d in devueltos)
    return r.nodo.type not in NO_NOMBRES


def _nombre(lector: Lector, ref: Ref) -> str:
    """A tool's name: the string it is, or `{source}` when it is computed."""
    valor = cadena(lector, ref)
    return valor if valor is not None else "{" + ref.corto(40) + "}"


LEIDAS = ("inputSchema", "outputSchema", "annotations")  # the config keys a registration's reading uses


def _opciones(lector: Lector, ref: Ref) -> list[tuple[str, Ref]]:
    """A registration config's properties; of `c ? a : b` (`short ? { ...config, description: short } :
    config`), the keys both sides give the same value: one the reading uses (`LEIDAS`) with two values
    is Irresoluble, any other (a description) that differs is left out."""
    r = seguir(lector, ref)
    if r.nodo.type != "ternary_expression":
        return propiedades(lector, ref)
    lados = [dict(propiedades(lector, Ref(r.fuente, r.nodo.child_by_field_name(c))))
             for c in ("consequence", "alternative")]
    salida = []
    for clave in dict.fromkeys([*lados[0], *lados[1]]):
        a, b = lados[0].get(clave), lados[1].get(clave)
        igual = a is not None and b is not None and seguir(lector, a).nodo == seguir(lector, b).nodo
        if igual:
            salida.append((clave, a))
        elif clave in LEIDAS:
            raise Irresoluble(f"`{ref.corto()}` gives `{clave}` a different value on each side", ref)
    return salida  # type: ignore[return-value]


def _herramienta(lector: Lector, nombre: Ref, donde: Ref, registro: str, **campos: Any) -> Herramienta:
    """The tool a registration names; when its computed name comes from a parameter no call being read
    binds, a row says the registration may stand for more than one tool (one per call of the function)."""
    h = Herramienta(_nombre(lector, nombre), donde, registro, **campos)
    if h.nombre.startswith("{"):
        libre = parametro_libre(lector, nombre)
        if libre is not None:
            funcion = libre[1].nodo.child_by_field_name("name")
            if funcion is None and libre[1].nodo.parent is not None and libre[1].nodo.parent.type == "variable_declarator":
                funcion = libre[1].nodo.parent.child_by_field_name("name")  # `const corto = (...) => ...`
            linea = libre[1].fuente.posicion(libre[1].nodo)[0]
            quien = f"`{texto(libre[1].fuente, funcion)}` ({libre[1].fuente.rel}:{linea})" if funcion is not None \
                else f"the function at {libre[1].fuente.rel}:{linea}"
            h.problemas.append((f"tool `{h.nombre}` takes its name from `{libre[0]}`, a parameter of {quien} whose "
                                "calls the analyzer does not follow: the registration stands for one tool per call, "
                                "how many is not known (read as one)", nombre))
    return h


def _registrar(lector: Lector, llamada: Ref, args: list[Ref], sabor: Sabor, registro: str) -> Herramienta | Problema:
    """`registerTool(name, config, handler)`."""
    h = _herramienta(lector, args[0], llamada, registro)
    nombre = h.nombre
    try:
        config = {k: v for k, v in _opciones(lector, args[1]) if not indefinido(lector, v)}
    except Irresoluble as e:
        return _ilegible(h, f"the config of tool `{nombre}` cannot be read: {e.motivo}", e.ref)
    h.manejador = args[2] if len(args) > 2 else None
    h.con_argumentos = config.get("inputSchema") is not None
    h.entrada = _esquema(lector, config.get("inputSchema"), sabor, "input", h)
    if h.entrada is None and h.clase_entrada != "no_resuelto":
        h.entrada = (dict(ENTRADA_VACIA), llamada)
    if config.get("outputSchema") is not None:
        h.salida = _esquema(lector, config["outputSchema"], sabor, "output", h)
    _anotaciones(lector, config.get("annotations"), h)
    return h


ENTRADA_FASTMCP = {"additionalProperties": False, "properties": {}, "type": "object"}  # fastmcp, no parameters


def _fastmcp(lector: Lector, llamada: Ref, definicion: Ref, sabor: Sabor) -> Herramienta | Problema:
    """`server.addTool({ name, parameters, outputSchema, annotations, execute })` of the `fastmcp`
    package: its schemas as fastmcp publishes them (docs/typescript.md)."""
    try:
        campos = dict(propiedades(lector, definicion))
    except Irresoluble as e:
        return Problema(None, f"a tool of the `fastmcp` package cannot be read: {e.motivo}", e.ref)
    if "name" not in campos:
        return Problema(None, f"`{definicion.corto()}` adds a tool without a `name`", definicion)
    h = _herramienta(lector, campos["name"], llamada, "fastmcp")
    h.manejador, h.con_argumentos, h.directa = campos.get("execute"), "parameters" in campos, True
    for clave, io in (("parameters", "input"), ("outputSchema", "output")):
        if clave not in campos:
            continue
        try:
            mayor = _fastmcp_de(lector, llamada.fuente, campos[clave])
            lector.zod_vistos.clear()
            esquema = zod.leer(lector, campos[clave])
            publicado = publicar_fastmcp(esquema, sabor(lector.zod_vistos, campos[clave]), io, mayor)
        except Irresoluble as e:
            lado = "input" if io == "input" else "output"
            h.problemas.append((f"the {lado} schema of tool `{h.nombre}` cannot be read: {e.motivo}", e.ref))
            setattr(h, "clase_entrada" if io == "input" else "clase_salida", "no_resuelto")
            continue
        if publicado is not None:
            setattr(h, "entrada" if io == "input" else "salida", (publicado, seguir(lector, campos[clave])))
    if h.entrada is None and h.clase_entrada != "no_resuelto":
        h.entrada = (dict(ENTRADA_FASTMCP), llamada)
    _anotaciones(lector, campos.get("annotations"), h)
    return h


def _fastmcp_de(lector: Lector, fuente: Fuente, ref: Ref) -> int:
    """The fastmcp major the file resolves (3 or 4: what was checked against); Irresoluble otherwise."""
    from .paquetes import mayor_de, version_de

    version = version_de((lector.raiz / fuente.rel).parent, "fastmcp")
    mayor = mayor_de(version)
    if mayor not in (3, 4):
        que = f"fastmcp {version}" if version is not None else "a fastmcp whose release nothing declares"
        raise Irresoluble(f"{que}: only the schema conversion of fastmcp 3.x and 4.x is read (declare or install one)", ref)
    return mayor  # type: ignore[return-value]


def publicar_fastmcp(esquema: zod.Z, sabor: str, io: str, mayor: int = 4) -> Optional[dict[str, Any]]:
    """What fastmcp lists for a zod schema. fastmcp 4 (through xsschema): zod 4.2 and later through
    its standard JSON Schema (`input` side, draft-07) for both sides, earlier zod 4 through
    `toJSONSchema(target: draft-7)` (`output`), zod 3 through zod-to-json-schema; the input side then
    made strict (`additionalProperties: false` on the root and on object properties, recursively).
    fastmcp 3 lists the input schema as zod-to-json-schema gives it (zod 3) or as `toJSONSchema(target:
    draft-7)` does (zod 4, its `output` side), not closed, and no output schema (None)."""
    if esquema.tipo != "object":
        raise Irresoluble("fastmcp lists a schema that is not an object as it is, which the analyzer does not read",
                          esquema.ref)  # type: ignore[arg-type]
    if sabor == "v3":
        sabor = zod_json.V3_LAXO  # xsschema calls zod-to-json-schema without `strictUnions`
    if mayor == 3:  # xsschema 0.4: zod-to-json-schema for zod 3, toJSONSchema(target: draft-7) for zod 4
        return zod_json.publicar(esquema, sabor, "input" if sabor == zod_json.V3_LAXO else "output") \
            if io == "input" else None
    como = "input" if sabor == zod_json.V3_LAXO or zod_json.desde(sabor, (4, 2, 0), "fastmcp's schemas", esquema) \
        else "output"
    publicado = zod_json.publicar(esquema, sabor, como)
    return _estricto(publicado) if io == "input" and publicado is not None else publicado


def _estricto(esquema: dict[str, Any]) -> dict[str, Any]:
    """xsschema's `strictJsonSchema`: the root closed, and each property whose `type` is `object`, recursively."""
    salida = {**esquema, "additionalProperties": False}
    if isinstance(esquema.get("properties"), dict):
        salida["properties"] = {k: _estricto(v) if isinstance(v, dict) and v.get("type") == "object" else v
                                for k, v in esquema["properties"].items()}
    return salida


def _ilegible(h: Herramienta, motivo: str, ref: Ref) -> Herramienta:
    """A tool known by its name whose schemas and annotations cannot be read: still a tool, every
    column `no_resuelto`, with the reason."""
    h.clase_entrada = h.clase_salida = "no_resuelto"
    h.anotaciones_ilegibles = True
    h.problemas.append((motivo, ref))
    return h


def _tool(lector: Lector, llamada: Ref, args: list[Ref], sabor: Sabor) -> Herramienta | Problema:
    """`tool(name, ...rest, handler)`, the overloads decided as the SDK 1.x decides them."""
    h = _herramienta(lector, args[0], llamada, "tool")
    nombre = h.nombre
    resto = list(args[1:])
    if resto and _es_texto(lector, resto[0]):
        resto.pop(0)  # the description
    esquema: Optional[Ref] = None
    if len(resto) > 1:
        if _es_forma(lector, resto[0]):
            esquema = resto.pop(0)
            if len(resto) > 1 and seguir(lector, resto[0]).nodo.type == "object" and not _es_forma(lector, resto[0]):
                _anotaciones(lector, resto.pop(0), h)
        elif seguir(lector, resto[0]).nodo.type == "object":
            _anotaciones(lector, resto.pop(0), h)
        else:  # still a tool: its input schema and annotations are what cannot be read
            h.clase_entrada, h.anotaciones_ilegibles = "no_resuelto", True
            h.problemas.append((f"tool `{nombre}`: `{resto[0].corto()}` may be its schema or its annotations, and the "
                                "analyzer cannot tell which", resto[0]))
            h.manejador = args[-1]  # whether the SDK passes it the arguments is not known: read as if not
            return h
    h.manejador, h.con_argumentos = args[-1], esquema is not None
    h.entrada = _esquema(lector, esquema, sabor, "input", h) if esquema is not None else None
    if h.entrada is None and h.clase_entrada != "no_resuelto":
        h.entrada = (dict(ENTRADA_VACIA), llamada)
    return h


def _es_texto(lector: Lector, ref: Ref) -> bool:
    """Whether an argument is a string: one the analyzer reads, or a template literal (whatever its
    substitutions hold, it is a string)."""
    return cadena(lector, ref) is not None or seguir(lector, ref).nodo.type == "template_string"


def _es_forma(lector: Lector, ref: Ref) -> bool:
    """Whether an argument is a raw shape (an object literal some of whose values are zod schemas, or `{}`)."""
    r = seguir(lector, ref)
    devuelto = retorno_de_llamada(lector, r) if r.nodo.type == "call_expression" else None
    if devuelto is not None:  # `pingSchema()`: the shape the project function returns
        r = seguir(lector, devuelto)
    if r.nodo.type == "member_expression" and texto(r.fuente, r.nodo.child_by_field_name("property")) == "shape":
        return True
    if r.nodo.type != "object":
        return False
    try:
        valores = [v for _, v in propiedades(lector, r)]
    except Irresoluble:
        return False
    return not valores or any(zod.es_zod(lector, v) for v in valores)


def _esquema(lector: Lector, ref: Optional[Ref], sabor: Sabor, io: str, h: Herramienta
             ) -> Optional[tuple[dict[str, Any], Ref]]:
    """The schema the SDK publishes for an `inputSchema`/`outputSchema` value (a raw shape or a zod
    schema): None when there is none to publish (absent, or a zod schema that is not an object);
    on a construct it cannot read, a problem is recorded on the tool and None returned."""
    if ref is None:
        return None
    lado = "input" if io == "input" else "output"
    try:
        lector.zod_vistos.clear()
        forma = zod.forma(lector, ref)
        esquema = zod.leer(lector, ref) if forma is None else None
        elegido = sabor(lector.zod_vistos, ref)
        sdk = _sdk_de(lector, h.ref.fuente)
        if forma is not None:
            return zod_json.publicar_forma(forma, elegido, io, sdk), seguir(lector, ref)
        assert esquema is not None
        publicado = zod_json.publicar(esquema, elegido, io, sdk)
        return (publicado, seguir(lector, ref)) if publicado is not None else None
    except Irresoluble as e:
        h.problemas.append((f"the {lado} schema of tool `{h.nombre}` cannot be read: {e.motivo}", e.ref))
        if io == "output":
            h.clase_salida = "no_resuelto"
        else:
            h.clase_entrada = "no_resuelto"
        return None


def _sdk_de(lector: Lector, fuente: Fuente) -> int:
    """The SDK major a registration's file publishes with: 2 when it imports `@modelcontextprotocol/server`
    (the 2.x packages), 1 when it imports `@modelcontextprotocol/sdk`; otherwise 2 only when the 2.x
    package, and not the 1.x one, resolves from the file's folder (installed, locked or declared)."""
    from .paquetes import version_de

    if _importa(fuente, (SDK_SERVIDOR[1],)):
        return 2
    if _importa(fuente, (SDK_SERVIDOR[0],)):
        return 1
    carpeta = (lector.raiz / fuente.rel).parent
    return 2 if version_de(carpeta, "@modelcontextprotocol/server") is not None \
        and version_de(carpeta, "@modelcontextprotocol/sdk") is None else 1


def _anotaciones(lector: Lector, ref: Optional[Ref], h: Herramienta) -> None:
    """A tool's annotations value, or why it cannot be read."""
    if ref is None:
        return
    try:
        valor = json_literal(lector, ref)
    except Irresoluble as e:
        h.anotaciones_ilegibles = True
        h.problemas.append((f"the annotations of tool `{h.nombre}` cannot be read: {e.motivo}", e.ref))
        return
    h.anotaciones = valor


def _es_listado(lector: Lector, ref: Ref) -> bool:
    """Whether a name is the SDK's `ListToolsRequestSchema`."""
    return _es_esquema(lector, ref, "ListToolsRequestSchema")


def _es_esquema(lector: Lector, ref: Ref, nombre: str) -> bool:
    """Whether an expression names the SDK's request schema `nombre` (`X`, `types.X`, an alias
    `import { X as Y }`, a project module's `export const X = Y` of one)."""
    r = seguir(lector, ref)
    if r.nodo.type == "member_expression":
        return texto(r.fuente, r.nodo.child_by_field_name("property")) == nombre
    if r.nodo.type != "identifier":
        return False
    importado = especificador_de(lector, r.fuente, texto(r.fuente, r.nodo), r.nodo)
    return (importado[1] if importado is not None else texto(r.fuente, r.nodo)) == nombre


def _bajo_nivel(lector: Lector, todas: Sequence[Fuente], llamada: Ref, args: list[Ref], sabor: Sabor
                ) -> Iterator[Herramienta | Problema]:
    """The tools a low-level `ListToolsRequestSchema` handler returns."""
    if len(args) < 2:
        yield Problema(None, "a `ListToolsRequestSchema` handler without a function", llamada)
        return
    funcion = clases.funcion_manejadora(lector, args[1])
    base = clases.clase_lexica(llamada.nodo)
    if base is None or lector.instancia is not None or not clases.usa_this(funcion.nodo):
        yield from _listados(lector, todas, llamada, funcion, sabor)
        return
    # a handler a class sets up over `this` (`tools: this.tools.map(...)`): the list of each concrete
    # class of its hierarchy, read as that class's instance (a subclass overrides the field)
    concretas = clases.concretas(lector, todas, Ref(llamada.fuente, base))
    if not concretas:
        nombre = clases.nombre_de(Ref(llamada.fuente, base)) or "(anonymous)"
        yield Problema(None, f"class `{nombre}` lists its tools through `this`, and no class of its hierarchy that is not "
                             "abstract is found among the project's sources: the tools it lists are not known", llamada)
        return
    for clase, nuevos in concretas:
        with lector.en(clase, {}, nuevos[0] if len(nuevos) == 1 else None):
            yield from _listados(lector, todas, llamada, funcion, sabor)


def _listados(lector: Lector, todas: Sequence[Fuente], llamada: Ref, funcion: Ref, sabor: Sabor
              ) -> Iterator[Herramienta | Problema]:
    """The tools of the list a `ListToolsRequestSchema` handler returns, or why it cannot be enumerated."""
    try:
        lista = _lista_devuelta(lector, todas, funcion)
    except Irresoluble as e:
        # a reason found in another source is told at the handler, naming where it was found
        donde = e.ref if e.ref.fuente.rel == llamada.fuente.rel else llamada
        lugar = "" if donde is e.ref else f" ({e.ref.fuente.rel}:{e.ref.fuente.posicion(e.ref.nodo)[0]})"
        yield Problema(None, f"the tools this `ListToolsRequestSchema` handler lists cannot be enumerated: {e.motivo}"
                             f"{lugar}; its tools are not judged (judge the server live with `oracle-lint probe`)", donde)
        return
    for sitio in lista:
        if sitio.instancia is None:  # read as the instance being read, if any
            sitio.instancia, sitio.construccion = lector.instancia, lector.construccion
        yield _leido_en(lector, sitio, lambda: _de_objeto(lector, sitio.ref, sabor))


def _lista_devuelta(lector: Lector, todas: Sequence[Fuente], funcion: Ref) -> list[Sitio]:
    """The tool objects of the `tools` arrays the handler returns (each return, both sides of a
    conditional: what it may list): their elements, or `E.map((t) => ({ ... }))`'s object per element
    of E, `t` bound to the element."""
    cuerpo = funcion.nodo.child_by_field_name("body") if funcion.nodo.type in FUNCIONES[:4] + ("method_definition",) \
        else None
    if cuerpo is None:
        raise Irresoluble(f"`{funcion.corto()}` is not a function the analyzer can read", funcion)
    if cuerpo.type == "statement_block":
        retornos = sentencias_return(funcion)
        if not retornos or not all(nombrados(r) for r in retornos):
            raise Irresoluble(f"the handler has {len(retornos)} return statements, not one that returns a value "
                              "each", funcion)
        valores_ = [Ref(funcion.fuente, nombrados(r)[0]) for r in retornos]
    else:
        valores_ = [Ref(funcion.fuente, cuerpo)]
    salida: list[Sitio] = []
    vistos: set[tuple[str, int]] = set()
    pendientes = list(valores_)
    while pendientes:
        valor = sin_await(pendientes.pop(0))  # `Promise.resolve({ tools })` from a handler that is not async
        r = seguir(lector, valor)
        if r.nodo.type == "ternary_expression":  # `off() ? { tools: [] } : { tools }`: either may be listed
            pendientes[:0] = [Ref(r.fuente, r.nodo.child_by_field_name(c)) for c in ("consequence", "alternative")]
            continue
        for sitio in _lista_de_un_retorno(lector, todas, valor):
            clave = (sitio.ref.fuente.rel, sitio.ref.nodo.start_byte,
                     tuple(sorted((k, v.fuente.rel, v.nodo.start_byte) for k, v in sitio.atados.items())))
            if clave not in vistos:
                vistos.add(clave)
                salida.append(sitio)
    return salida


def _lista_de_un_retorno(lector: Lector, todas: Sequence[Fuente], valor: Ref) -> list[Sitio]:
    """The tool objects of the `tools` array of one returned object."""
    tools = dict(propiedades(lector, valor)).get("tools")
    if tools is None:
        raise Irresoluble(f"`{valor.corto()}` has no `tools` key", valor)
    r = seguir(lector, tools)
    f = r.nodo.child_by_field_name("function") if r.nodo.type == "call_expression" else None
    if f is not None and f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) == "map":
        return _mapeados(lector, todas, Ref(r.fuente, f.child_by_field_name("object")),
                         [Ref(r.fuente, a) for a in nombrados(r.nodo.child_by_field_name("arguments"))])
    salida = []
    for e, at in enumerados(lector, todas, tools):
        atados = {**lector.atados, **at}
        lugar = almacen.origen(lector, e, atados)
        salida.append(Sitio(e, [], atados=atados, lugar=lugar if lugar.nodo != e.nodo else None))
    return salida


def _mapeados(lector: Lector, todas: Sequence[Fuente], coleccion: Ref, argumentos: list[Ref]) -> list[Sitio]:
    """`coleccion.map(cb)` (an inline callback or a project function): the object `cb` returns, once per
    element, its first parameter bound to it; of a function with several returns, the one the path its
    known tests take reaches for that element (linter/ts/camino.py), the element itself where that is
    the parameter."""
    cb = seguir(lector, argumentos[0]) if argumentos else None
    if cb is None or cb.nodo.type not in FUNCIONES_DE_VALOR:
        raise Irresoluble(f"`{coleccion.corto()}.map(...)` maps with what is not a function the analyzer reads", coleccion)
    patron = patrones.primer_parametro(cb.nodo)
    nombres = patrones.nombres_del_patron(cb.fuente, patron) if patron is not None else {}
    if not nombres:
        raise Irresoluble(f"the function `{coleccion.corto()}` is mapped with takes no parameter the analyzer reads", cb)
    construccion = (cb.fuente.rel, cb.nodo.start_byte)
    cuerpo = cb.nodo.child_by_field_name("body")
    retornos = [n for n in sentencias_return(cb) if nombrados(n)] if cuerpo.type == "statement_block" else []
    if cuerpo.type == "statement_block" and not retornos:
        raise Irresoluble(f"the function `{coleccion.corto()}` is mapped with returns no value", cb)
    unico = Ref(cb.fuente, nombrados(retornos[0])[0] if retornos else cuerpo) if len(retornos) <= 1 else None
    salida = []
    for e, at in enumerados(lector, todas, coleccion):
        objeto = unico if unico is not None else _retorno_por_elemento(lector, cb, e, at, construccion, nombres)
        if objeto.nodo.type == "identifier" and nombres.get(texto(objeto.fuente, objeto.nodo), "") is None \
                and patron is not None and patron.type == "identifier":
            objeto = None  # `return tool`: the element itself, read where it is written
        salida.append(_de_elemento_ligado(lector, e, at, construccion, nombres, [], objeto))
    return salida


def _retorno_por_elemento(lector: Lector, cb: Ref, elemento: Ref, at: dict, construccion: tuple[str, int],
                          nombres: dict[str, Optional[str]]) -> Ref:
    """The return a mapped function with several takes for one element, its parameter bound to it."""
    with lector.en(lector.instancia, {**lector.atados, **at}, lector.construccion):
        atados = {**lector.atados, **patrones.atar_patron(lector, elemento, construccion, nombres)}
    with lector.en(lector.instancia, atados, lector.construccion):
        tomado = camino.retorno_tomado(lector, cb)
    if tomado is None:
        raise Irresoluble(f"the function `{cb.corto(40)}` a list is mapped with has {len(sentencias_return(cb))} return "
                          f"statements, and which one runs for `{elemento.corto(40)}` is not known", cb)
    return tomado


def enumerados(lector: Lector, todas: Sequence[Fuente], coleccion: Ref) -> list[tuple[Ref, dict]]:
    """The elements of a collection, each with the names bound while it is read: its literal elements
    and what the program fills it with (linter/ts/almacen.py: spreads, a registry's field, a function's
    parameter, a `let`, what is pushed)."""
    return almacen.elementos(llamadas.Busqueda(lector, todas), coleccion, dict(lector.atados))


def _de_objeto(lector: Lector, elemento: Ref, sabor: Sabor) -> Herramienta | Problema:
    """One tool object of a low-level list: `{ name, description, inputSchema, outputSchema, annotations }`,
    or what a project factory with one return gives for it (`withCategory(meta, "core")`, its parameters
    bound to the call's arguments while the tool is read)."""
    try:
        copia = copia_sin_borradas(lector, elemento)  # `const copy = structuredClone(t); delete copy.outputSchema`
        campos = {k: v for k, v in propiedades(lector, copia[0]) if k not in copia[1]} if copia is not None \
            else dict(propiedades(lector, valor_de_objeto(lector, elemento)))
    except Irresoluble as e:
        return Problema(None, f"a tool of a `ListToolsRequestSchema` list cannot be read: {e.motivo}", e.ref)
    if "name" not in campos:
        return Problema(None, f"`{elemento.corto()}` lists a tool without a `name`", elemento)
    h = _herramienta(lector, campos["name"], seguir(lector, elemento), "lowlevel", clase_entrada="literal",
                     clase_salida="literal")
    nombre = h.nombre
    for clave, io in (("inputSchema", "input"), ("outputSchema", "output")):
        if clave in campos:  # `tool.outputSchema ? zodToJsonSchema(tool.outputSchema) : undefined`: the side taken
            campos[clave] = _lado_tomado(lector, campos[clave])
        if clave not in campos or indefinido(lector, campos[clave]):
            continue
        try:
            valor = _json_schema(lector, campos[clave], sabor)
        except Irresoluble as e:
            h.problemas.append((f"the {io} schema of tool `{nombre}` cannot be read: {e.motivo}", e.ref))
            setattr(h, "clase_entrada" if io == "input" else "clase_salida", "no_resuelto")
            continue
        donde = seguir(lector, campos[clave])
        if io == "input":
            h.entrada = (valor, donde)
        else:
            h.salida = (valor, donde)
        funcion = donde.nodo.child_by_field_name("function") if donde.nodo.type == "call_expression" else None
        if funcion is not None and texto(donde.fuente, funcion).rsplit(".", 1)[-1] in ("zodToJsonSchema", "toJSONSchema"):
            setattr(h, "clase_entrada" if io == "input" else "clase_salida", "modelo")  # a zod model's rendering
    _anotaciones(lector, campos.get("annotations"), h)
    return h


def _lado_tomado(lector: Lector, ref: Ref) -> Ref:
    """The side of `c ? a : b` a condition the analyzer can tell takes (valores.verdad_estatica), through
    nested conditionals; the expression itself otherwise."""
    r = seguir(lector, ref)
    while r.nodo.type == "ternary_expression":
        condicion = Ref(r.fuente, r.nodo.child_by_field_name("condition"))
        verdad = verdad_estatica(lector, condicion)
        if verdad is None and zod.es_zod(lector, condicion):
            verdad = True  # a zod schema is an object
        if verdad is None:
            return ref
        ref = Ref(r.fuente, r.nodo.child_by_field_name("consequence" if verdad else "alternative"))
        r = seguir(lector, ref)
    return ref


def _json_schema(lector: Lector, ref: Ref, sabor: Sabor) -> Any:
    """A JSON Schema value of a low-level list: a literal, `zodToJsonSchema(S)` (the zod-to-json-schema
    package: zod 3, draft-07) or `z.toJSONSchema(S)` (zod 4: draft 2020-12, output), also as a project
    function returns it (`convertToSchema(S)`); keys `delete`d from the name that holds it are taken out."""
    inicial = ligadura(ref.fuente, texto(ref.fuente, desnudar(ref.nodo)), desnudar(ref.nodo)) \
        if desnudar(ref.nodo) is not None and desnudar(ref.nodo).type == "identifier" else None
    escritas = escrituras_en(ref) if isinstance(inicial, Ref) and desnudar(inicial.nodo).type != "object" else None
    if escritas:  # `const j = z.toJSONSchema(s); delete j.$schema;`: deletes are read, any other write is a row
        borradas = claves_borradas(lector, escritas, texto(ref.fuente, desnudar(ref.nodo)))  # (a literal's: json_literal)
        if borradas is None:
            raise Irresoluble(f"`{ref.corto()}` is filled after it is written (`{escritas[0].corto()}`): what it "
                              "holds is not known", escritas[0])
        esquema = _json_schema(lector, inicial, sabor)
        return {k: v for k, v in esquema.items() if k not in borradas} if isinstance(esquema, dict) else esquema
    r = seguir(lector, ref)
    if r.nodo.type != "call_expression":
        paquete = de_un_paquete(lector, r)
        if paquete is not None:
            raise Irresoluble(f"`{ref.corto()}`: `{paquete[0]}` comes from the package `{paquete[1]}`, whose sources "
                              "are not among the project's", ref)
        return json_literal(lector, ref)
    funcion = r.nodo.child_by_field_name("function")
    args = [Ref(r.fuente, a) for a in nombrados(r.nodo.child_by_field_name("arguments"))]
    nombre = texto(r.fuente, funcion.child_by_field_name("property") if funcion.type == "member_expression" else funcion)
    es_de_zod = funcion.type == "member_expression" and zod.es_zod(lector, Ref(r.fuente, funcion.child_by_field_name("object")))
    if nombre == "zodToJsonSchema" and len(args) == 2:
        _opciones_por_defecto(lector, args[1], ref)
        args = args[:1]
    if (nombre == "zodToJsonSchema" or nombre == "toJSONSchema" and es_de_zod) and len(args) == 1:
        lector.zod_vistos.clear()
        esquema = zod.leer(lector, args[0])
        elegido = sabor(lector.zod_vistos, ref)
        if nombre == "zodToJsonSchema":
            if elegido != "v3":
                raise Irresoluble(f"`{ref.corto()}`: zod-to-json-schema over a zod 4 schema is not read", ref)
            zod_json.sin_repetir(esquema, zod_json.V3_LAXO)  # a bare call: zod-to-json-schema's defaults (no `strictUnions`)
            return {**zod_json.nodo_publicado(esquema, zod_json.V3_LAXO, "input"), "$schema": zod_json.BORRADOR_7}
        if elegido == "v3":
            raise Irresoluble(f"`{ref.corto()}`: `toJSONSchema` of a zod 3 schema is not read", ref)
        if zod_json.tiene(esquema, "tuple"):
            raise Irresoluble(f"`{ref.corto()}`: a tuple in draft 2020-12 (`prefixItems`) is not read", ref)
        if zod_json.tiene_registrados(esquema):
            raise Irresoluble(f"`{ref.corto()}`: a schema with `.meta({{ id }})` in draft 2020-12 (`$defs`) is not read", ref)
        return {"$schema": zod_json.BORRADOR_2020_12, **zod_json.nodo_publicado(esquema, elegido, "output")}
    try:  # a project function that returns a literal (`scopedSchema("Company", examples)`)
        return json_literal(lector, ref)
    except Irresoluble:
        if zod.es_zod(lector, r):  # a zod schema listed as it is: the transport serializes the zod object
            raise Irresoluble(f"`{ref.corto()}` is a zod schema listed where a JSON Schema goes: what is published "
                              "is the zod object serialized, not its JSON Schema; convert it (`z.toJSONSchema`, "
                              "`zodToJsonSchema`)", ref) from None
        devuelto = retorno_de_llamada(lector, r)  # `convertToSchema(S)`: the conversion a project function returns
        if devuelto is not None and seguir(lector, devuelto).nodo.type == "call_expression":
            return _json_schema(lector, devuelto, sabor)
        llamada = "" if r.nodo is ref.nodo or desnudar(ref.nodo) == r.nodo else f" (`{r.corto()}`)"
        raise Irresoluble(f"`{ref.corto()}`{llamada} is a call the analyzer does not read as a JSON Schema", ref) \
            from None


def _opciones_por_defecto(lector: Lector, opciones: Ref, ref: Ref) -> None:
    """zod-to-json-schema's second argument, when it changes nothing the reading assumes (`{}`,
    `{ target: "jsonSchema7" }`, `{ $refStrategy: "none" }`: every schema written out where it is used,
    as the analyzer writes it); any other (a definition name, an OpenAPI target, another `$ref`
    strategy) is named, not guessed."""
    try:
        valor = json_literal(lector, opciones)
    except Irresoluble:
        valor = None
    neutras = {("target", "jsonSchema7"), ("$refStrategy", "none")}
    if not isinstance(valor, dict) or any((k, v) not in neutras for k, v in valor.items()):
        raise Irresoluble(f"`{ref.corto()}`: zod-to-json-schema's options `{opciones.corto()}` are not read", ref)
