"""Mutators: deterministic changes to a measure's canonical form, aggregate and threshold.

Each mutant has a stable id `mNNN-<mutador>@<ruta>`, a one-line description of the change
(`cambio`) and the mutated measure. A candidate that cannot differ from the original or
from an earlier mutant is not emitted (see `_huella`). `nucleo.mutacion.correr` runs them.
"""

from __future__ import annotations

import copy
import json
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from oracle_lint.nucleo.algebra import comparar
from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.lenguaje import COMPARADORES, Forma, a_texto, cond_a_texto, validar_forma
from oracle_lint.nucleo.medida import Medida
from oracle_lint.nucleo.veredicto import Umbral

Camino = tuple[str | int, ...]
Candidato = tuple[str, str, str, Medida]
"""(mutator name, path, one-line change, mutated measure) before numbering."""
Mutador = Callable[[Medida], Iterable[Candidato]]

INVERSO = {"=": "!=", "!=": "=", "<": ">=", ">=": "<", "<=": ">", ">": "<="}
DESPLAZADO = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
_OP_ALGEBRA = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
UMBRAL_INVERSO = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", "<=": ">", ">": "<="}
UMBRAL_RELAJADO = {"<": (("<=", ""),), ">": ((">=", ""),), "==": (("<=", "-hacia-menor"), (">=", "-hacia-mayor"))}
UMBRAL_ESTRECHADO = {"<=": ("<",), ">=": (">",)}


@dataclass(frozen=True)
class Mutante:
    """One mutant: a stable id, the change in one line, and the mutated measure."""

    id: str
    cambio: str
    medida: Medida


# -- paths over the canonical form -------------------------------------------------------


def ruta_texto(camino: Camino) -> str:
    """`("de", "cond", "args", 1)` -> `$.de.cond.args[1]`."""
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in camino)


def reemplazar(forma: Forma, camino: Camino, nuevo: Any) -> Forma:
    """A deep copy of `forma` with the node at `camino` replaced by `nuevo`."""
    if not camino:
        return copy.deepcopy(nuevo)
    copia = copy.deepcopy(forma)
    nodo: Any = copia
    for paso in camino[:-1]:
        nodo = nodo[paso]
    nodo[camino[-1]] = copy.deepcopy(nuevo)
    return copia


def _condiciones(c: Forma, camino: Camino) -> Iterator[tuple[Camino, Forma]]:
    yield camino, c
    if c["op"] in ("y", "o"):
        for i, a in enumerate(c["args"]):
            yield from _condiciones(a, (*camino, "args", i))
    elif c["op"] == "no":
        yield from _condiciones(c["arg"], (*camino, "arg"))


def _terminos(t: Forma, camino: Camino) -> Iterator[tuple[Camino, Forma]]:
    yield camino, t
    if "llamada" in t:
        for i, a in enumerate(t["args"]):
            yield from _terminos(a, (*camino, "args", i))


def etapas(forma: Forma, camino: Camino = ()) -> Iterator[tuple[Camino, Forma]]:
    """Every pipeline node, outermost first: the node, then its `de`, then its `con`."""
    yield camino, forma
    if forma["op"] == "relacion":
        return
    yield from etapas(forma["de"], (*camino, "de"))
    if "con" in forma:
        yield from etapas(forma["con"], (*camino, "con"))


def condiciones(forma: Forma) -> Iterator[tuple[Camino, Forma]]:
    """Every condition node of every `donde`, in stage order then pre-order."""
    for camino, nodo in etapas(forma):
        if nodo["op"] == "donde":
            yield from _condiciones(nodo["cond"], (*camino, "cond"))


def terminos(forma: Forma) -> Iterator[tuple[Camino, Forma]]:
    """Every term of every comparison or `en` condition."""
    for camino, c in condiciones(forma):
        if c["op"] in COMPARADORES:
            yield from _terminos(c["izq"], (*camino, "izq"))
            yield from _terminos(c["der"], (*camino, "der"))
        elif c["op"] == "en":
            yield from _terminos(c["izq"], (*camino, "izq"))


def _etapa_texto(nodo: Forma) -> str:
    """One stage in surface syntax, without its input."""
    texto = a_texto({**nodo, "de": {"op": "relacion", "nombre": "x"}})
    return texto[len("x | ") :] if nodo["op"] != "relacion" else nodo["nombre"]


def _lit(valor: Any) -> str:
    """A literal in surface syntax."""
    if isinstance(valor, bool):
        return "verdadero" if valor else "falso"
    return "nulo" if valor is None else json.dumps(valor, ensure_ascii=False)


# -- mutators over the canonical form ----------------------------------------------------


def _forma(medida: Medida, nombre: str, camino: Camino, cambio: str, nuevo: Any) -> Candidato:
    return nombre, ruta_texto(camino), cambio, _con_forma(medida, reemplazar(medida.forma, camino, nuevo))


def _con_forma(medida: Medida, forma: Forma) -> Medida:
    """The measure over `forma` (structure checked; depth is the algebra's to refuse at evaluation)."""
    validar_forma(forma, quien=medida.id, profundidad_maxima=10**6)
    return replace(medida, forma=forma, testigos=a_texto(forma))


def invertir_comparacion(medida: Medida) -> Iterator[Candidato]:
    """`=` <-> `!=`, `<` <-> `>=`, `<=` <-> `>`."""
    for camino, c in condiciones(medida.forma):
        if c["op"] in INVERSO:
            nuevo = {**c, "op": INVERSO[c["op"]]}
            yield _forma(medida, "invertir-comparacion", camino, f"{cond_a_texto(c)} → {cond_a_texto(nuevo)}", nuevo)


def desplazar_comparacion(medida: Medida) -> Iterator[Candidato]:
    """`<` <-> `<=`, `>` <-> `>=`."""
    for camino, c in condiciones(medida.forma):
        if c["op"] in DESPLAZADO:
            nuevo = {**c, "op": DESPLAZADO[c["op"]]}
            yield _forma(medida, "desplazar-comparacion", camino, f"{cond_a_texto(c)} → {cond_a_texto(nuevo)}", nuevo)


def negar_condicion(medida: Medida) -> Iterator[Candidato]:
    """Wrap a condition in `no`; a `no` is removed instead.

    Not generated, because they are equivalent by construction: negating the argument of a
    `no` (that is the double negation of the original), and negating `=`/`!=`, which is
    exactly `invertir-comparacion`.
    """
    for camino, c in condiciones(medida.forma):
        if c["op"] == "no":
            yield _forma(medida, "quitar-negacion", camino, f"{cond_a_texto(c)} → {cond_a_texto(c['arg'])}", c["arg"])
        elif camino[-1] != "arg" and c["op"] not in ("=", "!="):
            nuevo = {"op": "no", "arg": c}
            yield _forma(medida, "negar-condicion", camino, f"{cond_a_texto(c)} → {cond_a_texto(nuevo)}", nuevo)


def _sin(args: list[Forma], i: int, op: str) -> Forma:
    resto = args[:i] + args[i + 1 :]
    return resto[0] if len(resto) == 1 else {"op": op, "args": resto}


def quitar_conjuncion(medida: Medida) -> Iterator[Candidato]:
    """Drop one argument of a `y` (and, as `quitar-disyuncion`, of an `o`)."""
    for camino, c in condiciones(medida.forma):
        if c["op"] in ("y", "o"):
            nombre = "quitar-conjuncion" if c["op"] == "y" else "quitar-disyuncion"
            for i, arg in enumerate(c["args"]):
                cambio = f"se quita «{cond_a_texto(arg)}» de «{cond_a_texto(c)}»"
                mutada = _con_forma(medida, reemplazar(medida.forma, camino, _sin(c["args"], i, c["op"])))
                yield nombre, ruta_texto((*camino, "args", i)), cambio, mutada


def cambiar_y_o(medida: Medida) -> Iterator[Candidato]:
    """`y` <-> `o`."""
    for camino, c in condiciones(medida.forma):
        if c["op"] in ("y", "o"):
            nuevo = {**c, "op": "o" if c["op"] == "y" else "y"}
            yield _forma(medida, "cambiar-y-o", camino, f"{cond_a_texto(c)} → {cond_a_texto(nuevo)}", nuevo)


def quitar_valor_de_lista(medida: Medida) -> Iterator[Candidato]:
    """Drop one literal of an `en [..]` list that has more than one."""
    for camino, c in condiciones(medida.forma):
        if c["op"] == "en" and len(c["lista"]) > 1:
            for i in range(len(c["lista"])):
                nuevo = {**c, "lista": c["lista"][:i] + c["lista"][i + 1 :]}
                mutada = _con_forma(medida, reemplazar(medida.forma, camino, nuevo))
                yield ("quitar-valor-de-lista", ruta_texto((*camino, "lista", i)),
                       f"{cond_a_texto(c)} → {cond_a_texto(nuevo)}", mutada)


def _literales_cambiados(valor: Any) -> list[tuple[str, Any]]:
    if isinstance(valor, bool):
        return [("cambiar-literal", not valor)]
    if isinstance(valor, (int, float)):
        return [("literal-mas-uno", valor + 1), ("literal-menos-uno", valor - 1)]
    if isinstance(valor, str):
        return [("cambiar-literal", f"{valor}_mutado" if valor else "mutado")]
    return [("cambiar-literal", "mutado")]  # nulo -> a string


def cambiar_literal(medida: Medida) -> Iterator[Candidato]:
    """Strings get another string, numbers ±1, booleans flip, `nulo` becomes a string."""
    lugares: list[tuple[Camino, Any]] = [(c, t["lit"]) for c, t in terminos(medida.forma) if "lit" in t]
    for camino, c in condiciones(medida.forma):
        if c["op"] == "en":
            lugares.extend(((*camino, "lista", i), v) for i, v in enumerate(c["lista"]))
    for camino, valor in lugares:
        nodo_lit = camino[-2] != "lista"
        for nombre, nuevo in _literales_cambiados(valor):
            yield _forma(medida, nombre, camino, f"{_lit(valor)} → {_lit(nuevo)}",
                         {"lit": nuevo} if nodo_lit else nuevo)


def quitar_etapa(medida: Medida) -> Iterator[Candidato]:
    """Replace a stage by its input (`de`)."""
    for camino, nodo in etapas(medida.forma):
        if nodo["op"] != "relacion":
            yield _forma(medida, "quitar-etapa", camino, f"se quita «{_etapa_texto(nodo)}»", nodo["de"])


def _quitar_de_lista(medida: Medida, op: Iterable[str], clave: str, nombre: str) -> Iterator[Candidato]:
    for camino, nodo in etapas(medida.forma):
        if nodo["op"] in op and len(nodo[clave]) > 1:
            for i, k in enumerate(nodo[clave]):
                nuevo = {**nodo, clave: nodo[clave][:i] + nodo[clave][i + 1 :]}
                cambio = f"«{_etapa_texto(nodo)}» → «{_etapa_texto(nuevo)}»"
                mutada = _con_forma(medida, reemplazar(medida.forma, camino, nuevo))
                yield nombre, ruta_texto((*camino, clave, i)), cambio, mutada


def quitar_clave(medida: Medida) -> Iterator[Candidato]:
    """Drop one key of `unir/excepto .. en k1, k2` (and of `agrupar por`, `primero por`) when there is more than one."""
    yield from _quitar_de_lista(medida, ("unir", "excepto"), "en", "quitar-clave")
    yield from _quitar_de_lista(medida, ("agrupar",), "por", "quitar-clave-de-agrupar")
    yield from _quitar_de_lista(medida, ("primero",), "por", "quitar-clave-de-primero")


def quitar_columna(medida: Medida) -> Iterator[Candidato]:
    """Drop one column of a `proyectar` that keeps more than one."""
    yield from _quitar_de_lista(medida, ("proyectar",), "campos", "quitar-columna")


# -- mutators over the threshold and the aggregate ----------------------------------------


def _umbral(medida: Medida, nombre: str, operador: str, valor: int | float) -> Candidato:
    viejo, nuevo = medida.umbral, Umbral(operador, valor)
    cambio = f"umbral {viejo.operador} {viejo.valor} → {nuevo.operador} {nuevo.valor}"
    ruta = "umbral.valor" if nuevo.operador == viejo.operador else "umbral.operador"
    return nombre, ruta, cambio, replace(medida, umbral=nuevo)


def mover_umbral(medida: Medida) -> Iterator[Candidato]:
    """Threshold value ±1: named loosen/tighten by the operator's direction (up/down for == and !=)."""
    op, v = medida.umbral.operador, medida.umbral.valor
    nombres = {"<": ("aflojar", "ajustar"), "<=": ("aflojar", "ajustar"), ">": ("ajustar", "aflojar"),
               ">=": ("ajustar", "aflojar")}.get(op, ("subir", "bajar"))
    yield _umbral(medida, f"{nombres[0]}-umbral", op, v + 1)
    yield _umbral(medida, f"{nombres[1]}-umbral", op, v - 1)


def cambiar_operador_de_umbral(medida: Medida) -> Iterator[Candidato]:
    """Relax (`<` -> `<=`, `==` -> `<=`/`>=`), tighten (`<=` -> `<`) and invert the threshold operator."""
    op, v = medida.umbral.operador, medida.umbral.valor
    for nuevo, sufijo in UMBRAL_RELAJADO.get(op, ()):
        yield _umbral(medida, f"relajar-operador{sufijo}", nuevo, v)
    for nuevo in UMBRAL_ESTRECHADO.get(op, ()):
        yield _umbral(medida, "estrechar-operador", nuevo, v)
    yield _umbral(medida, "invertir-umbral", UMBRAL_INVERSO[op], v)


def columnas_de_salida(forma: Forma) -> frozenset[str] | None:
    """The columns every witness has when the form fixes them (`proyectar`, `agrupar`), else None."""
    op = forma["op"]
    if op == "proyectar":
        return frozenset(forma["campos"])
    if op == "agrupar":
        return frozenset(forma["por"]) | ({forma["contar"]} if forma["contar"] else set())
    if op in ("donde", "distinto", "excepto", "mas", "primero"):
        return columnas_de_salida(forma["de"])
    if op == "unir":
        izq, der = columnas_de_salida(forma["de"]), columnas_de_salida(forma["con"])
        return None if izq is None or der is None else izq | der
    return None


def campos_numericos(forma: Forma) -> tuple[str, ...]:
    """Output columns the form shows to be numeric: `contar como n`, and fields compared with a number."""
    vistos: set[str] = set()
    for _, nodo in etapas(forma):
        if nodo["op"] == "agrupar" and nodo["contar"]:
            vistos.add(nodo["contar"])
    for _, c in condiciones(forma):
        if c["op"] in COMPARADORES:
            lados = (c["izq"], c["der"])
            numero = any("lit" in t and isinstance(t["lit"], (int, float)) and not isinstance(t["lit"], bool)
                         for t in lados)
            if numero:
                vistos.update(t["campo"] for t in lados if "campo" in t)
    salida = columnas_de_salida(forma)
    return tuple(sorted(vistos if salida is None else vistos & salida))


def _valor_texto(valor: Mapping[str, str]) -> str:
    return valor["agregado"] if valor["agregado"] == "cuenta" else f"{valor['agregado']} {valor['campo']}"


def cambiar_agregado(medida: Medida) -> Iterator[Candidato]:
    """`cuenta` -> `suma`/`maximo` of a numeric column; `suma|maximo|minimo c` -> `cuenta` and the others."""
    actual = dict(medida.valor)
    if actual["agregado"] == "cuenta":
        nuevos = [{"agregado": a, "campo": c} for c in campos_numericos(medida.forma) for a in ("suma", "maximo")]
    else:
        otros = [a for a in ("suma", "maximo", "minimo") if a != actual["agregado"]]
        nuevos = [{"agregado": "cuenta"}, *({"agregado": a, "campo": actual["campo"]} for a in otros)]
    for nuevo in nuevos:
        cambio = f"valor {_valor_texto(actual)} → {_valor_texto(nuevo)}"
        ruta = "valor" if nuevo["agregado"] == "cuenta" else f"valor.{nuevo['campo']}"
        yield f"agregado-{nuevo['agregado']}", ruta, cambio, replace(medida, valor=nuevo)


MUTADORES: tuple[Mutador, ...] = (
    invertir_comparacion,
    desplazar_comparacion,
    negar_condicion,
    quitar_conjuncion,
    cambiar_y_o,
    quitar_valor_de_lista,
    cambiar_literal,
    quitar_etapa,
    quitar_clave,
    quitar_columna,
    mover_umbral,
    cambiar_operador_de_umbral,
    cambiar_agregado,
)
"""Every mutator, in the order their mutants are numbered."""


def cuentas_aceptadas(umbral: Umbral) -> tuple[bool, ...]:
    """Which counts 0, 1, ... satisfy the threshold, up to the last change (the last answer holds for every larger count)."""
    tope = max(0, math.ceil(umbral.valor)) + 2
    respuestas = [comparar(_OP_ALGEBRA[umbral.operador], v, umbral.valor) for v in range(tope)]
    while len(respuestas) > 1 and respuestas[-1] == respuestas[-2]:
        respuestas.pop()
    return tuple(respuestas)


# Stages whose output is empty exactly when their input is.
CONSERVAN_VACIO = ("proyectar", "distinto", "agrupar", "primero")


def sin_primeros(forma: Forma) -> Forma:
    """`forma` without the `primero` stages of its outer chain above which every stage keeps emptiness:
    they choose which row of a group is the witness, never whether there is one."""
    if forma["op"] == "relacion":
        return forma
    if forma["op"] == "primero":
        return sin_primeros(forma["de"])
    if forma["op"] in CONSERVAN_VACIO:
        return {**forma, "de": sin_primeros(forma["de"])}
    return forma


def _huella(medida: Medida) -> str:
    """Equal for mutants that cannot differ: same form and aggregate, and a threshold that
    accepts the same values (for `cuenta`, the same non-negative counts: `== 0` is `<= 0`). A count
    judged only by whether it is zero (`== 0`, `> 0`, ...) does not see which witness a `primero`
    of the outer chain keeps, nor how its rows are grouped: those stages are left out."""
    umbral: Any = medida.umbral.a_dict()
    forma = medida.forma
    if medida.valor["agregado"] == "cuenta":
        umbral = cuentas_aceptadas(medida.umbral)
        if len(umbral) == 2:
            forma = sin_primeros(forma)
    return canonico({"forma": forma, "valor": dict(medida.valor), "umbral": umbral})


def mutantes(medida: Medida, mutadores: Sequence[Mutador] = MUTADORES) -> tuple[Mutante, ...]:
    """The distinct mutants of a measure, numbered `m001-<mutador>@<ruta>` in mutator order.

    A candidate equal to the original or to an earlier mutant (see `_huella`) is not emitted.
    """
    vistas = {_huella(medida)}
    salida: list[Mutante] = []
    for mutador in mutadores:
        for nombre, ruta, cambio, mutada in mutador(medida):
            huella = _huella(mutada)
            if huella in vistas:
                continue
            vistas.add(huella)
            salida.append(Mutante(f"m{len(salida) + 1:03d}-{nombre}@{ruta}", cambio, mutada))
    return tuple(salida)
