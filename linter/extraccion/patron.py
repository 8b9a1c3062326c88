"""A tool name as far as the source tells it: `{prefix}read_graph` for `prefix + "read_graph"`.

A name the analyzer cannot evaluate whole does not stop the tool from being judged: evidence is
the handler's, and the name is only how findings show it. Every part that evaluates (a literal, a
constant, a parameter bound at the call being followed, a parameter every call site passes the
same string, or a parameter's default when nothing calls the function) is written out; every
other part is shown as `{its source}`. A name with a `{` is therefore a computed one: MCP tool
names are letters, digits, `_`, `-` and `.`, never braces.
"""

from __future__ import annotations

from typing import Callable, Optional

import libcst as cst

from .literales import Entorno, describir
from .programa import Programa, argumento, parametros
from .recolector import Modulo, texto_cadena

Evaluar = Callable[[Modulo, cst.BaseExpression, Optional[Entorno]], Optional[str]]
MAX_PARTES = 8  # a name spelt in more parts than this is shown as one `{...}`


def es_calculado(nombre: str) -> bool:
    """Whether a tool name was computed (holds a part shown as `{source}`)."""
    return "{" in nombre


def patron(m: Modulo, expr: cst.BaseExpression, evaluar: Evaluar, programa: Programa,
           ctx: Optional[cst.FunctionDef], entorno: Optional[Entorno] = None) -> str:
    """The name `expr` (read in `ctx` of `m`) spells, its unknown parts as `{source}`."""
    partes = _partes(m, expr, evaluar, programa, ctx, entorno, 0)
    if partes is None or len(partes) > MAX_PARTES:
        return "{" + describir(m, expr) + "}"
    return "".join(partes)


def _partes(m: Modulo, expr: cst.BaseExpression, evaluar: Evaluar, programa: Programa,
            ctx: Optional[cst.FunctionDef], entorno: Optional[Entorno], profundidad: int) -> Optional[list[str]]:
    if profundidad > MAX_PARTES:
        return None
    texto = evaluar(m, expr, entorno)
    if texto is not None:
        return [texto]
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Add):
        izq = _partes(m, expr.left, evaluar, programa, ctx, entorno, profundidad + 1)
        der = _partes(m, expr.right, evaluar, programa, ctx, entorno, profundidad + 1)
        return None if izq is None or der is None else izq + der
    if isinstance(expr, cst.FormattedString):
        salida = []
        for parte in expr.parts:
            if isinstance(parte, cst.FormattedStringText):
                salida.append(parte.value.replace("{{", "{").replace("}}", "}"))
            elif parte.conversion is None and parte.format_spec is None:
                salida.extend(_partes(m, parte.expression, evaluar, programa, ctx, entorno, profundidad + 1)
                              or ["{" + describir(m, parte.expression) + "}"])
            else:
                salida.append("{" + describir(m, parte.expression) + "}")
        return salida
    if isinstance(expr, cst.Name) and ctx is not None:
        de_llamadas = _de_parametro(m, expr.value, evaluar, programa, ctx)
        if de_llamadas is not None:
            return [de_llamadas]
    return ["{" + describir(m, expr) + "}"]


def _de_parametro(m: Modulo, nombre: str, evaluar: Evaluar, programa: Programa, fn: cst.FunctionDef) -> Optional[str]:
    """The string every call of `fn` passes for its parameter `nombre` (its default where a call
    passes nothing), or the default when nothing calls `fn`; None when they differ or one is unknown."""
    info = m.funcion(fn)
    if info is None or nombre not in info.parametros() or nombre in info.asignaciones:
        return None
    defecto = next((p.default for p in [*parametros(fn), *fn.params.kwonly_params] if p.name.value == nombre), None)
    llamadas = programa.llamadas_a(m, fn)
    if not llamadas:
        return evaluar(m, defecto, None) if defecto is not None else None
    valores = set()
    for llamada in llamadas:
        valor = argumento(llamada, fn, nombre)
        if valor is None:
            return None
        donde = m if valor is defecto else llamada.m
        texto = evaluar(donde, valor, None) if texto_cadena(valor) is None else texto_cadena(valor)
        if texto is None:
            return None
        valores.add(texto)
    return valores.pop() if len(valores) == 1 else None
