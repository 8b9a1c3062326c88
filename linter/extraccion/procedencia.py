"""Provenance of an emitted root (own / echoed / opaque) by syntax tree and scope facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import libcst as cst

from .anotaciones import Derivador
from .literales import describir
from .proyecto import Proyecto, termina_en
from .recolector import Modulo, dotted, texto_cadena
from .tipos import Pos

PARSERS = ("json.loads", "json.load", "yaml.safe_load", "yaml.load", "yaml.full_load", "tomllib.loads",
           "tomllib.load", "tomli.loads", "orjson.loads", "ujson.loads", "simplejson.loads")
VALIDADORES = ("model_validate", "model_validate_json", "parse_obj", "parse_raw", "model_construct", "from_dict", "validate_python")
COPIAS = ("copy", "model_dump", "dict", "to_dict", "deepcopy")
MAX = 25


@dataclass
class Clasificacion:
    """Provenance of a value plus the keys written (own) and the spreads met at the root."""

    procedencia: str
    motivo: str = ""
    claves: list[tuple[str, Pos]] = field(default_factory=list)
    spreads: list[tuple[Pos, bool, str]] = field(default_factory=list)


def _propia(claves=None, spreads=None, motivo: str = "written key by key") -> Clasificacion:
    return Clasificacion("own", motivo, list(claves or []), list(spreads or []))


def combinar(partes: list[Clasificacion], que: str) -> Clasificacion:
    """Several possible values: one provenance if they agree, opaque otherwise."""
    if not partes:
        return Clasificacion("opaque", f"{que} has no value the analyzer can see")
    tipos = {p.procedencia for p in partes}
    if len(tipos) == 1:
        claves = [c for p in partes for c in p.claves]
        spreads = [s for p in partes for s in p.spreads]
        return Clasificacion(partes[0].procedencia, partes[0].motivo, list(dict.fromkeys(claves)), spreads)
    return Clasificacion("opaque", f"{que} is bound to values of different provenance ({', '.join(sorted(tipos))})")


class Procedencia:
    """Classifier of emitted values."""

    def __init__(self, proyecto: Proyecto, derivador: Derivador) -> None:
        self.proyecto, self.derivador = proyecto, derivador

    def clasificar(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef], pila: tuple = ()) -> Clasificacion:
        """Provenance of `expr` evaluated inside `fn` of module `m`."""
        if len(pila) > MAX or id(expr) in pila:
            return Clasificacion("opaque", "value refers to itself or is nested too deeply to follow")
        pila = (*pila, id(expr))
        if isinstance(expr, cst.Await):
            return self.clasificar(m, expr.expression, fn, pila)
        if isinstance(expr, cst.Dict):
            return self._dict(m, expr, fn, pila)
        if isinstance(expr, (cst.DictComp,)):
            return Clasificacion("opaque", "a dict comprehension: keys are not enumerable")
        if isinstance(expr, cst.Call):
            return self._llamada(m, expr, fn, pila)
        if isinstance(expr, cst.Name):
            return self._nombre(m, expr, fn, pila)
        if isinstance(expr, (cst.Subscript, cst.Attribute)):
            base = self.clasificar(m, expr.value, fn, pila)
            if base.procedencia == "echoed":
                return Clasificacion("echoed", f"`{describir(m, expr)}` is part of a foreign object")
            return Clasificacion("opaque", f"`{describir(m, expr)}` reads into a value whose keys are not enumerable")
        if isinstance(expr, cst.IfExp):
            return combinar([self.clasificar(m, expr.body, fn, pila), self.clasificar(m, expr.orelse, fn, pila)], "the conditional")
        if isinstance(expr, cst.BooleanOperation):
            return combinar([self.clasificar(m, expr.left, fn, pila), self.clasificar(m, expr.right, fn, pila)], "the boolean expression")
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
            izq, der = self.clasificar(m, expr.left, fn, pila), self.clasificar(m, expr.right, fn, pila)
            if "echoed" in (izq.procedencia, der.procedencia):
                return Clasificacion("echoed", "merges a foreign object")
            return combinar([izq, der], "the merge")
        return Clasificacion("opaque", f"root `{describir(m, expr)}` is not a dict the analyzer can enumerate")

    # -- dicts ---------------------------------------------------------------
    def _dict(self, m: Modulo, expr: cst.Dict, fn, pila) -> Clasificacion:
        claves: list[tuple[str, Pos]] = []
        spreads: list[tuple[Pos, bool, str]] = []
        procedencias: list[str] = []
        motivos: list[str] = []
        for el in expr.elements:
            if isinstance(el, cst.StarredDictElement):
                c = self.clasificar(m, el.value, fn, pila)
                spreads.append((m.pos(el), bool(claves), c.procedencia))
                procedencias.append(c.procedencia)
                motivos.append(c.motivo)
                if c.procedencia == "own":
                    claves.extend(c.claves)
                continue
            k = texto_cadena(el.key)
            if k is None:
                procedencias.append("opaque")
                motivos.append(f"key `{describir(m, el.key)}` is computed")
                continue
            claves.append((k, m.pos(el.key)))
        return self._cierre(claves, spreads, procedencias, motivos)

    @staticmethod
    def _cierre(claves, spreads, procedencias, motivos) -> Clasificacion:
        if "echoed" in procedencias:
            return Clasificacion("echoed", "spreads a foreign object: " + motivos[procedencias.index("echoed")], [], spreads)
        if "opaque" in procedencias:
            return Clasificacion("opaque", motivos[procedencias.index("opaque")], [], spreads)
        return _propia(claves, spreads)

    def _argumentos(self, m: Modulo, llamada: cst.Call, fn, pila, que: str) -> Clasificacion:
        """Keyword arguments as keys, `**x` as spreads (dict(...) and model constructors)."""
        claves, spreads, procedencias, motivos = [], [], [], []
        for a in llamada.args:
            if a.keyword is not None:
                claves.append((a.keyword.value, m.pos(a.keyword)))
            elif a.star == "**":
                c = self.clasificar(m, a.value, fn, pila)
                spreads.append((m.pos(a), bool(claves), c.procedencia))
                procedencias.append(c.procedencia)
                motivos.append(c.motivo)
                if c.procedencia == "own":
                    claves.extend(c.claves)
            else:
                c = self.clasificar(m, a.value, fn, pila)
                procedencias.append(c.procedencia)
                motivos.append(c.motivo if c.procedencia != "own" else "")
                if c.procedencia == "own":
                    claves.extend(c.claves)
        r = self._cierre(claves, spreads, procedencias, motivos)
        if r.procedencia == "own":
            r.motivo = f"{que} written field by field"
        return r

    # -- calls -----------------------------------------------------------------
    def _llamada(self, m: Modulo, llamada: cst.Call, fn, pila) -> Clasificacion:
        nombres = self.proyecto.calificados(m, llamada.func)
        destino = dotted(llamada.func) or describir(m, llamada.func)
        if termina_en(nombres, "builtins.dict"):
            return self._argumentos(m, llamada, fn, pila, "dict(...)")
        if any(n in PARSERS for n in nombres):
            return Clasificacion("echoed", f"a parsed document ({destino}())")
        d = self.proyecto.resolver(m, llamada.func) if isinstance(llamada.func, (cst.Name, cst.Attribute)) else None
        if d is not None and d.tipo == "clase":
            return self._argumentos(m, llamada, fn, pila, f"{d.nombre}(...)")
        if d is not None and d.tipo == "funcion":
            return self._ayudante(d.modulo, d.nodo, pila)
        if isinstance(llamada.func, cst.Attribute):
            metodo = llamada.func.attr.value
            receptor = llamada.func.value
            rd = self.proyecto.resolver(m, receptor) if isinstance(receptor, (cst.Name, cst.Attribute)) else None
            if metodo in VALIDADORES and llamada.args:
                c = self.clasificar(m, llamada.args[0].value, fn, pila)
                return Clasificacion(c.procedencia, f"{metodo}() of: {c.motivo}", c.claves, c.spreads)
            if metodo in COPIAS:
                c = self.clasificar(m, receptor, fn, pila)
                return Clasificacion(c.procedencia, f"{metodo}() of: {c.motivo}", c.claves, c.spreads)
            if rd is not None and rd.tipo in ("modulo", "externo"):
                return Clasificacion("opaque", f"helper {destino}() cannot be followed")
            return Clasificacion("echoed", f"value returned by a method call on an object ({destino}())")
        return Clasificacion("opaque", f"helper {destino}() cannot be followed")

    def _ayudante(self, m: Modulo, fn: cst.FunctionDef, pila) -> Clasificacion:
        """A helper of an analyzed file: the provenance its returns agree on."""
        info = m.funcion(fn)
        retornos = [r for r in (info.retornos if info else []) if r.value is not None]
        if not retornos:
            return Clasificacion("opaque", f"helper {fn.name.value}() returns no value the analyzer can see")
        partes = [self.clasificar(m, r.value, fn, pila) for r in retornos]
        r = combinar(partes, f"helper {fn.name.value}()")
        if r.procedencia == "own":
            r.motivo = f"helper {fn.name.value}() returns a literal"
        r.spreads = []
        return r

    # -- names -----------------------------------------------------------------
    def _nombre(self, m: Modulo, expr: cst.Name, fn, pila) -> Clasificacion:
        nombre = expr.value
        info = m.funcion(fn)
        while info is not None:
            if nombre in info.globales:
                break
            if nombre in info.mutaciones:
                donde = m.pos(info.mutaciones[nombre][0])
                return Clasificacion("opaque", f"`{nombre}` is mutated after creation (line {donde.linea})")
            if nombre in info.asignaciones:
                partes = []
                for a in info.asignaciones[nombre]:
                    if a.valor is None:
                        partes.append(Clasificacion("opaque", f"binding of `{nombre}` cannot be determined"))
                    else:
                        partes.append(self.clasificar(m, a.valor, info.nodo, pila))
                return combinar(partes, f"`{nombre}`")
            if nombre in info.parametros():
                return Clasificacion("opaque", f"`{nombre}` is a parameter; its keys are not enumerable here")
            info = m.funcion(info.padre)
        d = self.proyecto.definicion(m, nombre)
        if d is not None and d.tipo == "constante" and d.modulo is not None:
            return self.clasificar(d.modulo, d.nodo, None, pila)
        return Clasificacion("opaque", f"binding of `{nombre}` cannot be determined")
