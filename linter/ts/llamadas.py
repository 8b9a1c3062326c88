"""Where a project function or method is called, for the search of what a collection holds
(linter/ts/almacen.py): one enumeration's state (`Busqueda`: its sources, the questions under way, its
budget), the calls of a function by name, a method's calls on instances of its class, and which
sources are tests (what a test registers goes into the test's instance, never the server's).

Sources are looked for by whole name before they are parsed, and a name node is found where the bytes
say rather than by walking every tree."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from .arbol import Fuente, de_prueba, nombres_en, texto
from .valores import ENVOLTURAS, Irresoluble, Lector, Ref, palabra_en, seguir
from . import clases

PASOS = 20000  # values looked at by one enumeration before it is called too costly to follow (a list of 1,651 tools mapped twice takes 6,600)
HONDURA = 48  # questions nested inside one another before a chain is called too deep to follow


class Busqueda:
    """One enumeration: the project's sources, the questions under way (asked again inside itself, a
    question adds nothing new), and a budget of steps."""

    def __init__(self, lector: Lector, todas: Sequence[Fuente]) -> None:
        self.lector = lector
        self.todas = list(todas)
        self.en_curso: set[tuple[Any, ...]] = set()
        self.enumeradas: dict[tuple[Any, ...], list[Any]] = {}  # almacen.elementos' answers, by question
        self.pasos = 0
        self.hondura = 0
        self._llamadas: dict[str, list[Ref]] = {}
        self._menciones: dict[str, list[Ref]] = {}

    def paso(self, ref: Ref) -> None:
        self.pasos += 1
        if self.pasos > PASOS:
            raise Irresoluble(f"following what `{ref.corto()}` holds takes more than {PASOS} steps", ref)

    def _fuentes_con(self, palabra: str) -> list[Fuente]:
        """The project's sources that hold `palabra` as a whole word (the analyzed ones, then the others,
        looked at before they are parsed), tests left out."""
        vistas = {f.rel: f for f in self.todas}
        fuentes = [f for f in self.todas if palabra_en(f.datos, palabra.encode())]
        fuentes += list(self.lector.que_nombran(vistas, {palabra}, de_prueba).values())
        return [f for f in fuentes if not de_prueba(f.rel)]

    def llamadas(self, nombre: str) -> list[Ref]:
        """Every call in the project whose callee is `nombre` or `x.nombre` (sources that do not hold the
        name are never parsed)."""
        if nombre not in self._llamadas:
            salida = []
            for fuente in self._fuentes_con(nombre):
                for n in nombres_en(fuente, nombre):
                    callee = n.parent if n.type in ("property_identifier", "private_property_identifier") else n
                    if callee is None or callee.type not in ("identifier", "member_expression") \
                            or callee.type == "member_expression" and callee.child_by_field_name("property") != n:
                        continue
                    llamada = callee.parent
                    if llamada is not None and llamada.type == "call_expression" \
                            and llamada.child_by_field_name("function") == callee:
                        salida.append(Ref(fuente, llamada))
            self._llamadas[nombre] = salida
        return self._llamadas[nombre]

    def construcciones(self, nombre: str) -> list[Ref]:
        """Every `new nombre(...)` of the project (sources that do not hold the name are never parsed)."""
        clave = "new " + nombre
        if clave not in self._llamadas:
            self._llamadas[clave] = [
                Ref(fuente, n.parent) for fuente in self._fuentes_con(nombre) for n in nombres_en(fuente, nombre)
                if n.parent is not None and n.parent.type == "new_expression"
                and n.parent.child_by_field_name("constructor") == n]
        return self._llamadas[clave]

    def menciones(self, nombre: str) -> list[Ref]:
        """Every `x.nombre` of the project (sources that do not hold `.nombre` are never parsed)."""
        if nombre not in self._menciones:
            self._menciones[nombre] = [
                Ref(fuente, n.parent) for fuente in self._fuentes_con("." + nombre) for n in nombres_en(fuente, nombre)
                if n.parent is not None and n.parent.type == "member_expression"
                and n.parent.child_by_field_name("property") == n]
        return self._menciones[nombre]


def clase_de_this(b: Busqueda, nodo: Any, fuente: Fuente) -> Optional[Ref]:
    """The class `this` at `nodo` is an instance of: the instance being read when its chain holds the
    class around it, else that class."""
    lexica = clases.clase_lexica(nodo)
    if lexica is None:
        return None
    instancia = b.lector.instancia
    if instancia is not None and any(c.nodo == lexica for c in clases.cadena(b.lector, instancia)):
        return instancia
    return Ref(fuente, lexica)


def llamadas_de(b: Busqueda, funcion: Ref) -> list[Ref]:
    """Every call of a project function or method: `f(...)` whose callee is it; `this.m(...)` in its
    class's family and `x.m(...)` on an instance of it, for a method. A method read in any other way
    (passed as a value) or a function no call reaches cannot be followed."""
    nodo = funcion.nodo
    if nodo.type == "method_definition":
        nombre = texto(funcion.fuente, nodo.child_by_field_name("name"))
        clase = clases.clase_lexica(nodo)
        if clase is None:
            raise Irresoluble(f"method `{nombre}` is not in a class the analyzer reads", funcion)
        dueño = Ref(funcion.fuente, clase)
        if nombre == "constructor":
            return _construcciones_de(b, funcion, dueño)
        salida = []
        for m in b.menciones(nombre):
            receptor = m.nodo.child_by_field_name("object")
            with b.lector.en(None, {}):
                de = clase_de_this(b, receptor, m.fuente) if receptor.type == "this" \
                    else clases.clase_de_valor(b.lector, Ref(m.fuente, receptor))
            if de is None and _nombra_la_clase(b, m.fuente, dueño):
                uso = m.nodo.parent if m.nodo.parent is not None and m.nodo.parent.type == "call_expression" else m.nodo
                raise Irresoluble(f"`{Ref(m.fuente, uso).corto()}`: which class `{Ref(m.fuente, receptor).corto(30)}` "
                                  f"is an instance of is not known, in a source that names `{clases.nombre_de(dueño)}`",
                                  Ref(m.fuente, uso))
            if de is None or not any(c.nodo == dueño.nodo for c in clases.cadena(b.lector, de)):
                continue
            if m.nodo.parent is None or m.nodo.parent.type != "call_expression" \
                    or m.nodo.parent.child_by_field_name("function") != m.nodo:
                uso = m.nodo.parent.parent if m.nodo.parent is not None and m.nodo.parent.type == "arguments" \
                    else m.nodo.parent or m.nodo
                raise Irresoluble(f"method `{nombre}` is used as a value (`{Ref(m.fuente, uso).corto()}`): its calls "
                                  "cannot be followed", Ref(m.fuente, uso))
            salida.append(Ref(m.fuente, m.nodo.parent))
    else:
        nombre = nombre_de_funcion(funcion.fuente, nodo)
        if nombre is None:
            raise Irresoluble(f"`{funcion.corto(40)}` has no name its calls can be found by", funcion)
        salida = []
        for llamada in b.llamadas(nombre):
            callee = llamada.nodo.child_by_field_name("function")
            destino = seguir(b.lector, Ref(llamada.fuente, callee))
            if destino.fuente.rel == funcion.fuente.rel and destino.nodo == nodo:
                salida.append(llamada)
    if not salida:
        raise Irresoluble(f"no call of `{nombre}` is found in the project", funcion)
    return salida


def _construcciones_de(b: Busqueda, constructor: Ref, clase: Ref) -> list[Ref]:
    """The calls of a class's constructor: each `new C(...)` of the project (C followed to the class).
    A class other classes extend is not followed (their `new` and `super(...)` reach it too)."""
    nombre = clases.nombre_de(clase)
    if nombre is None:
        raise Irresoluble("the constructor of an anonymous class: its calls cannot be found by name", constructor)
    if len(clases.descendientes(b.lector, b.todas, clase)) > 1:
        raise Irresoluble(f"class `{nombre}` is extended: the calls of its constructor through its subclasses are not "
                          "followed", constructor)
    salida = [n for n in b.construcciones(nombre)
              if seguir(b.lector, Ref(n.fuente, n.nodo.child_by_field_name("constructor"))).nodo == clase.nodo]
    if not salida:
        raise Irresoluble(f"no `new {nombre}(...)` is found in the project", constructor)
    return salida


def _nombra_la_clase(b: Busqueda, fuente: Fuente, clase: Ref) -> bool:
    """Whether a source names a class of the family that declares a method (so a receiver there whose
    class cannot be told may be one of its instances; elsewhere such a receiver is another object)."""
    nombres = [n for c in [clase] for n in [clases.nombre_de(c)] if n is not None]
    return any(palabra_en(fuente.datos, n.encode()) for n in nombres)


def nombre_de_funcion(fuente: Fuente, funcion: Any) -> Optional[str]:
    """The name a function is called by: its declaration's, or the `const` it is bound to (through
    parentheses and type assertions: `const f = ((x) => ...) as typeof g`)."""
    if funcion.type in ("function_declaration", "method_definition"):
        n = funcion.child_by_field_name("name")
        return texto(fuente, n) if n is not None else None
    padre = funcion.parent
    while padre is not None and padre.type in ENVOLTURAS:
        padre = padre.parent
    if padre is not None and padre.type == "variable_declarator" and padre.child_by_field_name("name") is not None \
            and padre.child_by_field_name("name").type == "identifier":
        return texto(fuente, padre.child_by_field_name("name"))
    return None
