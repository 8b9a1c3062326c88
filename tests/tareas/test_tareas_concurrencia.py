"""Tracker writes are transactions: many `oracle tarea` processes at once on one tracker, and a
writer killed mid-write, lose nothing, duplicate nothing and never leave the tracker unreadable."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from oracle_lint.nucleo.cli.tarea_escritura import bloqueo
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.tareas.lector import leer_tracker

ORACLE = Path(sys.executable).parent / "oracle"
N = 50


def _oracle(raiz: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(ORACLE), "tarea", *args, "--proyecto", str(raiz)], capture_output=True, text=True, timeout=300)


def _en_paralelo(raiz: Path, ordenes: list[tuple[str, ...]]) -> list[subprocess.CompletedProcess[str]]:
    with ThreadPoolExecutor(max_workers=16) as grupo:
        return list(grupo.map(lambda o: _oracle(raiz, *o), ordenes))


def _proyecto(tmp_path: Path) -> Path:
    raiz = tmp_path / "p"
    raiz.mkdir()
    (raiz / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    return raiz


def test_concurrent_nueva_gives_unique_consecutive_ids(tmp_path: Path) -> None:
    raiz = _proyecto(tmp_path)
    resultados = _en_paralelo(raiz, [("nueva", f"tarea {i}") for i in range(N)])
    assert [r.returncode for r in resultados] == [0] * N, [r.stderr for r in resultados if r.returncode]
    tareas = leer_tracker(Proyecto(raiz)).tareas
    assert sorted(int(t.id) for t in tareas) == list(range(1, N + 1))
    assert sorted(t.titulo for t in tareas) == sorted(f"tarea {i}" for i in range(N))
    assert not [n for n in os.listdir(raiz / "tareas") if n.startswith(".") and n != ".gitattributes"]


def test_concurrent_writers_of_every_verb_on_one_task_lose_nothing(tmp_path: Path) -> None:
    raiz = _proyecto(tmp_path)
    assert _oracle(raiz, "nueva", "compartida").returncode == 0
    ordenes = [("etiquetar", "0001", f"e{i}") for i in range(N)] + [("anotar", "0001", f"nota {i}") for i in range(N)]
    resultados = _en_paralelo(raiz, ordenes)
    assert [r.returncode for r in resultados] == [0] * (2 * N), [r.stderr for r in resultados if r.returncode]
    (tarea,) = leer_tracker(Proyecto(raiz)).tareas
    assert sorted(tarea.etiquetas) == sorted(f"e{i}" for i in range(N))
    assert sorted(n.texto for n in tarea.notas) == sorted(f"nota {i}" for i in range(N))
    cierres = _en_paralelo(raiz, [("cerrar", "0001")] * 8)
    assert sorted(r.returncode for r in cierres) == [0] + [2] * 7  # exactly one closes it; the others are told it is closed
    assert [t.estado for t in leer_tracker(Proyecto(raiz)).tareas] == ["CERRADA"]


def test_a_killed_writers_leftovers_neither_break_reads_nor_survive_the_next_write(tmp_path: Path) -> None:
    raiz = _proyecto(tmp_path)
    assert _oracle(raiz, "nueva", "una").returncode == 0
    directorio = raiz / "tareas"
    (directorio / ".0001-una.md.deadbeef.tmp").write_text("a half-written task", encoding="utf-8")
    (directorio / ".bloqueo").write_text("pid 1 on elsewhere since 2026-01-01T00:00:00Z\n", encoding="utf-8")
    assert _oracle(raiz, "listar").returncode == 0
    assert _oracle(raiz, "anotar", "0001", "después").returncode == 0
    assert sorted(os.listdir(directorio)) == [".gitattributes", "0001-una.md"]


def test_a_writer_that_cannot_get_the_lock_in_time_names_the_holder_and_writes_nothing(tmp_path: Path) -> None:
    raiz = _proyecto(tmp_path)
    assert _oracle(raiz, "nueva", "una").returncode == 0
    antes = (raiz / "tareas" / "0001-una.md").read_bytes()
    with bloqueo(raiz / "tareas"):
        r = subprocess.run([sys.executable, "-c",
                            "import sys, oracle_lint.nucleo.cli.tarea_escritura as e; e.ESPERA_BLOQUEO = 0.5; from oracle_lint.nucleo.cli import main; "
                            f"sys.argv = ['oracle', 'tarea', 'anotar', '0001', 'tarde', '--proyecto', {str(raiz)!r}]; main()"],
                           capture_output=True, text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.splitlines()[0].startswith("TRACKER_OCUPADO — another write of the tracker is still in progress after "
                                               f"0.5 s (pid {os.getpid()} on ")
    assert (raiz / "tareas" / "0001-una.md").read_bytes() == antes
