"""A bad file is a finding, never the end of the run (issue 15 item 3): a worker that dies has its
files re-run one by one and the file that kills it becomes an `analisis.no_resuelto` row; a file
past its time budget or the size limit is reported; workers die with their parent; the cache is
used only inside the root and only when its entries have the shape the run reads."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion import corrida
from oracle_lint.linter.extraccion.paralelo import Reparto
from tests.linter.legado import proyecto

ASESINO = "b.py"


def _mata_si_toca(*args):  # a stand-in for the worker's unit computation that dies on one file
    if ASESINO in args[-1]:
        os._exit(9)
    return corrida._trabajar_real(*args)


def _verificacion_que_muere(almacen, sal, lote):
    if any(rel == ASESINO for rel, _, _ in lote):
        os._exit(9)
    return corrida._verificar_real(almacen, sal, lote)


def _herramienta(nombre: str) -> str:
    return (f"from mcp.server.fastmcp import FastMCP\nfrom pydantic import BaseModel\n\nmcp = FastMCP('{nombre}')\n\n\n"
            f"class Salida{nombre}(BaseModel):\n    n: int\n\n\n@mcp.tool()\ndef {nombre}() -> Salida{nombre}:\n"
            f"    return Salida{nombre}(n=1)\n" + "# relleno\n" * 400)


def _arbol(raiz: Path) -> list[Path]:
    raiz.mkdir()
    archivos = []
    for nombre in ("a", "b", "c", "d"):
        archivos.append(raiz / f"{nombre}.py")
        archivos[-1].write_text(_herramienta(nombre), encoding="utf-8")
    return archivos


@pytest.fixture()
def con_pool(monkeypatch):
    monkeypatch.setattr(corrida, "UMBRAL_VERIFICAR", 0)
    monkeypatch.setattr(corrida, "UMBRAL_UNIDADES", 0)


def test_a_worker_that_dies_on_one_file_costs_only_that_file(tmp_path, monkeypatch, con_pool):
    archivos = _arbol(tmp_path / "p")
    monkeypatch.setattr(corrida, "_trabajar_real", corrida._trabajar, raising=False)
    monkeypatch.setattr(corrida, "_trabajar", _mata_si_toca)
    ev = corrida.extraer(archivos, tmp_path / "p", trabajos=2)
    assert sorted(f["herramienta"] for f in ev["herramienta"]) == ["a", "c", "d"]
    assert [(f["archivo"], f["motivo"]) for f in ev["no_resuelto"]] == [
        ("b.py", "the analyzer's worker process died on this file (a crash in the parser, or memory); its tools were "
                 "not judged")]


def test_a_worker_that_dies_checking_a_file_costs_only_that_file(tmp_path, monkeypatch, con_pool):
    archivos = _arbol(tmp_path / "p")
    monkeypatch.setattr(corrida, "_verificar_real", corrida._verificar_lote, raising=False)
    monkeypatch.setattr(corrida, "_verificar_lote", _verificacion_que_muere)
    ev = corrida.extraer(archivos, tmp_path / "p", trabajos=2)
    assert sorted(f["herramienta"] for f in ev["herramienta"]) == ["a", "c", "d"]
    assert [(f["archivo"], f["motivo"]) for f in ev["no_resuelto"]] == [
        ("b.py", "the analyzer's worker process died on this file (a crash in the parser, or memory); it was not analyzed")]


def _muere_con(elemento_lote):
    if 3 in elemento_lote:
        os._exit(9)
    return [x * 10 for x in elemento_lote]


def test_without_a_failure_row_a_dead_worker_is_an_error_never_a_dropped_element():
    with Reparto(2, 0) as reparto:
        assert sorted(reparto.mapear(_muere_con, [1, 2, 4, 5], [1, 1, 1, 1])) == [10, 20, 40, 50]
        assert sorted(reparto.mapear(_muere_con, [1, 2, 3, 4], [1, 1, 1, 1], fallo=lambda e, m: -e)) == [-3, 10, 20, 40]
        with pytest.raises(RuntimeError, match="worker process died on this file"):
            reparto.mapear(_muere_con, [1, 3], [1, 1])


VIGILADO = '''
import os, sys, time
from oracle_lint.linter.extraccion.paralelo import Reparto
sys.path.insert(0, {raiz!r})
from tests.robustez.test_trabajadores import dormir_y_anotar
with Reparto(2, 0) as r:
    r.mapear(dormir_y_anotar, [{dir!r} + "/a", {dir!r} + "/b"], [1, 1])
'''


def dormir_y_anotar(lote):
    for ruta in lote:
        Path(ruta).write_text(str(os.getpid()))
    time.sleep(120)
    return lote


def _vivo(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead: it only waits for its (gone) parent to be reaped by init
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_workers_die_with_their_parent(tmp_path):
    programa = VIGILADO.format(raiz=str(Path(__file__).resolve().parents[2]), dir=str(tmp_path))
    padre = subprocess.Popen([sys.executable, "-c", programa])
    try:
        limite = time.monotonic() + 60
        while not ((tmp_path / "a").exists() and (tmp_path / "b").exists()) and time.monotonic() < limite:
            time.sleep(0.1)
        pids = [int((tmp_path / n).read_text()) for n in ("a", "b")]
        assert all(_vivo(p) for p in pids)
        padre.send_signal(signal.SIGKILL)
        padre.wait(timeout=30)
        limite = time.monotonic() + 10
        while any(_vivo(p) for p in pids) and time.monotonic() < limite:
            time.sleep(0.1)
        assert not any(_vivo(p) for p in pids), pids
    finally:
        if padre.poll() is None:
            padre.kill()


def _check(raiz: Path, *args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["check", "--project", str(raiz), *args], catch_exceptions=False)
    return r.exit_code, r.output


def test_a_file_past_its_time_budget_is_a_finding_and_is_not_cached(tmp_path):
    raiz = proyecto(tmp_path / "p")
    codigo, salida = _check(raiz, "--file-timeout", "0.001")
    assert (codigo, salida) == (1, (
        "legado.py:1:1: ORC401 could not analyze: the analysis of this file took longer than its budget of 0.001 s "
        "(--file-timeout); it was not judged (unresolved)\n1 finding in 1 file (1 file, 0 tools analyzed).\n"))
    codigo, salida = _check(raiz)  # the same cache, the default budget: the file's real findings
    assert codigo == 1 and salida.endswith("6 findings in 1 file (1 file, 7 tools analyzed).\n")


def test_a_file_over_the_size_limit_is_reported_never_read(tmp_path):
    raiz = proyecto(tmp_path / "p", config='[tool.oracle]\npaths = ["legado.py", "enorme.py"]\n')
    with open(raiz / "enorme.py", "wb") as f:
        f.truncate(corrida.TAMANO_MAXIMO + 1)
    codigo, salida = _check(raiz, "--select", "ORC401")
    assert (codigo, salida) == (1, (
        f"enorme.py:1:1: ORC401 could not analyze: file cannot be read: {corrida.TAMANO_MAXIMO + 1} bytes, over the 8 MiB "
        "limit of a source file oracle-lint reads (unresolved)\n1 finding in 1 file (2 files, 7 tools analyzed).\n"))


def test_a_symlinked_cache_is_not_written_through(tmp_path):
    raiz = proyecto(tmp_path / "p")
    fuera = tmp_path / "fuera"
    fuera.mkdir()
    (raiz / ".oracle-cache").symlink_to(fuera, target_is_directory=True)
    codigo, salida = _check(raiz)
    assert codigo == 1 and salida.endswith("6 findings in 1 file (1 file, 7 tools analyzed).\n")
    assert list(fuera.iterdir()) == []


def test_a_well_keyed_but_malformed_cache_entry_is_a_miss(tmp_path):
    raiz = proyecto(tmp_path / "p")
    fresco = _check(raiz)
    entradas = list((raiz / ".oracle-cache").rglob("*.json"))
    assert entradas
    for ruta in entradas:
        datos = json.loads(ruta.read_text())
        valor = datos["valor"]
        if "variantes" in valor:
            for v in valor["variantes"]:
                v["resultado"]["herramientas"] = [{"nombre": 5}]
                v["resultado"]["completes"] = "x"
        if "falla" in valor:
            valor["falla"] = 5
        ruta.write_text(json.dumps(datos))
    assert _check(raiz) == fresco


def test_a_chain_libcst_parses_in_quadratic_time_is_refused_before_it_is_parsed(tmp_path):
    """`1 + 1 + …` 1,500 times: libcst would take seconds (200,000: hours); the file is a finding at the
    chain, found with the stdlib parser, and the run goes on to the other file's findings."""
    raiz = proyecto(tmp_path / "p", config='[tool.oracle]\npaths = ["legado.py", "larga.py"]\n')
    (raiz / "larga.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('l')\n\n\n@mcp.tool()\ndef suma() -> dict:\n"
        "    return {'n': " + " + ".join(["1"] * 1500) + "}\n", encoding="utf-8")
    inicio = time.monotonic()
    codigo, salida = _check(raiz, "--no-cache", "--select", "ORC401")
    assert time.monotonic() - inicio < 30
    assert (codigo, salida) == (1, (
        "larga.py:8:18: ORC401 could not analyze: an expression chains 1499 operations (`+`, `.`, calls, subscripts), "
        "more than the 1000 libcst parses in bounded time: the file was not analyzed (unresolved)\n"
        "1 finding in 1 file (2 files, 7 tools analyzed).\n"))
