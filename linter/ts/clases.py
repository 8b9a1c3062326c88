"""The project's classes as an instance sees them: the chain of `extends`, what `this.x` and `this.m()`
stand for in an instance of a concrete class (its own members first, then its ancestors'), and the
concrete classes below a base class that registers tools with `this` (seed 000's `ToolBase`).

A member is read from a field initializer (`name = "x"`, `readonly schema = z.object(...)`), a getter
with one return, or a constructor: `this.x = value`, or a parameter property / `this.x = param`
whose value a subclass's `super(...)` call (or the one `new K(...)` of the class) passes. Anything
else is not read: the caller says what it could not follow."""

from __future__ import annotations

from typing import Any, Iterator, Optional, Sequence

from .arbol import Fuente, de_prueba, nombrados, recorrer, texto
from .valores import (Lector, Ref, anotacion, asignaciones, exportado, funcion_propia, ligadura, parametros_planos,
                      retorno_unico, seguir)

CLASES = ("class_declaration", "class", "abstract_class_declaration")
FUNCIONES_PROPIAS = ("function_expression", "function", "function_declaration", "generator_function",
                     "generator_function_declaration")  # a `this` inside one of these is not the instance's
PROFUNDIDAD = 16  # ancestors followed before a chain is called a cycle


def clase_lexica(nodo: Any) -> Optional[Any]:
    """The class a `this` at `nodo` belongs to: the nearest enclosing class, through arrow functions and
    methods (a `function` in between has its own `this`: None)."""
    n = nodo.parent
    while n is not None and n.type not in CLASES:
        if n.type in FUNCIONES_PROPIAS:
            return None
        n = n.parent
    return n


def padre(lector: Lector, clase: Ref) -> Optional[Ref]:
    """The project class `clase` extends, followed through names and imports; None otherwise."""
    for h in nombrados(clase.nodo):
        if h.type != "class_heritage":
            continue
        for c in nombrados(h):
            if c.type == "extends_clause" and c.child_by_field_name("value") is not None:
                destino = seguir(lector, Ref(clase.fuente, c.child_by_field_name("value")))
                return destino if destino.nodo.type in CLASES else None
        valores = [c for c in nombrados(h) if c.type not in ("implements_clause",)]  # JavaScript: `extends X` bare
        if valores and valores[0].type in ("identifier", "member_expression"):
            destino = seguir(lector, Ref(clase.fuente, valores[0]))
            return destino if destino.nodo.type in CLASES else None
    return None


def cadena(lector: Lector, clase: Ref) -> list[Ref]:
    """`clase` and its project ancestors, nearest first."""
    salida = [clase]
    while len(salida) <= PROFUNDIDAD:
        arriba = padre(lector, salida[-1])
        if arriba is None or any(arriba.nodo == c.nodo for c in salida):
            break
        salida.append(arriba)
    return salida


def abstracta(clase: Ref) -> bool:
    return clase.nodo.type == "abstract_class_declaration"


def nombre_de(clase: Ref) -> Optional[str]:
    n = clase.nodo.child_by_field_name("name")
    if n is not None:
        return texto(clase.fuente, n)
    padre_ = clase.nodo.parent  # `const X = class { ... }`
    if padre_ is not None and padre_.type == "variable_declarator" and padre_.child_by_field_name("name") is not None:
        return texto(clase.fuente, padre_.child_by_field_name("name"))
    return None


def _cuerpo(clase: Ref) -> list[Any]:
    cuerpo = clase.nodo.child_by_field_name("body")
    return nombrados(cuerpo) if cuerpo is not None else []


def _nombre_miembro(fuente: Fuente, nodo: Any) -> Optional[str]:
    n = nodo.child_by_field_name("name")
    return texto(fuente, n) if n is not None and n.type == "property_identifier" else None


def _es_getter(nodo: Any) -> bool:
    return nodo.type == "method_definition" and any(c.type == "get" for c in nodo.children)


def metodo(lector: Lector, concreta: Ref, nombre: str) -> Optional[Ref]:
    """The method `nombre` an instance of `concreta` runs (its own, else the nearest ancestor's), a
    getter or an abstract signature never."""
    for clase in cadena(lector, concreta):
        for c in _cuerpo(clase):
            if c.type == "method_definition" and not _es_getter(c) and _nombre_miembro(clase.fuente, c) == nombre \
                    and c.child_by_field_name("body") is not None:
                return Ref(clase.fuente, c)
    return None


def metodo_estatico(lector: Lector, clase: Ref, nombre: str) -> Optional[Ref]:
    """The `static nombre()` a call on the class itself runs (`Registro.getAllTools()`): its own, else
    the nearest ancestor's (static members are inherited); None otherwise."""
    for c in cadena(lector, clase):
        for m in _cuerpo(c):
            if m.type == "method_definition" and any(h.type == "static" for h in m.children) \
                    and not _es_getter(m) and _nombre_miembro(c.fuente, m) == nombre and m.child_by_field_name("body") is not None:
                return Ref(c.fuente, m)
    return None


def _constructor(clase: Ref) -> Optional[Any]:
    return next((c for c in _cuerpo(clase) if c.type == "method_definition"
                 and _nombre_miembro(clase.fuente, c) == "constructor"), None)


def miembro(lector: Lector, concreta: Ref, nombre: str, construccion: Optional[Ref] = None) -> Optional[Ref]:
    """What `this.nombre` holds in an instance of `concreta` (built by `construccion`, a `new` of it,
    when known); None when nothing the analyzer reads gives it."""
    clases = cadena(lector, concreta)
    for i, clase in enumerate(clases):
        for c in _cuerpo(clase):
            if _nombre_miembro(clase.fuente, c) != nombre:
                continue
            if c.type == "public_field_definition" and c.child_by_field_name("value") is not None:
                return Ref(clase.fuente, c.child_by_field_name("value"))
            if _es_getter(c):
                return retorno_unico(Ref(clase.fuente, c))
        hallado = _de_constructor(lector, clases, i, nombre, construccion)
        if hallado is not None:
            return hallado
    return None


def _de_constructor(lector: Lector, clases: list[Ref], i: int, nombre: str, construccion: Optional[Ref]
                    ) -> Optional[Ref]:
    """`this.nombre` as the constructor of `clases[i]` sets it: a parameter property, or one
    assignment; a parameter's value taken from the `super(...)` below it, or from the `new` that
    builds the instance."""
    clase = clases[i]
    ctor = _constructor(clase)
    if ctor is None:
        return None
    parametros = parametros_planos(clase.fuente, ctor)
    valor: Optional[Ref] = None
    indice = next((j for j, (p, propiedad) in enumerate(parametros) if p == nombre and propiedad), None)
    if indice is None:
        asignados = [n for n in recorrer(ctor) if n.type == "assignment_expression"
                     and (izq := n.child_by_field_name("left")) is not None and izq.type == "member_expression"
                     and nombrados(izq)[0].type == "this" and texto(clase.fuente, izq.child_by_field_name("property")) == nombre]
        if len(asignados) != 1:
            return None
        valor = Ref(clase.fuente, asignados[0].child_by_field_name("right"))
        if valor.nodo.type == "identifier":
            indice = next((j for j, (p, _) in enumerate(parametros) if p == texto(clase.fuente, valor.nodo)), None)
        if indice is None:
            return valor
    return _argumento(lector, clases, i, indice, construccion)


def _argumento(lector: Lector, clases: list[Ref], i: int, indice: int, construccion: Optional[Ref]) -> Optional[Ref]:
    """The value the constructor parameter `indice` of `clases[i]` receives in an instance of
    `clases[0]` built by `construccion` (a `new` of it; None when unknown)."""
    for j in range(i - 1, -1, -1):  # down the chain: the nearest subclass with a constructor calls super(...)
        ctor = _constructor(clases[j])
        if ctor is None:
            continue  # the implicit constructor passes its arguments through
        llamadas = [n for n in recorrer(ctor) if n.type == "call_expression"
                    and n.child_by_field_name("function") is not None and n.child_by_field_name("function").type == "super"]
        if len(llamadas) != 1:
            return None
        argumentos = nombrados(llamadas[0].child_by_field_name("arguments"))
        if indice >= len(argumentos) or argumentos[indice].type == "spread_element":
            return None
        valor = Ref(clases[j].fuente, argumentos[indice])
        parametros = [p for p, _ in parametros_planos(clases[j].fuente, ctor)]
        if valor.nodo.type == "identifier" and texto(valor.fuente, valor.nodo) in parametros:
            indice = parametros.index(texto(valor.fuente, valor.nodo))
            continue
        return valor
    if construccion is None or construccion.nodo.child_by_field_name("arguments") is None:
        return None  # the concrete class's own constructor parameter: each `new` may pass another value
    argumentos = nombrados(construccion.nodo.child_by_field_name("arguments"))
    if indice >= len(argumentos) or argumentos[indice].type == "spread_element":
        return None
    return Ref(construccion.fuente, argumentos[indice])


def valor_de_this(lector: Lector, ref: Ref) -> Optional[Ref]:
    """`this.x` or `this.m()` (no arguments) read for the instance the lector reads (`lector.instancia`),
    when the `this` belongs to a class of its chain: the member's value, or the method's one return.
    None when there is no such instance or nothing the analyzer reads gives it."""
    concreta = lector.instancia
    if concreta is None:
        return None
    nodo = ref.nodo
    llamada = nodo.type == "call_expression"
    miembro_ = nodo.child_by_field_name("function") if llamada else nodo
    if llamada and nombrados(nodo.child_by_field_name("arguments")):
        return None
    if miembro_ is None or miembro_.type != "member_expression" or nombrados(miembro_)[0].type != "this":
        return None
    lexica = clase_lexica(miembro_)
    if lexica is None or not any(c.nodo == lexica for c in cadena(lector, concreta)):
        return None
    nombre = texto(ref.fuente, miembro_.child_by_field_name("property"))
    if llamada:
        m = metodo(lector, concreta, nombre)
        return retorno_unico(m) if m is not None else None
    return miembro(lector, concreta, nombre, lector.construccion)


def valor_estatico_de_this(lector: Lector, ref: Ref) -> Optional[Ref]:
    """`this.x` inside a static method (`static getAllTools() { return this.tools; }`): `this` is the
    class, and `x` its static field (its own, else the nearest ancestor's); None otherwise."""
    nodo = ref.nodo
    if nodo.type != "member_expression" or nombrados(nodo)[0].type != "this" \
            or nodo.child_by_field_name("property") is None:
        return None
    n = nodo.parent
    while n is not None and n.type not in ("method_definition", "class_body") + FUNCIONES_PROPIAS:
        n = n.parent  # an arrow function keeps the `this` around it
    if n is None or n.type != "method_definition" or not any(h.type == "static" for h in n.children):
        return None
    lexica = clase_lexica(n)
    if lexica is None:
        return None
    nombre = texto(ref.fuente, nodo.child_by_field_name("property"))
    for clase in cadena(lector, Ref(ref.fuente, lexica)):
        for c in _cuerpo(clase):
            if c.type == "public_field_definition" and any(h.type == "static" for h in c.children) \
                    and _nombre_miembro(clase.fuente, c) == nombre and c.child_by_field_name("value") is not None:
                return Ref(clase.fuente, c.child_by_field_name("value"))
    return None


def funcion_manejadora(lector: Lector, ref: Ref) -> Ref:
    """A handler given as a value, as the function that runs: `seguir`'s value, `f.bind(x)` as `f`, and
    `this.m` (bound or not) as the method `m` of the instance being read, else of the class around it
    (`setRequestHandler(ListToolsRequestSchema, this.listTools.bind(this))`); anything else as it is."""
    r = seguir(lector, ref)
    nodo = r.nodo
    if nodo.type == "call_expression" and nodo.child_by_field_name("function") is not None:
        f = nodo.child_by_field_name("function")
        if f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) == "bind":
            return funcion_manejadora(lector, Ref(r.fuente, f.child_by_field_name("object")))
        return r
    if nodo.type == "member_expression" and nombrados(nodo)[0].type == "this" \
            and nodo.child_by_field_name("property") is not None:
        lexica = clase_lexica(nodo)
        if lexica is None:
            return r
        instancia = lector.instancia
        clase = instancia if instancia is not None and any(c.nodo == lexica for c in cadena(lector, instancia)) \
            else Ref(r.fuente, lexica)
        m = metodo(lector, clase, texto(r.fuente, nodo.child_by_field_name("property")))
        return m if m is not None else r
    return r


def descendientes(lector: Lector, todas: Sequence[Fuente], base: Ref) -> list[Ref]:
    """The classes whose chain reaches `base` (itself included), in the analyzed files and in the
    project's other sources that name a class of the family (looked for by name before parsing)."""
    nombres: set[str] = {n for n in [nombre_de(base)] if n is not None}
    fuentes = {f.rel: f for f in todas}
    salida: dict[tuple[str, int], Ref] = {}
    while True:
        fuentes.update(lector.que_nombran(fuentes, nombres))
        antes = len(salida)
        for fuente in fuentes.values():
            for n in fuente.de_tipo(CLASES):
                if n.is_named and (fuente.rel, n.start_byte) not in salida:
                    clase = Ref(fuente, n)
                    if any(c.nodo == base.nodo for c in cadena(lector, clase)):
                        salida[(fuente.rel, n.start_byte)] = clase
                        nombres.update(x for x in [nombre_de(clase)] if x is not None)
        if len(salida) == antes:
            return sorted(salida.values(), key=lambda c: (c.fuente.rel, c.nodo.start_byte))


def concretas(lector: Lector, todas: Sequence[Fuente], base: Ref) -> list[tuple[Ref, list[Ref]]]:
    """The instances a base class's registration stands for: each class of its hierarchy that is not
    abstract and that no other class of it extends (a leaf), or that is built with `new` in the
    analyzed files or the project's sources that name a class of it; with the `new`s that build it.
    A class a test declares is left out (unless the base is a test's too)."""
    familia = descendientes(lector, todas, base)
    extendidas = {(p.fuente.rel, p.nodo.start_byte) for c in familia for p in [padre(lector, c)] if p is not None}
    nombres = {n for c in familia for n in [nombre_de(c)] if n is not None}
    fuentes = {f.rel: f for f in [*todas, *(c.fuente for c in familia)]}
    fuentes.update(lector.que_nombran(fuentes, nombres))
    construidas: dict[tuple[str, int], list[Ref]] = {}
    for clave, nuevo in _construidas(lector, list(fuentes.values()), nombres):
        construidas.setdefault(clave, []).append(nuevo)
    salida = []
    prueba = de_prueba(base.fuente.rel)
    for c in familia:
        clave = (c.fuente.rel, c.nodo.start_byte)
        if de_prueba(c.fuente.rel) and not prueba:
            continue  # a test's double of a server class is not one of the server's instances
        if not abstracta(c) and (clave not in extendidas or clave in construidas):
            salida.append((c, construidas.get(clave, [])))
    return salida


def _construidas(lector: Lector, todas: Sequence[Fuente], nombres: set[str]
                 ) -> Iterator[tuple[tuple[str, int], Ref]]:
    """(the class, the `new`) of each `new` of a class named in `nombres`, or of a name imported as one
    (`import { A as B }`: `new B()`); the others are not followed (following them parses what they import)."""
    for fuente in todas:
        for n in fuente.de_tipo(("new_expression",)):
            constructor = n.child_by_field_name("constructor")
            if constructor is None:
                continue
            nombre = texto(fuente, constructor).rsplit(".", 1)[-1]
            if nombre not in nombres:
                ligado = ligadura(fuente, nombre, constructor) if constructor.type == "identifier" else None
                if ligado is None or isinstance(ligado, Ref) or ligado.nombre not in nombres:
                    continue
            destino = seguir(lector, Ref(fuente, constructor))
            if destino.nodo.type in CLASES:
                yield (destino.fuente.rel, destino.nodo.start_byte), Ref(fuente, n)


def usa_this(nodo: Any) -> bool:
    """Whether an expression reads `this` of its class (not inside a `function` of its own)."""
    return any(n.type == "this" and clase_lexica(n) is not None for n in recorrer(nodo))


def clase_de_valor(lector: Lector, ref: Ref, profundidad: int = 0) -> Optional[Ref]:
    """The project class an expression is an instance of: `new C(...)`, a name bound (a `const`, or
    every value a `let` is given) to one, or a name whose declaration is annotated with C, or a call
    of a project function declared to return C (`getRegistry(): ToolRegistry`) or whose one return is
    such a value; C a class declared in the project. None otherwise."""
    if profundidad > PROFUNDIDAD:
        return None
    valor = seguir(lector, ref)
    if valor.nodo.type == "call_expression" and valor.nodo.child_by_field_name("function") is not None:
        return _clase_devuelta(lector, valor, profundidad)
    if valor.nodo.type == "new_expression":
        constructor = valor.nodo.child_by_field_name("constructor")
        clase = seguir(lector, Ref(valor.fuente, constructor)) if constructor is not None else None
        return clase if clase is not None and clase.nodo.type in CLASES else None
    if valor.nodo.type == "member_expression" and nombrados(valor.nodo)[0].type == "this":
        return _clase_de_campo(lector, valor)
    if valor.nodo.type != "identifier":
        return None
    nombre = texto(valor.fuente, valor.nodo)
    tipo = anotacion(valor.fuente, nombre, valor.nodo)
    if tipo is not None and tipo.type == "type_identifier":
        clase = clase_por_nombre(lector, valor.fuente, texto(valor.fuente, tipo), tipo)
        if clase is not None:
            return clase
    halladas = {(c.fuente.rel, c.nodo.start_byte): c for v in asignaciones(valor.fuente, nombre, valor.nodo) or []
                for c in [clase_de_valor(lector, v, profundidad + 1)] if c is not None}
    return next(iter(halladas.values())) if len(halladas) == 1 else None


def _clase_devuelta(lector: Lector, llamada: Ref, profundidad: int) -> Optional[Ref]:
    """The project class a call of a project function returns an instance of: its declared return
    type (`(): ToolRegistry`, a `Promise<...>` not looked into), else its one return's class."""
    destino = seguir(lector, Ref(llamada.fuente, llamada.nodo.child_by_field_name("function")))
    if destino.nodo.type not in ("function_declaration", "arrow_function", "function_expression", "function"):
        return None
    anotado = destino.nodo.child_by_field_name("return_type")
    tipo = nombrados(anotado)[0] if anotado is not None and nombrados(anotado) else None
    if tipo is not None and tipo.type == "type_identifier":
        clase = clase_por_nombre(lector, destino.fuente, texto(destino.fuente, tipo), tipo)
        if clase is not None:
            return clase
    devuelto = retorno_unico(destino)
    return clase_de_valor(lector, devuelto, profundidad + 1) if devuelto is not None else None


def _clase_de_campo(lector: Lector, miembro_: Ref) -> Optional[Ref]:
    """The project class `this.x` is an instance of, in the class around it: the type its field or
    constructor parameter property is annotated with, else the class of the value it is given."""
    lexica = clase_lexica(miembro_.nodo)
    propiedad = miembro_.nodo.child_by_field_name("property")
    if lexica is None or propiedad is None:
        return None
    nombre = texto(miembro_.fuente, propiedad)
    for clase in cadena(lector, Ref(miembro_.fuente, lexica)):
        ctor = _constructor(clase)
        parametros = nombrados(ctor.child_by_field_name("parameters")) if ctor is not None else []
        declarados = [c for c in _cuerpo(clase) if c.type == "public_field_definition"
                      and _nombre_miembro(clase.fuente, c) == nombre]
        declarados += [p for p in parametros if p.child_by_field_name("pattern") is not None
                       and texto(clase.fuente, p.child_by_field_name("pattern")) == nombre
                       and any(x.type in ("accessibility_modifier", "readonly") for x in p.children)]
        for d in declarados:
            anotado = d.child_by_field_name("type")
            tipo = nombrados(anotado)[0] if anotado is not None and nombrados(anotado) else None
            if tipo is not None and tipo.type == "type_identifier":
                hallada = clase_por_nombre(lector, clase.fuente, texto(clase.fuente, tipo), tipo)
                if hallada is not None:
                    return hallada
    valor = miembro(lector, Ref(miembro_.fuente, lexica), nombre)
    return clase_de_valor(lector, valor) if valor is not None and valor.nodo.type != "member_expression" else None


def clase_por_nombre(lector: Lector, fuente: Any, nombre: str, desde: Any) -> Optional[Ref]:
    """The project class a type name names (declared in the file or imported from a project module)."""
    ligado = ligadura(fuente, nombre, desde)
    if ligado is not None and not isinstance(ligado, Ref):
        ligado = exportado(lector, fuente, ligado)
    return ligado if isinstance(ligado, Ref) and ligado.nodo.type in CLASES else None


def metodo_de_prototipo(lector: Lector, this: Ref, nombre: str) -> Optional[Ref]:
    """`this.m` in a plain function set on a constructor's prototype (an ES5 class: `Handler.prototype.start
    = start`, in any source that names `start`): the function `Handler.prototype.m` is set to in that
    source; None otherwise (an arrow function takes `this` from around it)."""
    funcion = funcion_propia(this.nodo)
    while funcion is not None and funcion.type == "arrow_function":
        funcion = funcion_propia(funcion)
    if funcion is None or funcion.type not in ("function_declaration", "function_expression", "function"):
        return None
    nombre_f = funcion.child_by_field_name("name")
    if nombre_f is None and funcion.parent is not None and funcion.parent.type == "variable_declarator":
        nombre_f = funcion.parent.child_by_field_name("name")
    if nombre_f is None:
        return None
    propia = Ref(this.fuente, funcion)
    fuentes = {this.fuente.rel: this.fuente}
    fuentes.update(lector.que_nombran(fuentes, {texto(this.fuente, nombre_f)}))
    for fuente in fuentes.values():
        asignados = _asignados_al_prototipo(fuente)
        for constructor, _, valor in asignados:
            destino = seguir(lector, valor)
            if destino.fuente.rel == propia.fuente.rel and destino.nodo == propia.nodo:
                for otro, clave, v in asignados:
                    if otro == constructor and clave == nombre:
                        return seguir(lector, v)
    return None


def _asignados_al_prototipo(fuente: Fuente) -> list[tuple[str, str, Ref]]:
    """(constructor, key, value) of every `C.prototype.k = v` of a source, in source order."""
    salida = []
    for n in fuente.de_tipo(("assignment_expression",)):
        izquierda = n.child_by_field_name("left")
        objeto = izquierda.child_by_field_name("object") if izquierda is not None and izquierda.type == "member_expression" else None
        if objeto is None or objeto.type != "member_expression" or izquierda.child_by_field_name("property") is None \
                or texto(fuente, objeto.child_by_field_name("property")) != "prototype":
            continue
        salida.append((texto(fuente, objeto.child_by_field_name("object")),
                       texto(fuente, izquierda.child_by_field_name("property")), Ref(fuente, n.child_by_field_name("right"))))
    return salida
