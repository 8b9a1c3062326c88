"""A TypeScript tool's handler as the front end reads it: the function, its own returns, the calls it
makes into the project (functions, `this.m()`, methods of instances of project classes), and the
bindings of a followed function's parameters to what the call passes (`Entorno`)."""

from __future__ import annotations

from typing import Any, Optional

from .arbol import cadena_literal, nombrados, texto
from . import clases
from .valores import (Irresoluble, Lector, Ref, declara, desnudar, funcion_propia, ligadura, sentencias_return,
                      parametros_planos, seguir)

FUNCIONES = ("arrow_function", "function_expression", "function", "function_declaration", "method_definition",
             "generator_function", "generator_function_declaration")
PROFUNDIDAD = 8  # project functions followed in one chain


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
        metodo = metodo_propio(lector, r.fuente, r.nodo)
        r = metodo if metodo is not None else r
    elif r.nodo.type == "member_expression":  # `tool.execute` of an instance of a project class
        clase = clases.clase_de_valor(lector, Ref(r.fuente, r.nodo.child_by_field_name("object")))
        metodo = clases.metodo(lector, clase, texto(r.fuente, r.nodo.child_by_field_name("property"))) \
            if clase is not None else None
        r = metodo if metodo is not None else r
    if r.nodo.type not in FUNCIONES:
        raise Irresoluble(f"the handler `{ref.corto()}` is not a function the analyzer can follow", ref)
    return Manejador(lector, r, con_argumentos, directa=directa)


def retornos(funcion: Ref) -> list[tuple[Ref, Ref]]:
    """(the return, its value) of a function's own returns (an arrow's expression body is one)."""
    cuerpo = funcion.nodo.child_by_field_name("body")
    if cuerpo is None:
        return []
    if cuerpo.type != "statement_block":
        return [(Ref(funcion.fuente, cuerpo), Ref(funcion.fuente, cuerpo))]
    return [(Ref(funcion.fuente, n), Ref(funcion.fuente, nombrados(n)[0])) for n in sentencias_return(funcion) if nombrados(n)]


funcion_de = funcion_propia  # the nearest function around a node (valores.funcion_propia)


def clave_literal(r: Ref, clave: Any) -> Optional[str]:
    if clave is None:
        return None
    if clave.type == "property_identifier":
        return texto(r.fuente, clave)
    return cadena_literal(r.fuente, clave)


def funcion_llamada(m: Manejador, llamada: Ref) -> Optional[Ref]:
    """The project function a call runs: a name bound to one (through imports), or `this.m()` of the
    enclosing class; None otherwise."""
    f = llamada.nodo.child_by_field_name("function")
    if f is None:
        return None
    if f.type == "member_expression" and nombrados(f)[0].type == "this":
        return metodo_propio(m.lector, llamada.fuente, f)
    if f.type == "member_expression":
        clase = clase_de_instancia(m, Ref(llamada.fuente, f.child_by_field_name("object")))
        if clase is not None:
            return clases.metodo(m.lector, clase, texto(llamada.fuente, f.child_by_field_name("property")))
    destino = seguir(m.lector, Ref(llamada.fuente, f))
    return destino if destino.nodo.type in FUNCIONES else None


def clase_de_instancia(m: Manejador, ref: Ref) -> Optional[Ref]:
    """The project class an expression is an instance of (`clase_de_valor`)."""
    return clases.clase_de_valor(m.lector, ref)


def metodo_propio(lector: Lector, fuente: Any, miembro: Any) -> Optional[Ref]:
    """`this.m` inside a class: the method `m` an instance runs. Reading a class-based tool whose chain
    holds that class, the concrete class's (or its nearest ancestor's); otherwise the enclosing
    class's own or its nearest ancestor's."""
    lexica = clases.clase_lexica(miembro)
    if lexica is None:
        return None
    nombre = texto(fuente, miembro.child_by_field_name("property"))
    concreta = lector.instancia
    if concreta is not None and any(c.nodo == lexica for c in clases.cadena(lector, concreta)):
        return clases.metodo(lector, concreta, nombre)
    return clases.metodo(lector, Ref(fuente, lexica), nombre)


# -- helper parameters ---------------------------------------------------------------------------
# (file, start of the function, parameter) -> (the argument the call passes, the bindings where it is)
Entorno = dict
VACIO: Entorno = {}


def atar(m: Manejador, funcion: Ref, llamada: Ref, entorno: Entorno) -> Entorno:
    """The bindings inside a project function a call runs: each plain parameter to the argument passed."""
    argumentos = nombrados(llamada.nodo.child_by_field_name("arguments")) \
        if llamada.nodo.type == "call_expression" and llamada.nodo.child_by_field_name("arguments") is not None else []
    return {(funcion.fuente.rel, funcion.nodo.start_byte, nombre): (Ref(llamada.fuente, argumentos[i]), entorno)
            for i, (nombre, _) in enumerate(parametros_planos(funcion.fuente, funcion.nodo))
            if nombre is not None and i < len(argumentos) and argumentos[i].type != "spread_element"}


def ligado(m: Manejador, r: Ref, entorno: Entorno) -> tuple[Ref, Entorno]:
    """A name that is a parameter bound in `entorno`: the argument the call passes (with the bindings
    where it is written); anything else as it is."""
    if not entorno or r.nodo is None or r.nodo.type not in ("identifier", "shorthand_property_identifier"):
        return r, entorno
    nombre = texto(r.fuente, r.nodo)
    if ligadura(r.fuente, nombre, r.nodo) is not None:
        return r, entorno
    nodo = r.nodo.parent
    while nodo is not None and not (nodo.type in FUNCIONES and declara(
            r.fuente, nodo.child_by_field_name("parameters") or nodo.child_by_field_name("parameter"), nombre)):
        nodo = nodo.parent
    if nodo is None:
        return r, entorno
    atado = entorno.get((r.fuente.rel, nodo.start_byte, nombre))
    if atado is None:
        return r, entorno
    valor, de_afuera = atado
    return ligado(m, Ref(valor.fuente, desnudar(valor.nodo)), de_afuera)
