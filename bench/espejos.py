"""What the real-world benchmarks share: bare git mirrors (the search tool's `fetch`) read into plain
trees, and the network namespace their servers run in."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
from pathlib import Path


def extraer_tolerante(espejo: Path, commit: str, destino: Path) -> list[str]:
    """Write the tree of `commit` under `destino` blob by blob (`git cat-file --batch`): snapshots lack
    files of 4 MiB and more, on which `git archive` fails. Returns the paths skipped (blobs absent);
    symlinks and submodules are not written."""
    git = ["git", f"--git-dir={espejo}"]
    listado = subprocess.run([*git, "ls-tree", "-r", "-z", commit], check=True, capture_output=True).stdout
    entradas = []
    for linea in filter(None, listado.split(b"\0")):
        meta, ruta = linea.split(b"\t", 1)
        modo, tipo, sha = meta.split()
        if tipo == b"blob" and modo in (b"100644", b"100755"):
            entradas.append((sha, ruta.decode("utf-8", "surrogateescape")))
    proceso = subprocess.Popen([*git, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proceso.stdin is not None and proceso.stdout is not None
    entrada = proceso.stdin

    def pedir() -> None:
        for sha, _ in entradas:
            entrada.write(sha + b"\n")
        entrada.close()

    hilo = threading.Thread(target=pedir, daemon=True)
    hilo.start()
    faltan = []
    for _, ruta in entradas:
        cabecera = proceso.stdout.readline().split()
        if len(cabecera) < 3 or cabecera[1] == b"missing":
            faltan.append(ruta)
            continue
        datos = proceso.stdout.read(int(cabecera[2]))
        proceso.stdout.read(1)
        archivo = destino / ruta
        archivo.parent.mkdir(parents=True, exist_ok=True)
        archivo.write_bytes(datos)
    hilo.join()
    if proceso.wait() != 0:
        sys.exit(f"git cat-file failed for {espejo}")
    return faltan


def sin_red() -> list[str]:
    """`unshare -rn` (a network namespace of our own, loopback only) when this machine allows it."""
    if shutil.which("unshare") and subprocess.run(["unshare", "-rn", "true"], capture_output=True).returncode == 0:
        return ["unshare", "-rn"]
    return []
