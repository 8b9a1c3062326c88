"""Where a low-level call handler sends each tool: the code whose returns are its emission sites.

The call handler receives the tool name; it dispatches with `if name == ...` / `match name:`
branches (names written as literals, constants or Enum members), with a dict of handlers
indexed by the name (`HANDLERS[name]`, `self.handlers.get(name)`, `TOOLS[name].run(args)` with a
method of the object the dict holds), or by passing the name to a
helper that does one of those. A tool's emission sites are the returns of the branch that
handles it, or of the function the dict names when the handler returns that call's result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

import libcst as cst

from .programa import Programa, parametros
from .recolector import Modulo
from .tipos import NoResuelto

MAX_PROFUNDIDAD = 4

Evaluar = Callable[[Modulo, cst.BaseExpression], Optional[str]]


@dataclass
class Destino:
    """The code that handles one tool: functions with the line ranges whose returns are its emissions."""

    partes: list[tuple[Modulo, cst.FunctionDef, list[tuple[int, int]]]] = field(default_factory=list)


def _sujeto(expr: cst.BaseExpression, parametros_: list[str]) -> bool:
    """Whether `expr` is the dispatched tool name: a parameter or `<param>.name`."""
    if isinstance(expr, cst.Name):
        return expr.value in parametros_
    return isinstance(expr, cst.Attribute) and expr.attr.value == "name" and isinstance(expr.value, cst.Name) \
        and expr.value.value in parametros_


def _nombres_comparados(m: Modulo, test: cst.BaseExpression, p: list[str], evaluar: Evaluar) -> list[str]:
    """Tool names an `if` test selects: `x == "a"`, `"a" == x`, `x in ("a", "b")`, joined with `or`."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _nombres_comparados(m, test.left, p, evaluar) + _nombres_comparados(m, test.right, p, evaluar)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        op = test.comparisons[0]
        izq, der = test.left, op.comparator
        if isinstance(op.operator, (cst.Equal, cst.Is)):
            for sujeto, otro in ((izq, der), (der, izq)):
                if _sujeto(sujeto, p):
                    t = evaluar(m, otro)
                    return [t] if t is not None else []
        if isinstance(op.operator, cst.In) and _sujeto(izq, p) and isinstance(der, (cst.Tuple, cst.List, cst.Set)):
            return [t for t in (evaluar(m, e.value) for e in der.elements) if t is not None]
    return []


def _patrones(m: Modulo, patron: cst.MatchPattern, evaluar: Evaluar) -> list[str]:
    """Tool names a `case` pattern matches (literals, constants, Enum members, `|` of them)."""
    if isinstance(patron, cst.MatchValue):
        t = evaluar(m, patron.value)
        return [t] if t is not None else []
    if isinstance(patron, cst.MatchOr):
        return [x for alt in patron.patterns for x in _patrones(m, alt.pattern, evaluar)]
    if isinstance(patron, cst.MatchAs) and patron.pattern is not None:
        return _patrones(m, patron.pattern, evaluar)
    return []


def ramas(m: Modulo, fn: cst.FunctionDef, evaluar: Evaluar, nombres: Optional[list[str]] = None) -> dict[str, list[tuple[int, int]]]:
    """Line ranges of the branches of a call handler, by dispatched tool name.

    `nombres` are the parameters that hold the tool name (default: every positional one)."""
    p = nombres if nombres is not None else [x.name.value for x in parametros(fn)]
    salida: dict[str, list[tuple[int, int]]] = {}

    def recorrer(sentencias) -> None:
        for s in sentencias:
            if isinstance(s, cst.If):
                actual: Optional[cst.CSTNode] = s
                while isinstance(actual, cst.If):
                    for nombre in _nombres_comparados(m, actual.test, p, evaluar):
                        salida.setdefault(nombre, []).append((m.pos(actual).linea, m.fin(actual.body)))
                    recorrer(actual.body.body)
                    actual = actual.orelse
                if isinstance(actual, cst.Else):
                    recorrer(actual.body.body)
            elif isinstance(s, cst.Match) and _sujeto(s.subject, p):
                for caso in s.cases:
                    for nombre in _patrones(m, caso.pattern, evaluar):
                        salida.setdefault(nombre, []).append((m.pos(caso).linea, m.fin(caso)))
            elif isinstance(s, (cst.With, cst.Try, cst.For, cst.While)) and isinstance(getattr(s, "body", None), cst.IndentedBlock):
                recorrer(s.body.body)
                for extra in getattr(s, "handlers", ()):
                    recorrer(extra.body.body)

    if isinstance(fn.body, cst.IndentedBlock):
        recorrer(fn.body.body)
    return salida


class Despacho:
    """Follows a call handler to the code that handles each tool name."""

    def __init__(self, programa: Programa, evaluar: Evaluar,
                 funciones: Callable[[Modulo, cst.BaseExpression, Optional[cst.FunctionDef]], list[tuple[Modulo, cst.FunctionDef]]]) -> None:
        self.programa, self.evaluar, self.funciones = programa, evaluar, funciones

    def destino(self, m: Modulo, fn: cst.FunctionDef, herramienta: str, nombres: Optional[list[str]] = None,
                profundidad: int = 0) -> Optional[Destino]:
        """Where `fn` (reading the tool name from parameters `nombres`) sends tool `herramienta`."""
        if profundidad > MAX_PROFUNDIDAD:
            return None
        p = nombres if nombres is not None else [x.name.value for x in parametros(fn)]
        rangos = ramas(m, fn, self.evaluar, p).get(herramienta)
        if rangos:
            return Destino([(m, fn, rangos)])
        info = m.funcion(fn)
        if info is None:
            return None
        completo = [(m.pos(fn).linea, m.fin(fn))]
        for llamada in info.llamadas:
            # a dict of handlers indexed by the name: `D[name](...)`, `D.get(name)(...)`, `h = D[name]; h(...)`
            for dm, dfn in self._de_tabla(m, fn, llamada, p, herramienta):
                directo = self._devuelve_directo(m, fn, llamada)
                return Destino([(dm, dfn, [(dm.pos(dfn).linea, dm.fin(dfn))])] if directo else [(m, fn, completo)])
        for llamada in info.llamadas:
            # a helper called with the name: follow it with the parameter that receives it
            for hm, hfn, hp in self._ayudantes(m, fn, llamada, p):
                d = self.destino(hm, hfn, herramienta, hp, profundidad + 1)
                if d is not None:
                    return d if self._devuelve_directo(m, fn, llamada) else Destino([(m, fn, completo)])
        return None

    def _indice(self, expr: cst.BaseExpression, p: list[str]) -> Optional[cst.BaseExpression]:
        """The table of `D[name]` or `D.get(name, ...)`."""
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index) \
                and _sujeto(expr.slice[0].slice.value, p):
            return expr.value
        if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get" \
                and expr.args and _sujeto(expr.args[0].value, p):
            return expr.func.value
        return None

    def _de_tabla(self, m: Modulo, fn: cst.FunctionDef, llamada: cst.Call, p: list[str], herramienta: str):
        """Functions a call reaches through a dict of handlers indexed by the tool name."""
        objetivo = llamada.func
        metodo = None
        if isinstance(objetivo, cst.Attribute) and self._indice(objetivo.value, p) is not None:
            objetivo, metodo = objetivo.value, objetivo.attr  # `TOOLS[name].run(args)`: a method of the object the dict holds
        tabla = self._indice(objetivo, p)
        if tabla is None and isinstance(objetivo, cst.Name):
            for lig in self.programa.ligaduras(m, fn, objetivo.value):
                if lig.tipo == "valor" and lig.nodo is not None:
                    tabla = self._indice(lig.nodo, p) or tabla
        if tabla is None:
            return []
        for tm, valor, tfn in self._dicts(m, tabla, fn, 0):
            for el in valor.elements:
                if isinstance(el, cst.DictElement) and self.evaluar(tm, el.key) == herramienta:
                    return self.funciones(tm, el.value if metodo is None else cst.Attribute(value=el.value, attr=metodo), tfn)
        return []

    def _dicts(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef], profundidad: int):
        """Dict literals an expression may be (through names, `self.x`, and `{k: v for k, v in D.items() if ...}`)."""
        if profundidad > MAX_PROFUNDIDAD:
            return []
        if isinstance(expr, cst.Dict):
            return [(m, expr, fn)]
        if isinstance(expr, cst.DictComp) and isinstance(expr.for_in.iter, cst.Call) \
                and isinstance(expr.for_in.iter.func, cst.Attribute) and expr.for_in.iter.func.attr.value == "items":
            return self._dicts(m, expr.for_in.iter.func.value, fn, profundidad + 1)
        if isinstance(expr, (cst.Name, cst.Attribute)):
            salida = []
            for lig in self.programa.ligaduras_de(m, expr, fn):
                if lig.tipo == "valor" and lig.m is not None:
                    salida.extend(self._dicts(lig.m, lig.nodo, lig.fn, profundidad + 1))
            return salida
        return []

    def _ayudantes(self, m: Modulo, fn: cst.FunctionDef, llamada: cst.Call, p: list[str]):
        """Analyzed functions a call passes the tool name to, with the parameter that receives it."""
        if not isinstance(llamada.func, (cst.Name, cst.Attribute)):
            return []
        salida = []
        for lig in self.programa.ligaduras_de(m, llamada.func, fn):
            if lig.tipo != "funcion" or lig.m is None:
                continue
            hfn = lig.nodo
            nombres = [x.name.value for x in parametros(hfn)]
            metodo = self.programa.clase_de_metodo(lig.m, hfn) is not None and nombres[:1] in (["self"], ["cls"])
            nombres = nombres[1:] if metodo else nombres
            posicionales = [a for a in llamada.args if a.keyword is None and not a.star]
            for i, a in enumerate(posicionales):
                if _sujeto(a.value, p) and i < len(nombres):
                    salida.append((lig.m, hfn, [nombres[i]]))
            for a in llamada.args:
                if a.keyword is not None and _sujeto(a.value, p):
                    salida.append((lig.m, hfn, [a.keyword.value]))
        return salida

    def _devuelve_directo(self, m: Modulo, fn: cst.FunctionDef, llamada: cst.Call) -> bool:
        """Whether `fn` returns the result of `llamada` as it is (`return await h(...)`, or through a variable)."""
        info = m.funcion(fn)
        variables = {nombre for nombre, asignaciones in (info.asignaciones.items() if info else [])
                     for a in asignaciones if a.valor is not None and _sin_await(a.valor) is llamada}
        for r in info.retornos if info else []:
            v = _sin_await(r.value) if r.value is not None else None
            if v is llamada or (isinstance(v, cst.Name) and v.value in variables):
                return True
        return False


def _sin_await(expr: cst.BaseExpression) -> cst.BaseExpression:
    return expr.expression if isinstance(expr, cst.Await) else expr


__all__ = ["Despacho", "Destino", "NoResuelto", "ramas"]
