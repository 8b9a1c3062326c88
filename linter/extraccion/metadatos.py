"""libcst metadata over one parsed module, without the traversals libcst would waste.

`MetadataWrapper.resolve` runs each batch of batchable providers as one batched traversal of
the whole tree. The providers this analyzer asks for (ExpressionContextProvider and
ScopeProvider) do all their work in `visit_Module`, each running its own visitor over the
tree, so that batched traversal calls nothing after the root: it only rebuilds the tree and
drops it. `Envoltorio` calls those `visit_Module` methods directly instead; any other batch
goes through libcst unchanged. The mappings it produces are the ones libcst produces.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from typing import Any, Mapping, Optional

import libcst as cst
from libcst import BatchableCSTVisitor, MetadataWrapper
from libcst._metadata_dependent import LazyValue

VisitorMethod = Callable[[cst.CSTNode], None]
SOLO_RAIZ = frozenset({"visit_Module"})


class Envoltorio(MetadataWrapper):
    """A MetadataWrapper whose batches of root-only providers skip the empty batched traversal."""

    def visit_batched(self, visitors: Iterable[BatchableCSTVisitor], before_visit: Optional[VisitorMethod] = None,
                      after_leave: Optional[VisitorMethod] = None) -> cst.CSTNode:
        """Like `MetadataWrapper.visit_batched`; visitors that only visit the root are called on it alone."""
        visitantes = list(visitors)
        metodos = {nombre for v in visitantes for nombre in metodos_de_visita(type(v))}
        if before_visit is not None or after_leave is not None or not metodos <= SOLO_RAIZ:
            return super().visit_batched(visitantes, before_visit, after_leave)
        with ExitStack() as pila:
            for v in visitantes:
                pila.enter_context(v.resolve(self))
            for v in visitantes:  # the order a batched traversal calls them in
                v.visit_Module(self.module)  # type: ignore[attr-defined]
        return self.module

    def olvidar(self) -> None:
        """Drop every mapping resolved so far: a later `resolve` computes it afresh."""
        self._metadata.clear()


@functools.lru_cache(maxsize=None)
def metodos_de_visita(clase: type) -> frozenset[str]:
    """The names `get_visitors()` gives for any instance of a visitor class, computed once per class
    (libcst inspects every member of the instance on each call: a quarter of a scope analysis)."""
    return frozenset(nombre for nombre in dir(clase)
                     if nombre.startswith(("visit_", "leave_")) and callable(getattr(clase, nombre, None))
                     and not getattr(getattr(clase, nombre), "_is_no_op", False))


def envolver(arbol: cst.Module) -> Envoltorio:
    """The wrapper over a freshly parsed tree (no deep copy: the tree is not shared)."""
    return Envoltorio(arbol, unsafe_skip_copy=True)


def desatar_alcances(alcances: Mapping[cst.CSTNode, Any]) -> None:
    """Break the reference cycles of one module's scope analysis, so dropping the module frees it at once.

    libcst's scopes, assignments and accesses point at each other (a GlobalScope is its own parent)
    and at the tree's nodes, so a dropped module otherwise lives, tree and all, until the next full
    garbage collection (recogida.py). Emptying each scope's tables and each assignment's and
    access's back-references leaves only small cycles holding no node. Read-only for everything
    else: call it only on the mapping of a module nothing will ask again.
    """
    alcances_vistos: dict[int, Any] = {}
    pendientes = [v for v in alcances.values() if v is not None]
    while pendientes:
        alcance = pendientes.pop()
        if isinstance(alcance, LazyValue) or id(alcance) in alcances_vistos:
            continue
        alcances_vistos[id(alcance)] = alcance
        pendientes.append(alcance.parent)
    for alcance in alcances_vistos.values():
        for asignaciones in alcance._assignments.values():
            for asignacion in asignaciones:
                asignacion._BaseAssignment__accesses.clear()
        for accesos in alcance._accesses_by_name.values():
            for acceso in accesos:
                acceso._Access__assignments.clear()
        alcance._assignments.clear()
        alcance._accesses_by_name.clear()
        alcance._accesses_by_node.clear()
        getattr(alcance, "_scope_overwrites", {}).clear()
