"""The garbage collector while units run: young collections on allocation, full ones on dropped modules."""

from __future__ import annotations

import gc
import sys

import libcst as cst
import pytest

from oracle_lint.linter.extraccion import carga, recogida
from oracle_lint.linter.extraccion.carga import Cargador
from oracle_lint.linter.extraccion.recogida import Recogida, a_podas, restaurar


class _Ciclo:
    """An object in a reference cycle: only a full collection frees it."""

    def __init__(self) -> None:
        self.yo = self


@pytest.fixture
def sin_automatica():
    estaba = gc.isenabled()
    gc.disable()
    yield
    if estaba:
        gc.enable()


def test_only_the_young_generations_run_on_their_own_while_units_run():
    antes = gc.get_threshold()
    reemplazados = a_podas()
    try:
        assert reemplazados == antes
        assert gc.get_threshold() == (recogida.JOVENES, recogida.MEDIANA, recogida.NUNCA)
    finally:
        restaurar(reemplazados)
    assert gc.get_threshold() == antes


def test_a_full_collection_runs_once_the_dropped_bytes_reach_the_bound(sin_automatica):
    r = Recogida(umbral=1000)
    basura = _Ciclo()
    marca = id(basura)
    del basura
    assert r.soltados(999) is False and r.pendientes == 999 and r.completas == 0
    assert any(id(o) == marca for o in gc.get_objects())  # not collected yet
    assert r.soltados(1) is True and r.pendientes == 0 and r.completas == 1
    assert not any(id(o) == marca and type(o) is _Ciclo for o in gc.get_objects())


def test_dropping_a_module_frees_its_tree_without_a_collection(tmp_path, sin_automatica):
    (tmp_path / "a.py").write_text("from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n\ndef f(y):\n    return y\n")
    cargador = Cargador(tmp_path, ["a.py"], {})
    m = cargador.cargar("a.py")
    asignacion = m.arbol.body[1].body[0]
    nombre = asignacion.value.func  # `FastMCP` in `FastMCP('x')`
    assert isinstance(nombre, cst.Name)
    assert m.nombres_calificados(nombre) == {"mcp.server.fastmcp.FastMCP"}  # the scope analysis holds `nombre` now
    del m, asignacion
    cargador.podar(limite=0)
    assert cargador.modulos == {}
    assert sys.getrefcount(nombre) == 2  # this test's name and the call's argument: the tree and its scopes are gone
    por_byte = carga.POR_BYTE_ARBOL + carga.POR_BYTE_METADATO["alcances"]  # the tree and its scope analysis
    assert cargador.recogida.pendientes == len((tmp_path / "a.py").read_bytes()) * por_byte


def test_a_dropped_module_answers_afresh_when_parsed_again(tmp_path):
    (tmp_path / "a.py").write_text("import typing\n\nX: typing.Any = 1\n")
    cargador = Cargador(tmp_path, ["a.py"], {})
    m = cargador.cargar("a.py")
    anotacion = m.arbol.body[1].body[0].annotation.annotation
    assert m.nombres_calificados(anotacion) == {"typing.Any"}
    m.soltar()  # what the loader does on a drop; a question asked afterwards resolves the scopes again
    assert m.nombres_calificados(anotacion) == {"typing.Any"}


def test_forgetting_the_loader_frees_its_trees_without_a_collection_and_restores_the_schedule(tmp_path, sin_automatica):
    from oracle_lint.linter.extraccion import motor

    (tmp_path / "a.py").write_text("from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('x')\n")
    antes = gc.get_threshold()
    cargador = motor._cargador("corrida", str(tmp_path), ["a.py"], {})
    assert gc.get_threshold() == (recogida.JOVENES, recogida.MEDIANA, recogida.NUNCA)  # while it holds trees
    m = cargador.cargar("a.py")
    nombre = m.arbol.body[1].body[0].value.func
    assert m.nombres_calificados(nombre) == {"mcp.server.fastmcp.FastMCP"}
    del m, cargador
    motor.olvidar()  # what a run does at its end
    assert motor._CARGADOR == [None, None, None] and gc.get_threshold() == antes
    assert sys.getrefcount(nombre) == 2  # the tree and its scope analysis are gone, with no collection run


def test_the_young_only_schedule_lasts_while_the_loader_holds_the_runs_trees(tmp_path, monkeypatch):
    """A run that computes its units in this process keeps the young-only schedule until the loader's
    trees are dropped: restored earlier, CPython's own schedule could run a full collection over all
    of them (a second of a cold `--jobs 1` on awslabs/mcp). Every collection that starts while the
    loader holds trees sees that schedule (its young threshold lowered here so that a small run has
    some); the thresholds the run found (1s: a collection at every allocation) are restored after it."""
    from oracle_lint.linter.extraccion import extraer, motor

    for i in range(3):
        (tmp_path / f"s{i}.py").write_text(f"from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s{i}')\n\n"
                                           f"@mcp.tool()\ndef t{i}() -> dict:\n    return {{'n': {i}}}\n")
    vistas: list[tuple[int, int, int]] = []

    def vigilar(fase, info):
        cargador = motor._CARGADOR[1]
        if fase == "start" and cargador is not None and cargador.modulos:
            vistas.append(gc.get_threshold())

    monkeypatch.setattr(recogida, "JOVENES", 50)
    antes = gc.get_threshold()
    gc.set_threshold(1, 1, 1)
    gc.callbacks.append(vigilar)
    try:
        evidencia = extraer(sorted(tmp_path.glob("*.py")), tmp_path, trabajos=1)
        despues = gc.get_threshold()
    finally:
        gc.callbacks.remove(vigilar)
        gc.set_threshold(*antes)
    assert sorted(h["herramienta"] for h in evidencia["herramienta"]) == ["t0", "t1", "t2"]
    assert len(vistas) > 10 and set(vistas) == {(50, recogida.MEDIANA, recogida.NUNCA)}
    assert despues == (1, 1, 1) and motor._CARGADOR == [None, None, None]


def test_a_parse_check_lot_runs_with_young_collections_only(monkeypatch):
    """A stdlib tree has no cycle: a lot of parse checks leaves the oldest generation off CPython's
    schedule while it runs, and puts the thresholds back after (also when a check fails)."""
    from oracle_lint.linter.extraccion import corrida

    vistos: list[tuple[int, ...]] = []
    original = corrida.verificar

    def mirar(datos, rel):
        vistos.append(gc.get_threshold())
        if rel == "roto.py":
            raise RuntimeError("a check that fails")
        return original(datos, rel)

    monkeypatch.setattr(corrida, "verificar", mirar)
    antes = gc.get_threshold()
    filas = corrida._verificar_lote(None, "", [("a.py", b"x = 1\n", "0" * 64), ("b.py", b"def f(:\n", "1" * 64)])
    assert [(rel, falla is None, forma is not None) for rel, falla, forma, _ in filas] == [("a.py", True, True), ("b.py", False, False)]
    assert vistos == [(recogida.JOVENES, recogida.MEDIANA, recogida.NUNCA)] * 2 and gc.get_threshold() == antes
    with pytest.raises(RuntimeError):
        corrida._verificar_lote(None, "", [("roto.py", b"", "2" * 64)])
    assert gc.get_threshold() == antes
