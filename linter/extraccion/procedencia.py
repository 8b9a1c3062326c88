"""Provenance of an emitted root (own / echoed / opaque) by syntax tree and scope facts.

A call is followed when the callee is code of an analyzed file (a function, a method of an
analyzed class, a constructor), however it is reached: a module alias, a package path, an
instance, `self`, a class. A call into code outside the analyzed files (an SDK client's method,
a third-party function, a method of an object no analyzed file defines) returns a foreign
object: echoed. Only what cannot be followed at all is opaque.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional, TypeVar

import libcst as cst

from .anotaciones import BLOQUES, Derivador
from .eco import Origenes, Valor, en_objeto
from .efectos import Efectos
from .literales import describir
from .presupuesto import paso
from .programa import Ligadura, Llamada, Programa, argumento, es_metodo_estatico, parametros, solo_lanza
from .proyecto import Proyecto, termina_en
from .recolector import Modulo, dotted, indice, texto_cadena, todos_los_parametros
from .sdk import es_mcp
from .tipos import Pos

T = TypeVar("T")
PARSERS = ("json.loads", "json.load", "yaml.safe_load", "yaml.load", "yaml.full_load", "tomllib.loads",
           "tomllib.load", "tomli.loads", "orjson.loads", "ujson.loads", "simplejson.loads")
VALIDADORES = ("model_validate", "model_validate_json", "parse_obj", "parse_raw", "model_construct", "from_dict", "validate_python")
COPIAS = ("copy", "model_dump", "dict", "to_dict", "deepcopy", "model_copy")
# Functions whose result has the keys of their first argument (a copy, a cast, a dataclass as a dict).
COPIAS_FUNCION = ("copy.copy", "copy.deepcopy", "dataclasses.asdict", "typing.cast")
MAPAS = ("builtins.dict", "collections.OrderedDict")
# Functions that run a callable elsewhere (a worker thread, a thread pool) and return what it returns:
# name -> the index of the callable among the positional arguments; the ones after it are its arguments
# (`await asyncio.to_thread(build, a)` is `build(a)`). An event loop's `run_in_executor(executor, f, *a)`
# is recognised by its method name (`Procedencia._descarga`).
DESCARGAS = {"asyncio.to_thread": 0, "asyncio.threads.to_thread": 0, "anyio.to_thread.run_sync": 0,
             "starlette.concurrency.run_in_threadpool": 0, "fastapi.concurrency.run_in_threadpool": 0}
# Functions whose result is that of the awaitable they are given first (`asyncio.wait_for(aw, 30)`).
ESPERAS = ("asyncio.wait_for", "asyncio.tasks.wait_for", "asyncio.shield", "asyncio.tasks.shield")
PARCIALES = ("functools.partial",)
ULTIMOS_DE_LLAMADA = frozenset(n.rsplit(".", 1)[-1] for n in (*PARSERS, *COPIAS_FUNCION, *MAPAS, *DESCARGAS, *ESPERAS))  # what `_llamada` looks for
# A future's result is whatever the work it runs returns, set elsewhere (a worker thread, a queue), not a
# foreign API's answer: `concurrent.futures.Future().result()` is opaque, never echoed.
FUTUROS = ("concurrent.futures.Future", "concurrent.futures._base.Future", "asyncio.Future", "asyncio.futures.Future")
LECTURAS = ("get",)  # `d.get(k)` reads into `d`, like `d[k]`, when `d` is a dict the server builds
MAX = 25
# Bases that give a class no method a root could come from (`class C(ABC)`, `Generic[T]`, `Protocol`).
BASES_SIN_METODOS = ("builtins.", "abc.", "typing.", "typing_extensions.")


@dataclass
class Clasificacion:
    """Provenance of a value plus the keys written (own) and the spreads met at the root.

    `mapa`: the value is a mapping whose keys are data (a dict comprehension, or a dict that
    only ever gets computed keys), not a fixed set of keys."""

    procedencia: str
    motivo: str = ""
    claves: list[tuple[str, Pos]] = field(default_factory=list)
    spreads: list[tuple[Pos, bool, str]] = field(default_factory=list)
    mapa: bool = False
    valores: list[Valor] = field(default_factory=list)  # own values: each key's value and its origin


def _propia(claves=None, spreads=None, motivo: str = "written key by key", valores=None) -> Clasificacion:
    return Clasificacion("own", motivo, list(claves or []), list(spreads or []), valores=list(valores or []))


@dataclass
class _Partes:
    """What a root written piece by piece gathers: its keys and the values written under them, its
    spreads, and the provenance and reason of each piece that is not a key of its own."""

    claves: list[tuple[str, Pos]] = field(default_factory=list)
    spreads: list[tuple[Pos, bool, str]] = field(default_factory=list)
    procedencias: list[str] = field(default_factory=list)
    motivos: list[str] = field(default_factory=list)
    valores: list[Valor] = field(default_factory=list)

    def spread(self, pos: Pos, c: Clasificacion) -> None:
        """`**x`: its keys join when it is own; its provenance decides the root's otherwise."""
        self.spreads.append((pos, bool(self.claves), c.procedencia))
        self.parte(c, c.motivo)

    def parte(self, c: Clasificacion, motivo: str) -> None:
        """A piece whose provenance counts: an own one adds its keys."""
        self.procedencias.append(c.procedencia)
        self.motivos.append(motivo)
        if c.procedencia == "own":
            self.claves.extend(c.claves)
            self.valores.extend(c.valores)

    def cierre(self, m: Modulo, nodo: cst.CSTNode) -> Clasificacion:
        """Echoed if any piece is, else opaque if any is, else own with the keys gathered, each value
        marked as written in `nodo` (the dict or call these pieces make)."""
        if "echoed" in self.procedencias:
            return Clasificacion("echoed", "spreads a foreign object: " + self.motivos[self.procedencias.index("echoed")],
                                 [], self.spreads)
        if "opaque" in self.procedencias:
            return Clasificacion("opaque", self.motivos[self.procedencias.index("opaque")], [], self.spreads)
        return _propia(self.claves, self.spreads, valores=en_objeto(self.valores, m, nodo))


def _vacia(c: Clasificacion) -> bool:
    """An own value that writes no key (`{}`, `dict()`): agrees with any other value."""
    return c.procedencia == "own" and not c.claves and not c.spreads


def combinar(partes: list[Clasificacion], que: str, verbo: str = "is bound to") -> Clasificacion:
    """Several possible values: one provenance if they agree, opaque otherwise.

    An own value with no key (an empty dict) agrees with anything: `{}` or a foreign object is
    a foreign object; `{}` or a map is a map."""
    if not partes:
        return Clasificacion("opaque", f"{que} has no value the analyzer can see")
    llenas = [p for p in partes if not _vacia(p)] or partes[:1]
    tipos = {p.procedencia for p in llenas}
    if len(tipos) == 1:
        claves = [c for p in llenas for c in p.claves]
        spreads = [s for p in llenas for s in p.spreads]
        valores = list(dict.fromkeys(v for p in llenas for v in p.valores))
        return Clasificacion(llenas[0].procedencia, llenas[0].motivo, list(dict.fromkeys(claves)), spreads,
                             all(p.mapa for p in llenas), valores)
    return Clasificacion("opaque", f"{que} {verbo} values of different provenance ({', '.join(sorted(tipos))})")


def _sin_rechazos(ligaduras: list[Ligadura]) -> list[Ligadura]:
    """The functions a call may run, less those that only raise (`raise NotImplementedError` in one of a
    protocol's implementations): they give the caller no value, so the others say what it returns.
    All of them when every one only raises."""
    return [l for l in ligaduras if not (isinstance(l.nodo, cst.FunctionDef) and solo_lanza(l.nodo))] or ligaduras


def _ajena(destino: str, como: str) -> Clasificacion:
    return Clasificacion("echoed", f"value returned by `{destino}()`, {como}")


class Procedencia:
    """Classifier of emitted values."""

    def __init__(self, proyecto: Proyecto, derivador: Derivador) -> None:
        self.proyecto, self.derivador = proyecto, derivador
        self.programa = Programa(proyecto)
        self.efectos = Efectos(proyecto, derivador.tipo_de_clase)  # whether a handler changes nothing
        # parameters of the helpers being followed, bound to the arguments of the call that reached them
        self._entornos: dict[int, list[Optional[Llamada]]] = {}
        self._nombres_en_curso: set[tuple[str, int, str, int]] = set()  # names being classified (see _nombre)
        # the call each offloading call stands for (`_descarga`), built once and kept with the call it
        # replaces, so that questions keyed by a node's identity never meet a recycled id
        self._descargas: dict[int, tuple[cst.Call, tuple[bool, Optional[cst.BaseExpression]]]] = {}
        self._despachadas: dict[int, tuple[cst.Call, Optional[cst.BaseExpression]]] = {}  # the same, for `_despachada`
        self.origenes = Origenes(self)

    def clasificar(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef], pila: tuple = ()) -> Clasificacion:
        """Provenance of `expr` evaluated inside `fn` of module `m`."""
        if len(pila) > MAX or id(expr) in pila:
            return Clasificacion("opaque", "value refers to itself or is nested too deeply to follow")
        paso(lambda: f"the provenance of `{describir(m, expr)}` ({m.archivo}:{m.pos(expr).linea})")
        pila = (*pila, id(expr))
        if isinstance(expr, cst.Await):
            return self.clasificar(m, expr.expression, fn, pila)
        if isinstance(expr, cst.Dict):
            return self._dict(m, expr, fn, pila)
        if isinstance(expr, cst.DictComp):
            return Clasificacion("opaque", "a dict comprehension: its keys are data, not a fixed set", mapa=True)
        if isinstance(expr, cst.Call):
            return self._llamada(m, expr, fn, pila)
        if isinstance(expr, cst.Name):
            return self._nombre(m, expr, fn, pila)
        if isinstance(expr, cst.Attribute):
            constante = self._constante_de(m, expr, fn, pila)
            if constante is not None:
                return constante
        if isinstance(expr, (cst.Subscript, cst.Attribute)):
            return self._lectura(m, expr, expr.value, fn, pila)
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

    def _lectura(self, m: Modulo, expr: cst.BaseExpression, base: cst.BaseExpression, fn, pila) -> Clasificacion:
        """`x[k]`, `x.attr`, `x.get(k)`: part of `x`."""
        muestra = self._muestra(m, expr, base, fn)
        if muestra is not None:
            return muestra
        c = self.clasificar(m, base, fn, pila)
        if c.procedencia == "echoed":
            return Clasificacion("echoed", f"`{describir(m, expr)}` is part of a foreign object")
        return Clasificacion("opaque", f"`{describir(m, expr)}` reads into a value whose keys are not enumerable")

    def _muestra(self, m: Modulo, expr: cst.BaseExpression, base: cst.BaseExpression, fn) -> Optional[Clasificacion]:
        """`r.result` where every binding of the local `r` is `await ctx.sample(..., result_type=M)` (fastmcp's
        sampling validates the client's answer into `M`): an instance of `M`, own with its fields when `M` is a
        closed class of an analyzed file (Derivador.claves_cerradas); None for anything else."""
        info = m.funcion(fn) if isinstance(expr, cst.Attribute) and expr.attr.value == "result" \
            and isinstance(base, cst.Name) else None
        asignaciones = info.asignaciones.get(base.value) if info is not None else None  # type: ignore[union-attr]
        if not asignaciones or base.value in info.mutaciones or base.value in info.parametros():  # type: ignore[union-attr]
            return None
        partes = []
        for a in asignaciones:
            valor = a.valor.expression if isinstance(a.valor, cst.Await) else a.valor
            if not (isinstance(valor, cst.Call) and isinstance(valor.func, cst.Attribute) and valor.func.attr.value == "sample"):
                return None
            tipo = next((x.value for x in valor.args if x.keyword is not None and x.keyword.value == "result_type"), None)
            clases = [l for l in self.programa.ligaduras_de(m, tipo, fn) if l.tipo == "clase" and l.m is not None
                      and isinstance(l.nodo, cst.ClassDef)] if isinstance(tipo, (cst.Name, cst.Attribute)) else []
            if not clases:
                return None
            for l in clases:
                c = self._cerrada(l.m, l.nodo, f"`{describir(m, expr)}` is the {l.nodo.name.value} the client's sampled "
                                                "answer was validated into (`result_type`)")
                if c is None:
                    return None
                partes.append(c)
        return combinar(partes, f"`{describir(m, expr)}`")

    def _constante_de(self, m: Modulo, expr: cst.Attribute, fn, pila) -> Optional[Clasificacion]:
        """`module.CONSTANT` / `Class.ATTRIBUTE` of an analyzed file: its value's provenance."""
        if not isinstance(expr.value, (cst.Name, cst.Attribute)):
            return None
        ligaduras = self.programa.atributo(m, expr, fn)
        if not ligaduras or any(l.tipo != "valor" or l.m is None or l.fn is not None for l in ligaduras):
            return None
        return combinar([self.clasificar(l.m, l.nodo, None, pila) for l in ligaduras], f"`{describir(m, expr)}`")

    # -- dicts ---------------------------------------------------------------
    def _dict(self, m: Modulo, expr: cst.Dict, fn, pila, previo: Optional[tuple[str, Clasificacion]] = None) -> Clasificacion:
        """A dict literal; `previo`: a name and what its other bindings hold, for the spread of that name in
        its own rebinding (`d = {**d, "k": v}`: the previous `d`, not a cycle)."""
        partes = _Partes()
        for el in expr.elements:
            if isinstance(el, cst.StarredDictElement):
                propio = previo is not None and isinstance(el.value, cst.Name) and el.value.value == previo[0]
                partes.spread(m.pos(el), previo[1] if propio else self.clasificar(m, el.value, fn, pila))  # type: ignore[index]
                continue
            k = texto_cadena(el.key) or self._clave_pasada(m, el.key, fn)
            if k is None:
                partes.parte(Clasificacion("opaque"), f"key `{describir(m, el.key)}` is computed")
                continue
            self._clave(partes, m, k, m.pos(el.key), el.value, fn, pila)
        return partes.cierre(m, expr)

    def _clave(self, partes: _Partes, m: Modulo, clave: str, pos: Pos, valor: cst.BaseExpression, fn, pila) -> None:
        """A key written with its value, read in `fn` of `m`."""
        partes.claves.append((clave, pos))
        partes.valores.extend(self.origenes.valores(m, clave, valor, fn, pila))

    def _argumentos(self, m: Modulo, llamada: cst.Call, fn, pila, que: str) -> Clasificacion:
        """Keyword arguments as keys, `**x` as spreads (dict(...) and model constructors)."""
        partes = _Partes()
        mapa = False
        for a in llamada.args:
            if a.keyword is not None:
                self._clave(partes, m, a.keyword.value, m.pos(a.keyword), a.value, fn, pila)
            elif a.star == "**":
                partes.spread(m.pos(a), self.clasificar(m, a.value, fn, pila))
            else:
                c = self._posicional(m, a.value, fn, pila) if que == "dict(...)" else self.clasificar(m, a.value, fn, pila)
                partes.parte(c, c.motivo if c.procedencia != "own" else "")
                mapa = mapa or c.mapa
        r = partes.cierre(m, llamada)
        if r.procedencia == "own":
            r.motivo = f"{que} written field by field"
        r.mapa = mapa and r.procedencia == "opaque" and not partes.claves and not partes.spreads
        return r

    def _posicional(self, m: Modulo, valor: cst.BaseExpression, fn, pila) -> Clasificacion:
        """The positional argument of `dict(x)`: pairs built from data make a map."""
        if isinstance(valor, (cst.GeneratorExp, cst.ListComp)) or (
                isinstance(valor, cst.Call) and termina_en(self.proyecto.calificados(m, valor.func), "builtins.zip")):
            return Clasificacion("opaque", f"`dict({describir(m, valor)})`: its keys are data, not a fixed set", mapa=True)
        return self.clasificar(m, valor, fn, pila)

    # -- calls -----------------------------------------------------------------
    def _llamada(self, m: Modulo, llamada: cst.Call, fn, pila) -> Clasificacion:
        func = llamada.func
        nombres = self.proyecto.calificados_entre(m, func, ULTIMOS_DE_LLAMADA)
        destino = dotted(func) or describir(m, func)
        if termina_en(nombres, *MAPAS):
            return self._argumentos(m, llamada, fn, pila, "dict(...)")
        if any(n in PARSERS for n in nombres):
            return Clasificacion("echoed", f"a parsed document ({destino}())")
        if any(n in ESPERAS for n in nombres) and llamada.args and llamada.args[0].keyword is None and not llamada.args[0].star:
            c = self.clasificar(m, llamada.args[0].value, fn, pila)
            return replace(c, motivo=f"{destino}() of: {c.motivo}")
        es_descarga, descargada = self._descarga(m, llamada, fn, nombres)
        if descargada is not None:
            return self._corrida(m, descargada, fn, pila, f"{destino}() runs {describir(m, descargada)}")
        if es_descarga:
            return Clasificacion("opaque", f"{destino}() returns what the callable it is given returns, and the analyzer "
                                           "cannot read which function that is with which arguments")
        if any(n in COPIAS_FUNCION for n in nombres) and llamada.args:
            valor = llamada.args[1].value if termina_en(nombres, "typing.cast") and len(llamada.args) > 1 else llamada.args[0].value
            c = self.clasificar(m, valor, fn, pila)
            return replace(c, motivo=f"{destino}() of: {c.motivo}")
        if isinstance(func, cst.Attribute):
            metodo, receptor = func.attr.value, func.value
            if metodo in VALIDADORES and llamada.args:
                c = self.clasificar(m, llamada.args[0].value, fn, pila)
                if c.procedencia != "own":
                    clases = self.programa.ligaduras_de(m, receptor, fn)
                    if clases and all(l.tipo == "clase" and l.m is not None and isinstance(l.nodo, cst.ClassDef) for l in clases):
                        cerradas = [self._cerrada(l.m, l.nodo, f"{describir(m, receptor)}.{metodo}() of a value whose keys "
                                                               f"the model does not keep ({c.motivo})") for l in clases]
                        if all(cerradas):
                            return combinar(cerradas, f"`{describir(m, receptor)}`")
                return Clasificacion(c.procedencia, f"{metodo}() of: {c.motivo}", c.claves, c.spreads, c.mapa, c.valores)
            if metodo in COPIAS and not any(a.keyword is None for a in llamada.args):
                c = self.clasificar(m, receptor, fn, pila)
                return Clasificacion(c.procedencia, f"{metodo}() of: {c.motivo}", c.claves, c.spreads, c.mapa, c.valores)
            if metodo in LECTURAS:
                base = self.clasificar(m, receptor, fn, pila)
                if base.procedencia == "echoed":
                    return Clasificacion("echoed", f"`{describir(m, llamada)}` is part of a foreign object")
                if (base.procedencia == "own" and not _vacia(base)) or base.mapa:  # a dict the server builds
                    return Clasificacion("opaque", f"`{describir(m, llamada)}` reads into a value whose keys are not enumerable")
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return Clasificacion("opaque", f"the callee `{describir(m, func)}` is not a name the analyzer can follow")
        return self._invocado(m, llamada, fn, pila, destino)

    def _descarga(self, m: Modulo, llamada: cst.Call, fn, nombres: set[str]) -> tuple[bool, Optional[cst.BaseExpression]]:
        """Whether a call offloads a callable (`DESCARGAS`, an event loop's `run_in_executor`), and what it
        returns the value of: the call of its callable with the arguments it passes on
        (`asyncio.to_thread(f, a, k=b)` -> `f(a, k=b)`; `functools.partial(f, a)` unfolded), or the body of
        an argument-less `lambda`; None when the callable is not written where it is passed. Answered once
        per call (`_descargas`)."""
        clave = id(llamada)
        if clave not in self._descargas:
            func = llamada.func
            indices = [i for n, i in DESCARGAS.items() if n in nombres]
            if not indices and isinstance(func, cst.Attribute) and func.attr.value == "run_in_executor" \
                    and not self._clases(m, func.value, fn):  # not a method of an analyzed class: the event loop's
                indices = [1]
            respuesta = (True, self._ejecutada(m, llamada, nombres, indices[0])) if indices else (False, None)
            self._descargas[clave] = (llamada, respuesta)
        return self._descargas[clave][1]

    def _ejecutada(self, m: Modulo, llamada: cst.Call, nombres: set[str], i: int) -> Optional[cst.BaseExpression]:
        """The call (or lambda body) an offloading call runs, its callable at positional index `i`."""
        posicionales = [a for a in llamada.args if a.keyword is None]
        if len(posicionales) <= i or any(a.star for a in posicionales[:i + 1]):
            return None
        ejecutada = posicionales[i].value
        resto = [a for a in llamada.args if a is not posicionales[i] and not (a.keyword is None and a in posicionales[:i])]
        if i == 1 or any(n.startswith("anyio.") for n in nombres):
            resto = [a for a in resto if a.keyword is None]  # their own keywords (anyio's `limiter`), not the callable's
        if isinstance(ejecutada, cst.Lambda):
            return ejecutada.body if not todos_los_parametros(ejecutada.params) and not resto else None
        if isinstance(ejecutada, cst.Call) and termina_en(self.proyecto.calificados(m, ejecutada.func), *PARCIALES) \
                and ejecutada.args and ejecutada.args[0].keyword is None and not ejecutada.args[0].star:
            if any(a.keyword is None for a in resto):
                return None  # positional arguments after a partial's own: not unfolded
            return cst.Call(func=ejecutada.args[0].value, args=[*ejecutada.args[1:], *resto])
        if not isinstance(ejecutada, (cst.Name, cst.Attribute)):
            return None
        return cst.Call(func=ejecutada, args=resto)

    def _corrida(self, m: Modulo, ejecutada: cst.BaseExpression, fn, pila, que: str) -> Clasificacion:
        """The provenance of what a call runs elsewhere (`_descarga`, `_despachada`): the call it stands for,
        or a lambda's body, read where the call is written; its reason prefixed with `que`."""
        c = self._llamada(m, ejecutada, fn, pila) if isinstance(ejecutada, cst.Call) else self.clasificar(m, ejecutada, fn, pila)
        return replace(c, motivo=f"{que}: {c.motivo}")

    def _despachada(self, m: Modulo, llamada: cst.Call, fn, dm: Modulo, despachador: cst.FunctionDef,
                    salto: int) -> Optional[cst.BaseExpression]:
        """What a call of a project dispatcher runs (`dispatcher.call(_do)` -> `_do()`): a function that
        creates a future, puts it on a queue in one tuple with its callable parameter, and returns that
        future's result (`_despachador_de`) runs the callable on a worker and returns what it returns. The
        callable as this call passes it, applied to the positional arguments passed after it; None for any
        other function, or a callable not written where it is passed."""
        i = self._despachador_de(dm, despachador)
        if i is None or i < salto:
            return None
        posicionales = [a for a in llamada.args if a.keyword is None]
        i -= salto
        if len(posicionales) <= i or any(a.star for a in posicionales[:i + 1]) or any(a.keyword is not None for a in llamada.args):
            return None
        clave = id(llamada)
        if clave not in self._despachadas:
            self._despachadas[clave] = (llamada, self._ejecutada(m, cst.Call(func=llamada.func, args=posicionales[i:]), set(), 0))
        return self._despachadas[clave][1]

    def _despachador_de(self, m: Modulo, funcion: cst.FunctionDef) -> Optional[int]:
        """The index (among the positional parameters, `self` counted) of the callable a dispatcher runs: its
        body binds a local to a future it creates (`FUTUROS`), puts a tuple holding that parameter and the
        future on a queue (`q.put((fn, args, kwargs, future))`, `put_nowait`), and returns only that future's
        `result(...)`. None for any other function."""
        info = m.funcion(funcion)
        if info is None or len(info.retornos) != 1:
            return None
        devuelto = info.retornos[0].value
        if not (isinstance(devuelto, cst.Call) and isinstance(devuelto.func, cst.Attribute) and devuelto.func.attr.value == "result"
                and isinstance(devuelto.func.value, cst.Name) and self._es_futuro(m, devuelto.func.value, funcion)):
            return None
        futuro = devuelto.func.value.value
        nombres = [p.name.value for p in parametros(funcion)]
        for c in info.llamadas:
            if not (isinstance(c.func, cst.Attribute) and c.func.attr.value in ("put", "put_nowait") and len(c.args) == 1
                    and isinstance(c.args[0].value, cst.Tuple)):
                continue
            elementos = [e.value.value for e in c.args[0].value.elements if isinstance(e.value, cst.Name)]
            if futuro in elementos:
                ejecutables = [n for n in elementos if n in nombres]
                if ejecutables:
                    return nombres.index(ejecutables[0])
        return None

    def _invocado(self, m: Modulo, llamada: cst.Call, fn, pila, destino: str) -> Clasificacion:
        """A call of a name or attribute: what it is bound to decides."""
        func = llamada.func
        if isinstance(func, cst.Attribute):
            modulo = self._modulo_de(m, func.value, fn)
            if modulo is not None:
                return self._de_modulo(m, llamada, fn, pila, destino, modulo)
        ligaduras = self.programa.ligaduras_de(m, func, fn)
        if isinstance(func, cst.Attribute) and all(l.tipo == "desconocido" for l in ligaduras):
            return self._metodo(m, func, fn, destino, pila, Llamada(m, llamada, fn, 1))
        partes = [self._ligada(m, llamada, fn, pila, destino, l) for l in _sin_rechazos(ligaduras)]
        return combinar(partes, f"`{destino}`")

    def _ligada(self, m: Modulo, llamada: cst.Call, fn, pila, destino: str, l: Ligadura) -> Clasificacion:
        """A call whose callee is bound to `l`."""
        if l.tipo == "funcion" and l.m is not None and isinstance(l.nodo, cst.FunctionDef):
            salto = 1 if self._ligado(m, llamada.func, fn, l) else 0
            ejecutada = self._despachada(m, llamada, fn, l.m, l.nodo, salto)
            if ejecutada is not None:
                return self._corrida(m, ejecutada, fn, pila, f"{destino}() runs {describir(m, ejecutada)} on a worker")
            return self._ayudante(l.m, l.nodo, pila, Llamada(m, llamada, fn, salto))
        if l.tipo == "clase" and l.m is not None:
            r = self._argumentos(m, llamada, fn, pila, f"{l.nombre or destino}(...)")
            if r.procedencia != "own" and isinstance(l.nodo, cst.ClassDef):
                # `Model(**payload)`: a model that drops (or refuses) undeclared keys serializes its own fields
                return self._cerrada(l.m, l.nodo, f"{l.nombre or destino}(...) of a value whose keys it does not keep "
                                                  f"({r.motivo})") or r
            return r
        if l.tipo == "externo":
            relativo = _importacion_relativa(m, fn, llamada.func)
            if relativo is not None:
                return Clasificacion("opaque", f"{destino}() cannot be followed: `{relativo}` is a module of this project "
                                               "that is not among the analyzed files")
            if es_mcp({l.nombre or destino}, *BLOQUES):
                # `EmbeddedResource(type="resource", resource=...)`: the SDK's model, built here field by field
                return self._argumentos(m, llamada, fn, pila, f"{l.nombre or destino}(...)")
            return _ajena(l.nombre or destino, "code outside the analyzed files")
        if l.tipo == "parametro":
            return Clasificacion("opaque", f"`{destino}` is a parameter: the function it calls cannot be followed")
        if l.tipo == "valor" and l.m is not None and isinstance(l.nodo, (cst.Name, cst.Attribute)):
            # an alias (`construir = mod.build`; `pedir = client.get`): what the aliased name is bound to
            if id(l.nodo) in pila or len(pila) > MAX:
                return Clasificacion("opaque", f"`{destino}` refers to itself")
            pila = (*pila, id(l.nodo))
            if isinstance(l.nodo, cst.Name) and l.fn is None and l.nodo.value in l.m.importados and l.nodo.value == l.nombre:
                # `f = f` after `from x import f` (a re-export): the imported name
                d = self.proyecto.definicion_importada(l.m, l.nombre, l.m.importados[l.nombre])
                if d is not None and d.tipo in ("funcion", "clase") and d.modulo is not None:
                    return self._ligada(m, llamada, fn, pila, destino, Ligadura(d.tipo, d.modulo, d.nodo, None, d.nombre))
                if d is not None and d.tipo == "externo":
                    return _ajena(d.nombre, "code outside the analyzed files")
            otras = self.programa.ligaduras_de(l.m, l.nodo, l.fn)
            if isinstance(l.nodo, cst.Attribute) and all(o.tipo == "desconocido" for o in otras):
                return self._metodo(l.m, l.nodo, l.fn, dotted(l.nodo) or destino, pila, Llamada(m, llamada, fn, 1))
            return combinar([self._ligada(m, llamada, fn, pila, destino, o) for o in otras], f"`{destino}`")
        if l.tipo == "desconocido" and any(n.startswith("builtins.") for n in self.proyecto.calificados(m, llamada.func)):
            return Clasificacion("opaque", f"`{destino}()` is a builtin: its result is not a dict the analyzer can enumerate")
        if l.tipo == "desconocido" and l.motivo:
            return Clasificacion("opaque", f"{destino}() cannot be followed: {l.motivo}")
        return Clasificacion("opaque", f"{destino}() cannot be followed: `{destino}` is bound to {_que_es(l)}")

    def _cerrada(self, m: Modulo, clase: cst.ClassDef, motivo: str) -> Optional[Clasificacion]:
        """An own value with the keys a closed class serializes (Derivador.claves_cerradas), or None."""
        claves = self.derivador.claves_cerradas(m, clase)
        return None if claves is None else _propia(claves, motivo=motivo)

    def _ligado(self, m: Modulo, func: cst.BaseExpression, fn, l: Ligadura) -> bool:
        """Whether calling `func` binds the method's first parameter implicitly (`obj.m()`, `Cls.classmethod()`)."""
        if not isinstance(func, cst.Attribute) or not isinstance(l.nodo, cst.FunctionDef) or es_metodo_estatico(l.nodo):
            return False
        if l.m is None or l.m.funcion(l.nodo) is None or l.m.funcion(l.nodo).clase is None:
            return False
        if any(isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod" for d in l.nodo.decorators):
            return True
        return bool(self.programa.clases_de_instancia(m, func.value, fn))

    def _metodo(self, m: Modulo, func: cst.Attribute, fn, destino: str, pila, llamada: Llamada) -> Clasificacion:
        """`recv.meth(...)` (read in `fn` of `m`) that name binding alone does not place: the method of an
        analyzed class `recv` is an instance of (also through what a function returns), or a foreign one."""
        metodo = func.attr.value
        clases = self._clases(m, func.value, fn)
        # a value typed as a Protocol is an instance of a class that implements it: its method runs
        clases = [k for cm, c in clases for k in self.programa.despacho(cm, c, metodo)]
        if clases:
            metodos = [l for cm, c in clases for l in self.programa.miembro(cm, c, metodo, instancia=True)
                       if l.tipo == "funcion" and l.m is not None and isinstance(l.nodo, cst.FunctionDef)]
            metodos = _sin_rechazos(metodos)
            if metodos:
                return combinar([self._ayudante(l.m, l.nodo, pila, replace(llamada, salto=0 if es_metodo_estatico(l.nodo) else 1))
                                 for l in metodos], f"`{destino}`")
            ajenas = sorted({n for cm, c in clases for am, ac in self.programa.linaje(cm, c)
                             for bm, bc, ns in self.programa.bases(am, ac) if bm is None for n in ns
                             if n != "object" and not n.startswith(BASES_SIN_METODOS)})
            nombre = clases[0][1].name.value
            if ajenas:
                return _ajena(destino, f"a method `{nombre}` inherits from `{ajenas[0]}`, outside the analyzed files")
            return Clasificacion("opaque", f"{destino}() cannot be followed: `{nombre}` has no method `{metodo}` the analyzer can see")
        relativo = _importacion_relativa(m, fn, func)
        if relativo is not None:  # `from .api import client` then `client.get()`: this project's code, unread
            return Clasificacion("opaque", f"{destino}() cannot be followed: `{relativo}` is a module of this project "
                                           "that is not among the analyzed files")
        if metodo == "result" and self._es_futuro(m, func.value, fn):
            return Clasificacion("opaque", f"{destino}() is what the future's work returns, set where that work "
                                           "runs: the analyzer cannot see which function that is")
        sin_tipo = self.programa.campo_sin_tipo(m, func.value, fn)
        if sin_tipo is not None:  # `res.service.search()` with `service: object`: maybe the project's own code
            return Clasificacion("opaque", f"{destino}() cannot be followed: `{describir(m, func.value)}` is a field "
                                           f"`{sin_tipo}` types as `object` or `Any`, so which class's method runs is unknown")
        return _ajena(destino, "a method of an object no analyzed file defines")

    def _es_futuro(self, m: Modulo, expr: cst.BaseExpression, fn) -> bool:
        """`expr` is bound only to futures the code creates (`concurrent.futures.Future()`, `asyncio.Future()`)."""
        ligaduras = self.programa.ligaduras_de(m, expr, fn) if isinstance(expr, (cst.Name, cst.Attribute)) else []
        return bool(ligaduras) and all(
            l.tipo == "valor" and l.m is not None and isinstance(l.nodo, cst.Call)
            and bool(self.proyecto.calificados(l.m, l.nodo.func) & set(FUTUROS)) for l in ligaduras)

    def _clases(self, m: Modulo, expr: cst.BaseExpression, fn) -> list:
        """The analyzed classes `expr` may be an instance of (Programa follows factories' returns too),
        or the classes it names (`Helper.build()`)."""
        clases = self.programa.clases_de_instancia(m, expr, fn)
        if not clases and isinstance(expr, (cst.Name, cst.Attribute)):
            clases = self.programa.clases_nombradas(m, expr, fn)
        return clases

    def _de_modulo(self, m: Modulo, llamada: cst.Call, fn, pila, destino: str, modulo: Modulo) -> Clasificacion:
        """`mod.f(...)` where `mod` is an analyzed module (an alias, a package path, a submodule)."""
        assert isinstance(llamada.func, cst.Attribute)
        nombre = llamada.func.attr.value
        ligaduras = self.programa.ligaduras(modulo, None, nombre) if nombre in modulo.enlaces or nombre in modulo.importados \
            or nombre in modulo.funciones or nombre in modulo.clases else []
        if not ligaduras:
            return Clasificacion("opaque", f"{destino}() cannot be followed: module `{modulo.nombre}` defines no `{nombre}`")
        return combinar([self._ligada(m, llamada, fn, pila, destino, l) for l in ligaduras], f"`{destino}`")

    def _modulo_de(self, m: Modulo, expr: cst.BaseExpression, fn) -> Optional[Modulo]:
        """The analyzed module `expr` names (`alias`, `pkg.mod`, a submodule reached through its package)."""
        if isinstance(expr, cst.Name):
            ligaduras = self.programa.ligaduras(m, fn, expr.value)
            if len(ligaduras) == 1 and ligaduras[0].tipo == "modulo" and ligaduras[0].m is not None:
                return ligaduras[0].m
            return None
        if isinstance(expr, cst.Attribute):
            base = self._modulo_de(m, expr.value, fn)
            texto = dotted(expr)
            if base is not None:
                miembro = self.proyecto.definicion(base, expr.attr.value)
                if miembro is not None:
                    return miembro.modulo if miembro.tipo == "modulo" else None
                return self.proyecto.buscar_modulo(m, f"{base.nombre}.{expr.attr.value}")
            if texto is not None and isinstance(expr.value, (cst.Name, cst.Attribute)):
                cabeza = texto.split(".")[0]
                ligaduras = self.programa.ligaduras(m, fn, cabeza)
                if len(ligaduras) == 1 and ligaduras[0].tipo == "modulo" and ligaduras[0].nombre == cabeza:
                    # `import pkg.mod` binds `pkg`, which need not be an analyzed module itself
                    return self.proyecto.buscar_modulo(m, texto)
        return None

    def _ayudante(self, m: Modulo, fn: cst.FunctionDef, pila, llamada: Optional[Llamada] = None) -> Clasificacion:
        """A function of an analyzed file: the provenance its returns agree on (parameters bound to the call's arguments)."""
        info = m.funcion(fn)
        que = self._nombre_de(m, fn)
        # `return` / `return None` give no root (as at an emission site)
        retornos = [r for r in (info.retornos if info else [])
                    if r.value is not None and not (isinstance(r.value, cst.Name) and r.value.value == "None")]
        if not retornos:
            if solo_lanza(fn):
                return Clasificacion("opaque", f"{que} only raises: it returns no value")
            return Clasificacion("opaque", f"{que} returns no value the analyzer can see")
        self._entornos.setdefault(id(fn), []).append(llamada)
        try:
            partes = [self.clasificar(m, r.value, fn, pila) for r in retornos]
        finally:
            self._entornos[id(fn)].pop()
        r = combinar(partes, que, "returns")
        if r.procedencia == "own":
            r.motivo = f"{que} returns a literal"
        elif len({p.procedencia for p in partes if not _vacia(p)}) <= 1:
            r.motivo = f"{que}: {r.motivo}"
        r.spreads = []
        return r

    def _nombre_de(self, m: Modulo, fn: cst.FunctionDef) -> str:
        info = m.funcion(fn)
        if info is not None and info.clase is not None:
            return f"method {info.clase.name.value}.{fn.name.value}()"
        return f"helper {fn.name.value}()"

    # -- names -----------------------------------------------------------------
    def _nombre(self, m: Modulo, expr: cst.Name, fn, pila) -> Clasificacion:
        # the same name of the same scope, under the same call being followed, is one question
        # whichever node reads it: met again up the stack, it is a cycle (`d = {**d, "k": 1}`)
        pregunta = (m.archivo, id(fn), expr.value, len(self._entornos.get(id(fn), ())))
        if pregunta in self._nombres_en_curso:
            return Clasificacion("opaque", "value refers to itself or is nested too deeply to follow")
        self._nombres_en_curso.add(pregunta)
        try:
            return self._nombre_ligado(m, expr, fn, pila)
        finally:
            self._nombres_en_curso.discard(pregunta)

    def _nombre_ligado(self, m: Modulo, expr: cst.Name, fn, pila) -> Clasificacion:
        nombre = expr.value
        info = m.funcion(fn)
        while info is not None:
            if nombre in info.globales:
                break
            if any(not _solo_contenido(nombre, n) for n in info.mutaciones.get(nombre, ())):
                return self._mutado(m, info, nombre, pila)
            if nombre in info.asignaciones:
                return self._ligaduras(m, info, nombre, pila)
            if nombre in info.parametros():
                return self._parametro(m, info.nodo, nombre, pila)
            info = m.funcion(info.padre)
        d = self.proyecto.definicion(m, nombre)
        if d is not None and d.tipo == "constante" and d.modulo is not None:
            return self.clasificar(d.modulo, d.nodo, None, pila)
        return Clasificacion("opaque", f"binding of `{nombre}` cannot be determined")

    def _ligaduras(self, m: Modulo, info, nombre: str, pila) -> Clasificacion:
        partes = []
        asignaciones = info.asignaciones[nombre]
        # `r = r.model_copy(update=...)`, `d = d.copy()`: the same keys as its other bindings, no cycle;
        # `d = {**d, "k": v}`: a dict that spreads what those bindings hold
        otras = [a for a in asignaciones if not (a.valor is not None and (_copia_de(nombre, a.valor)
                                                                         or _extension_de(nombre, a.valor)))]
        for a in otras or asignaciones:
            desempaque = _desempaque(a.nodo, nombre) if a.valor is None else None
            if desempaque is not None:  # `x, err = check(...)`: element `i` of what the right side gives
                partes.append(self._elemento(m, info.nodo, desempaque[0], desempaque[1], nombre, pila))
            elif a.valor is None:
                partes.append(Clasificacion("opaque", f"binding of `{nombre}` cannot be determined"))
            else:
                partes.append(self.clasificar(m, a.valor, info.nodo, pila))
        if otras:
            previo = (nombre, combinar(list(partes), f"`{nombre}`"))
            partes.extend(self._dict(m, a.valor, info.nodo, (*pila, id(a.valor)), previo)
                          for a in asignaciones if a.valor is not None and _extension_de(nombre, a.valor))
        return combinar(partes, f"`{nombre}`")

    def _elemento(self, m: Modulo, fn, valor: cst.BaseExpression, i: int, nombre: str, pila) -> Clasificacion:
        """Element `i` of a tuple unpacked into `nombre`: of a tuple literal, or of every tuple literal a
        helper of an analyzed file returns (its parameters bound to the call's arguments, as `_ayudante`
        binds them). Anything else stays what it was: a binding that cannot be determined."""
        valor = valor.expression if isinstance(valor, cst.Await) else valor
        if isinstance(valor, (cst.Tuple, cst.List)):
            elemento = _en_posicion(valor, i)
            return self.clasificar(m, elemento, fn, pila) if elemento is not None else \
                Clasificacion("opaque", f"binding of `{nombre}` cannot be determined")
        ligaduras = self.programa.ligaduras_de(m, valor.func, fn) if isinstance(valor, cst.Call) else []
        if not ligaduras or not all(l.tipo == "funcion" and l.m is not None and isinstance(l.nodo, cst.FunctionDef)
                                    for l in ligaduras):
            return Clasificacion("opaque", f"binding of `{nombre}` cannot be determined")
        partes = []
        for l in ligaduras:
            info = l.m.funcion(l.nodo)
            que = self._nombre_de(l.m, l.nodo)
            retornos = [r.value for r in (info.retornos if info else []) if r.value is not None]
            elementos = [_en_posicion(r, i) if isinstance(r, (cst.Tuple, cst.List)) else None for r in retornos]
            if not retornos or any(e is None for e in elementos):
                partes.append(Clasificacion("opaque", f"`{nombre}` is an element of what {que} returns, which is not "
                                                      "a tuple the analyzer can read at every return"))
                continue
            elementos = [e for e in elementos if not (isinstance(e, cst.Name) and e.value == "None")]
            if not elementos:  # (None, ...) at every return: no root from here, as `return None`
                continue
            salto = 1 if self._ligado(m, valor.func, fn, l) else 0
            self._entornos.setdefault(id(l.nodo), []).append(Llamada(m, valor, fn, salto))
            try:
                partes.extend(self.clasificar(l.m, e, l.nodo, pila) for e in elementos)
            finally:
                self._entornos[id(l.nodo)].pop()
        if not partes:
            return Clasificacion("opaque", f"binding of `{nombre}` is None at every return it can get")
        return combinar(partes, f"`{nombre}`")

    def argumento_seguido(self, fn: cst.FunctionDef, nombre: str, evaluar: Callable[[Modulo, cst.BaseExpression, Any], T]
                          ) -> tuple[bool, Optional[T]]:
        """Whether `fn` is being followed from a call, and then what `evaluar` says of the argument that
        call writes for parameter `nombre` (None when it writes none), read where the call is written."""
        llamadas = self._entornos.get(id(fn))
        llamada = llamadas[-1] if llamadas else None
        if llamada is None:
            return False, None
        valor = argumento(llamada, fn, nombre)
        if valor is None or not isinstance(llamada.nodo, cst.Call) or not any(valor is a.value for a in llamada.nodo.args):
            return True, None
        self._entornos[id(fn)].append(None)  # the argument is read where the call is written
        try:
            return True, evaluar(llamada.m, valor, llamada.fn)
        finally:
            self._entornos[id(fn)].pop()

    def _parametro(self, m: Modulo, fn: cst.FunctionDef, nombre: str, pila) -> Clasificacion:
        """A parameter: the argument of the call being followed, when there is one."""
        kwargs = self._kwargs(fn, nombre, pila)
        if kwargs is not None:
            return kwargs
        _, clasificado = self.argumento_seguido(fn, nombre, lambda lm, valor, lfn: self.clasificar(lm, valor, lfn, pila))
        return clasificado or Clasificacion("opaque", f"`{nombre}` is a parameter; its keys are not enumerable here")

    def _clave_pasada(self, m: Modulo, clave: cst.BaseExpression, fn) -> Optional[str]:
        """A dict key that is a parameter of the helper being followed (never rebound in it), which the
        call passes as a string literal (or leaves at a literal default): `{name_key: name}` reached from
        `_export(..., "report_name")` writes the key `report_name`."""
        info = m.funcion(fn) if isinstance(clave, cst.Name) and fn is not None else None
        if info is None or clave.value not in info.parametros() or clave.value in info.asignaciones \
                or clave.value in info.mutaciones:
            return None
        llamadas = self._entornos.get(id(fn))
        llamada = llamadas[-1] if llamadas else None
        valor = argumento(llamada, fn, clave.value) if llamada is not None else None  # what it passes, or the default
        return texto_cadena(valor) if valor is not None else None

    def _kwargs(self, fn: cst.FunctionDef, nombre: str, pila) -> Optional[Clasificacion]:
        """`**context` of a helper being followed from a call: a dict of the keyword arguments that call
        passes beyond the named parameters (and what its own `**x` spreads), read where the call is
        written; None when `nombre` is no `**` parameter or no call is being followed."""
        estrella = fn.params.star_kwarg
        llamadas = self._entornos.get(id(fn))
        llamada = llamadas[-1] if llamadas else None
        if not (isinstance(estrella, cst.Param) and estrella.name.value == nombre) or llamada is None \
                or llamada.decorador or not isinstance(llamada.nodo, cst.Call):
            return None
        nombrados = {p.name.value for p in [*parametros(fn), *fn.params.kwonly_params]}
        partes = _Partes()
        lm, lfn = llamada.m, llamada.fn
        self._entornos[id(fn)].append(None)  # the arguments are read where the call is written
        try:
            for a in llamada.nodo.args:
                if a.keyword is not None and a.keyword.value not in nombrados:
                    self._clave(partes, lm, a.keyword.value, lm.pos(a.keyword), a.value, lfn, pila)
                elif a.star == "**":
                    partes.spread(lm.pos(a), self.clasificar(lm, a.value, lfn, pila))
        finally:
            self._entornos[id(fn)].pop()
        r = partes.cierre(lm, llamada.nodo)
        if r.procedencia == "own":
            r.motivo = f"`**{nombre}`: the keyword arguments of the call"
        return r

    # -- mutations ---------------------------------------------------------------
    def _clases_de_ligaduras(self, m: Modulo, info, nombre: str) -> Optional[list[tuple[Modulo, cst.ClassDef]]]:
        """The analyzed classes `nombre` is typed as in `info`: each binding's annotation or constructor
        (`r: Resp = {...}`, `r = Resp(...)`; a copy of itself, `r = r.model_copy(...)`, adds none) and the
        parameter's annotation. None when any of them names no analyzed class."""
        tipos: list[cst.BaseExpression] = []
        for a in info.asignaciones.get(nombre, []):
            if isinstance(a.nodo, cst.AnnAssign):
                tipos.append(a.nodo.annotation.annotation)
            elif a.valor is not None and _copia_de(nombre, a.valor):
                continue
            elif isinstance(a.valor, cst.Call):
                tipos.append(a.valor.func)
            else:
                return None
        if nombre in info.parametros():
            param = next((p for p in [*parametros(info.nodo), *info.nodo.params.kwonly_params] if p.name.value == nombre), None)
            if param is None or param.annotation is None:
                return None
            tipos.append(param.annotation.annotation)
        clases = [self.programa.clase_anotada(m, t) for t in tipos]
        return None if not clases or any(c is None for c in clases) else clases

    def _modelo_cambiado(self, m: Modulo, info, nombre: str, mutaciones: list) -> Optional[Clasificacion]:
        """An instance of a closed class (a pydantic model that keeps only its fields, a dataclass) whose
        changes all go through its attributes (`stack.cards = None`, `r.items.append(x)`): it serializes
        its fields whatever they hold, so it is own with them. None when any binding is not such a class."""
        if not all(_por_atributo(nombre, n) for n in mutaciones):
            return None
        partes = []
        for cm, clase in self._clases_de_ligaduras(m, info, nombre) or []:
            cerrada = self._cerrada(cm, clase, f"`{nombre}` is a {clase.name.value}, which keeps its fields whatever is reassigned")
            if cerrada is None:
                return None
            partes.append(cerrada)
        return combinar(partes, f"`{nombre}`") if partes else None

    def _escrito_por_su_tipo(self, m: Modulo, info, nombre: str, mutaciones: list, pila) -> Optional[Clasificacion]:
        """A dict typed as a TypedDict (`r = Resp(ok=True)`, `r: Resp = {...}`) whose later writes all set a
        fixed key that TypedDict declares (`r["url"] = url`): its keys are as enumerable as a literal's, so
        it is own, the written keys added. None when any binding or write is otherwise."""
        escritas = [_escritura_fija(nombre, n) for n in mutaciones]
        if not escritas or any(e is None for e in escritas) or nombre not in info.asignaciones:
            return None
        declaradas: Optional[frozenset[str]] = None
        for cm, clase in self._clases_de_ligaduras(m, info, nombre) or []:
            claves = self.derivador.claves_de_typeddict(cm, clase)
            if claves is None:
                return None
            declaradas = claves if declaradas is None else declaradas & claves
        if declaradas is None or any(clave not in declaradas for clave, _, _ in escritas):
            return None
        base = self._ligaduras(m, info, nombre, pila)
        if base.procedencia != "own" or base.mapa:
            return None
        objeto = next((v.objeto for v in base.valores if v.objeto is not None), None)
        valores = []
        for clave, objetivo, valor in escritas:
            nuevos = self.origenes.valores(m, clave, valor, info.nodo, pila)
            valores.extend(replace(v, objeto=objeto) if objeto is not None else v for v in nuevos)
        claves = list(dict.fromkeys([*base.claves, *((clave, m.pos(objetivo)) for clave, objetivo, _ in escritas)]))
        return Clasificacion("own", f"{base.motivo}, then fixed keys its TypedDict declares", claves, base.spreads,
                             valores=[*base.valores, *valores])

    def _mutado(self, m: Modulo, info, nombre: str, pila) -> Clasificacion:
        """A local dict changed after creation is opaque; when it starts empty (or as a map) and
        only ever gets keys computed from data (`out[x.id] = x`), it is a map."""
        mutaciones = [n for n in info.mutaciones[nombre] if not _solo_contenido(nombre, n)]
        primera = m.pos(mutaciones[0]).linea
        tipado = self._escrito_por_su_tipo(m, info, nombre, mutaciones, pila) or self._modelo_cambiado(m, info, nombre, mutaciones)
        if tipado is not None:
            return tipado
        mutado = Clasificacion("opaque", f"`{nombre}` is mutated after creation (line {primera})")
        if not all(_de_mapa(nombre, n) for n in mutaciones) or nombre not in info.asignaciones:
            return mutado
        base = self._ligaduras(m, info, nombre, pila)
        if not (base.mapa or _vacia(base)):
            return mutado
        return Clasificacion("opaque", f"`{nombre}` is a map: it only gets keys computed from data (line {primera})", mapa=True)


# The methods that change what a list holds, never which keys a dict has.
_DE_LISTA = frozenset({"append", "extend", "insert", "remove"})


def _escritura_fija(nombre: str, nodo: cst.CSTNode) -> Optional[tuple[str, cst.Subscript, cst.BaseExpression]]:
    """`nombre["k"] = v` (one target): the key, the subscript written and the value; None otherwise."""
    if not (isinstance(nodo, cst.Assign) and len(nodo.targets) == 1):
        return None
    objetivo = nodo.targets[0].target
    if not (isinstance(objetivo, cst.Subscript) and isinstance(objetivo.value, cst.Name) and objetivo.value.value == nombre):
        return None
    k = indice(objetivo)
    clave = texto_cadena(k) if k is not None else None
    return (clave, objetivo, nodo.value) if clave is not None else None


def _extension_de(nombre: str, valor: cst.BaseExpression) -> bool:
    """`{**nombre, "k": v}`: a dict literal that spreads `nombre` itself (an extension of its other bindings)."""
    return isinstance(valor, cst.Dict) and any(
        isinstance(e, cst.StarredDictElement) and isinstance(e.value, cst.Name) and e.value.value == nombre
        for e in valor.elements)


def _copia_de(nombre: str, valor: cst.BaseExpression) -> bool:
    """`nombre.model_copy(update=...)`, `nombre.copy()`: a copy of `nombre` itself (keyword arguments only)."""
    return isinstance(valor, cst.Call) and isinstance(valor.func, cst.Attribute) and valor.func.attr.value in COPIAS \
        and isinstance(valor.func.value, cst.Name) and valor.func.value.value == nombre \
        and all(a.keyword is not None for a in valor.args)


def _por_atributo(nombre: str, nodo: cst.CSTNode) -> bool:
    """A change made through an attribute of `nombre` (`nombre.x = v`, `nombre.x += v`, `nombre.x.append(v)`,
    `del nombre.x`), never to `nombre` itself (`nombre["k"] = v`, `nombre.update(...)`)."""
    if isinstance(nodo, cst.Assign) and len(nodo.targets) == 1:
        objetivo = nodo.targets[0].target
    elif isinstance(nodo, (cst.AugAssign, cst.Del)):
        objetivo = nodo.target
    elif isinstance(nodo, cst.Call) and isinstance(nodo.func, cst.Attribute):
        objetivo = nodo.func.value
    else:
        return False
    return isinstance(_acceso_directo(nombre, objetivo), cst.Attribute)


def _solo_contenido(nombre: str, nodo: cst.CSTNode) -> bool:
    """A change of what a list under fixed keys holds (`r["grupos"].append(x)`,
    `r["rutas"]["tablas"].extend(xs)`): the root keeps its keys, and so does every dict on the way."""
    if not (isinstance(nodo, cst.Call) and isinstance(nodo.func, cst.Attribute) and nodo.func.attr.value in _DE_LISTA):
        return False
    base = nodo.func.value
    if not isinstance(base, cst.Subscript):
        return False  # `r.append(x)`: `r` itself changes
    while isinstance(base, cst.Subscript):
        k = indice(base)
        if k is None or texto_cadena(k) is None:
            return False
        base = base.value
    return isinstance(base, cst.Name) and base.value == nombre


def _clave_computada(acceso: cst.BaseExpression) -> bool:
    """`x[k]` with a key that is not a string literal."""
    if not isinstance(acceso, cst.Subscript):
        return False
    k = indice(acceso)
    return k is not None and texto_cadena(k) is None


def _acceso_directo(nombre: str, objetivo: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """The access applied to `nombre` itself in a chain `nombre[...]...` (None: the chain is not on `nombre`)."""
    acceso = None
    base = objetivo
    while isinstance(base, (cst.Subscript, cst.Attribute)):
        acceso, base = base, base.value
    return acceso if isinstance(base, cst.Name) and base.value == nombre else None


def _de_mapa(nombre: str, nodo: cst.CSTNode) -> bool:
    """A mutation that only adds or changes entries under computed keys: `x[k] = v`, `x[k] += 1`,
    `x[k].append(v)`, `x[k]["n"] = v`, `x.setdefault(k, [])...`."""
    if isinstance(nodo, cst.Assign):
        accesos = [_acceso_directo(nombre, t) for t in _objetivos(nodo)]
        return any(a is not None for a in accesos) and all(a is None or _clave_computada(a) for a in accesos)
    if isinstance(nodo, cst.AugAssign):
        return _clave_computada(_acceso_directo(nombre, nodo.target))
    if isinstance(nodo, cst.Call) and isinstance(nodo.func, cst.Attribute):
        receptor = nodo.func.value
        if isinstance(receptor, cst.Name):  # a method of `x` itself
            return nodo.func.attr.value == "setdefault" and bool(nodo.args) and texto_cadena(nodo.args[0].value) is None
        if isinstance(receptor, cst.Call):  # `x.setdefault(k, []).append(v)`
            return _de_mapa(nombre, receptor)
        return _clave_computada(_acceso_directo(nombre, receptor))
    return False


def _objetivos(nodo: cst.Assign) -> list[cst.BaseExpression]:
    """Every simple target of an assignment, tuples unpacked."""
    salida: list[cst.BaseExpression] = []
    pendientes = [t.target for t in nodo.targets]
    while pendientes:
        t = pendientes.pop()
        if isinstance(t, (cst.Tuple, cst.List)):
            pendientes.extend(e.value for e in t.elements)
        elif isinstance(t, cst.StarredElement):
            pendientes.append(t.value)
        else:
            salida.append(t)
    return salida


def _importacion_relativa(m: Modulo, fn: Optional[cst.FunctionDef], func: cst.BaseExpression) -> Optional[str]:
    """The module a callee's first name is imported from, when that import is relative (`from .x import f`)."""
    texto = dotted(func)
    if texto is None:
        return None
    cabeza = texto.split(".")[0]
    tablas = []
    info = m.funcion(fn)
    while info is not None:
        tablas.append(info.importados)
        info = m.funcion(info.padre)
    tablas.append(m.importados)
    for tabla in tablas:
        if cabeza in tabla:
            origen = tabla[cabeza][0]
            return origen if origen.startswith(".") else None
    return None


def _que_es(l: Ligadura) -> str:
    return {"modulo": "a module", "bucle": "a loop variable", "valor": "a value that is not a function",
            "parametro": "a parameter"}.get(l.tipo, l.tipo)


def _desempaque(sentencia: cst.CSTNode, nombre: str) -> Optional[tuple[cst.BaseExpression, int]]:
    """(right side, position) when `sentencia` binds `nombre` by unpacking one flat tuple or list of
    names (`a, b = ...`, no starred element): what position `nombre` takes."""
    if not isinstance(sentencia, cst.Assign) or len(sentencia.targets) != 1:
        return None
    objetivo = sentencia.targets[0].target
    if not isinstance(objetivo, (cst.Tuple, cst.List)):
        return None
    nombres = [e.value.value if isinstance(e, cst.Element) and isinstance(e.value, cst.Name) else None
               for e in objetivo.elements]
    if None in nombres or nombres.count(nombre) != 1:
        return None
    return sentencia.value, nombres.index(nombre)


def _en_posicion(tupla: cst.BaseExpression, i: int) -> Optional[cst.BaseExpression]:
    """Element `i` of a tuple or list literal without starred elements (None otherwise)."""
    if not isinstance(tupla, (cst.Tuple, cst.List)) or any(not isinstance(e, cst.Element) for e in tupla.elements):
        return None
    return tupla.elements[i].value if i < len(tupla.elements) else None
