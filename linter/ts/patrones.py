"""The patterns a loop or a callback binds its elements with: `for (const x of E)`, `E.forEach((x) =>
...)` / `map` / `flatMap`, a name or a destructured `{ a, b: c, ...rest }`, and the bindings one
element gives them (linter/ts/registro.py's loops, linter/ts/almacen.py's search)."""

from __future__ import annotations

from typing import Any, Optional

from .arbol import Fuente, nombrados, texto
from .valores import Irresoluble, Lector, Ref, propiedades, seguir, valor_de_objeto

ITERADORES = ("forEach", "map", "flatMap")
# what may follow `this.f` for the field to stay a collection the class fills and reads in place


def primer_parametro(funcion: Any) -> Any:
    """The pattern of a function's first parameter (a name, `{ a, b: c }`), None without one."""
    parametros = funcion.child_by_field_name("parameters") or funcion.child_by_field_name("parameter")
    if parametros is None:
        return None
    if parametros.type == "identifier":
        return parametros
    lista = nombrados(parametros)
    if not lista:
        return None
    primero = lista[0]
    return primero.child_by_field_name("pattern") if primero.type in ("required_parameter", "optional_parameter") \
        else primero


def nombres_del_patron(fuente: Fuente, patron: Any) -> dict[str, Optional[str]]:
    """name -> the element's property it takes, of a loop variable: a name (the element itself: None),
    an object pattern `{ a, b: c, ...rest }` of plain names (`rest` is the element, its other keys
    read as they are; a name with a default is left unbound), or an array pattern `[k, v]` of plain
    names (`#0`, `#1`: the element's places; a hole or a nested pattern is left unbound)."""
    if patron.type == "identifier":
        return {texto(fuente, patron): None}
    if patron.type == "array_pattern":  # `[name, tool]` of `Object.entries(o)`, or of an array literal element
        return {texto(fuente, c): f"#{i}" for i, c in enumerate(nombrados(patron)) if c.type == "identifier"}
    if patron.type != "object_pattern":
        return {}
    salida: dict[str, Optional[str]] = {}
    for c in nombrados(patron):
        if c.type == "shorthand_property_identifier_pattern":
            salida[texto(fuente, c)] = texto(fuente, c)
        elif c.type == "pair_pattern" and c.child_by_field_name("value") is not None \
                and c.child_by_field_name("value").type == "identifier" \
                and c.child_by_field_name("key").type == "property_identifier":
            salida[texto(fuente, c.child_by_field_name("value"))] = texto(fuente, c.child_by_field_name("key"))
        elif c.type == "rest_pattern" and nombrados(c) and nombrados(c)[0].type == "identifier":
            salida[texto(fuente, nombrados(c)[0])] = None
    return salida


def atar_patron(lector: Lector, elemento: Ref, clave: tuple[str, int], nombres: dict[str, Optional[str]]
                ) -> dict[tuple[str, int, str], Ref]:
    """The bindings a pattern (`nombres`, bound at `clave`: file, start of the loop or callback) gives
    one element: a name to the element, a destructured name to its property (left unbound when the
    element's properties cannot be read)."""
    atados = {}
    propias: Optional[dict[str, Ref]] = None
    for nombre, propiedad in nombres.items():
        if propiedad is None:
            atados[(*clave, nombre)] = elemento
            continue
        if propiedad.startswith("#"):
            lugar = _en_lugar(lector, elemento, int(propiedad[1:]))
            if lugar is not None:
                atados[(*clave, nombre)] = lugar
            continue
        if propias is None:
            try:
                propias = dict(propiedades(lector, valor_de_objeto(lector, elemento)))
            except Irresoluble:
                propias = {}
        if propiedad in propias:
            atados[(*clave, nombre)] = propias[propiedad]
    return atados


def _en_lugar(lector: Lector, elemento: Ref, i: int) -> Optional[Ref]:
    """The `i`-th place of an element an array pattern takes apart: an `Object.entries` entry (the
    `pair` it is: 0 its key, 1 its value) or an array literal without spreads; None otherwise."""
    if elemento.nodo.type == "pair" and i in (0, 1):
        return Ref(elemento.fuente, elemento.nodo.child_by_field_name("key" if i == 0 else "value"))
    valor = seguir(lector, elemento)
    partes = nombrados(valor.nodo) if valor.nodo.type == "array" else []
    if any(p.type == "spread_element" for p in partes[:i + 1]) or i >= len(partes):
        return None
    return Ref(valor.fuente, partes[i])


def bucle_de(fuente: Fuente, nodo: Any) -> Optional[tuple[Any, Any]]:
    """(the pattern, the collection) of `for (const x of E)` or of the callback of
    `E.forEach/map/flatMap((x) => ...)`; None for any other node."""
    if nodo.type == "for_in_statement":
        if not any(c.type == "of" for c in nodo.children):
            return None
        return nodo.child_by_field_name("left"), nodo.child_by_field_name("right")
    if nodo.type not in ("arrow_function", "function_expression") or nodo.parent is None \
            or nodo.parent.type != "arguments" or nombrados(nodo.parent)[0] != nodo or nodo.parent.parent is None:
        return None
    f = nodo.parent.parent.child_by_field_name("function")
    if f is None or f.type != "member_expression" or texto(fuente, f.child_by_field_name("property")) not in ITERADORES:
        return None
    return primer_parametro(nodo), f.child_by_field_name("object")
