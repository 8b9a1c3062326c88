"""Issue 32's TypeScript corpus: whether a fetched repository is eligible (docs/real-world-ts.md).

Reads a bare mirror's default branch with git (never a work tree, never a build): its TypeScript or
JavaScript sources (outside `node_modules/`, `dist/`, `build/`, not `.d.ts`) must import the SDK's
server modules or `fastmcp` and register a tool, and a `package.json` must declare the SDK or
`fastmcp`. Prints one tab-separated line per mirror: owner/name, commit, verdict, reason, the rows
(folders of declaring package.json files whose own sources register a tool; at most 5, path order).

    python bench/real_world_ts_parts/elegibilidad.py /work/.mirror/<owner>+<name>/repo ...
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path, PurePosixPath

SUFIJOS = (".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs")
FUERA = {"node_modules", "dist", "build"}
IMPORTA = re.compile(rb"""@modelcontextprotocol/sdk/server/|from\s+['"]fastmcp['"]|require\(\s*['"]fastmcp['"]""")
PAQUETES = ("@modelcontextprotocol/sdk", "fastmcp")
MAXIMO_FILAS = 5  # rows a monorepo contributes


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", "--git-dir", str(repo), *args], capture_output=True, check=True).stdout


def fuentes(repo: Path) -> list[str]:
    """The TypeScript/JavaScript sources of the default branch the rule reads."""
    nombres = _git(repo, "ls-tree", "-r", "--name-only", "HEAD").decode("utf-8", "replace").splitlines()
    return [n for n in nombres if n.endswith(SUFIJOS) and not n.endswith(".d.ts")
            and not FUERA & set(PurePosixPath(n).parts)]


def registra(textos: dict[str, bytes]) -> bool:
    """A tool registration as the rule names them, anywhere in the repository."""
    todo = b"\n".join(textos.values())
    return (b"registerTool(" in todo or b"addTool(" in todo
            or (b"setRequestHandler(" in todo and b"ListToolsRequestSchema" in todo)
            or (b"new McpServer(" in todo and b".tool(" in todo))


def declarantes(repo: Path) -> list[str]:
    """Folders of the package.json files (outside node_modules) that declare the SDK or fastmcp."""
    salida = []
    for n in _git(repo, "ls-tree", "-r", "--name-only", "HEAD").decode("utf-8", "replace").splitlines():
        if PurePosixPath(n).name != "package.json" or FUERA & set(PurePosixPath(n).parts):
            continue
        try:
            datos = json.loads(_git(repo, "show", f"HEAD:{n}"))
        except (ValueError, subprocess.CalledProcessError):
            continue
        deps = {}
        for clave in ("dependencies", "devDependencies", "peerDependencies"):
            if isinstance(datos.get(clave), dict):
                deps.update(datos[clave])
        if any(p in deps for p in PAQUETES):
            salida.append(str(PurePosixPath(n).parent))
    return salida


def filas(declarantes: list[str], textos: dict[str, bytes]) -> list[str]:
    """The rows: declaring packages whose own sources (each file belongs to its nearest declaring
    package.json) register a tool, in path order, at most MAXIMO_FILAS."""
    def paquete(archivo: str) -> str:
        padres = [str(p) for p in PurePosixPath(archivo).parents]
        return next((p for p in padres if p in declarantes), "")
    suyos: dict[str, dict[str, bytes]] = {}
    for archivo, texto in textos.items():
        suyos.setdefault(paquete(archivo), {})[archivo] = texto
    return sorted(d for d in declarantes if registra(suyos.get(d, {})))[:MAXIMO_FILAS]


def veredicto(repo: Path) -> tuple[str, str, str, list[str]]:
    """(commit, verdict, reason, rows) of one mirror."""
    commit = _git(repo, "rev-parse", "HEAD").decode().strip()
    archivos = fuentes(repo)
    textos = {n: _git(repo, "show", f"HEAD:{n}") for n in archivos}
    if not any(IMPORTA.search(t) for t in textos.values()):
        return commit, "skipped", "no source imports the SDK's server modules or fastmcp", []
    if not registra(textos):
        return commit, "skipped", "no source registers a tool", []
    declarados = declarantes(repo)
    if not declarados:
        return commit, "skipped", "no package.json declares the SDK or fastmcp", []
    return commit, "accepted", "", filas(declarados, textos)


def main(argv: list[str]) -> None:
    for ruta in argv:
        repo = Path(ruta)
        nombre = repo.parent.name.replace("+", "/", 1)
        try:
            commit, que, porque, filas = veredicto(repo)
        except subprocess.CalledProcessError as e:
            print(f"{nombre}\t-\tskipped\tno snapshot ({e.stderr.decode(errors='replace').strip()[:80]})\t")
            continue
        print(f"{nombre}\t{commit}\t{que}\t{porque}\t{','.join(filas)}")


if __name__ == "__main__":
    main(sys.argv[1:])
