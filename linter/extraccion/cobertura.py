"""What an unnamed `no_resuelto` row at a registration site stands for (issue 30, deliverable 4).

A registration the analyzer cannot enumerate still says how many registrations it stands for, as
far as the source tells it (the loops around the site, the call sites of the function that holds
it), which functions reach it, and, for a low-level listing, the tool names its server's call
handler dispatches as literals: the names it may stand for. Facts for a message; no rule decides here.
"""

from __future__ import annotations

from typing import Callable, Optional

import libcst as cst

from .camino import padres_hasta
from .literales import describir
from .programa import Llamada, Programa
from .recolector import Modulo

# handlers the SDK calls itself: their body runs once per listing, whoever calls them
DECORADORES_DEL_SDK = ("list_tools", "call_tool", "tool", "on_list_tools")
MAX_NOMBRES = 8


def _vueltas(programa: Programa, m: Modulo, nodo: cst.CSTNode, ctx: Optional[cst.FunctionDef]) -> tuple[Optional[int], str]:
    """How many times the loops around `nodo` (inside its function) run it: (count, "") or (None, why)."""
    # the path from the function (or module) down to the site: searched there, not a whole-module parent map
    padres = padres_hasta(ctx if ctx is not None else m.arbol, nodo)
    if padres is None:
        padres = m.padres
    n, hijo, actual = 1, nodo, padres.get(nodo)
    while actual is not None and actual is not ctx and not isinstance(actual, (cst.FunctionDef, cst.Module)):
        if isinstance(actual, cst.For) and hijo is actual.body:
            vueltas = programa.vueltas(m, actual, ctx)
            if vueltas is None:
                return None, f"a loop over `{describir(m, actual.iter)}`"
            n *= len(vueltas)
        elif isinstance(actual, cst.While) and hijo is actual.body:
            return None, "a while loop"
        elif isinstance(actual, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)) and \
                hijo in (getattr(actual, "elt", None), getattr(actual, "key", None), getattr(actual, "value", None)):
            clausula: Optional[cst.CompFor] = actual.for_in
            while clausula is not None:
                vueltas = programa.vueltas(m, clausula, ctx)
                if vueltas is None:
                    return None, f"a comprehension over `{describir(m, clausula.iter)}`"
                n *= len(vueltas)
                clausula = clausula.inner_for_in
        hijo, actual = actual, padres.get(actual)
    return n, ""


def _lugar(sitio: Llamada) -> str:
    """Where a call site is, by file and enclosing function: a line would need the whole module's
    positions, a code generation of a file that may have nothing else to report."""
    if sitio.fn is None:
        return f"module level of {sitio.m.archivo}"
    return f"`{sitio.fn.name.value}()` in {sitio.m.archivo}"


def _del_sdk(fn: cst.FunctionDef) -> bool:
    """Whether the SDK calls `fn` (a `@server.list_tools()`-style handler)."""
    for dec in fn.decorators:
        f = dec.decorator.func if isinstance(dec.decorator, cst.Call) else dec.decorator
        if isinstance(f, cst.Attribute) and f.attr.value in DECORADORES_DEL_SDK:
            return True
    return False


def cobertura(programa: Programa, m: Modulo, nodo: cst.CSTNode, ctx: Optional[cst.FunctionDef],
              nombres: Callable[[], list[str]] = lambda: [], generadas: Optional[str] = None) -> str:
    """The clause an unnamed registration row ends with: its count (or why it is unknown), the function
    that reaches it and that function's call sites, and the literal names it may stand for.
    `generadas`: why the site stands for tools no count can tell (made at run time by a proxy or a
    provider, those of a mounted server the analyzer cannot follow)."""
    vueltas, porque = _vueltas(programa, m, nodo, ctx)
    alcance = ""
    llamadas: Optional[int] = 1
    if ctx is not None and not _del_sdk(ctx):
        sitios = programa.llamadas_a(m, ctx)
        if not sitios:
            alcance = f"reached from `{ctx.name.value}()`, which no analyzed file calls"
            llamadas = None
        else:
            lugares = sorted({_lugar(s) for s in sitios})
            alcance = (f"reached from `{ctx.name.value}()`, called at {len(sitios)} site{'s' if len(sitios) > 1 else ''} "
                       f"({', '.join(lugares[:3])}{', ...' if len(lugares) > 3 else ''})")
            llamadas = len(sitios)
    elif ctx is not None:
        alcance = f"reached from `{ctx.name.value}()`, which the SDK calls"
    if generadas:
        cuenta = f"stands for an unknown number of tools ({generadas})"
    elif vueltas is None:
        cuenta = f"stands for an unknown number of registrations ({porque})"
    elif llamadas is None:
        cuenta = "stands for an unknown number of registrations"
    else:
        total = vueltas * llamadas
        cuenta = f"stands for {total} registration{'s' if total != 1 else ''}"
    partes = [cuenta] + ([alcance] if alcance else [])
    literales = nombres()
    if literales:
        muestra = ", ".join(f"«{n}»" for n in literales[:MAX_NOMBRES]) + (", ..." if len(literales) > MAX_NOMBRES else "")
        partes.append(f"names written as literals in its server's call handler: {muestra}")
    return "; ".join(partes)
