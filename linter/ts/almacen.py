"""What a collection holds when the program fills it as it runs, read without running it.

A server often lists tools it has stored: a registry class keeps them in a field (`this.tools.set(t.name,
t)` in its `register(t)`), `registerMany(list)` calls `register` per element, and each `list` is what a
project function returns. The values of such a collection are found backwards:

- a `let` is every value it is given (a read of a cache that only ever stores the variable itself,
  `let tools = cache.get(K); if (!tools) { tools = ...; cache.set(K, tools) }`, adds nothing);
- a loop variable or a callback parameter of `E.forEach/map/flatMap` is an element of E (a destructured
  `{ a, b: c, ...rest }` takes the element's property; `rest` the element itself);
- a parameter of a project function or method is what every call of it in the project passes (a method
  called on an instance of its class: `this.m(...)`, or a receiver built with `new C` or annotated `C`;
  the project's tests aside: what a test registers goes into the test's instance; a receiver whose
  class cannot be told, in a source that names the class, stops the search);
- a call of a project function or method is each value it returns, its parameters bound to the call's
  arguments (`await` looked through; `c ? a : b`, `a || b` and `a ?? b` are both sides);
- a field `this.f` is every value the class's methods `set`, `push`, `add` or assign into it; a local
  array is its literal elements and what `push`/`unshift`/`splice` or an index assignment adds where
  it is seen;
- `X.filter(cb)` / `X.slice()` may keep each element of X (statically, what may be listed, as both
  sides of a switch are); `Object.values(o)` is an array's elements or an object's values.

Where a call is and which sources are tests: linter/ts/llamadas.py; the patterns a loop binds:
linter/ts/patrones.py. What cannot be followed raises `Irresoluble` with the reason, never an empty
answer: a field, array or method used in a way these forms do not cover (passed as a value, handed to
code that may add to it, aliased), a function nobody in the project calls, a search beyond its budget
of steps or of nested questions.
"""

from __future__ import annotations

from typing import Any, Optional

from .arbol import Fuente, nombrados, nombres_en, recorrer, texto
from .llamadas import HONDURA, Busqueda, clase_de_this, llamadas_de
from .patrones import atar_patron, bucle_de, nombres_del_patron, primer_parametro
from .valores import (ENVOLTURAS, NOMBRES, FUNCIONES_DE_VALOR, Irresoluble, Lector, Ref, asignaciones,
                      bloque_que_declara, declara, desestructurado, desnudar, exportado_de, funcion_propia,
                      nombres_exportados, parametros_planos, propiedades, seguir, valor_de_objeto, valores_devueltos)
from . import camino, clases

Ligado = tuple[Ref, dict]  # a value, and the names bound while it is read (`Lector.atados`)
METODOS = ("method_definition",)


def origen(lector: Lector, valor: Ref, atados: dict) -> Ref:
    """Where a tool object is written: an object that spreads another (`{ ...tool, description }`, a
    function that rebuilds each tool) is placed where the object it spreads is written; one a
    `map`/`flatMap` callback returns for each element (`handlers.map((h) => ({ name: h.name, ... }))`,
    one literal for every tool) is placed where its element is written."""
    vistos = set()
    while valor.nodo.type == "object" and valor.nodo.start_byte not in vistos:
        vistos.add(valor.nodo.start_byte)
        esparcidos = [c for c in nombrados(valor.nodo) if c.type == "spread_element"]
        if not esparcidos:
            elemento = _elemento_del_callback(valor, atados)
            if elemento is not None:
                with lector.en(lector.instancia, atados, lector.construccion):
                    return seguir(lector, elemento)
            break
        with lector.en(lector.instancia, atados, lector.construccion):
            debajo = seguir(lector, Ref(valor.fuente, nombrados(esparcidos[0])[0]))
        if debajo.nodo.type != "object":
            break
        valor = debajo
    return valor


def _elemento_del_callback(objeto: Ref, atados: dict) -> Optional[Ref]:
    """The element a `map`/`flatMap` callback's parameter is bound to, when `objeto` is what that
    callback returns (its expression body, or one of its own returns); None otherwise."""
    funcion = funcion_propia(objeto.nodo) if objeto.nodo.parent is not None else None
    if funcion is None or funcion.type not in ("arrow_function", "function_expression"):
        return None
    devuelve = any(objeto.nodo == desnudar(r.nodo) for r in _retornos(Ref(objeto.fuente, funcion)))
    patron = primer_parametro(funcion) if devuelve and bucle_de(objeto.fuente, funcion) is not None else None
    if patron is None or patron.type != "identifier":
        return None
    return atados.get((objeto.fuente.rel, funcion.start_byte, texto(objeto.fuente, patron)))


def valores(b: Busqueda, ref: Ref, atados: dict) -> list[Ligado]:
    """Every value an expression may stand for, each with the bindings it is read under."""
    b.paso(ref)
    if b.hondura >= HONDURA:
        raise Irresoluble(f"following what `{ref.corto()}` holds goes more than {HONDURA} questions deep", ref)
    b.hondura += 1
    try:
        lector = b.lector
        with lector.en(lector.instancia, atados, lector.construccion):
            r = seguir(lector, ref)
        if r.nodo.type in NOMBRES:
            return _de_nombre(b, r, atados)
        if r.nodo.type == "member_expression" and r.nodo.child_by_field_name("property") is not None \
                and r.nodo.child_by_field_name("property").type == "property_identifier" \
                and r.nodo.child_by_field_name("object").type not in ("this", "super"):
            return _propiedad_de(b, Ref(r.fuente, r.nodo.child_by_field_name("object")),
                                 texto(r.fuente, r.nodo.child_by_field_name("property")), atados)
        if r.nodo.type == "ternary_expression":  # both sides: which one runs is not known
            return [v for lado in ("consequence", "alternative") for v in
                    valores(b, Ref(r.fuente, r.nodo.child_by_field_name(lado)), atados)]
        if r.nodo.type == "binary_expression" and r.nodo.child_by_field_name("operator") is not None \
                and r.nodo.child_by_field_name("operator").type in ("||", "??"):  # either side may be the value
            return [v for lado in ("left", "right") for v in
                    valores(b, Ref(r.fuente, r.nodo.child_by_field_name(lado)), atados)]
        if r.nodo.type == "await_expression" and nombrados(r.nodo):
            return valores(b, Ref(r.fuente, nombrados(r.nodo)[0]), atados)
        if r.nodo.type == "call_expression":
            devueltos = _devueltos(b, r, atados)
            if devueltos is not None:
                return devueltos
        return [(r, atados)]
    finally:
        b.hondura -= 1


def elementos(b: Busqueda, ref: Ref, atados: dict) -> list[Ligado]:
    """The elements of a collection, each with the bindings it is read under: an array literal (its
    spreads folded in), `Array.from(X)`, `X.concat(Y)`, `X.map(cb)` / `X.flatMap(cb)` (what `cb` returns
    per element of X), `Object.values(o)`, `this.f` / `this.f.values()` of a field the class fills."""
    clave = (_huella(ref), frozenset((k, _huella(v)) for k, v in atados.items()), frozenset(b.en_curso),
             _huella(b.lector.instancia), _huella(b.lector.construccion))
    if clave in b.enumeradas:  # the same collection under the same bindings (two returns of one function)
        return list(b.enumeradas[clave])
    resto = _de_resto(b, ref, atados)
    if resto is not None:
        b.enumeradas[clave] = resto
        return list(resto)
    salida: list[Ligado] = []
    for valor, at in valores(b, ref, atados):
        salida.extend(_de_coleccion(b, valor, at))
    b.enumeradas[clave] = _unicos(salida)
    return list(b.enumeradas[clave])


def _huella(ref: Optional[Ref]) -> Optional[tuple[str, int, int, str]]:
    return None if ref is None else (ref.fuente.rel, ref.nodo.start_byte, ref.nodo.end_byte, ref.nodo.type)


def _de_resto(b: Busqueda, ref: Ref, atados: dict) -> Optional[list[Ligado]]:
    """A function's rest parameter (`...defs`): what every call passes from its place on (spreads
    folded in); None for any other expression."""
    nodo = ref.nodo
    if nodo.type != "identifier":
        return None
    nombre = texto(ref.fuente, nodo)
    ligante = _ligante(ref.fuente, nodo, nombre)
    parametros = ligante.child_by_field_name("parameters") if ligante is not None else None
    indice = next((i for i, p in enumerate(nombrados(parametros) if parametros is not None else [])
                   if p.child_by_field_name("pattern") is not None and p.child_by_field_name("pattern").type == "rest_pattern"
                   and texto(ref.fuente, nombrados(p.child_by_field_name("pattern"))[0]) == nombre), None)
    if indice is None:
        return None
    clave = ("nombre", ref.fuente.rel, ligante.start_byte, nombre)
    if clave in b.en_curso:
        return []
    b.en_curso.add(clave)
    try:
        salida: list[Ligado] = []
        for llamada in llamadas_de(b, Ref(ref.fuente, ligante)):
            argumentos = nombrados(llamada.nodo.child_by_field_name("arguments"))
            if any(a.type == "spread_element" for a in argumentos[:indice]):
                raise Irresoluble(f"`{llamada.corto()}` spreads its arguments", llamada)
            for a in argumentos[indice:]:
                if a.type == "spread_element":
                    salida.extend(elementos(b, Ref(llamada.fuente, nombrados(a)[0]), atados))
                else:
                    salida.extend(valores(b, Ref(llamada.fuente, a), atados))
        return _unicos(salida)
    finally:
        b.en_curso.discard(clave)


def _unicos(lista: list[Ligado]) -> list[Ligado]:
    """Each value once: the same node under the same bindings (one factory's object, built by two calls
    with different arguments, is two values)."""
    vistos: set[tuple[Any, ...]] = set()
    salida = []
    for valor, at in lista:
        clave = (valor.fuente.rel, valor.nodo.start_byte, valor.nodo.end_byte,
                 frozenset((k, v.fuente.rel, v.nodo.start_byte, v.nodo.end_byte) for k, v in at.items()))
        if clave not in vistos:
            vistos.add(clave)
            salida.append((valor, at))
    return salida


def _de_coleccion(b: Busqueda, valor: Ref, at: dict) -> list[Ligado]:
    nodo = valor.nodo
    if nodo.type == "array":
        salida: list[Ligado] = []
        for c in nombrados(nodo):
            if c.type == "spread_element":
                salida.extend(elementos(b, Ref(valor.fuente, nombrados(c)[0]), at))
            else:
                salida.append((Ref(valor.fuente, c), at))
        return salida + _agregados(b, valor, at)
    if nodo.type == "member_expression" and _de_this(nodo):
        return _campo(b, valor, at)
    if nodo.type == "call_expression" and nodo.child_by_field_name("function") is not None \
            and nodo.child_by_field_name("function").type == "member_expression":
        f = nodo.child_by_field_name("function")
        objeto = Ref(valor.fuente, f.child_by_field_name("object"))
        metodo = texto(valor.fuente, f.child_by_field_name("property"))
        args = [Ref(valor.fuente, a) for a in nombrados(nodo.child_by_field_name("arguments"))]
        base = texto(valor.fuente, objeto.nodo)
        if base == "Array" and metodo == "from" and args:
            salida = elementos(b, args[0], at)
            return _mapear(b, salida, args[1], metodo) if len(args) > 1 else salida
        if base == "Object" and metodo == "values" and len(args) == 1:
            return [v for o, at2 in valores(b, args[0], at) for v in _valores_de(b, o, at2)]
        if base == "Object" and metodo == "entries" and len(args) == 1:
            return [e for o, at2 in valores(b, args[0], at) for e in _entradas_de(b, o, at2)]
        if metodo == "values" and not args and objeto.nodo.type == "member_expression" and _de_this(objeto.nodo):
            return _campo(b, objeto, at)
        if metodo in ("map", "flatMap") and len(args) == 1:
            return _mapear(b, elementos(b, objeto, at), args[0], metodo)
        if metodo == "concat":
            return [*elementos(b, objeto, at), *(e for a in args for e in elementos(b, a, at))]
        if metodo in ("filter", "slice"):  # each element may be kept: statically, what may be listed
            return elementos(b, objeto, at)
    if nodo.type == "call_expression":
        raise Irresoluble(f"`{valor.corto()}` calls what is not a project function the analyzer reads: what it "
                          "returns is not known", valor)
    raise Irresoluble(f"`{valor.corto()}` is not a collection the analyzer can enumerate", valor)


def _valores_de(b: Busqueda, objeto: Ref, at: dict) -> list[Ligado]:
    """`Object.values(o)` of one value: an array's elements, an object literal's property values (keys
    computed or not; spreads folded in), a module namespace's exported values (`import * as tools`)."""
    if objeto.nodo.type == "array":
        return _de_coleccion(b, objeto, at)
    if objeto.nodo.type == "program":
        salida_: list[Ligado] = []
        for nombre in nombres_exportados(b.lector, objeto.fuente):
            valor = exportado_de(b.lector, objeto.fuente, nombre)
            if valor is None:
                raise Irresoluble(f"what `{objeto.fuente.rel}` exports as `{nombre}` is not read", objeto)
            salida_.extend(valores(b, valor, at))
        return salida_
    if objeto.nodo.type != "object":
        raise Irresoluble(f"`{objeto.corto()}` is not an object the analyzer reads (its values are wanted)", objeto)
    salida: list[Ligado] = []
    for c in nombrados(objeto.nodo):
        if c.type == "pair":
            salida.extend(valores(b, Ref(objeto.fuente, c.child_by_field_name("value")), at))
        elif c.type == "shorthand_property_identifier":
            salida.extend(valores(b, Ref(objeto.fuente, c), at))
        elif c.type == "spread_element":
            salida.extend(v for o, at2 in valores(b, Ref(objeto.fuente, nombrados(c)[0]), at)
                          for v in _valores_de(b, o, at2))
    return salida


def _entradas_de(b: Busqueda, objeto: Ref, at: dict) -> list[Ligado]:
    """`Object.entries(o)` of one object literal: each written key and value, as the `pair` that
    writes them (an array pattern `[name, tool]` takes them apart, linter/ts/patrones.py); spreads
    folded in. A computed key, a shorthand property or an array (whose keys are indices) is not read."""
    if objeto.nodo.type != "object":
        raise Irresoluble(f"`{objeto.corto()}` is not an object the analyzer reads (its entries are wanted)", objeto)
    salida: list[Ligado] = []
    for c in nombrados(objeto.nodo):
        if c.type == "pair" and c.child_by_field_name("key") is not None \
                and c.child_by_field_name("key").type in ("property_identifier", "string"):
            salida.append((Ref(objeto.fuente, c), at))
        elif c.type == "spread_element":
            salida.extend(e for o, at2 in valores(b, Ref(objeto.fuente, nombrados(c)[0]), at)
                          for e in _entradas_de(b, o, at2))
        elif c.type in ("pair", "shorthand_property_identifier", "method_definition"):
            raise Irresoluble(f"`{Ref(objeto.fuente, c).corto()}`: an entry whose key or value the analyzer does not "
                              "take apart", Ref(objeto.fuente, c))
    return salida


def _agregados(b: Busqueda, arreglo: Ref, at: dict) -> list[Ligado]:
    """What is added to an array literal bound to a variable (`const all = []; all.push(...defs)`):
    every `push`/`unshift`/`splice` and `all[i] = v` where that variable is seen. A use that may add
    to it out of sight (handed to a function that adds to its parameter or that the analyzer cannot
    read, aliased) stops the enumeration."""
    declarador = arreglo.nodo.parent
    if declarador is None or declarador.type != "variable_declarator" \
            or declarador.child_by_field_name("value") != arreglo.nodo \
            or declarador.child_by_field_name("name").type != "identifier":
        return []
    return _agregados_por(b, Ref(arreglo.fuente, declarador.child_by_field_name("name")), at)


def _agregados_por(b: Busqueda, declarado: Ref, at: dict) -> list[Ligado]:
    """What the uses of a declared name add to the collection it holds (`_agregado_en` of each use in
    the block that declares it)."""
    fuente = declarado.fuente
    nombre = texto(fuente, declarado.nodo)
    bloque = bloque_que_declara(fuente, nombre, declarado.nodo)
    if bloque is None:
        return []
    clave = ("agregados", fuente.rel, declarado.nodo.start_byte)
    if clave in b.en_curso:
        return []
    b.en_curso.add(clave)
    try:
        salida: list[Ligado] = []
        for n in nombres_en(fuente, nombre):
            if n.type != "identifier" or n == declarado.nodo \
                    or not (bloque.start_byte <= n.start_byte < bloque.end_byte) \
                    or bloque_que_declara(fuente, nombre, n) != bloque:
                continue
            salida.extend(_agregado_en(b, Ref(fuente, n), nombre, at))
        return salida
    finally:
        b.en_curso.discard(clave)


# what a method call adds to the collection it is called on: the arguments from this place on
ADICIONES = {"push": 0, "unshift": 0, "add": 0, "set": 1, "splice": 2}
# what reads a collection in place (an array's, a Map's or a Set's), adding nothing to it
LECTURAS = ("length", "size", "map", "filter", "forEach", "flatMap", "find", "findIndex", "some", "every",
            "includes", "indexOf", "slice", "concat", "join", "reduce", "entries", "keys", "values", "at", "sort",
            "reverse", "pop", "shift", "get", "has", "delete", "clear")


def _agregado_en(b: Busqueda, uso: Ref, nombre: str, at: dict) -> list[Ligado]:
    """What one use of a collection (a local array's name, a field's `this.f`) adds to it: a method
    that adds (`push`, `unshift`, `splice`, `add`, a Map's `set`), an index assignment, an assignment of
    the whole; nothing for a read. A use that may add to it out of the analyzer's sight raises."""
    fuente, n = uso.fuente, uso.nodo
    padre = n.parent
    if padre.type == "type_query":  # `typeof TOOLS` in a type: nothing runs
        return []
    if padre.type == "member_expression" and padre.child_by_field_name("object") == n:
        metodo = texto(fuente, padre.child_by_field_name("property"))
        llamada = padre.parent
        if metodo in ADICIONES and llamada is not None and llamada.type == "call_expression" \
                and llamada.child_by_field_name("function") == padre:
            salida: list[Ligado] = []
            for a in nombrados(llamada.child_by_field_name("arguments"))[ADICIONES[metodo]:]:
                if a.type == "spread_element":
                    salida.extend(_esparcido(b, Ref(fuente, nombrados(a)[0]), at))
                else:
                    salida.extend(valores(b, Ref(fuente, a), at))
            return salida
        if metodo in LECTURAS:
            return []
    if padre.type == "subscript_expression" and padre.child_by_field_name("object") == n:
        asignacion = padre.parent
        if asignacion.type == "assignment_expression" and asignacion.child_by_field_name("left") == padre:
            return valores(b, Ref(fuente, asignacion.child_by_field_name("right")), at)
        return []
    if padre.type == "assignment_expression" and padre.child_by_field_name("left") == n:
        return _inicial(b, Ref(fuente, padre.child_by_field_name("right")))
    envuelto = n
    while envuelto.parent is not None and envuelto.parent.type in ENVOLTURAS:  # `const all = TOOLS as Tool[]`
        envuelto = envuelto.parent
    if envuelto is not n and envuelto.parent is not None and envuelto.parent.type == "variable_declarator":
        n, padre = envuelto, envuelto.parent
    if padre.type in ("return_statement", "spread_element", "pair", "as_expression", "satisfies_expression",
                      "parenthesized_expression", "non_null_expression") \
            or padre.type == "for_in_statement" and padre.child_by_field_name("right") == n:
        return []
    if padre.type == "arguments" and padre.parent is not None and padre.parent.type == "call_expression":
        _sin_agregar(b, Ref(fuente, padre.parent), nombrados(padre).index(n), nombre)
        return []
    if padre.type == "variable_declarator" and padre.child_by_field_name("value") == n \
            and padre.child_by_field_name("name").type == "identifier" and padre.parent is not None \
            and padre.parent.type == "lexical_declaration" and texto(fuente, padre.parent).startswith("const"):
        return _agregados_por(b, Ref(fuente, padre.child_by_field_name("name")), at)  # `const all = TOOLS`: its uses
    raise Irresoluble(f"`{Ref(fuente, padre).corto()}`: `{nombre}` is used in a way that may add to it out of the "
                      "analyzer's sight", Ref(fuente, padre))


def _esparcido(b: Busqueda, ref: Ref, at: dict) -> list[Ligado]:
    """The elements a spread in a call's arguments passes (`push(...defs)`, a rest parameter's
    included); a spread of what is not iterable throws, so an object adds nothing."""
    resto = _de_resto(b, ref, at)
    if resto is not None:
        return resto
    return [e for v, at2 in valores(b, ref, at) if v.nodo.type != "object" for e in _de_coleccion(b, v, at2)]


def _sin_agregar(b: Busqueda, llamada: Ref, indice: int, nombre: str) -> None:
    """An array handed to a call: fine when the callee reads it (`Array.from`, `Object.values`, a
    project function that never adds to that parameter nor hands it on); Irresoluble otherwise."""
    f = llamada.nodo.child_by_field_name("function")
    if texto(llamada.fuente, f) in ("Array.from", "Object.values", "Object.keys", "Object.entries", "Array.isArray",
                                    "JSON.stringify", "console.log", "console.error"):
        return
    destino = seguir(b.lector, Ref(llamada.fuente, f))
    parametros = parametros_planos(destino.fuente, destino.nodo) if destino.nodo.type in FUNCIONES_DE_VALOR else []
    parametro = parametros[indice][0] if indice < len(parametros) else None
    cuerpo = destino.nodo.child_by_field_name("body") if parametro is not None else None
    if cuerpo is None:
        raise Irresoluble(f"`{llamada.corto()}`: `{nombre}` is handed to a function the analyzer cannot read, which "
                          "may add to it", llamada)
    for m in nombres_en(destino.fuente, parametro):
        if not (cuerpo.start_byte <= m.start_byte < cuerpo.end_byte) or m.type != "identifier":
            continue
        padre = m.parent
        if padre.type == "member_expression" and padre.child_by_field_name("object") == m \
                and texto(destino.fuente, padre.child_by_field_name("property")) in LECTURAS:
            continue
        if padre.type in ("return_statement", "spread_element", "as_expression") \
                or padre.type == "for_in_statement" and padre.child_by_field_name("right") == m:
            continue
        raise Irresoluble(f"`{llamada.corto()}`: `{nombre}` is handed to `{parametro}`, used there as "
                          f"`{Ref(destino.fuente, padre).corto(40)}`, which may add to it", llamada)


def _de_this(nodo: Any) -> bool:
    objeto = nodo.child_by_field_name("object")
    return objeto is not None and objeto.type == "this" and nodo.child_by_field_name("property") is not None \
        and nodo.child_by_field_name("property").type in ("property_identifier", "private_property_identifier")


def _mapear(b: Busqueda, lista: list[Ligado], funcion: Ref, metodo: str) -> list[Ligado]:
    """What a callback returns for each element (`flatMap`: the elements of what it returns)."""
    cb = seguir(b.lector, funcion)
    if cb.nodo.type not in FUNCIONES_DE_VALOR:
        raise Irresoluble(f"`{funcion.corto()}` maps with what is not a function the analyzer reads", funcion)
    patron = primer_parametro(cb.nodo)
    nombres = nombres_del_patron(cb.fuente, patron) if patron is not None else {}
    retornos = _retornos(cb)
    if not retornos:
        raise Irresoluble(f"`{funcion.corto()}` returns nothing the analyzer reads", funcion)
    salida: list[Ligado] = []
    for elemento, at in lista:
        with b.lector.en(b.lector.instancia, at, b.lector.construccion):
            nuevos = atar_patron(b.lector, elemento, (cb.fuente.rel, cb.nodo.start_byte), nombres)
        tomado = None
        if len(retornos) > 1:  # the one its known tests take for this element (linter/ts/camino.py)
            with b.lector.en(b.lector.instancia, {**at, **nuevos}, b.lector.construccion):
                tomado = camino.retorno_tomado(b.lector, cb)
            if tomado is None:
                raise Irresoluble(f"the function `{cb.corto(40)}` a list is mapped with has {len(retornos)} return "
                                  f"statements, and which one runs for `{elemento.corto(40)}` is not known", cb)
        for r in [tomado] if tomado is not None else retornos:
            if metodo == "flatMap":
                salida.extend(elementos(b, r, {**at, **nuevos}))
            else:
                salida.extend(valores(b, r, {**at, **nuevos}))
    return salida


def _retornos(funcion: Ref) -> list[Ref]:
    """The values a function returns: an arrow's expression body, or each of its own `return x`."""
    cuerpo = funcion.nodo.child_by_field_name("body")
    if cuerpo is None:
        raise Irresoluble(f"`{funcion.corto()}` has no body the analyzer reads", funcion)
    return valores_devueltos(funcion)


def _devueltos(b: Busqueda, llamada: Ref, atados: dict) -> Optional[list[Ligado]]:
    """The values a call of a project function or method returns, its plain parameters bound to the
    call's arguments; None when the callee is not one (a package's, a builtin's)."""
    f = llamada.nodo.child_by_field_name("function")
    destino: Optional[Ref] = None
    if f is not None and f.type == "member_expression":
        objeto = f.child_by_field_name("object")
        nombre = texto(llamada.fuente, f.child_by_field_name("property"))
        with b.lector.en(b.lector.instancia, atados, b.lector.construccion):
            clase = clase_de_this(b, objeto, llamada.fuente) if objeto.type == "this" \
                else clases.clase_de_valor(b.lector, Ref(llamada.fuente, objeto))
            la_clase = seguir(b.lector, Ref(llamada.fuente, objeto)) if clase is None and objeto.type == "identifier" else None
        destino = clases.metodo(b.lector, clase, nombre) if clase is not None else None
        if la_clase is not None and la_clase.nodo.type in clases.CLASES:  # `Registro.getAllTools()`: a static method
            destino = clases.metodo_estatico(b.lector, la_clase, nombre)
        if clase is None and objeto.type == "this":  # a function set on an ES5 constructor's prototype
            destino = clases.metodo_de_prototipo(b.lector, Ref(llamada.fuente, objeto), nombre)
            if destino is not None and destino.nodo.type not in FUNCIONES_DE_VALOR:
                destino = None
        if destino is None and clase is None and objeto.type != "this":  # `core.listTools()`, `core` an object
            with b.lector.en(b.lector.instancia, atados, b.lector.construccion):  # literal a factory may return
                miembro = seguir(b.lector, Ref(llamada.fuente, f))
                de_la_fabrica = dict(b.lector.atados)  # the factory's parameters, bound while it was read
            if miembro.nodo.type in FUNCIONES_DE_VALOR + ("method_definition",):
                destino, atados = miembro, {**atados, **de_la_fabrica}
    elif f is not None:
        with b.lector.en(b.lector.instancia, atados, b.lector.construccion):
            destino = seguir(b.lector, Ref(llamada.fuente, f))
        if destino.nodo.type not in FUNCIONES_DE_VALOR:
            destino = None
    if destino is None:
        return None
    clave = ("devuelve", destino.fuente.rel, destino.nodo.start_byte)
    if clave in b.en_curso:
        return []
    b.en_curso.add(clave)
    try:
        argumentos = nombrados(llamada.nodo.child_by_field_name("arguments")) \
            if llamada.nodo.child_by_field_name("arguments") is not None else []
        nuevos = {(destino.fuente.rel, destino.nodo.start_byte, nombre): Ref(llamada.fuente, argumentos[i])
                  for i, (nombre, _) in enumerate(parametros_planos(destino.fuente, destino.nodo))
                  if nombre is not None and i < len(argumentos) and argumentos[i].type != "spread_element"}
        retornos = _retornos(destino)
        if not retornos:
            raise Irresoluble(f"`{llamada.corto()}` calls a function that returns nothing the analyzer reads", llamada)
        salida: list[Ligado] = []
        for r in retornos:
            salida.extend(valores(b, r, {**atados, **nuevos}))
        return salida
    finally:
        b.en_curso.discard(clave)


def _de_nombre(b: Busqueda, r: Ref, atados: dict) -> list[Ligado]:
    """What a name `seguir` leaves as it is stands for: a `let`'s values, a loop variable's or a
    callback parameter's elements, a function parameter's arguments at every call."""
    nombre = texto(r.fuente, r.nodo)
    dados = asignaciones(r.fuente, nombre, r.nodo)
    if dados is not None:
        salida: list[Ligado] = []
        for v in dados:
            if not _lectura_de_cache(v, nombre):
                salida.extend(valores(b, v, atados))
        if not salida:
            raise Irresoluble(f"`{nombre}` is given no value the analyzer can read", r)
        return salida
    desarmado = desestructurado(r.fuente, nombre, r.nodo)
    if desarmado is not None:  # `const { tools } = payload()`: that property of each value
        return _propiedad_de(b, desarmado[1], desarmado[0], atados)
    ligante = _ligante(r.fuente, r.nodo, nombre)
    if ligante is None:
        raise Irresoluble(f"`{nombre}` is bound to no value the analyzer can follow (a `declare`, a global, a "
                          "package's)", r)
    clave = ("nombre", r.fuente.rel, ligante.start_byte, nombre)
    if clave in b.en_curso:
        return []
    b.en_curso.add(clave)
    try:
        return _ligado_por(b, r, ligante, nombre, atados)
    finally:
        b.en_curso.discard(clave)


def _propiedad_de(b: Busqueda, objeto: Ref, clave: str, atados: dict) -> list[Ligado]:
    """The property `clave` of each value an expression may be (each an object literal, or an object
    a project function returns)."""
    salida: list[Ligado] = []
    for valor, at in valores(b, objeto, atados):
        with b.lector.en(b.lector.instancia, at, b.lector.construccion):
            literal = valor_de_objeto(b.lector, valor)
            if literal.nodo.type != "object":
                raise Irresoluble(f"`{valor.corto()}` is not an object the analyzer reads (its `{clave}` is wanted)",
                                  valor)
            propias = dict(propiedades(b.lector, literal))
            atadas = dict(b.lector.atados)
        if clave not in propias:
            raise Irresoluble(f"`{literal.corto()}` has no `{clave}` the analyzer reads", literal)
        salida.extend(valores(b, propias[clave], atadas))
    return salida


def _ligado_por(b: Busqueda, r: Ref, ligante: Any, nombre: str, atados: dict) -> list[Ligado]:
    fuente = r.fuente
    if ligante.type == "for_in_statement" and bucle_de(fuente, ligante) is None:
        raise Irresoluble(f"`{nombre}` is a key of a `for ... in` loop", r)
    patron, coleccion = bucle_de(fuente, ligante) or (None, None)
    if coleccion is not None and patron is not None:
        nombres = nombres_del_patron(fuente, patron)
        if nombre not in nombres:
            raise Irresoluble(f"`{nombre}` is bound by a pattern the analyzer does not read", r)
        salida: list[Ligado] = []
        for elemento, at in elementos(b, Ref(fuente, coleccion), atados):
            with b.lector.en(b.lector.instancia, at, b.lector.construccion):
                nuevos = atar_patron(b.lector, elemento, (fuente.rel, ligante.start_byte), {nombre: nombres[nombre]})
            if (fuente.rel, ligante.start_byte, nombre) not in nuevos:
                raise Irresoluble(f"`{nombre}` takes a property `{elemento.corto()}` does not show", elemento)
            salida.extend(valores(b, nuevos[(fuente.rel, ligante.start_byte, nombre)], {**at, **nuevos}))
        return salida
    indice = next((i for i, (n, _) in enumerate(parametros_planos(fuente, ligante)) if n == nombre), None)
    propiedad = None  # of a destructured parameter (`({ registrations }) => ...`): the property it takes
    if indice is None:
        desarmado = _parametro_desarmado(fuente, ligante, nombre)
        if desarmado is None:
            raise Irresoluble(f"`{nombre}` is a parameter the analyzer does not read", r)
        indice, propiedad = desarmado
    salida = []
    for llamada in llamadas_de(b, Ref(fuente, ligante)):
        argumentos = nombrados(llamada.nodo.child_by_field_name("arguments"))
        if any(a.type == "spread_element" for a in argumentos[:indice + 1]):
            raise Irresoluble(f"`{llamada.corto()}` spreads its arguments", llamada)
        if indice < len(argumentos):
            argumento = Ref(llamada.fuente, argumentos[indice])
            salida.extend(valores(b, argumento, atados) if propiedad is None
                          else _propiedad_de(b, argumento, propiedad, atados))
    return salida


def _parametro_desarmado(fuente: Fuente, funcion: Any, nombre: str) -> Optional[tuple[int, Optional[str]]]:
    """(its index, the property it takes: None for `...rest`) of the object-pattern parameter that binds
    `nombre` (`({ registrations }: Flow) => ...`); None when no such parameter binds it (a name with a
    default, an array pattern)."""
    parametros = funcion.child_by_field_name("parameters")
    for i, p in enumerate(nombrados(parametros) if parametros is not None else []):
        patron = p.child_by_field_name("pattern") if p.type in ("required_parameter", "optional_parameter") else p
        if patron is not None and patron.type == "object_pattern":
            nombres = nombres_del_patron(fuente, patron)
            if nombre in nombres:
                return i, nombres[nombre]
    return None


def _ligante(fuente: Fuente, nodo: Any, nombre: str) -> Any:
    """The nearest loop or function around `nodo` that binds `nombre` (its left side or parameters)."""
    n = nodo.parent
    while n is not None:
        if n.type == "for_in_statement" and n.child_by_field_name("left") is not None \
                and declara(fuente, n.child_by_field_name("left"), nombre):
            return n
        if n.type in FUNCIONES_DE_VALOR + METODOS:
            parametros = n.child_by_field_name("parameters") or n.child_by_field_name("parameter")
            if parametros is not None and declara(fuente, parametros, nombre):
                return n
        n = n.parent
    return None


def _lectura_de_cache(valor: Ref, nombre: str) -> bool:
    """Whether a value is `X.get(...)` of a cache the function around it only fills with `nombre`
    itself (`X.set(k, nombre)`)."""
    nodo = valor.nodo
    f = nodo.child_by_field_name("function") if nodo.type == "call_expression" else None
    if f is None or f.type != "member_expression" or texto(valor.fuente, f.child_by_field_name("property")) != "get":
        return False
    cache = texto(valor.fuente, f.child_by_field_name("object"))
    alrededor = funcion_propia(nodo)
    if alrededor is None:
        return False
    escrituras = [n for n in recorrer(alrededor) if n.type == "call_expression"
                  and n.child_by_field_name("function").type == "member_expression"
                  and texto(valor.fuente, n.child_by_field_name("function").child_by_field_name("property")) == "set"
                  and texto(valor.fuente, n.child_by_field_name("function").child_by_field_name("object")) == cache]
    return bool(escrituras) and all(
        len(nombrados(n.child_by_field_name("arguments"))) == 2
        and texto(valor.fuente, nombrados(n.child_by_field_name("arguments"))[1]) == nombre for n in escrituras)


def _campo(b: Busqueda, miembro: Ref, atados: dict) -> list[Ligado]:
    """What the field `this.f` holds: its initializer's elements and every value the methods of its
    class's chain `set`, `push`, `add` or assign into it."""
    nombre = texto(miembro.fuente, miembro.nodo.child_by_field_name("property"))
    clase = clase_de_this(b, miembro.nodo, miembro.fuente)
    if clase is None:
        raise Irresoluble(f"`{miembro.corto()}` is not read inside a class", miembro)
    clave = ("campo", clase.fuente.rel, clase.nodo.start_byte, nombre)
    if clave in b.en_curso:
        return []
    b.en_curso.add(clave)
    try:
        salida: list[Ligado] = []
        for c in clases.cadena(b.lector, clase):
            salida.extend(_escrito_en(b, c, nombre))
        return salida
    finally:
        b.en_curso.discard(clave)


def _escrito_en(b: Busqueda, clase: Ref, nombre: str) -> list[Ligado]:
    """What one class's body puts into its field `nombre`."""
    fuente = clase.fuente
    cuerpo = clase.nodo.child_by_field_name("body")
    salida: list[Ligado] = []
    for miembro in nombrados(cuerpo) if cuerpo is not None else []:
        if miembro.type in ("public_field_definition", "field_definition") \
                and miembro.child_by_field_name("name") is not None \
                and texto(fuente, miembro.child_by_field_name("name")) == nombre:
            inicial = miembro.child_by_field_name("value")
            if inicial is not None:
                salida.extend(_inicial(b, Ref(fuente, inicial)))
    for n in recorrer(cuerpo) if cuerpo is not None else []:
        if n.type == "member_expression" and _de_this(n) and texto(fuente, n.child_by_field_name("property")) == nombre \
                and clases.clase_lexica(n) == clase.nodo:
            salida.extend(_agregado_en(b, Ref(fuente, n), f"this.{nombre}", {}))
    return salida


def _inicial(b: Busqueda, valor: Ref) -> list[Ligado]:
    """The elements a field starts with: an empty `new Map()` / `new Set()` / `[]` / `{}` holds none."""
    nodo = valor.nodo
    if nodo.type == "new_expression":
        argumentos = nodo.child_by_field_name("arguments")
        if argumentos is None or not nombrados(argumentos):
            return []
        raise Irresoluble(f"`{valor.corto()}` starts with entries the analyzer does not read", valor)
    if nodo.type == "object" and not nombrados(nodo):
        return []
    return elementos(b, valor, {})
