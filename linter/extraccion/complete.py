"""Evidence behind each place that asserts a `complete` key (seed 000 §1.4)."""

from __future__ import annotations

from typing import Iterator, Optional

import libcst as cst

from .literales import describir
from .proyecto import Proyecto
from .recolector import FuncionInfo, Modulo, SitioComplete, dotted, texto_cadena

META = frozenset({"meta", "has_more", "hasmore", "next_page", "nextpage", "next_cursor", "nextcursor", "last_page",
                  "lastpage", "total_pages", "totalpages", "is_last", "islast", "page_count", "pagecount"})
PAGINA = ("page", "cursor", "offset", "next")
FUERZA = {"ninguna": 5, "por_construccion": 5, "desconocida": 4, "meta_api": 3, "paginacion_agotada": 2,
          "corpus_propio": 1, "no_afirma": 0}


def palabras(nombre: str) -> list[str]:
    """Lower-case words of an identifier split on `_` and camelCase."""
    salida, actual = [], ""
    for ch in nombre:
        if ch == "_" or ch == "-":
            if actual:
                salida.append(actual.lower())
            actual = ""
        elif ch.isupper() and actual and not actual[-1].isupper():
            salida.append(actual.lower())
            actual = ch
        else:
            actual += ch
    if actual:
        salida.append(actual.lower())
    return salida


def dice_todas_las_paginas(nombre: str) -> bool:
    """A helper whose name says it exhausts pagination: `all` plus another word, or paginate/exhaust."""
    p = palabras(nombre)
    return any(w.startswith("paginat") or w.startswith("exhaust") for w in p) or ("all" in p and len(p) > 1)


def _nodos(nodo: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """Every node of a small subtree."""
    pila = [nodo]
    while pila:
        n = pila.pop()
        yield n
        pila.extend(n.children)


def _menciona_meta(nodo: cst.CSTNode) -> bool:
    """Whether an expression reads an API response's meta / pagination fields."""
    for n in _nodos(nodo):
        texto = texto_cadena(n) if isinstance(n, (cst.SimpleString, cst.ConcatenatedString)) else None
        nombre = n.attr.value if isinstance(n, cst.Attribute) else texto
        if nombre is None and isinstance(n, cst.Name):
            nombre = n.value
        if nombre is not None:
            bajo = nombre.lower()
            if bajo in META or "total" in bajo:
                return True
    return False


class Complete:
    """Classifier of `complete` sites."""

    def __init__(self, proyecto: Proyecto) -> None:
        self.proyecto = proyecto

    def evidencia(self, m: Modulo, sitio: SitioComplete) -> tuple[str, Optional[str]]:
        """(evidencia, reason when it could not be classified)."""
        return self._valor(m, sitio.valor, m.funcion(sitio.funcion), sitio.clave, 0)

    def _valor(self, m: Modulo, v: cst.BaseExpression, info: Optional[FuncionInfo], donde: cst.CSTNode, prof: int) -> tuple[str, Optional[str]]:
        if prof > 6:
            return "desconocida", "value of `complete` is bound too indirectly to follow"
        if isinstance(v, cst.Name) and v.value in ("False", "None"):
            return "no_afirma", None
        if isinstance(v, cst.Name) and v.value == "True":
            return self._verdadero(m, info, donde), None
        if isinstance(v, cst.Comparison):
            return self._comparacion(m, v, info)
        if isinstance(v, cst.UnaryOperation) and isinstance(v.operator, cst.Not):
            if _menciona_meta(v):
                return "meta_api", None
            return "desconocida", f"value of `complete` `{describir(m, v)}` could not be classified"
        if isinstance(v, cst.Name) and info is not None and v.value in info.asignaciones:
            resultados = []
            for a in info.asignaciones[v.value]:
                if a.valor is None:
                    resultados.append(("desconocida", f"binding of `{v.value}` cannot be determined"))
                else:
                    resultados.append(self._valor(m, a.valor, info, a.nodo, prof + 1))
            return max(resultados, key=lambda r: FUERZA[r[0]] if r[0] != "no_afirma" else -1) if any(r[0] != "no_afirma" for r in resultados) else ("no_afirma", None)
        if _menciona_meta(v):
            return "meta_api", None
        return "desconocida", f"value of `complete` `{describir(m, v)}` could not be classified"

    # -- literal True ------------------------------------------------------------
    def _verdadero(self, m: Modulo, info: Optional[FuncionInfo], donde: cst.CSTNode) -> str:
        if info is None:
            return "ninguna"
        linea = m.pos(donde).linea
        for bucle in info.bucles:
            if isinstance(bucle, cst.While) and m.fin(bucle) < linea and self._recorre_paginas(bucle):
                return "paginacion_agotada"
        for llamada in info.llamadas:
            nombre = (dotted(llamada.func) or "").rsplit(".", 1)[-1]
            if nombre and m.pos(llamada).linea <= linea and dice_todas_las_paginas(nombre):
                return "paginacion_agotada"
        if self._lee_corpus(m, info):
            return "corpus_propio"
        return "ninguna"

    @staticmethod
    def _recorre_paginas(bucle: cst.While) -> bool:
        """A `while` whose test or body names a page/cursor/offset/next value."""
        for n in _nodos(bucle):
            nombre = n.value if isinstance(n, cst.Name) else n.attr.value if isinstance(n, cst.Attribute) else texto_cadena(n) if isinstance(n, cst.SimpleString) else None
            if nombre and any(p in w for w in palabras(nombre) for p in PAGINA):
                return True
        return False

    def _colecciones(self, m: Modulo) -> set[str]:
        """Module-level names bound once to a collection literal/comprehension (the server's own corpus)."""
        salida = set()
        for nombre, valor in m.constantes.items():
            if isinstance(valor, (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.DictComp, cst.ListComp, cst.SetComp)):
                salida.add(nombre)
        for nombre in m.importados:
            d = self.proyecto.definicion(m, nombre)
            if d is not None and d.tipo == "constante" and isinstance(d.nodo, (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.DictComp, cst.ListComp, cst.SetComp)):
                salida.add(nombre)
        return salida

    def _lee_corpus(self, m: Modulo, info: FuncionInfo) -> bool:
        return bool((info.nombres - set(info.asignaciones) - set(info.parametros())) & self._colecciones(m))

    # -- comparisons -------------------------------------------------------------
    def _formas(self, m: Modulo, info: Optional[FuncionInfo], e: cst.BaseExpression, prof: int = 0) -> set[str]:
        """Source forms an expression may stand for (single local bindings substituted)."""
        formas = {" ".join(m.arbol.code_for_node(e).split())}
        if isinstance(e, cst.Name) and info is not None and prof < 4:
            asign = info.asignaciones.get(e.value, [])
            if len(asign) == 1 and asign[0].valor is not None:
                formas |= self._formas(m, info, asign[0].valor, prof + 1)
        return formas

    def _cae_a(self, m: Modulo, info: Optional[FuncionInfo], r: cst.BaseExpression, l_formas: set[str], prof: int = 0) -> bool:
        """Whether `r` falls back to the other side (`t or L`, `t if ... else L`, `.get(k, L)`)."""
        if prof > 4:
            return False
        if isinstance(r, cst.BooleanOperation) and isinstance(r.operator, cst.Or):
            return any(self._formas(m, info, x) & l_formas or self._cae_a(m, info, x, l_formas, prof + 1) for x in (r.left, r.right))
        if isinstance(r, cst.IfExp):
            return any(self._formas(m, info, x) & l_formas or self._cae_a(m, info, x, l_formas, prof + 1) for x in (r.body, r.orelse))
        if isinstance(r, cst.Call) and isinstance(r.func, cst.Attribute) and r.func.attr.value == "get" and len(r.args) == 2:
            return bool(self._formas(m, info, r.args[1].value) & l_formas)
        if isinstance(r, cst.Name) and info is not None:
            asign = info.asignaciones.get(r.value, [])
            return len(asign) == 1 and asign[0].valor is not None and self._cae_a(m, info, asign[0].valor, l_formas, prof + 1)
        return False

    def _comparacion(self, m: Modulo, v: cst.Comparison, info: Optional[FuncionInfo]) -> tuple[str, Optional[str]]:
        lados = [v.left, *(c.comparator for c in v.comparisons)]
        for i, lado in enumerate(lados):
            for j, otro in enumerate(lados):
                if i != j and self._cae_a(m, info, otro, self._formas(m, info, lado)):
                    return "por_construccion", None
        for lado in lados:
            if any(_menciona_meta(self._valor_ligado(info, x) or x) for x in _nodos(lado) if isinstance(x, cst.Name)) or _menciona_meta(lado):
                return "meta_api", None
        colecciones = self._colecciones(m)
        for lado in lados:
            if isinstance(lado, cst.Call) and dotted(lado.func) == "len" and lado.args and isinstance(lado.args[0].value, cst.Name) and lado.args[0].value.value in colecciones:
                return "corpus_propio", None
        return "desconocida", f"comparison `{describir(m, v)}` for `complete` compares values of unknown origin"

    @staticmethod
    def _valor_ligado(info: Optional[FuncionInfo], nombre: cst.Name) -> Optional[cst.BaseExpression]:
        if info is None:
            return None
        asign = info.asignaciones.get(nombre.value, [])
        return asign[0].valor if len(asign) == 1 else None
