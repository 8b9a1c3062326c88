"""The relational algebra that evaluates a canonical pipeline over evidence (DESIGN §4).

Semantics, in one place:
- a missing column reads as `nulo`; `existe c` holds when `c` is present and not `nulo`;
- equality is by value and type (1 = 1.0, but `verdadero` is not 1); `nulo = nulo` holds;
- `< <= > >=` hold only between two numbers or two strings; otherwise they are false;
- `proyectar`, `mas`, `distinto` and `agrupar` have set semantics; `donde`, `unir`, `excepto`
  keep the rows they keep;
- `primero por k segun o`: of each group of rows equal on `k`, the one row least on `o` (values
  ordered booleans, numbers, strings, then `nulo`; a tie goes to the least canonical JSON): "the
  first place" of a fact that several places repeat;
- `unir S en k`: a row for each pair that agrees on every key; on a shared non-key column the
  left row's value wins; `excepto S en k`: left rows with no partner in S;
- budgets (`LimitesAlgebra`) are enforced here and a breach is `LIMITE_DE_ALGEBRA`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.errores import ErrorOracle, evaluacion_fallo, limite_de_algebra
from oracle_lint.nucleo.lenguaje import COMPARADORES, EXPANSIONES_MAXIMAS, PROFUNDIDAD_MAXIMA, Forma, profundidad_de

Fila = dict[str, Any]
Llamador = Callable[[str, list[Any]], Any]


@dataclass(frozen=True)
class LimitesAlgebra:
    """Evaluation budgets. The defaults are documented in `oracle manual operadores`."""

    filas_por_relacion: int = 200_000
    filas_de_union: int = 1_000_000
    profundidad_de_expresion: int = PROFUNDIDAD_MAXIMA
    expansiones_de_macros: int = EXPANSIONES_MAXIMAS


def clave_de_valor(valor: Any) -> tuple[str, Any]:
    """A hashable key under which equal values (by Oracle's equality) collide."""
    if valor is None:
        return ("z", None)
    if isinstance(valor, bool):
        return ("b", valor)
    if isinstance(valor, (int, float)):
        return ("n", valor)
    return ("s", valor)


def _primero(filas: list[Fila], por: list[str], segun: list[str]) -> list[Fila]:
    """One row per group of `por`: the least by the values of `segun`, then by its canonical JSON."""
    elegidas: dict[tuple, tuple[tuple, str, Fila]] = {}
    for f in filas:
        grupo = tuple(clave_de_valor(f.get(k)) for k in por)
        orden = (tuple(clave_de_valor(f.get(k)) for k in segun), canonico(f))
        actual = elegidas.get(grupo)
        if actual is None or orden < actual[:2]:
            elegidas[grupo] = (*orden, f)
    return [f for *_, f in elegidas.values()]


def iguales(a: Any, b: Any) -> bool:
    """Oracle's equality: by value and type, numbers compared numerically."""
    return clave_de_valor(a) == clave_de_valor(b)


def _ordenable(a: Any, b: Any) -> bool:
    numeros = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
    textos = isinstance(a, str) and isinstance(b, str)
    return numeros or textos


def comparar(op: str, a: Any, b: Any) -> bool:
    """Apply one comparator with Oracle's semantics."""
    if op == "=":
        return iguales(a, b)
    if op == "!=":
        return not iguales(a, b)
    if not _ordenable(a, b):
        return False
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    if op == ">=":
        return a >= b
    raise ValueError(f"unknown comparator {op}")


def _clave_fila(fila: Fila) -> str:
    return canonico(fila)


def _sin_duplicados(filas: list[Fila]) -> list[Fila]:
    vistas: set[str] = set()
    salida: list[Fila] = []
    for fila in filas:
        k = _clave_fila(fila)
        if k not in vistas:
            vistas.add(k)
            salida.append(fila)
    return salida


class Evaluador:
    """Evaluates canonical forms against one evidence under one set of budgets."""

    def __init__(
        self,
        evidencia: Mapping[str, list[Fila]],
        limites: LimitesAlgebra,
        llamar: Llamador | None = None,
    ) -> None:
        self.evidencia = evidencia
        self.limites = limites
        self.llamar = llamar

    def evaluar(self, forma: Forma) -> list[Fila]:
        """All rows the pipeline yields (order not yet canonical)."""
        profundidad = profundidad_de(forma)
        if profundidad > self.limites.profundidad_de_expresion:
            raise limite_de_algebra("profundidad_de_expresion", profundidad, self.limites.profundidad_de_expresion)
        return self._pipeline(forma)

    def _pipeline(self, nodo: Forma) -> list[Fila]:
        op = nodo["op"]
        if op == "relacion":
            filas = self.evidencia.get(nodo["nombre"], [])
            if len(filas) > self.limites.filas_por_relacion:
                raise limite_de_algebra("filas_por_relacion", len(filas), self.limites.filas_por_relacion)
            return list(filas)
        de = self._pipeline(nodo["de"])
        if op == "donde":
            prueba = self._prueba(nodo["cond"])
            return [f for f in de if prueba(f)]
        if op == "proyectar":
            return _sin_duplicados([{c: f.get(c) for c in nodo["campos"]} for f in de])
        if op == "distinto":
            return _sin_duplicados(de)
        if op == "agrupar":
            return self._agrupar(de, nodo["por"], nodo["contar"])
        if op == "primero":
            return _primero(de, nodo["por"], nodo["segun"])
        con = self._pipeline(nodo["con"])
        if op == "mas":
            return _sin_duplicados(de + con)
        if op == "unir":
            return self._unir(de, con, nodo["en"])
        if op == "excepto":
            claves = {tuple(clave_de_valor(f.get(k)) for k in nodo["en"]) for f in con}
            return [f for f in de if tuple(clave_de_valor(f.get(k)) for k in nodo["en"]) not in claves]
        raise ValueError(f"unknown stage {op}")  # validated forms never get here

    def _unir(self, izq: list[Fila], der: list[Fila], en: list[str]) -> list[Fila]:
        indice: dict[tuple, list[Fila]] = {}
        for f in der:
            indice.setdefault(tuple(clave_de_valor(f.get(k)) for k in en), []).append(f)
        salida: list[Fila] = []
        for f in izq:
            for g in indice.get(tuple(clave_de_valor(f.get(k)) for k in en), ()):
                salida.append({**g, **f})
                if len(salida) > self.limites.filas_de_union:
                    raise limite_de_algebra("filas_de_union", len(salida), self.limites.filas_de_union)
        return salida

    def _agrupar(self, filas: list[Fila], por: list[str], contar: str | None) -> list[Fila]:
        grupos: dict[tuple, list[Any]] = {}
        for f in filas:
            clave = tuple(clave_de_valor(f.get(k)) for k in por)
            if clave not in grupos:
                grupos[clave] = [{k: f.get(k) for k in por}, 0]
            grupos[clave][1] += 1
        salida = []
        for fila, cuenta in grupos.values():
            if contar is not None:
                fila = {**fila, contar: cuenta}
            salida.append(fila)
        return salida

    def _prueba(self, c: Forma) -> Callable[[Fila], bool]:
        """Condition `c` as a function of one row, built once per stage instead of walked per row.
        Each operator keeps its meaning and its laziness: `y` / `o` stop at the first deciding
        argument, and a scalar call is made (and can fail) only when its row gets there."""
        op = c["op"]
        if op == "y":
            partes = tuple(self._prueba(a) for a in c["args"])
            return lambda fila: all(p(fila) for p in partes)
        if op == "o":
            partes = tuple(self._prueba(a) for a in c["args"])
            return lambda fila: any(p(fila) for p in partes)
        if op == "no":
            negada = self._prueba(c["arg"])
            return lambda fila: not negada(fila)
        if op == "existe":
            campo = c["campo"]
            return lambda fila: fila.get(campo) is not None
        if op == "en":  # `iguales` with some element, as one look-up among the elements' keys
            valor, claves = self._valor(c["izq"]), frozenset(clave_de_valor(v) for v in c["lista"])
            return lambda fila: clave_de_valor(valor(fila)) in claves
        if op in COMPARADORES:
            izq, der = self._valor(c["izq"]), self._valor(c["der"])
            if op == "=":
                return lambda fila: iguales(izq(fila), der(fila))
            return lambda fila: comparar(op, izq(fila), der(fila))
        raise ValueError(f"unknown condition {op}")

    def _valor(self, t: Forma) -> Callable[[Fila], Any]:
        """Term `t` as a function of one row."""
        if "campo" in t:
            campo = t["campo"]
            return lambda fila: fila.get(campo)
        if "lit" in t:
            literal = t["lit"]
            return lambda fila: literal
        nombre, argumentos, llamar = t["llamada"], tuple(self._valor(a) for a in t["args"]), self.llamar

        def llamada(fila: Fila) -> Any:
            if llamar is None:
                raise evaluacion_fallo("NameError", f"la escalar «{nombre}» no está disponible",
                                       mensaje_en=f"the scalar «{nombre}» is not available")
            args = [a(fila) for a in argumentos]
            try:
                return llamar(nombre, args)
            except ErrorOracle:
                raise
            except Exception as error:  # user code: any exception is an evaluation failure
                raise evaluacion_fallo(type(error).__name__, str(error)) from error

        return llamada
