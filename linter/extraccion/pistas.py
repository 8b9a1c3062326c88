"""A tool's behaviour hints as written: `readOnlyHint` and `destructiveHint` of its annotations.

The analyzer states what the registration says, in four values a rule can compare: `verdadero`,
`falso`, `ausente` (no annotation, or the hint left out or `None`), `no_resuelto` (there is an
annotation the analyzer cannot read; a `no_resuelto` row says why). Which tools count as writes is
the rules' decision, not this module's.
"""

from __future__ import annotations

from typing import Callable, Optional

import libcst as cst

from .literales import Literales, describir, ligar_parametros
from .proyecto import termina_en
from .recolector import Modulo, texto_cadena
from .tipos import NoResuelto
from .valores_de_pistas import AUSENTES, NO_RESUELTAS, PISTAS, de_listado, valor  # noqa: F401  (re-exported)

MAX = 8


# the one value a local variable is bound to, or why there is none (None: not a local variable)
Local = Callable[[Modulo, cst.Name], "Optional[tuple[Modulo, cst.BaseExpression] | str]"]


def leer(literales: Literales, m: Modulo, expr: Optional[cst.BaseExpression],
         entorno: Optional[dict] = None, local: Optional[Local] = None) -> tuple[dict[str, str], Optional[NoResuelto]]:
    """The hints of an `annotations=` expression (a dict, `ToolAnnotations(...)`, a constant or a
    local variable bound once to either), and why it could not be read when some hint is
    `no_resuelto`. `local` gives the one value a name of the registering function is bound to."""
    if expr is None:
        return dict(AUSENTES), None
    try:
        m, expr, entorno = _seguir(literales, m, expr, entorno, local)
    except NoResuelto as e:
        return dict(NO_RESUELTAS), NoResuelto(f"annotations `{describir(m, expr)}` cannot be read: {e.motivo}", e.pos or m.pos(expr))
    if isinstance(expr, cst.Call) and termina_en(literales.proyecto.calificados(m, expr.func), "ToolAnnotations"):
        if any(a.keyword is None for a in expr.args):
            return dict(NO_RESUELTAS), NoResuelto(f"annotations `{describir(m, expr)}` pass arguments without a keyword", m.pos(expr))
        return _campos(literales, m, expr, {a.keyword.value: a.value for a in expr.args if a.keyword is not None}, entorno)
    if isinstance(expr, cst.Dict) and all(isinstance(e, cst.DictElement) and texto_cadena(e.key) is not None for e in expr.elements):
        return _campos(literales, m, expr, {texto_cadena(e.key): e.value for e in expr.elements}, entorno)
    try:
        evaluado = literales.evaluar(m, expr, entorno=entorno)
    except NoResuelto as e:
        return dict(NO_RESUELTAS), NoResuelto(f"annotations `{describir(m, expr)}` cannot be read: {e.motivo}", e.pos or m.pos(expr))
    if evaluado is None:
        return dict(AUSENTES), None
    if not isinstance(evaluado, dict):
        return dict(NO_RESUELTAS), NoResuelto(f"annotations `{describir(m, expr)}` are not an object", m.pos(expr))
    pistas = {columna: valor(next((evaluado[n] for n in nombres if n in evaluado), None)) for columna, nombres in PISTAS}
    return pistas, _motivo(m, expr, pistas)


def _campos(literales: Literales, m: Modulo, expr: cst.BaseExpression, campos: dict[str, cst.BaseExpression],
            entorno: Optional[dict]) -> tuple[dict[str, str], Optional[NoResuelto]]:
    """Each hint from its own field (`ToolAnnotations(readOnlyHint=True)`, `{"readOnlyHint": True}`): a
    title the analyzer cannot evaluate does not hide a literal hint."""
    pistas = {}
    for columna, nombres in PISTAS:
        campo = next((campos[n] for n in nombres if n in campos), None)
        if campo is None:
            pistas[columna] = "ausente"
            continue
        try:
            pistas[columna] = valor(literales.evaluar(m, campo, entorno=entorno))
        except NoResuelto:
            pistas[columna] = "no_resuelto"
    return pistas, _motivo(m, expr, pistas)


def _motivo(m: Modulo, expr: cst.BaseExpression, pistas: dict[str, str]) -> Optional[NoResuelto]:
    faltan = [nombres[0] for columna, nombres in PISTAS if pistas[columna] == "no_resuelto"]
    if not faltan:
        return None
    verbo = "is" if len(faltan) == 1 else "are"
    return NoResuelto(f"annotations `{describir(m, expr)}`: {' and '.join(faltan)} {verbo} not True, False or None as written",
                      m.pos(expr))


def _seguir(literales: Literales, m: Modulo, expr: cst.BaseExpression,
            entorno: Optional[dict], local: Optional[Local] = None) -> tuple[Modulo, cst.BaseExpression, Optional[dict]]:
    """Follow a local variable of the registering function bound once (`ann = ToolAnnotations(...)`),
    a name bound to a module-level constant (`READ_ONLY = ToolAnnotations(...)`) and a project
    helper whose one return builds them (`def _lectura(title): return ToolAnnotations(...)`), its
    parameters bound to the call's arguments."""
    if isinstance(expr, cst.Name) and local is not None and not (entorno and expr.value in entorno):
        ligado = local(m, expr)
        if isinstance(ligado, str):
            raise NoResuelto(ligado, m.pos(expr))
        if ligado is not None:
            m, expr = ligado
    for _ in range(MAX):
        if isinstance(expr, cst.Call) and not termina_en(literales.proyecto.calificados(m, expr.func), "ToolAnnotations"):
            d = literales.proyecto.resolver(m, expr.func)
            info = d.modulo.funcion(d.nodo) if d is not None and d.tipo == "funcion" and d.modulo is not None else None
            retornos = [r for r in info.retornos if r.value is not None] if info is not None else []
            if len(retornos) != 1:
                break
            entorno = ligar_parametros(d.modulo, d.nodo, m, expr, entorno)
            m, expr = d.modulo, retornos[0].value
            continue
        if not isinstance(expr, (cst.Name, cst.Attribute)) or (isinstance(expr, cst.Name) and expr.value in ("True", "False", "None")):
            break
        if isinstance(expr, cst.Name) and entorno and expr.value in entorno:
            m, expr, entorno = entorno[expr.value]
            continue
        d = literales.proyecto.resolver(m, expr)
        if d is None or d.tipo != "constante" or d.modulo is None:
            break
        m, expr, entorno = d.modulo, d.nodo, None
    return m, expr, entorno
