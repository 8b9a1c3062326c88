"""How work is split over workers: weighted lots (LPT) and, for units, contiguous runs in path order,
so the units of one package share one worker's parsed modules; the evidence never depends on it."""

from __future__ import annotations

import json
import os
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oracle_lint.linter.extraccion import carga, corrida, extraer
from oracle_lint.linter.extraccion.paralelo import Reparto, repartir, repartir_en_orden

from .marcas import FIXTURES


def test_runs_keep_the_order_and_split_the_weight_evenly():
    assert repartir_en_orden(list("abcdefgh"), [1] * 8, 4) == [["a", "b"], ["c", "d"], ["e", "f"], ["g", "h"]]
    # a heavy element fills its run alone; the rest share what is left; heaviest run first
    assert repartir_en_orden(list("abcdefgh"), [10, 1, 1, 1, 1, 1, 1, 1], 4) == [["a"], ["b", "c", "d"], ["e", "f"], ["g", "h"]]
    assert repartir_en_orden(list("ab"), [1, 1], 8) == [["a"], ["b"]]  # never more runs than elements
    assert repartir_en_orden(["x"], [0], 3) == [["x"]]


@given(st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=60), st.integers(min_value=1, max_value=20))
def test_every_element_is_in_exactly_one_run_in_its_order(pesos, partes):
    elementos = list(range(len(pesos)))
    corridas = repartir_en_orden(elementos, pesos, partes)
    assert all(corridas) and len(corridas) <= min(partes, len(elementos))
    assert sorted(x for c in corridas for x in c) == elementos
    assert all(c == list(range(c[0], c[0] + len(c))) for c in corridas)  # contiguous
    assert [sum(pesos[x] for x in c) for c in corridas] == sorted((sum(pesos[x] for x in c) for c in corridas), reverse=True)
    assert sorted(x for c in repartir(elementos, pesos, partes) for x in c) == elementos


def test_units_go_to_the_pool_as_contiguous_runs_in_path_order(monkeypatch):
    """With two workers, the units reach the pool in runs of neighbouring files, and the evidence is
    the in-process run's."""
    lotes: list[list[str]] = []
    original = Reparto.mapear

    def mapear(self, funcion, elementos, pesos, *fijos, **kw):
        if funcion is corrida._trabajar:
            partes = repartir_en_orden(elementos, pesos, kw["lotes"]) if kw.get("en_orden") else None
            lotes.append(partes)
        return original(self, funcion, elementos, pesos, *fijos, **kw)

    archivos = sorted(FIXTURES.rglob("*.py"))
    uno = extraer(archivos, FIXTURES, trabajos=1)
    monkeypatch.setattr(Reparto, "mapear", mapear)
    monkeypatch.setattr(corrida, "UMBRAL_UNIDADES", 0)
    dos = extraer(archivos, FIXTURES, trabajos=2)
    assert json.dumps(dos, sort_keys=True) == json.dumps(uno, sort_keys=True)
    (partes,) = lotes
    assert partes is not None and 1 < len(partes) <= corrida.LOTES_DE_UNIDADES * 2
    assert sorted(x for p in partes for x in p) == [x for p in sorted(partes, key=lambda p: p[0]) for x in p]


@pytest.mark.parametrize("memoria", [carga.MEMORIA_DE_MODULOS, 0])
def test_the_evidence_does_not_depend_on_the_lots(monkeypatch, memoria):
    archivos = sorted(FIXTURES.rglob("*.py"))
    monkeypatch.setattr(carga, "MEMORIA_DE_MODULOS", memoria)
    base = json.dumps(extraer(archivos, FIXTURES, trabajos=1), sort_keys=True)
    monkeypatch.setattr(corrida, "UMBRAL_UNIDADES", 0)
    for lotes in (1, 3):
        monkeypatch.setattr(corrida, "LOTES_DE_UNIDADES", lotes)
        assert json.dumps(extraer(archivos, FIXTURES, trabajos=2), sort_keys=True) == base


PREPARADO: list[str] = []  # set by `_preparar` in the parent; what a forked worker inherits


def _preparar() -> None:
    PREPARADO.append("padre")


def _leer_preparado(lote: list[int]) -> list[tuple[int, tuple[str, ...]]]:
    return [(x, tuple(PREPARADO)) for x in lote]


def test_preparar_runs_once_before_the_pool_and_never_in_process():
    """What the parent loads before the pool starts (libcst and the analyzer, in a real run) is loaded
    once, and not at all when the work stays in this process."""
    PREPARADO.clear()
    with Reparto(2, umbral=10, preparar=_preparar) as reparto:
        assert reparto.mapear(_leer_preparado, [1, 2], [1, 1]) == [(1, ()), (2, ())]  # under the threshold
        assert PREPARADO == []
        primera = reparto.mapear(_leer_preparado, [1, 2, 3, 4], [5, 5, 5, 5])
        segunda = reparto.mapear(_leer_preparado, [5, 6], [10, 10])
    assert PREPARADO == ["padre"]
    assert sorted(x for x, _ in primera + segunda) == [1, 2, 3, 4, 5, 6]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only (spawned elsewhere)")
def test_on_linux_workers_are_forked_after_preparar_and_inherit_it():
    PREPARADO.clear()
    with Reparto(2, umbral=1, preparar=_preparar) as reparto:
        resultado = reparto.mapear(_leer_preparado, [1, 2, 3], [1, 1, 1])
    assert sorted(resultado) == [(1, ("padre",)), (2, ("padre",)), (3, ("padre",))]


def _pid(lote: list[int]) -> list[int]:
    return [os.getpid() for _ in lote]


def test_fewer_elements_than_the_minimum_stay_in_this_process(monkeypatch):
    """Units go to the pool only when each worker gets two: `extraer` asks two units per worker of the
    units' phase, and three units over two workers then stay here."""
    minimos: list[tuple[str, int]] = []
    original = Reparto.mapear

    def mapear(self, funcion, *args, **kw):
        minimos.append((funcion.__name__, self.minimo))
        return original(self, funcion, *args, **kw)

    monkeypatch.setattr(Reparto, "mapear", mapear)
    extraer(sorted(FIXTURES.rglob("*.py"))[:40], FIXTURES, trabajos=2)
    assert minimos == [("_verificar_lote", 2), ("_trabajar", 4)]
    monkeypatch.undo()
    with Reparto(2, umbral=1, minimo=2 * 2) as reparto:
        assert reparto.mapear(_pid, [1, 2, 3], [10, 10, 10]) == [os.getpid()] * 3
        assert os.getpid() not in reparto.mapear(_pid, [1, 2, 3, 4], [10, 10, 10, 10])
