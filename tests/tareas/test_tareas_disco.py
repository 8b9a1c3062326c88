"""Tracker writes the OS refuses (a full disk, no permission) are `ESCRITURA_FALLO — …` errors with
nothing half-written; a writer SIGKILLed at any point leaves a tracker the next read and write use."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.nucleo.cli import main
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.tareas.lector import leer_tracker

ORACLE = Path(sys.executable).parent / "oracle"


def _tracker(tmp_path: Path) -> Path:
    raiz = tmp_path / "p"
    raiz.mkdir()
    (raiz / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    r = CliRunner().invoke(main, ["tarea", "nueva", "compartida", "--proyecto", str(raiz)])
    assert r.exit_code == 0, r.output
    return raiz


def _foto(raiz: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((raiz / "tareas").iterdir())}


def test_a_full_disk_is_an_error_and_the_task_is_untouched(tmp_path, monkeypatch):
    raiz = _tracker(tmp_path)
    antes = _foto(raiz)
    (tarea,) = [n for n in antes if n.endswith(".md")]

    def lleno(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", lleno)
    r = CliRunner().invoke(main, ["tarea", "anotar", "0001", "una nota", "--proyecto", str(raiz)])
    assert r.exit_code == 2
    assert r.output == (f"ESCRITURA_FALLO — {raiz / 'tareas' / tarea}: cannot be written (No space left on device); "
                        "nothing was written.\nfield: tareas\nfix: free disk space or grant write permission on tareas/, "
                        "then run the command again.\n")
    assert _foto(raiz) == antes  # no note, no temporary, no lock record


def test_no_permission_to_create_is_an_error_and_no_task_appears(tmp_path, monkeypatch):
    raiz = _tracker(tmp_path)
    antes = _foto(raiz)
    abrir = os.open

    def sin_permiso(ruta, *args, **kwargs):
        if str(ruta).endswith(".tmp"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return abrir(ruta, *args, **kwargs)

    monkeypatch.setattr(os, "open", sin_permiso)
    r = CliRunner().invoke(main, ["tarea", "nueva", "otra", "--proyecto", str(raiz)])
    assert r.exit_code == 2
    assert r.output.startswith(f"ESCRITURA_FALLO — {raiz / 'tareas'}/0002-otra.md: cannot be written (Permission denied); "
                               "nothing was written.\n")
    assert _foto(raiz) == antes


def test_writers_killed_at_random_points_leave_a_tracker_that_reads_and_writes(tmp_path):
    raiz = _tracker(tmp_path)
    azar = random.Random(20261201)
    hechos = matados = 0
    for i in range(16):
        proceso = subprocess.Popen([str(ORACLE), "tarea", "anotar", "0001", f"nota {i}", "--proyecto", str(raiz)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(azar.uniform(0.0, 0.4))
        if proceso.poll() is None:
            proceso.send_signal(signal.SIGKILL)
            matados += 1
        codigo = proceso.wait(timeout=60)
        hechos += codigo == 0
    assert matados and hechos, (matados, hechos)  # both kinds happened: the delays span a whole write
    (tarea,) = leer_tracker(Proyecto(raiz)).tareas  # every kill left a readable tracker
    assert hechos <= len(tarea.notas) <= hechos + matados  # a write that said so happened; none doubled
    assert len({n.texto for n in tarea.notas}) == len(tarea.notas)
    r = subprocess.run([str(ORACLE), "tarea", "anotar", "0001", "final", "--proyecto", str(raiz)], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    (tarea,) = leer_tracker(Proyecto(raiz)).tareas
    assert tarea.notas[-1].texto == "final"
    assert not [n for n in os.listdir(raiz / "tareas") if n.endswith(".tmp") or n == ".bloqueo"]
