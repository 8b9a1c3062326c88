"""What a TypeScript tool's handler returns: its emission sites and where each emitted root comes from.

An emission site is a `return` of the handler (an arrow function's expression body too) whose value
is a tool result with `structuredContent`: an object literal that writes the key, the same through a
constant, the arms of a conditional, or a project helper whose returns are such results. A result
without `structuredContent` (content blocks only) is no emission site. The root it emits is
classified as the Python front end classifies one (docs/relaciones.md, provenance table):

| expression | provenance |
|---|---|
| object literal with literal keys | own, its keys; a spread as its value's provenance (echoed or opaque win) |
| object literal with a computed key | opaque (a map when every key is computed) |
| `await e`, `(e)`, `e as T`, `e!` | `e`'s |
| a `const` bound to a value | that value's, unless the handler mutates it (`x.k = v`, `x[k] = v`, `delete x.k`): opaque |
| a call of a project function (also `this.m()` of the enclosing class) | the provenance all its returns agree on |
| `JSON.parse(...)`, `fetch(...)`, a function imported from a package, a method of an object the project does not define (`client.search()`, `res.json()`) | echoed |
| `x.k`, `x[k]` | echoed if `x` is, else opaque |
| `a ? b : c`, `a ?? b`, `a \\|\\| b` | agreed; disagreement: opaque |
| a parameter, a `let`, anything else | opaque |

For own roots, each value written (at any depth of the object literals) is traced: `argumento` when
it is the handler's argument (`args.q`, a destructured `{ q }`, `String(q)`, `q.trim()`, through
`const`s), `literal` for a string literal, `otro` otherwise (`constante` for `true`, `false`, `null`).
What cannot be followed is `Irresoluble`, naming it: the tool's responses are then reported unread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from . import zod
from .arbol import cadena_literal, nombrados, recorrer, texto
from .valores import (Irresoluble, Lector, Ref, anotacion, asignaciones, cadena, desestructurado, desnudar, exportado,
                      ligadura, propiedades, seguir)

FUNCIONES = ("arrow_function", "function_expression", "function", "function_declaration", "method_definition",
             "generator_function", "generator_function_declaration")
PROFUNDIDAD = 8  # project functions followed in one chain
ECOADORES_GLOBALES = ("fetch",)  # global functions whose result is a foreign answer
CONVERSIONES = ("String", "Number", "Boolean")
METODOS_DE_TEXTO = ("trim", "toLowerCase", "toUpperCase", "toString", "trimStart", "trimEnd", "normalize")
CONSTANTES = {"true": "True", "false": "False", "null": "None", "undefined": "None"}


@dataclass
class Valor:
    """One value an own root writes."""

    ruta: str
    clave: str
    origen: str  # argumento | literal | otro
    argumento: Optional[str]
    literal: Optional[str]
    constante: Optional[str]
    objeto: Ref  # the object literal it is written in
    ref: Ref  # where it is written

    def motivo(self) -> str:
        if self.origen == "argumento":
            return f"the argument `{self.argumento}`"
        if self.origen == "literal":
            import json

            return f"the string literal {json.dumps(self.literal, ensure_ascii=False)}"
        return "a value the server reads or computes"


@dataclass
class Clase:
    """The provenance of an emitted expression, with what an own root writes."""

    procedencia: str  # own | echoed | opaque
    motivo: str
    mapa: bool = False
    claves: list[tuple[str, Ref]] = field(default_factory=list)
    valores: list[Valor] = field(default_factory=list)
    spreads: list[tuple[Ref, bool, str]] = field(default_factory=list)  # (where, own key before it, its provenance)


@dataclass
class Sitio:
    """One emission site: the `return` and the class of the root it emits."""

    ref: Ref
    clase: Clase


class Manejador:
    """A tool's handler: the function, and which of its parameters carry the tool's arguments."""

    def __init__(self, lector: Lector, funcion: Ref, con_argumentos: bool, herramienta: Optional[str] = None,
                 directa: bool = False) -> None:
        self.lector = lector
        self.directa = directa  # fastmcp: a returned value that is no tool result is the structured content
        self.funcion = funcion
        self.con_argumentos = con_argumentos  # the SDK passes no arguments to a tool without an input schema
        # a low-level CallToolRequestSchema handler: the tool whose branch is read (its arguments are
        # `request.params.arguments`)
        self.herramienta = herramienta


def manejador(lector: Lector, ref: Ref, con_argumentos: bool, directa: bool = False) -> Manejador:
    """The handler function a registration passes, followed through names; Irresoluble otherwise."""
    r = seguir(lector, ref)
    if r.nodo.type == "call_expression":  # `fn.bind(this)`, `this.m.bind(this)`: the function bound
        f = r.nodo.child_by_field_name("function")
        if f is not None and f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) == "bind":
            r = seguir(lector, Ref(r.fuente, f.child_by_field_name("object")))
    if r.nodo.type == "member_expression" and nombrados(r.nodo)[0].type == "this":
        metodo = _metodo_propio(r.fuente, r.nodo)
        r = metodo if metodo is not None else r
    if r.nodo.type not in FUNCIONES:
        raise Irresoluble(f"the handler `{ref.corto()}` is not a function the analyzer can follow", ref)
    return Manejador(lector, r, con_argumentos, directa=directa)


def despacho(lector: Lector, funciones: list[Ref], herramienta: str, donde: Ref) -> Manejador:
    """The low-level `CallToolRequestSchema` handler that dispatches `herramienta`: the one of
    `funciones` with a branch for its name (`case "x":`, `if (name === "x")`); Irresoluble (at
    `donde`, the tool) when none has."""
    if not funciones:
        raise Irresoluble("no `CallToolRequestSchema` handler the analyzer can follow is found", donde)
    for f in funciones:
        m = Manejador(lector, f, True, herramienta)
        if any(rama == herramienta for rama, _, _ in _ramas(m)):
            return m
    raise Irresoluble(f"no branch of the `CallToolRequestSchema` handler dispatches tool `{herramienta}` (`case \"x\":`, "
                      f"`if (name === \"x\")`)", funciones[0])


def _ramas(m: Manejador) -> list[tuple[Optional[str], Ref, Ref]]:
    """(the tool name whose branch holds it, or None when no branch does; the return; its value) of
    each return of a low-level handler."""
    salida = []
    for retorno, valor in _retornos(m.funcion):
        salida.append((_rama_de(m, retorno.nodo), retorno, valor))
    return salida


def _rama_de(m: Manejador, nodo: Any) -> Optional[str]:
    """The tool name of the innermost dispatch branch around a node: a `case` of a string (and the
    empty cases that fall through to it), or the consequence of `if (x === "name")`."""
    f = m.funcion.fuente
    hijo, n = nodo, nodo.parent
    while n is not None and n != m.funcion.nodo:
        if n.type == "switch_case":
            valor = n.child_by_field_name("value")
            nombre = cadena(m.lector, Ref(f, valor)) if valor is not None else None
            if nombre is not None:
                return nombre
        if n.type == "if_statement" and hijo == n.child_by_field_name("consequence"):
            nombre = _nombre_comparado(m, n.child_by_field_name("condition"))
            if nombre is not None:
                return nombre
        hijo, n = n, n.parent
    return None


def _nombre_comparado(m: Manejador, condicion: Any) -> Optional[str]:
    """The string of `x === "name"` (or `==`, either side) in an `if` condition."""
    nodo = desnudar(condicion)
    if nodo is None or nodo.type != "binary_expression" or \
            texto(m.funcion.fuente, nodo.child_by_field_name("operator")) not in ("===", "=="):
        return None
    for lado in ("left", "right"):
        valor = cadena(m.lector, Ref(m.funcion.fuente, nodo.child_by_field_name(lado)))
        if valor is not None:
            return valor
    return None


def sitios(m: Manejador) -> list[Sitio]:
    """The emission sites of a handler (of a low-level one, the returns of the tool's branch), each
    with its root's class."""
    salida = []
    retornos = _retornos(m.funcion) if m.herramienta is None else \
        [(r, v) for rama, r, v in _ramas(m) if rama == m.herramienta]
    for retorno, valor in retornos:
        for emitido, entorno in _emitidos(m, valor, 0, set(), VACIO):
            salida.append(Sitio(retorno, clasificar(m, emitido, 0, frozenset(), entorno)))
    return salida


def _retornos(funcion: Ref) -> list[tuple[Ref, Ref]]:
    """(the return, its value) of a function's own returns (an arrow's expression body is one)."""
    cuerpo = funcion.nodo.child_by_field_name("body")
    if cuerpo is None:
        return []
    if cuerpo.type != "statement_block":
        return [(Ref(funcion.fuente, cuerpo), Ref(funcion.fuente, cuerpo))]
    salida = []
    for n in recorrer(cuerpo):
        if n.type == "return_statement" and nombrados(n) and _funcion_de(n) == funcion.nodo:
            salida.append((Ref(funcion.fuente, n), Ref(funcion.fuente, nombrados(n)[0])))
    return salida


def _funcion_de(nodo: Any) -> Any:
    n = nodo.parent
    while n is not None and n.type not in FUNCIONES:
        n = n.parent
    return n


def _emitidos(m: Manejador, valor: Ref, profundidad: int, vistos: set[tuple[str, int]], entorno: "Entorno"
              ) -> list[tuple[Ref, "Entorno"]]:
    """The structuredContent values a returned expression carries, each with the parameters bound
    where it is written ([]: a result without one)."""
    r = _ligado(m, seguir(m.lector, _sin_await(valor)), entorno)
    entorno = r[1]
    r = r[0]
    nodo = r.nodo
    if nodo.type == "object":
        for c in nombrados(nodo):
            if c.type == "pair" and _clave_literal(r, c.child_by_field_name("key")) == "structuredContent":
                return [(Ref(r.fuente, c.child_by_field_name("value")), entorno)]
            if c.type == "shorthand_property_identifier" and texto(r.fuente, c) == "structuredContent":
                return [(Ref(r.fuente, c), entorno)]
        if any(c.type == "spread_element" for c in nombrados(nodo)):
            claves = dict(propiedades(m.lector, r))  # Irresoluble when a spread cannot be read
            if "structuredContent" in claves:
                return [(claves["structuredContent"], entorno)]
            return [(r, entorno)] if m.directa and "content" not in claves else []
        if m.directa and not any(_clave_literal(r, c.child_by_field_name("key")) == "content" for c in nombrados(nodo)
                                 if c.type == "pair"):
            return [(r, entorno)]  # fastmcp: the object returned is the structured content
        return []
    if nodo.type == "ternary_expression":
        return _emitidos(m, Ref(r.fuente, nodo.child_by_field_name("consequence")), profundidad, vistos, entorno) + \
            _emitidos(m, Ref(r.fuente, nodo.child_by_field_name("alternative")), profundidad, vistos, entorno)
    if nodo.type == "call_expression":
        funcion = _funcion_llamada(m, r)
        if funcion is not None and profundidad < PROFUNDIDAD:
            clave = (funcion.fuente.rel, funcion.nodo.start_byte)
            if clave in vistos:
                return []
            salida = []
            interior = _atar(m, funcion, r, entorno)
            for _, v in _retornos(funcion):
                salida.extend(_emitidos(m, v, profundidad + 1, vistos | {clave}, interior))
            return salida
    if m.directa:
        if cadena_literal(r.fuente, nodo) is not None or nodo.type in ("template_string", "null", "undefined"):
            return []  # text content
        return [(r, entorno)]  # fastmcp: a value that is no tool result is the structured content
    raise Irresoluble(f"the handler returns `{valor.corto()}`, which the analyzer cannot read as a tool result", valor)


def _sin_await(ref: Ref) -> Ref:
    nodo = desnudar(ref.nodo)
    while nodo is not None and nodo.type == "await_expression":
        nodo = desnudar(nombrados(nodo)[0])
    return Ref(ref.fuente, nodo)


def _clave_literal(r: Ref, clave: Any) -> Optional[str]:
    if clave is None:
        return None
    if clave.type == "property_identifier":
        return texto(r.fuente, clave)
    return cadena_literal(r.fuente, clave)


def _funcion_llamada(m: Manejador, llamada: Ref) -> Optional[Ref]:
    """The project function a call runs: a name bound to one (through imports), or `this.m()` of the
    enclosing class; None otherwise."""
    f = llamada.nodo.child_by_field_name("function")
    if f is None:
        return None
    if f.type == "member_expression" and nombrados(f)[0].type == "this":
        return _metodo_propio(llamada.fuente, f)
    if f.type == "member_expression":
        clase = _clase_de_instancia(m, Ref(llamada.fuente, f.child_by_field_name("object")))
        if clase is not None:
            return _metodo_de(clase, texto(llamada.fuente, f.child_by_field_name("property")))
    destino = seguir(m.lector, Ref(llamada.fuente, f))
    return destino if destino.nodo.type in FUNCIONES else None


CLASES = ("class_declaration", "class", "abstract_class_declaration")


def _clase_de_instancia(m: Manejador, ref: Ref) -> Optional[Ref]:
    """The project class an expression is an instance of: `new C(...)`, a name bound (a `const`, or
    every value a `let` is given) to one, or a name whose declaration is annotated with C; C a class
    declared in the project. None otherwise."""
    valor = seguir(m.lector, ref)
    if valor.nodo.type == "new_expression":
        constructor = valor.nodo.child_by_field_name("constructor")
        clase = seguir(m.lector, Ref(valor.fuente, constructor)) if constructor is not None else None
        return clase if clase is not None and clase.nodo.type in CLASES else None
    if valor.nodo.type != "identifier":
        return None
    nombre = texto(valor.fuente, valor.nodo)
    tipo = anotacion(valor.fuente, nombre, valor.nodo)
    if tipo is not None and tipo.type == "type_identifier":
        clase = _por_nombre(m, valor.fuente, texto(valor.fuente, tipo), tipo)
        if clase is not None:
            return clase
    clases = {(c.fuente.rel, c.nodo.start_byte): c for v in asignaciones(valor.fuente, nombre, valor.nodo) or []
              for c in [_clase_de_instancia(m, v)] if c is not None}
    return next(iter(clases.values())) if len(clases) == 1 else None


def _por_nombre(m: Manejador, fuente: Any, nombre: str, desde: Any) -> Optional[Ref]:
    """The project class a type name names (declared in the file or imported from a project module)."""
    ligado = ligadura(fuente, nombre, desde)
    if ligado is not None and not isinstance(ligado, Ref):
        ligado = exportado(m.lector, fuente, ligado)
    return ligado if isinstance(ligado, Ref) and ligado.nodo.type in CLASES else None


def _metodo_de(clase: Ref, nombre: str) -> Optional[Ref]:
    """A class's own method by name."""
    cuerpo = clase.nodo.child_by_field_name("body")
    for c in nombrados(cuerpo) if cuerpo is not None else []:
        if c.type == "method_definition" and texto(clase.fuente, c.child_by_field_name("name")) == nombre:
            return Ref(clase.fuente, c)
    return None


def _metodo_propio(fuente: Any, miembro: Any) -> Optional[Ref]:
    """`this.m` inside a class: the class's method `m`."""
    clase = miembro.parent
    while clase is not None and clase.type not in ("class_declaration", "class", "abstract_class_declaration"):
        clase = clase.parent
    return _metodo_de(Ref(fuente, clase), texto(fuente, miembro.child_by_field_name("property"))) if clase is not None else None


# -- helper parameters ---------------------------------------------------------------------------
# (file, start of the function, parameter) -> (the argument the call passes, the bindings where it is)
Entorno = dict
VACIO: Entorno = {}


def _atar(m: Manejador, funcion: Ref, llamada: Ref, entorno: Entorno) -> Entorno:
    """The bindings inside a project function a call runs: each plain parameter to the argument passed."""
    parametros = funcion.nodo.child_by_field_name("parameters") or funcion.nodo.child_by_field_name("parameter")
    argumentos = nombrados(llamada.nodo.child_by_field_name("arguments")) \
        if llamada.nodo.type == "call_expression" and llamada.nodo.child_by_field_name("arguments") is not None else []
    if parametros is None:
        return VACIO
    lista = [parametros] if parametros.type == "identifier" else nombrados(parametros)
    nuevo: Entorno = {}
    for i, p in enumerate(lista):
        patron = p.child_by_field_name("pattern") if p.type in ("required_parameter", "optional_parameter") else p
        if patron is not None and patron.type == "identifier" and i < len(argumentos) \
                and argumentos[i].type != "spread_element":
            nuevo[(funcion.fuente.rel, funcion.nodo.start_byte, texto(funcion.fuente, patron))] = \
                (Ref(llamada.fuente, argumentos[i]), entorno)
    return nuevo


def _ligado(m: Manejador, r: Ref, entorno: Entorno) -> tuple[Ref, Entorno]:
    """A name that is a parameter bound in `entorno`: the argument the call passes (with the bindings
    where it is written); anything else as it is."""
    if not entorno or r.nodo is None or r.nodo.type not in ("identifier", "shorthand_property_identifier"):
        return r, entorno
    nombre = texto(r.fuente, r.nodo)
    if ligadura(r.fuente, nombre, r.nodo) is not None:
        return r, entorno
    nodo = r.nodo.parent
    while nodo is not None and not (nodo.type in FUNCIONES and _declara(
            r.fuente, nodo.child_by_field_name("parameters") or nodo.child_by_field_name("parameter"), nombre)):
        nodo = nodo.parent
    if nodo is None:
        return r, entorno
    atado = entorno.get((r.fuente.rel, nodo.start_byte, nombre))
    if atado is None:
        return r, entorno
    valor, de_afuera = atado
    return _ligado(m, Ref(valor.fuente, desnudar(valor.nodo)), de_afuera)


# -- provenance ----------------------------------------------------------------------------------


def clasificar(m: Manejador, ref: Ref, profundidad: int, vistos: frozenset, entorno: "Entorno") -> Clase:
    """The provenance of an emitted expression (`entorno`: the helper parameters bound on the way)."""
    r, entorno = _ligado(m, _sin_await(ref), entorno)
    nodo = r.nodo
    if nodo.type in ("identifier", "shorthand_property_identifier"):
        return _nombre(m, r, profundidad, vistos, entorno)
    if nodo.type == "object":
        return _objeto(m, r, profundidad, vistos, entorno)
    if nodo.type == "call_expression":
        return _llamada(m, r, profundidad, vistos, entorno)
    if nodo.type in ("member_expression", "subscript_expression"):
        base = clasificar(m, Ref(r.fuente, nodo.child_by_field_name("object")), profundidad, vistos, entorno)
        if base.procedencia == "echoed":
            return Clase("echoed", f"`{r.corto()}` is part of a foreign answer ({base.motivo})")
        return Clase("opaque", f"`{r.corto()}` reads into a value that is not a foreign answer")
    if nodo.type == "ternary_expression":
        return _acordar(r, [clasificar(m, Ref(r.fuente, nodo.child_by_field_name(c)), profundidad, vistos, entorno)
                            for c in ("consequence", "alternative")])
    if nodo.type == "binary_expression" and texto(r.fuente, nodo.child_by_field_name("operator")) in ("??", "||"):
        return _acordar(r, [clasificar(m, Ref(r.fuente, nodo.child_by_field_name(c)), profundidad, vistos, entorno)
                            for c in ("left", "right")])
    return Clase("opaque", f"`{r.corto()}` is not an object the server writes key by key")


def _acordar(r: Ref, clases: list[Clase]) -> Clase:
    """The provenance both sides agree on (an own `{}` agrees with anything); opaque otherwise."""
    llenas = [c for c in clases if not (c.procedencia == "own" and not c.claves)]
    if not llenas:
        return clases[0]
    if len({c.procedencia for c in llenas}) == 1:
        primera = llenas[0]
        if primera.procedencia != "own":
            return primera
        return Clase("own", primera.motivo, claves=[k for c in llenas for k in c.claves],
                     valores=[v for c in llenas for v in c.valores], spreads=[s for c in llenas for s in c.spreads])
    return Clase("opaque", f"the sides of `{r.corto()}` do not agree ({', '.join(sorted({c.procedencia for c in llenas}))})")


def _nombre(m: Manejador, r: Ref, profundidad: int, vistos: frozenset, entorno: "Entorno") -> Clase:
    nombre = texto(r.fuente, r.nodo)
    destino = seguir(m.lector, r)
    if destino.nodo == r.nodo:
        valores = asignaciones(r.fuente, nombre, r.nodo)
        if not valores:
            return Clase("opaque", f"`{nombre}` is a parameter or a variable the analyzer does not follow")
        if _mutado(m, nombre, r):
            return Clase("opaque", f"`{nombre}` is changed after it is built (`{nombre}.k = ...`, `{nombre}[k] = ...`)")
        return _acordar(r, [clasificar(m, v, profundidad, vistos, entorno) for v in valores])
    if destino.nodo.type in FUNCIONES + ("class_declaration", "program"):
        return Clase("opaque", f"`{nombre}` is not a value the server writes")
    if _mutado(m, nombre, r):
        return Clase("opaque", f"`{nombre}` is changed after it is built (`{nombre}.k = ...`, `{nombre}[k] = ...`)",
                     mapa=_mapa(m, nombre, r, destino))
    return clasificar(m, destino, profundidad, vistos, entorno)


def _mutaciones(m: Manejador, nombre: str, r: Ref) -> list[Any]:
    """The writes into `nombre` in the function the name is used in (`x.k = v`, `x[k] = v`, `delete x.k`)."""
    funcion = _funcion_de(r.nodo) or r.fuente.raiz
    salida = []
    for n in recorrer(funcion):
        objetivo = None
        if n.type in ("assignment_expression", "augmented_assignment_expression"):
            objetivo = n.child_by_field_name("left")
        elif n.type == "unary_expression" and texto(r.fuente, n.child_by_field_name("operator")) == "delete":
            objetivo = n.child_by_field_name("argument")
        if objetivo is not None and objetivo.type in ("member_expression", "subscript_expression"):
            base = objetivo.child_by_field_name("object")
            if base is not None and base.type == "identifier" and texto(r.fuente, base) == nombre:
                salida.append(objetivo)
    return salida


def _mutado(m: Manejador, nombre: str, r: Ref) -> bool:
    return bool(_mutaciones(m, nombre, r))


def _mapa(m: Manejador, nombre: str, r: Ref, destino: Ref) -> bool:
    """A map: built empty (`{}`) and only ever written under computed keys (`out[item.id] = item`)."""
    if destino.nodo.type != "object" or nombrados(destino.nodo):
        return False
    mutaciones = _mutaciones(m, nombre, r)
    return all(o.type == "subscript_expression" and cadena_literal(r.fuente, o.child_by_field_name("index")) is None
               for o in mutaciones)


def _llamada(m: Manejador, r: Ref, profundidad: int, vistos: frozenset, entorno: "Entorno") -> Clase:
    f = r.nodo.child_by_field_name("function")
    texto_f = texto(r.fuente, f)
    if texto_f in ("JSON.parse",) or texto_f in ECOADORES_GLOBALES:
        return Clase("echoed", f"`{texto_f}(...)` returns a foreign document")
    funcion = _funcion_llamada(m, r)
    if funcion is not None:
        clave = (funcion.fuente.rel, funcion.nodo.start_byte)
        if clave in vistos or profundidad >= PROFUNDIDAD:
            return Clase("opaque", f"`{r.corto()}` recurses or is followed too deep")
        retornos = _retornos(funcion)
        if not retornos:
            return Clase("opaque", f"`{r.corto()}` runs a function that returns nothing the analyzer can see")
        interior = _atar(m, funcion, r, entorno)
        clases = [clasificar(m, v, profundidad + 1, vistos | {clave}, interior) for _, v in retornos]
        return _acordar(r, clases)
    if f.type == "member_expression":
        objeto = nombrados(f)[0]
        if objeto.type == "this":
            return Clase("opaque", f"`{texto_f}` is a method the enclosing class does not define")
        raiz = _raiz_de(objeto)
        if raiz is not None and raiz.type == "identifier":
            destino = seguir(m.lector, Ref(r.fuente, raiz))
            if destino.nodo.type in FUNCIONES + ("program",) and destino.fuente.rel != r.fuente.rel or destino.nodo.type == "program":
                return Clase("opaque", f"`{texto_f}` is a method of a project module the analyzer does not follow")
        return Clase("echoed", f"`{texto_f}(...)` is a method of an object the project does not define: a foreign answer")
    if f.type == "identifier":
        destino = seguir(m.lector, Ref(r.fuente, f))
        importado = ligadura(r.fuente, texto_f, f)
        if destino.nodo == f and importado is not None:
            return Clase("echoed", f"`{texto_f}(...)` is a function of a package: a foreign answer")
    return Clase("opaque", f"`{r.corto()}` cannot be followed")


def _raiz_de(nodo: Any) -> Any:
    """The leftmost name of a member chain (`a` of `a.b.c`)."""
    while nodo is not None and nodo.type in ("member_expression", "subscript_expression", "call_expression",
                                              "non_null_expression", "parenthesized_expression", "await_expression"):
        nodo = nodo.child_by_field_name("object") or nodo.child_by_field_name("function") or \
            (nombrados(nodo)[0] if nombrados(nodo) else None)
    return nodo


def _objeto(m: Manejador, r: Ref, profundidad: int, vistos: frozenset, entorno: "Entorno") -> Clase:
    """An object literal: own with its keys and values, unless a spread or a computed key says otherwise."""
    clase = Clase("own", "an object literal the server writes key by key")
    propias_antes = False
    computadas = 0
    hijos = nombrados(r.nodo)
    for c in hijos:
        if c.type == "pair":
            clave = _clave_literal(r, c.child_by_field_name("key"))
            if clave is None:
                computadas += 1
                continue
            propias_antes = True
            clase.claves.append((clave, Ref(r.fuente, c)))
            clase.valores.extend(_valores(m, Ref(r.fuente, c.child_by_field_name("value")), _escapar(clave),
                                          clave, r, Ref(r.fuente, c), entorno))
        elif c.type == "shorthand_property_identifier":
            clave = texto(r.fuente, c)
            propias_antes = True
            clase.claves.append((clave, Ref(r.fuente, c)))
            clase.valores.extend(_valores(m, Ref(r.fuente, c), _escapar(clave), clave, r, Ref(r.fuente, c), entorno))
        elif c.type == "spread_element":
            interior = clasificar(m, Ref(r.fuente, nombrados(c)[0]), profundidad, vistos, entorno)
            clase.spreads.append((Ref(r.fuente, c), propias_antes, interior.procedencia))
            if interior.procedencia == "own":
                clase.claves.extend(interior.claves)
                clase.valores.extend(interior.valores)
    de_spreads = {p for _, _, p in clase.spreads}
    if "echoed" in de_spreads:
        return Clase("echoed", "a spread of a foreign answer", spreads=clase.spreads)
    if "opaque" in de_spreads:
        return Clase("opaque", "a spread of a value the analyzer cannot enumerate", spreads=clase.spreads)
    if computadas:
        return Clase("opaque", "an object literal with a computed key", mapa=computadas == len(hijos),
                     spreads=clase.spreads)
    return clase


def _escapar(clave: str) -> str:
    return clave.replace("\\", "\\\\").replace(".", "\\.")


def _valores(m: Manejador, ref: Ref, ruta: str, clave: str, objeto: Ref, donde: Ref, entorno: "Entorno") -> list[Valor]:
    """The value rows one key writes: a nested object literal gives its own keys' rows."""
    r = _sin_await(ref)
    if r.nodo.type == "object":
        salida: list[Valor] = []
        for c in nombrados(r.nodo):
            if c.type == "pair":
                k = _clave_literal(r, c.child_by_field_name("key"))
                if k is not None:
                    salida.extend(_valores(m, Ref(r.fuente, c.child_by_field_name("value")), f"{ruta}.{_escapar(k)}", k,
                                           objeto, Ref(r.fuente, c), entorno))
            elif c.type == "shorthand_property_identifier":
                k = texto(r.fuente, c)
                salida.extend(_valores(m, Ref(r.fuente, c), f"{ruta}.{_escapar(k)}", k, objeto, Ref(r.fuente, c), entorno))
        return salida
    origenes = _origenes(m, r, 0, entorno)
    return [Valor(ruta, clave, o, a, lit, cte, objeto, donde) for o, a, lit, cte in origenes]


def _origenes(m: Manejador, r: Ref, profundidad: int, entorno: "Entorno"
              ) -> list[tuple[str, Optional[str], Optional[str], Optional[str]]]:
    """(origen, argumento, literal, constante) of a written value; one per string a conditional may be."""
    r, entorno = _ligado(m, Ref(r.fuente, desnudar(r.nodo)), entorno)
    nodo = r.nodo
    if nodo.type in CONSTANTES or nodo.type == "undefined":
        return [("otro", None, None, CONSTANTES.get(nodo.type, "None"))]
    literal = cadena_literal(r.fuente, nodo)
    if literal is not None:
        return [("literal", None, literal, None)]
    if nodo.type == "ternary_expression" or nodo.type == "binary_expression" and \
            texto(r.fuente, nodo.child_by_field_name("operator")) in ("??", "||"):
        lados = ("consequence", "alternative") if nodo.type == "ternary_expression" else ("left", "right")
        todos = [o for lado in lados for o in _origenes(m, Ref(r.fuente, nodo.child_by_field_name(lado)), profundidad, entorno)]
        if any(o[0] == "otro" and o[3] is None for o in todos):
            return [("otro", None, None, None)]
        argumentos = [o for o in todos if o[0] == "argumento"]
        if argumentos:
            return argumentos[:1]
        return [o for o in todos if o[0] == "literal"] or [("otro", None, None, None)]
    campo = _campo_de_literal(m, r, entorno) if profundidad < PROFUNDIDAD else None
    if campo is not None:
        return _origenes(m, campo[0], profundidad + 1, campo[1])
    argumento = _de_la_llamada(m, _argumento(m, r, profundidad, entorno))
    if argumento is not None:
        return [("argumento", argumento, None, None)]
    return [("otro", None, None, None)]


def _de_la_llamada(m: Manejador, ruta: Optional[str]) -> Optional[str]:
    """An argument path as the tool's: a low-level handler's first parameter is the request, whose
    `params.arguments` are the tool's arguments (`request.params.arguments.q` -> `arguments.q`)."""
    if ruta is None or m.herramienta is None:
        return ruta
    partes = ruta.split(".")
    for inicio in range(min(2, len(partes))):
        if partes[inicio:inicio + 2] == ["params", "arguments"] and len(partes) > inicio + 2:
            return ".".join(partes[inicio + 1:])
    return None


def _campo_de_literal(m: Manejador, r: Ref, entorno: Entorno) -> Optional[tuple[Ref, Entorno]]:
    """`x.k` where `x` is an object literal (through `const`s and helper parameters): the value it
    writes under `k`, with the bindings where it is written; None otherwise."""
    if r.nodo.type != "member_expression":
        return None
    objeto, donde = _ligado(m, seguir(m.lector, Ref(r.fuente, r.nodo.child_by_field_name("object"))), entorno)
    objeto, donde = _ligado(m, seguir(m.lector, objeto), donde)
    if objeto.nodo.type != "object":
        return None
    clave = texto(r.fuente, r.nodo.child_by_field_name("property"))
    for c in nombrados(objeto.nodo):
        if c.type == "pair" and _clave_literal(objeto, c.child_by_field_name("key")) == clave:
            return Ref(objeto.fuente, c.child_by_field_name("value")), donde
        if c.type == "shorthand_property_identifier" and texto(objeto.fuente, c) == clave:
            return Ref(objeto.fuente, c), donde
    return None


def _argumento(m: Manejador, r: Ref, profundidad: int, entorno: "Entorno") -> Optional[str]:
    """What of the tool's arguments a value is straight from (`q`, `args.q`), or None; a helper's
    parameter stands for what the call passes."""
    if not m.con_argumentos or profundidad > PROFUNDIDAD:
        return None
    r, entorno = _ligado(m, Ref(r.fuente, desnudar(r.nodo)), entorno)
    nodo = r.nodo
    if nodo.type == "call_expression":
        f = nodo.child_by_field_name("function")
        argumentos = nombrados(nodo.child_by_field_name("arguments"))
        if f.type == "identifier" and texto(r.fuente, f) in CONVERSIONES and len(argumentos) == 1:
            return _argumento(m, Ref(r.fuente, argumentos[0]), profundidad + 1, entorno)
        if f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) in METODOS_DE_TEXTO:
            return _argumento(m, Ref(r.fuente, f.child_by_field_name("object")), profundidad + 1, entorno)
        if f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) == "parse" \
                and len(argumentos) == 1 and zod.es_zod(m.lector, Ref(r.fuente, f.child_by_field_name("object"))):
            return _argumento(m, Ref(r.fuente, argumentos[0]), profundidad + 1, entorno)  # `Schema.parse(args)`
        return None
    if nodo.type in ("member_expression", "subscript_expression"):
        base = _argumento(m, Ref(r.fuente, nodo.child_by_field_name("object")), profundidad + 1, entorno)
        if base is None:
            return None
        if nodo.type == "member_expression":
            return f"{base}.{texto(r.fuente, nodo.child_by_field_name('property'))}"
        indice = cadena_literal(r.fuente, nodo.child_by_field_name("index"))
        return f"{base}.{indice}" if indice is not None else None
    if nodo.type not in ("identifier", "shorthand_property_identifier"):
        return None
    nombre = texto(r.fuente, nodo)
    parametro = _parametro(m, r.fuente, nombre, nodo)
    if parametro is not None:
        return parametro
    partido = desestructurado(r.fuente, nombre, nodo)  # `const { q } = args`, `const { arguments: a } = req.params`
    if partido is not None and _funcion_de(partido[1].nodo) == m.funcion.nodo:
        base = _argumento(m, partido[1], profundidad + 1, entorno)
        return f"{base}.{partido[0]}" if base is not None else None
    destino = seguir(m.lector, Ref(r.fuente, nodo))
    if destino.nodo != nodo and destino.fuente is r.fuente and _funcion_de(destino.nodo) == m.funcion.nodo:
        return _argumento(m, destino, profundidad + 1, entorno)
    return None


def _parametro(m: Manejador, fuente: Any, nombre: str, desde: Any) -> Optional[str]:
    """The argument path a name stands for when it is the handler's first parameter or a name it
    destructures (`args`, `{ q }` -> `q`, `{ query: q }` -> `query`); None otherwise."""
    if fuente.rel != m.funcion.fuente.rel or ligadura(fuente, nombre, desde) is not None:
        return None  # another file, or a name a declaration binds (not a parameter)
    nodo = desde.parent
    while nodo is not None and not (nodo.type in FUNCIONES and _declara(
            fuente, nodo.child_by_field_name("parameters") or nodo.child_by_field_name("parameter"), nombre)):
        nodo = nodo.parent
    if nodo != m.funcion.nodo:
        return None  # a nested function's parameter, or no parameter at all
    parametros = m.funcion.nodo.child_by_field_name("parameters") or m.funcion.nodo.child_by_field_name("parameter")
    if parametros is None:
        return None
    primero = parametros if parametros.type == "identifier" else next(iter(nombrados(parametros)), None)
    if primero is None:
        return None
    patron = primero.child_by_field_name("pattern") if primero.type in ("required_parameter", "optional_parameter") else primero
    if patron is None:
        return None
    if patron.type == "identifier":
        return nombre if texto(fuente, patron) == nombre else None
    if patron.type == "object_pattern":
        for c in nombrados(patron):
            if c.type == "shorthand_property_identifier_pattern" and texto(fuente, c) == nombre:
                return nombre
            if c.type == "pair_pattern":
                valor = c.child_by_field_name("value")
                if valor is not None and valor.type == "identifier" and texto(fuente, valor) == nombre:
                    return _clave_literal(Ref(fuente, c), c.child_by_field_name("key"))
            if c.type == "object_assignment_pattern":
                izquierda = c.child_by_field_name("left")
                if izquierda is not None and texto(fuente, izquierda) == nombre:
                    return nombre
    return None


def _declara(fuente: Any, parametros: Any, nombre: str) -> bool:
    if parametros is None:
        return False
    for n in recorrer(parametros):
        if n.type in ("identifier", "shorthand_property_identifier_pattern") and texto(fuente, n) == nombre:
            return True
    return False


# -- complete ------------------------------------------------------------------------------------


def completes(m: Manejador) -> list[tuple[Ref, str]]:
    """Every `complete` a handler's own body asserts: (where, evidencia) as the Python front end's
    syntax-only table has it for literals (`ninguna` for `true`, `no_afirma` for `false`/`null`,
    `desconocida` otherwise)."""
    cuerpo = m.funcion.nodo.child_by_field_name("body")
    salida = []
    for n in recorrer(cuerpo) if cuerpo is not None else []:
        if n.type == "pair" and _clave_literal(Ref(m.funcion.fuente, n), n.child_by_field_name("key")) == "complete":
            if m.herramienta is not None and _rama_de(m, n) != m.herramienta:
                continue  # another tool's branch of a low-level handler, or no branch
            valor = desnudar(n.child_by_field_name("value"))
            if valor.type in ("object", "array"):
                continue
            evidencia = "ninguna" if valor.type == "true" else "no_afirma" if valor.type in ("false", "null", "undefined") \
                else "desconocida"
            salida.append((Ref(m.funcion.fuente, n), evidencia))
    return salida


# -- options the handler only chooses with -------------------------------------------------------
COMPARACIONES = ("===", "==", "!==", "!=")
REGISTROS_DE_LOG = ("console", "logger", "log", "logging")


def solo_elige(m: Manejador, argumento: str, escritos: set[tuple[str, int]]) -> bool:
    """Whether the handler only chooses with an argument (a name of its first parameter's pattern,
    `{ mode }`): every read of it (and of a `const` bound to it or to a plain conversion of it) compares
    it with strings (`mode === "custom"`, `switch (mode)` with string cases, `["a", "b"].includes(mode)`),
    tests it, logs it, throws with it, or is where the tool's responses write it (`escritos`: the
    written pairs, as (file, start)), and at least one read compares it. Then no API receives it, and
    nothing persisted could be read back in its place (as `valor_emitido.solo_elige` in Python)."""
    if "." in argumento or m.herramienta is not None:
        return False
    cuerpo = m.funcion.nodo.child_by_field_name("body")
    if cuerpo is None:
        return False
    compara = [False]
    if not _lecturas_eligen(m, cuerpo, argumento, escritos, compara, 0, lambda n: _parametro(
            m, m.funcion.fuente, argumento, n) is not None):
        return False
    return compara[0]


def _lecturas_eligen(m: Manejador, cuerpo: Any, nombre: str, escritos: set[tuple[str, int]], compara: list[bool],
                     profundidad: int, es_el_mismo: Any) -> bool:
    f = m.funcion.fuente
    for n in recorrer(cuerpo):
        if n.type not in ("identifier", "shorthand_property_identifier") or texto(f, n) != nombre or not es_el_mismo(n):
            continue
        if n.parent is not None and n.parent.type == "variable_declarator" and n == n.parent.child_by_field_name("name"):
            continue  # the local's own declaration
        uso = _uso(m, n, escritos)
        if uso == "compara":
            compara[0] = True
        elif uso == "local" and profundidad < PROFUNDIDAD:
            declarador = n.parent
            while declarador is not None and declarador.type != "variable_declarator":
                declarador = declarador.parent
            local = declarador.child_by_field_name("name") if declarador is not None else None
            if local is None or local.type != "identifier":
                return False
            nombre_local = texto(f, local)
            valor = declarador.child_by_field_name("value")

            def es_la_local(x: Any, valor: Any = valor, nombre_local: str = nombre_local) -> bool:
                ligado = ligadura(f, nombre_local, x)
                return isinstance(ligado, Ref) and ligado.nodo == valor

            if not _lecturas_eligen(m, cuerpo, nombre_local, escritos, compara, profundidad + 1, es_la_local):
                return False
        elif uso is None:
            return False
    return True


def _uso(m: Manejador, n: Any, escritos: set[tuple[str, int]]) -> Optional[str]:
    """How one read uses a value: `compara`, `prueba`, `registra`, `escrito`, `local` (bound to a
    `const` as it is or through a plain conversion), or None (it is sent somewhere)."""
    f = m.funcion.fuente
    hijo, padre = n, n.parent
    # a plain conversion of it is it (`mode.toLowerCase()`, `String(mode)`)
    while padre is not None:
        if padre.type == "member_expression" and hijo == padre.child_by_field_name("object") \
                and texto(f, padre.child_by_field_name("property")) in METODOS_DE_TEXTO \
                and padre.parent is not None and padre.parent.type == "call_expression":
            hijo, padre = padre.parent, padre.parent.parent
        elif padre.type == "call_expression" and texto(f, padre.child_by_field_name("function")) in CONVERSIONES:
            hijo, padre = padre, padre.parent
        else:
            break
    if padre is None:
        return None
    if padre.type == "binary_expression" and texto(f, padre.child_by_field_name("operator")) in COMPARACIONES:
        otro = padre.child_by_field_name("right" if hijo == padre.child_by_field_name("left") else "left")
        return "compara" if cadena_literal(f, otro) is not None else None
    if padre.type == "parenthesized_expression" and padre.parent is not None and padre.parent.type == "switch_statement":
        casos = [c.child_by_field_name("value") for c in recorrer(padre.parent) if c.type == "switch_case"]
        return "compara" if casos and all(v is not None and cadena_literal(f, v) is not None for v in casos) else None
    if padre.type == "arguments" and padre.parent is not None and padre.parent.type == "call_expression":
        llamada = padre.parent.child_by_field_name("function")
        if llamada.type == "member_expression" and texto(f, llamada.child_by_field_name("property")) == "includes":
            lista = desnudar(llamada.child_by_field_name("object"))
            if lista.type == "array" and all(cadena_literal(f, e) is not None for e in nombrados(lista)):
                return "compara"
        if llamada.type == "member_expression" and texto(f, nombrados(llamada)[0]).split(".")[0] in REGISTROS_DE_LOG:
            return "registra"
        return None
    if padre.type in ("if_statement", "while_statement") or padre.type == "parenthesized_expression" and \
            padre.parent is not None and padre.parent.type in ("if_statement", "while_statement") \
            or padre.type == "ternary_expression" and hijo == padre.child_by_field_name("condition") \
            or padre.type == "unary_expression" and texto(f, padre.child_by_field_name("operator")) == "!" \
            or padre.type == "binary_expression" and texto(f, padre.child_by_field_name("operator")) in ("&&", "||"):
        return "prueba"
    if padre.type == "variable_declarator" and hijo == padre.child_by_field_name("value"):
        return "local"
    # inside a throw, a log call's template, or a value the responses write
    if (f.rel, n.start_byte) in escritos:
        return "escrito"  # `{ mode }`: the shorthand is the written pair
    arriba = padre
    while arriba is not None and arriba != m.funcion.nodo:
        if arriba.type == "throw_statement":
            return "registra"
        if arriba.type == "pair" and (f.rel, arriba.start_byte) in escritos:
            return "escrito"
        if arriba.type == "call_expression":
            llamada = arriba.child_by_field_name("function")
            if llamada is not None and llamada.type == "member_expression" \
                    and texto(f, nombrados(llamada)[0]).split(".")[0] in REGISTROS_DE_LOG:
                return "registra"
        if arriba.type in ("statement_block", "expression_statement", "return_statement", "variable_declarator"):
            break
        arriba = arriba.parent
    return None
