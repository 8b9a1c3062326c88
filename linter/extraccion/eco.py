"""Where an emitted key's value comes from: the tool's arguments, a string literal, or elsewhere.

A value *flows from the arguments* when it is a parameter of the tool's handler (not `self`/`cls`,
not the framework's `Context`, nor an unannotated `ctx`/`context`), a read into one (`args["x"]`, `args.get("x")`, `req.field`), a plain
conversion of one (`str(x)`, `x.strip()`), or a local whose every binding is one of those; through a
project helper, its parameter stands for what the call passes. A string literal (`"updated"`), also
through a local bound only to literals, is `literal`. Anything else — a call's result, an API
response, arithmetic — is `otro`. The analyzer states the origin; rules decide what is an echo.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Optional

import libcst as cst

from .guardas import comparados_con
from .recolector import Modulo, indice, texto_cadena, todos_los_parametros
from .salida import motivo_de_origen
from .sdk import inyectado
from .tipos import Pos

if TYPE_CHECKING:
    from .anotaciones import Derivador
    from .procedencia import Procedencia

CONVERSIONES = ("builtins.str", "builtins.int", "builtins.float", "builtins.bool")
METODOS_DE_TEXTO = ("strip", "lstrip", "rstrip", "lower", "upper", "title", "casefold")
LECTURAS = ("get",)
NO_ARGUMENTOS = ("self", "cls")
CONTEXTOS = ("ctx", "context")  # unannotated, the request context a framework passes
MAX = 25


@dataclass(frozen=True)
class Origen:
    """The origin of one value: `argumento` (with the argument read, `x` or `args.x`), `literal`
    (with the string), or `otro`."""

    origen: str
    argumento: Optional[str] = None
    literal: Optional[str] = None
    otros_literales: tuple[str, ...] = ()  # `"on" if x else "off"`: every string it may be, past the first
    # the handler whose parameter it is, as (module, function): where `eleccion.solo_elige` reads its uses
    manejador: Optional[tuple[Modulo, cst.FunctionDef]] = field(default=None, compare=False)
    # the project helpers it was followed through, each as (argument expression at the call, module,
    # helper, parameter): from the handler's call inward
    saltos: tuple[tuple[cst.BaseExpression, Modulo, cst.FunctionDef, str], ...] = field(default=(), compare=False)

    def motivo(self) -> str:
        """The origin in English, for a finding's message."""
        return motivo_de_origen(self.origen, self.argumento, self.literal)


@dataclass(frozen=True)
class Valor:
    """One emitted key's value: its path from the root (`name`, `data.name`), where the value is
    written, and its origin."""

    ruta: str
    clave: str  # the last key of the path, as written
    pos: Pos
    origen: Origen
    constante: Optional[str] = None  # "True", "False" or "None" when the value written is that constant
    # a string literal written under a test that compared a value of the call's own (not an argument) to
    # that word: `if answer.action == "cancel": return {"status": "cancelled"}` (guardas.comparados_con)
    observado: bool = False
    # The dict or model call it is written in, as (module, node): the outermost one, set by `en_objeto`
    # when that object closes, so a nested object's values belong to the root that holds them.
    objeto: Optional[tuple[Any, cst.CSTNode]] = field(default=None, compare=False)

    def prefijado(self, clave: str) -> "Valor":
        """The same value seen from one level up, under key `clave`."""
        return replace(self, ruta=f"{_escapar(clave)}.{self.ruta}")


def en_objeto(valores: list[Valor], m: Any, nodo: cst.CSTNode) -> list[Valor]:
    """The values of one dict or model call written key by key, each marked as written in it; a
    nested object's mark gives way to its parent's when the parent closes. Values of several objects
    combined (a helper's returns) keep each its own."""
    return [replace(v, objeto=(m, nodo)) for v in valores]


OTRO = Origen("otro")


def _escapar(clave: str) -> str:
    """A key as one segment of a dotted path (a dot or backslash inside it is escaped)."""
    return clave.replace("\\", "\\\\").replace(".", "\\.")


def combinar(partes: list[Origen]) -> Origen:
    """Several possible values: `otro` if any is, else from the arguments if any is, else literals
    (all the strings it may be)."""
    if not partes or any(p.origen == "otro" for p in partes):
        return OTRO
    argumentos = [p for p in partes if p.origen == "argumento"]
    if argumentos:
        return argumentos[0]
    textos = list(dict.fromkeys(t for p in partes for t in (p.literal, *p.otros_literales) if t is not None))
    return Origen("literal", literal=textos[0], otros_literales=tuple(textos[1:]))


def _brazos(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The arms of a conditional expression, nested ones opened (`"a" if x else "b" if y else "c"`)."""
    if isinstance(expr, cst.IfExp):
        return _brazos(expr.body) + _brazos(expr.orelse)
    return [expr]


class Origenes:
    """Origins of values read inside tool handlers; `manejadores` are the handler functions of the
    tool being classified (their parameters are its arguments)."""

    def __init__(self, procedencia: "Procedencia") -> None:
        self.procedencia = procedencia
        self.manejadores: set[int] = set()
        self.de_lambda: set[str] = set()  # parameters of the tool's `lambda` handler (a table's `"handler": lambda args: ...`)

    def valores(self, m: Modulo, clave: str, expr: cst.BaseExpression, fn, pila: tuple) -> list[Valor]:
        """The values key `clave` emits: one, or those of a nested object the server writes key by key."""
        origen = self.de(m, expr, fn, pila)
        if origen.origen == "otro" and isinstance(expr, (cst.Dict, cst.Call, cst.Name)) and len(pila) <= MAX:
            interior = self.procedencia.clasificar(m, expr, fn, pila)
            if interior.procedencia == "own" and interior.valores:
                return [v.prefijado(clave) for v in interior.valores]
        if origen.otros_literales:  # one row per string it may be: a rule judges each
            brazos = _brazos(expr)
            return [Valor(_escapar(clave), clave, m.pos(expr), Origen("literal", literal=t),
                          observado=any(self._observado(m, b, fn, pila) for b in brazos if texto_cadena(b) == t))
                    for t in (origen.literal, *origen.otros_literales)]
        constante = expr.value if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None") else None
        return [Valor(_escapar(clave), clave, m.pos(expr), origen, constante, observado=self._observado(m, expr, fn, pila))]

    def _observado(self, m: Modulo, expr: cst.BaseExpression, fn, pila: tuple) -> bool:
        """`expr` is a string literal written where a test compared a value that does not come from the
        tool's arguments to that word (`guardas.comparados_con`)."""
        texto = texto_cadena(expr)
        if texto is None or not isinstance(fn, cst.FunctionDef):
            return False
        return any(self.de(m, x, fn, pila).origen != "argumento" for x in comparados_con(m.padres, fn, expr, texto))

    def de(self, m: Modulo, expr: cst.BaseExpression, fn, pila: tuple = (), vistos: frozenset = frozenset()) -> Origen:
        """The origin of `expr` evaluated inside `fn` of `m`."""
        if len(pila) > MAX or id(expr) in pila:
            return OTRO
        pila = (*pila, id(expr))
        texto = texto_cadena(expr)
        if texto is not None:
            return Origen("literal", literal=texto)
        if isinstance(expr, cst.Name):
            return self._nombre(m, expr.value, fn, pila, vistos)
        if isinstance(expr, (cst.Attribute, cst.Subscript)):
            return self._lectura(m, expr, fn, pila, vistos)
        if isinstance(expr, cst.Call):
            return self._llamada(m, expr, fn, pila, vistos)
        if isinstance(expr, cst.IfExp):
            return combinar([self.de(m, expr.body, fn, pila, vistos), self.de(m, expr.orelse, fn, pila, vistos)])
        if isinstance(expr, cst.BooleanOperation):
            return combinar([self.de(m, expr.left, fn, pila, vistos), self.de(m, expr.right, fn, pila, vistos)])
        return OTRO

    def _lectura(self, m: Modulo, expr, fn, pila, vistos) -> Origen:
        """`x.attr`, `x["k"]`: part of an argument when `x` is one."""
        base = self.de(m, expr.value, fn, pila, vistos)
        if base.origen != "argumento":
            return OTRO
        if isinstance(expr, cst.Attribute):
            return Origen("argumento", f"{base.argumento}.{expr.attr.value}")
        clave = texto_cadena(indice(expr)) if indice(expr) is not None else None
        return Origen("argumento", f"{base.argumento}.{clave}" if clave is not None else base.argumento)

    def _llamada(self, m: Modulo, llamada: cst.Call, fn, pila, vistos) -> Origen:
        """`args.get("k")`, `str(x)`, `x.strip()`: still the argument; any other call is `otro`."""
        func = llamada.func
        if isinstance(func, cst.Attribute):
            metodo = func.attr.value
            if metodo in LECTURAS and llamada.args and llamada.args[0].keyword is None:
                base = self.de(m, func.value, fn, pila, vistos)
                clave = texto_cadena(llamada.args[0].value)
                if base.origen == "argumento":
                    por_defecto = [self.de(m, a.value, fn, pila, vistos) for a in llamada.args[1:2]]
                    leido = Origen("argumento", f"{base.argumento}.{clave}" if clave is not None else base.argumento)
                    return combinar([leido, *por_defecto])
                return OTRO
            if metodo in METODOS_DE_TEXTO and not llamada.args:
                base = self.de(m, func.value, fn, pila, vistos)
                return base if base.origen == "argumento" else OTRO
            return OTRO
        nombres = self.procedencia.proyecto.calificados(m, func)
        if any(n in CONVERSIONES for n in nombres) and len(llamada.args) == 1 and llamada.args[0].keyword is None \
                and not llamada.args[0].star:
            base = self.de(m, llamada.args[0].value, fn, pila, vistos)
            return base if base.origen == "argumento" else OTRO
        return OTRO

    def _nombre(self, m: Modulo, nombre: str, fn, pila, vistos: frozenset) -> Origen:
        """A local (its bindings agree), a parameter (of the handler: an argument; of a helper: what
        the call passes), or anything else (`otro`)."""
        info = m.funcion(fn)
        while info is not None:
            if nombre in info.globales:
                return OTRO
            if nombre in info.mutaciones:
                return OTRO
            es_parametro = nombre in info.parametros()
            if nombre in info.asignaciones and (id(info.nodo), nombre) not in vistos:
                # `name = name.strip()`: the name read inside its own binding is the parameter (or unbound)
                vistos = vistos | {(id(info.nodo), nombre)}
                partes = [OTRO if a.valor is None else self.de(m, a.valor, info.nodo, pila, vistos) for a in info.asignaciones[nombre]]
                if es_parametro:
                    partes.append(self._parametro(m, info.nodo, nombre, pila))
                return combinar(partes)
            if es_parametro:
                return self._parametro(m, info.nodo, nombre, pila)
            if nombre in info.asignaciones:
                return OTRO
            info = m.funcion(info.padre)
        if fn is None and nombre in self.de_lambda:
            return Origen("argumento", nombre)
        return OTRO

    def _parametro(self, m: Modulo, fn: cst.FunctionDef, nombre: str, pila) -> Origen:
        """A helper's parameter is what the call being followed passes; a handler's is an argument."""
        seguida, origen = self.procedencia.argumento_seguido(
            fn, nombre, lambda lm, valor, lfn: _saltado(self.de(lm, valor, lfn, pila), valor, m, fn, nombre))
        if seguida:
            return origen or OTRO
        if id(fn) not in self.manejadores or not _es_argumento(self.procedencia.derivador, m, fn, nombre):
            return OTRO
        return Origen("argumento", nombre, manejador=(m, fn))


def _saltado(origen: Origen, valor: cst.BaseExpression, m: Modulo, fn: cst.FunctionDef, nombre: str) -> Origen:
    """An argument's origin read through a call into helper `fn`: the hop recorded on it."""
    if origen.origen != "argumento":
        return origen
    return replace(origen, saltos=(*origen.saltos, (valor, m, fn, nombre)))


def _es_argumento(der: "Derivador", m: Modulo, fn: cst.FunctionDef, nombre: str) -> bool:
    """A handler parameter the caller fills: not a method's `self`/`cls`, not a `Context`, not one the
    server injects (an mcp 2.x resolver's, a fastmcp dependency)."""
    for i, param in enumerate(todos_los_parametros(fn.params)):
        if param.name.value != nombre:
            continue
        if inyectado(der, m, param):
            return False
        info = m.funcion(fn)
        if i == 0 and nombre in NO_ARGUMENTOS and info is not None and info.clase is not None:
            return False
        anotacion = param.annotation.annotation if param.annotation is not None else None
        if anotacion is None and nombre in CONTEXTOS:
            return False  # a low-level handler's `(ctx, params)`: the request context, not an argument
        while isinstance(anotacion, cst.Subscript):
            anotacion = anotacion.value
        if isinstance(anotacion, cst.Attribute) and anotacion.attr.value == "Context":
            return False
        if isinstance(anotacion, cst.Name) and anotacion.value == "Context":
            return False
        if isinstance(anotacion, cst.SimpleString) and texto_cadena(anotacion) == "Context":
            return False
        return True
    return False
