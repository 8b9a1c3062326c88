"""Launcher for bench/real_world.py: run one command and measure it, from a small process.

    python lanzador.py OUT.json COMMAND [ARG ...]

Runs COMMAND with this process's stdin, stdout and stderr, waits for it with `os.wait4` and
writes {"exit": its return code (negative: the signal), "segundos": wall seconds
(`time.perf_counter` around the process), "cpu_s": CPU seconds (`ru_utime + ru_stime`: the
command's and the descendants it reaped, i.e. its workers), "pico_rss_kib": `ru_maxrss`} to OUT.json.

Why a launcher: Linux counts in a child's `ru_maxrss` the resident memory of the address space it
had before `exec`, a copy of (or, spawned with vfork, the very) parent's; measured straight from the
benchmark, whose memory grows with every folder, every small run would report at least the
benchmark's own size. Spawned from this process, the floor is this small interpreter's.
COMMAND dies with this launcher (PR_SET_PDEATHSIG), so killing the launcher on a timeout kills it.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time

PR_SET_PDEATHSIG = 1


def morir_con_padre(padre: int) -> None:
    """In the child before exec: SIGKILL when this launcher dies (and at once if it already has)."""
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != padre:
        os._exit(137)


def main() -> None:
    """Run, wait4, write the measure."""
    salida, orden = sys.argv[1], sys.argv[2:]
    padre = os.getpid()
    inicio = time.perf_counter()
    proceso = subprocess.Popen(orden, preexec_fn=lambda: morir_con_padre(padre))
    _, estado, uso = os.wait4(proceso.pid, 0)
    segundos = time.perf_counter() - inicio
    proceso.returncode = os.waitstatus_to_exitcode(estado)  # reaped here: Popen must not wait again
    with open(salida, "w", encoding="utf-8") as f:
        json.dump({"exit": proceso.returncode, "segundos": segundos, "cpu_s": uso.ru_utime + uso.ru_stime,
                   "pico_rss_kib": uso.ru_maxrss}, f)
    sys.exit(0)


if __name__ == "__main__":
    main()
