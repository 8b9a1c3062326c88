"""What a TypeScript tool's handler returns: its emission sites and where each emitted root comes from.

An emission site is a `return` of the handler (an arrow function's expression body too) whose value
is a tool result with `structuredContent`: an object literal that writes the key, the same through a
constant (or written into it after: `res.structuredContent = x`), the arms of a conditional, or a
project helper whose returns are such results. A result without `structuredContent` (content blocks
only) is no emission site. A low-level tool is read in its dispatch branch (`case "x":`,
`if (name === "x")`); a branch that returns nothing itself (`case "x": result = ...; break;`) is read at
the handler's returns outside every branch, a `let` it assigns standing for what its branch assigns. The root it emits is
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

For own roots, each value written (at any depth of the object literals) is traced by origenes.py;
the handler and the calls it makes into the project are read by manejador.py. A low-level tool's
handler is its branch of the `CallToolRequestSchema` handler (`despacho`). What cannot be followed
is `Irresoluble`, naming it: the tool's responses are then reported unread.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .arbol import cadena_literal, nombrados, recorrer, texto
from .manejador import (FUNCIONES, PROFUNDIDAD, VACIO, Entorno, Manejador, atar, clave_literal, funcion_de,
                        funcion_llamada, ligado, retornos)
from .origenes import Valor, escapar_ruta, valores_escritos
from .valores import (Irresoluble, Lector, Ref, asignaciones, cadena, clave_de_propiedad, desnudar, escrituras_en,
                      ligadura, propiedades, seguir, sin_await)

ECOADORES_GLOBALES = ("fetch",)  # global functions whose result is a foreign answer


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
    for f in funciones:  # a branch that returns nothing itself: `case "x": result = ...; break;`, then `return`
        m = Manejador(lector, f, True, herramienta)
        if _tiene_rama(m, herramienta) and _comunes(m):
            return m
    raise Irresoluble(f"no branch of the `CallToolRequestSchema` handler dispatches tool `{herramienta}` (`case \"x\":`, "
                      f"`if (name === \"x\")`)", funciones[0])


def _ramas(m: Manejador) -> list[tuple[Optional[str], Ref, Ref]]:
    """(the tool name whose branch holds it, or None when no branch does; the return; its value) of
    each return of a low-level handler (read once per handler, as its branch names are)."""
    return m.funcion.fuente.memo(("ramas_de_retornos", m.funcion.nodo.start_byte, m.funcion.nodo.end_byte),
                                 lambda: [(_rama_de(m, retorno.nodo), retorno, valor)
                                          for retorno, valor in retornos(m.funcion)])


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


def _tiene_rama(m: Manejador, herramienta: str) -> bool:
    """Whether the handler has a dispatch branch for the tool (`case "x":`, `if (name === "x")`)."""
    return herramienta in m.funcion.fuente.memo(("ramas", m.funcion.nodo.start_byte), lambda: _nombres_de_ramas(m))


def _nombres_de_ramas(m: Manejador) -> frozenset[str]:
    """Every tool name a dispatch branch of the handler names (read once per handler)."""
    f = m.funcion.fuente
    nombres = set()
    for n in f.de_tipo(("switch_case", "if_statement")):
        if not m.funcion.nodo.start_byte <= n.start_byte < m.funcion.nodo.end_byte:
            continue
        if n.type == "switch_case" and n.child_by_field_name("value") is not None:
            nombres.add(cadena(m.lector, Ref(f, n.child_by_field_name("value"))))
        elif n.type == "if_statement":
            nombres.add(_nombre_comparado(m, n.child_by_field_name("condition")))
    return frozenset(x for x in nombres if x is not None)


def _comunes(m: Manejador) -> list[tuple[Ref, Ref]]:
    """The returns of a low-level handler that every tool without a return of its own may reach: outside
    every dispatch branch, and neither in a `default:` nor in the `else` of a dispatch `if` (those only
    names no branch takes reach)."""
    salida = []
    for rama, retorno, valor in _ramas(m):
        if rama is not None:
            continue
        hijo, n = retorno.nodo, retorno.nodo.parent
        while n is not None and n != m.funcion.nodo:
            if n.type == "switch_default" or n.type == "if_statement" and hijo == n.child_by_field_name("alternative") \
                    and _nombre_comparado(m, n.child_by_field_name("condition")) is not None:
                break
            hijo, n = n, n.parent
        else:
            salida.append((retorno, valor))
    return salida


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
    devueltos = retornos(m.funcion) if m.herramienta is None else \
        [(r, v) for rama, r, v in _ramas(m) if rama == m.herramienta] or _comunes(m)
    for retorno, valor in devueltos:
        for emitido, entorno in _emitidos(m, valor, 0, set(), VACIO):
            salida.append(Sitio(retorno, clasificar(m, emitido, 0, frozenset(), entorno)))
    return salida


def _emitidos(m: Manejador, valor: Ref, profundidad: int, vistos: set[tuple[str, int]], entorno: "Entorno"
              ) -> list[tuple[Ref, "Entorno"]]:
    """The structuredContent values a returned expression carries, each with the parameters bound
    where it is written ([]: a result without one)."""
    escritos = _escritos_despues(valor, entorno)
    r = ligado(m, seguir(m.lector, sin_await(valor)), entorno)
    entorno = r[1]
    r = r[0]
    if sin_await(r).nodo != r.nodo:  # `const result = await run(); return result;`
        r = seguir(m.lector, sin_await(r))
    nodo = r.nodo
    if nodo.type == "object" and escritos:  # `const res = { content }; res.structuredContent = x; return res;`
        return _emitidos(m, r, profundidad, vistos, entorno) + escritos
    if nodo.type == "object":
        for c in nombrados(nodo):
            if c.type == "pair" and clave_literal(r, c.child_by_field_name("key")) == "structuredContent":
                return [(Ref(r.fuente, c.child_by_field_name("value")), entorno)]
            if c.type == "shorthand_property_identifier" and texto(r.fuente, c) == "structuredContent":
                return [(Ref(r.fuente, c), entorno)]
        if any(c.type == "spread_element" for c in nombrados(nodo)):
            variantes = _variantes(m, r, entorno, profundidad)  # Irresoluble when a spread cannot be read
            emitidos = [v["structuredContent"] for v in variantes if "structuredContent" in v]
            if emitidos:
                return emitidos
            return [(r, entorno)] if m.directa and all("content" not in v for v in variantes) else []
        if m.directa and not any(clave_literal(r, c.child_by_field_name("key")) == "content" for c in nombrados(nodo)
                                 if c.type == "pair"):
            return [(r, entorno)]  # fastmcp: the object returned is the structured content
        return []
    if nodo.type == "ternary_expression":
        return _emitidos(m, Ref(r.fuente, nodo.child_by_field_name("consequence")), profundidad, vistos, entorno) + \
            _emitidos(m, Ref(r.fuente, nodo.child_by_field_name("alternative")), profundidad, vistos, entorno)
    if nodo.type == "call_expression":
        funcion, cierre = funcion_llamada(m, r), None
        if funcion is None:  # `return await body()` of a helper given the tool's body as `guarded(async () => x)`
            funcion, cierre = _funcion_atada(m, r, entorno)
        if funcion is not None and profundidad < PROFUNDIDAD:
            clave = (funcion.fuente.rel, funcion.nodo.start_byte)
            if clave in vistos:
                return []
            salida = []
            interior = atar(m, funcion, r, entorno) if cierre is None else {**cierre, **atar(m, funcion, r, entorno)}
            for _, v in retornos(funcion):
                salida.extend(_emitidos(m, v, profundidad + 1, vistos | {clave}, interior))
            return salida
    if m.directa:
        if cadena_literal(r.fuente, nodo) is not None or nodo.type in ("template_string", "null", "undefined"):
            return []  # text content
        return [(r, entorno)]  # fastmcp: a value that is no tool result is the structured content
    raise Irresoluble(f"the handler returns `{valor.corto()}`, which the analyzer cannot read as a tool result", valor)


VARIANTES = 16  # objects one literal with conditional spreads may build, before it is called unreadable


def _variantes(m: Manejador, objeto: Ref, entorno: "Entorno", profundidad: int = 0
               ) -> list[dict[str, tuple[Ref, "Entorno"]]]:
    """The properties (each with the bindings it is read under) of each object a literal may build: a
    spread of `c ? {...} : {...}` or `c && {...}` gives one object per side (which runs is not known), a
    spread of a project function's call the objects its returns build (its parameters bound), any
    other spread its properties; Irresoluble when a spread cannot be read or the objects grow past
    VARIANTES."""
    variantes: list[dict[str, tuple[Ref, Entorno]]] = [{}]
    for c in nombrados(objeto.nodo):
        if c.type != "spread_element":
            clave = texto(objeto.fuente, c) if c.type == "shorthand_property_identifier" else clave_de_propiedad(
                m.lector, Ref(objeto.fuente, c.child_by_field_name("key") if c.type == "pair" else c.child_by_field_name("name")))
            if clave is None:
                raise Irresoluble(f"the key of `{Ref(objeto.fuente, c).corto()}` is computed", Ref(objeto.fuente, c))
            valor = Ref(objeto.fuente, c.child_by_field_name("value") if c.type == "pair" else c)
            variantes = [{**v, clave: (valor, entorno)} for v in variantes]
            continue
        partes = _partes_esparcidas(m, Ref(objeto.fuente, nombrados(c)[0]), entorno, profundidad)
        variantes = [{**v, **p} for v in variantes for p in partes]
        if len(variantes) > VARIANTES:
            raise Irresoluble(f"`{objeto.corto()}` may build more than {VARIANTES} objects (its conditional spreads)",
                              objeto)
    return variantes


def _partes_esparcidas(m: Manejador, esparcido: Ref, entorno: "Entorno", profundidad: int
                       ) -> list[dict[str, tuple[Ref, "Entorno"]]]:
    """What one spread may add: one set of properties per object it may be."""
    interior, entorno = ligado(m, seguir(m.lector, esparcido), entorno)
    interior = seguir(m.lector, interior)
    lados = _lados(interior)
    if lados is not None:
        return [p for lado in lados for p in (_partes_esparcidas(m, lado, entorno, profundidad) if lado is not None
                                              else [{}])]
    if interior.nodo.type == "call_expression" and profundidad < PROFUNDIDAD:
        funcion = funcion_llamada(m, interior)
        if funcion is not None:  # `...buildContentBlock(text, data)`: the object each return builds
            dentro = atar(m, funcion, interior, entorno)
            return [p for _, v in retornos(funcion)
                    for p in _partes_esparcidas(m, v, dentro, profundidad + 1)]
    if interior.nodo.type == "object":
        return _variantes(m, interior, entorno, profundidad)
    return [{k: (v, entorno) for k, v in propiedades(m.lector, interior)}]


def _lados(r: Ref) -> Optional[list[Optional[Ref]]]:
    """The objects a conditional spread may add: both sides of `c ? a : b`, `a` or nothing of
    `c && a`; None for any other expression."""
    nodo = desnudar(r.nodo)
    if nodo is not None and nodo.type == "ternary_expression":
        return [Ref(r.fuente, nodo.child_by_field_name(c)) for c in ("consequence", "alternative")]
    if nodo is not None and nodo.type == "binary_expression" and texto(r.fuente, nodo.child_by_field_name("operator")) == "&&":
        return [Ref(r.fuente, nodo.child_by_field_name("right")), None]
    return None


def _funcion_atada(m: Manejador, llamada: Ref, entorno: "Entorno") -> tuple[Optional[Ref], Optional["Entorno"]]:
    """`f()` where `f` is a parameter a call on the way bound to a function (an arrow written at that
    call): the function, and the bindings where it is written (its closure); (None, None) otherwise."""
    f = desnudar(llamada.nodo.child_by_field_name("function"))
    if f is None or f.type != "identifier" or not entorno:
        return None, None
    valor, de_afuera = ligado(m, Ref(llamada.fuente, f), entorno)
    if valor.nodo == f:
        return None, None
    destino = seguir(m.lector, valor)
    return (destino, de_afuera) if destino.nodo.type in FUNCIONES else (None, None)


def _escritos_despues(valor: Ref, entorno: "Entorno") -> list[tuple[Ref, "Entorno"]]:
    """The values written into a returned `const` result's `structuredContent` after it is built
    (`res.structuredContent = x`); Irresoluble when a write names a key the analyzer cannot read
    (`res[k] = ...`, `Object.assign(res, ...)`): it may write structuredContent."""
    nodo = desnudar(sin_await(valor).nodo)
    if nodo is None or nodo.type != "identifier":
        return []
    nombre = texto(valor.fuente, nodo)
    salida = []
    for e in escrituras_en(Ref(valor.fuente, nodo)) or []:
        izquierda = e.nodo.child_by_field_name("left") if e.nodo.type == "assignment_expression" else None
        if izquierda is None or desnudar(izquierda.child_by_field_name("object")) is None \
                or desnudar(izquierda.child_by_field_name("object")).type != "identifier":
            if e.nodo.type == "call_expression":  # `Object.assign(res, ...)`
                raise Irresoluble(f"`{nombre}` is written into by `{e.corto()}`, which may set its structuredContent", e)
            continue  # `res.a.b = ...`, `delete res.k`: no structuredContent written at the root
        clave = izquierda.child_by_field_name("property") if izquierda.type == "member_expression" \
            else izquierda.child_by_field_name("index")
        nombre_clave = clave_literal(e, clave)
        if nombre_clave is None:
            raise Irresoluble(f"`{nombre}` is written into under a key the analyzer cannot read (`{e.corto()}`), "
                              "which may be its structuredContent", e)
        if nombre_clave == "structuredContent":
            salida.append((Ref(e.fuente, e.nodo.child_by_field_name("right")), entorno))
    return salida


# -- provenance ----------------------------------------------------------------------------------


def clasificar(m: Manejador, ref: Ref, profundidad: int, vistos: frozenset, entorno: "Entorno") -> Clase:
    """The provenance of an emitted expression (`entorno`: the helper parameters bound on the way)."""
    r, entorno = ligado(m, sin_await(ref), entorno)
    r = sin_await(r)  # a helper's parameter bound to `await api.get()`
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
        valores = _de_la_rama(m, asignaciones(r.fuente, nombre, r.nodo))
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


def _de_la_rama(m: Manejador, valores: Optional[list[Ref]]) -> Optional[list[Ref]]:
    """Of the values a `let` of a low-level handler is given, those the tool's run gives it: the ones
    its dispatch branch assigns (`case "x": result = ...`) when there are, else those no other tool's
    branch assigns; all of them for any other handler or variable."""
    if m.herramienta is None or not valores:
        return valores
    f = m.funcion
    if any(v.fuente.rel != f.fuente.rel or not f.nodo.start_byte <= v.nodo.start_byte < f.nodo.end_byte
           for v in valores):
        return valores
    ramas = [(_rama_de(m, v.nodo), v) for v in valores]
    return [v for rama, v in ramas if rama == m.herramienta] or [v for rama, v in ramas if rama is None]


def _mutaciones(m: Manejador, nombre: str, r: Ref) -> list[Any]:
    """The writes into `nombre` in the function the name is used in (`x.k = v`, `x[k] = v`, `delete x.k`)."""
    funcion = funcion_de(r.nodo) or r.fuente.raiz
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
    funcion = funcion_llamada(m, r)
    if funcion is not None:
        clave = (funcion.fuente.rel, funcion.nodo.start_byte)
        if clave in vistos or profundidad >= PROFUNDIDAD:
            return Clase("opaque", f"`{r.corto()}` recurses or is followed too deep")
        devueltos = retornos(funcion)
        if not devueltos:
            return Clase("opaque", f"`{r.corto()}` runs a function that returns nothing the analyzer can see")
        interior = atar(m, funcion, r, entorno)
        clases = [clasificar(m, v, profundidad + 1, vistos | {clave}, interior) for _, v in devueltos]
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
            clave = clave_literal(r, c.child_by_field_name("key"))
            if clave is None:
                computadas += 1
                continue
            propias_antes = True
            clase.claves.append((clave, Ref(r.fuente, c)))
            clase.valores.extend(valores_escritos(m, Ref(r.fuente, c.child_by_field_name("value")), escapar_ruta(clave),
                                          clave, r, Ref(r.fuente, c), entorno))
        elif c.type == "shorthand_property_identifier":
            clave = texto(r.fuente, c)
            propias_antes = True
            clase.claves.append((clave, Ref(r.fuente, c)))
            clase.valores.extend(valores_escritos(m, Ref(r.fuente, c), escapar_ruta(clave), clave, r, Ref(r.fuente, c), entorno))
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


# -- complete ------------------------------------------------------------------------------------


def completes(m: Manejador) -> list[tuple[Ref, str]]:
    """Every `complete` a handler's own body asserts: (where, evidencia) as the Python front end's
    syntax-only table has it for literals (`ninguna` for `true`, `no_afirma` for `false`/`null`,
    `desconocida` otherwise)."""
    cuerpo = m.funcion.nodo.child_by_field_name("body")
    salida = []
    for n in recorrer(cuerpo) if cuerpo is not None else []:
        if n.type == "pair" and clave_literal(Ref(m.funcion.fuente, n), n.child_by_field_name("key")) == "complete":
            if m.herramienta is not None and _rama_de(m, n) != m.herramienta:
                continue  # another tool's branch of a low-level handler, or no branch
            valor = desnudar(n.child_by_field_name("value"))
            if valor.type in ("object", "array"):
                continue
            evidencia = "ninguna" if valor.type == "true" else "no_afirma" if valor.type in ("false", "null", "undefined") \
                else "desconocida"
            salida.append((Ref(m.funcion.fuente, n), evidencia))
    return salida
