"""Issue 32's TypeScript benchmark, first part: the ground truth of each server folder, listed live.

For every row of a group of the corpus (`real_world_ts_parts/corpus.py`, chosen by the rule in
docs/real-world-ts.md): the repository's tree at the recorded commit (read blob by blob from the
bare mirror, `espejos.py`), its dependencies installed with the package manager its lock names (below;
once per install root, the nearest folder at or above the row with a lock file or a `workspaces`
package.json), the row built (`npm run build`, or the lock's manager's `run build`, when its
package.json has a build script and its entry point is missing; a member of a pnpm workspace with the
workspace packages it depends on, `pnpm --filter "<name>..." run build`), started as a client would start it and asked for
`tools/list` with the probe's own client (`oracle_lint.linter.sonda.cliente.listar`, the raw
listing), in a network namespace of its own where the machine allows it. The truth of each row is
written to `<work>/truth/<row>.json`; a row that cannot be installed, built, started or listed keeps
the reason, never a guess. Not run in CI; it prints a table and asserts nothing.

The start command, in this order: the row's package.json `bin` (its first entry), a `start` script
of the form `node FILE`, or its `main`; `node` runs it, with the row's arguments from `ARGUMENTOS`.
Dependencies install with the package manager the lock names (`bench/real_world_ts.py`'s `gestor`):
npm (`npm ci` with a package-lock.json), pnpm at its lock's major (`npx --yes pnpm@9 install
--frozen-lockfile`; the `packageManager` field's version when it names one), yarn 1, bun 1, each run
through `npx` and put on PATH for the build's scripts, from the public npm registry whatever a
repository's `.npmrc` names; a yarn 2+ lock keeps its reason.

A glob row (the typescript-sdk's examples) is a row per file it matches, run as the
SDK says to run its examples: the tree installed at its lock's folder (made a git checkout first, as
a clone is: a `prepare` script may install git hooks), a workspace built with its root's `build:all`
(else `build`) script, the file started with the tree's `tsx`, listed over stdio when it serves stdio
(`StdioServerTransport`; 2.x's `serveStdio`), else over Streamable HTTP at
`http://127.0.0.1:3000/mcp` (or 3001; `MCP_PORT`/`PORT` set to 3000; a 2.x example, which serves
stdio unless told, gets `--http --port 3000`) once its port opens; an SSE-only server or a helper
module keeps the reason. A file row is compared with the tools its
folder's sources register but for the other rows' files (v1.x keeps its examples side by side; a 2.x
story may register in a sibling module), without `check --probe`. `medida` and `sellado` (the sealed
third batch) are listed only with `--static` (when the analyzer is measured on them);
`--prepare` readies any group's rows (extract, install, build) without listing them or running the
analyzer, so the measure itself is quick.

    .venv/bin/python bench/real_world_ts.py --mirrors /work/.mirror --work /tmp/rw-ts [--group base|desarrollo|medida|sellado] [--only SUBSTR]
        [--static .venv/bin/oracle-lint] [--prepare]

With `--static`, each listed row is also read by the analyzer (`oracle-lint evidence --no-cache`,
run from the row's folder as a new user would) and compared with its live listing: tools found,
published schemas identical (input and output), readOnlyHint/destructiveHint equal, extra tools,
what it could not read, and `check --probe` (the source reconciled with the running server: the
ORC403/ORC404 findings it gives). A row with no live truth is still read: how many tools the analyzer
finds and what it could not read, uncompared (whether it answers at all).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

sys.path.insert(0, str(Path(__file__).parent / "real_world_ts_parts"))
sys.path.insert(0, str(Path(__file__).parent))

from corpus import BASE, ELEGIDOS, SELLADOS, mitad  # noqa: E402  (names and commits only)
from espejos import extraer_tolerante, sin_red  # noqa: E402

PLAZO_INSTALAR = 900
PLAZO_LISTAR = 60.0
# Arguments a row's server needs to start, written down per row (folder of repository@row).
ARGUMENTOS = {"modelcontextprotocol/servers@src/filesystem": ("{arbol}",)}


@dataclass(frozen=True)
class Fila:
    repo: str
    commit: str
    carpeta: str  # relative to the repository root; "." for the root
    archivo: Optional[str] = None  # a file row (an example of the typescript-sdk): the server's source
    otras: tuple[str, ...] = ()  # a file row: the other rows' files in its folder (their tools are theirs)

    @property
    def nombre(self) -> str:
        return f"{self.repo}@{self.archivo or self.carpeta}"


def expandir(fila: Fila, espejos: Path, trabajo: Path) -> list[Fila]:
    """A glob row (`src/examples/server/*.ts`) as a row per file of the tree it matches, in path order
    (the folder of each is the glob's); any other row as it is."""
    if "*" not in fila.carpeta:
        return [fila]
    raiz = arbol(fila, espejos, trabajo)
    archivos = sorted(p.relative_to(raiz).as_posix() for p in raiz.glob(fila.carpeta) if p.is_file())
    return [Fila(fila.repo, fila.commit, str(Path(r).parent), r,
                 tuple(o for o in archivos if o != r and Path(o).parent == Path(r).parent)) for r in archivos]


def filas(grupo: str) -> list[Fila]:
    """The rows of a group, in corpus order (glob rows of the typescript-sdk kept as written)."""
    if grupo == "base":
        return [Fila(r, c, f) for r, c, fs in BASE for f in fs]
    if grupo == "sellado":
        return [Fila(r, c, f) for r, c, fs in SELLADOS for f in fs]
    return [Fila(r, c, f) for r, c, fs in ELEGIDOS if mitad(r) == grupo for f in fs]


def arbol(fila: Fila, espejos: Path, trabajo: Path) -> Path:
    """The repository's tree at the row's commit, extracted once, blob by blob (snapshots lack files of
    4 MiB and more: those are skipped and listed in `.omitidos`)."""
    destino = trabajo / "trees" / f"{fila.repo.replace('/', '+')}-{fila.commit[:12]}"
    if not (destino / ".extraido").exists():
        shutil.rmtree(destino, ignore_errors=True)
        destino.mkdir(parents=True)
        faltan = extraer_tolerante(espejos / fila.repo.replace("/", "+", 1) / "repo", fila.commit, destino)
        (destino / ".omitidos").write_text("".join(f"{f}\n" for f in faltan), encoding="utf-8")
        (destino / ".extraido").touch()
    return destino


def _paquete(carpeta: Path) -> dict[str, Any]:
    try:
        return json.loads((carpeta / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def raiz_de_instalacion(raiz: Path, carpeta: Path) -> Path:
    """The nearest folder at or above `carpeta` (within the tree) with a lock file or workspaces."""
    actual = carpeta
    while True:
        if any((actual / n).exists() for n in ("package-lock.json", "pnpm-lock.yaml", "bun.lock", "bun.lockb", "yarn.lock")) \
                or "workspaces" in _paquete(actual):
            return actual
        if actual == raiz:
            return carpeta
        actual = actual.parent


def gestor(raiz_instalacion: Path) -> tuple[Optional[list[str]], Optional[str]]:
    """The package manager a lock file names, as the command that runs it (`npx --yes pnpm@9`, npm
    itself): pnpm at the major its lock's `lockfileVersion` belongs to (or the `packageManager` field's
    version), yarn 1 for a v1 `yarn.lock`, bun 1 for `bun.lock(b)`, npm otherwise; (None, why) for a
    lock no convention here reads (yarn 2+)."""
    declarado = str(_paquete(raiz_instalacion).get("packageManager") or "")
    nombre, _, version = declarado.partition("@")
    version = version.split("+")[0]
    if (raiz_instalacion / "pnpm-lock.yaml").exists():
        if nombre == "pnpm" and version:
            return ["npx", "--yes", f"pnpm@{version}"], None
        primera = (raiz_instalacion / "pnpm-lock.yaml").read_text(encoding="utf-8", errors="replace")[:200]
        lock = primera.split("lockfileVersion:", 1)[-1].split("\n", 1)[0].strip().strip("'\"")
        mayor = {"9.0": "9", "6.0": "8", "6.1": "8", "5.4": "7", "5.3": "6"}.get(lock)
        if mayor is None:
            return None, f"a pnpm lock of lockfileVersion {lock!r}: no pnpm release is known for it here"
        return ["npx", "--yes", f"pnpm@{mayor}"], None
    if (raiz_instalacion / "bun.lock").exists() or (raiz_instalacion / "bun.lockb").exists():
        return ["npx", "--yes", f"bun@{version if nombre == 'bun' and version else '1'}"], None
    if (raiz_instalacion / "yarn.lock").exists():
        cabeza = (raiz_instalacion / "yarn.lock").read_text(encoding="utf-8", errors="replace")[:400]
        if "yarn lockfile v1" not in cabeza or nombre == "yarn" and not version.startswith("1."):
            return None, "a yarn 2+ (berry) lock: convention not written yet"
        return ["npx", "--yes", "yarn@1.22.22"], None
    return ["npm"], None


def _entorno_con_gestores(trabajo_bin: Path, gestor_: list[str]) -> dict[str, str]:
    """The environment an install or build runs in: `pnpm`, `yarn` or `bun` on PATH as the same npx
    command (a build script that calls its manager by name finds it)."""
    trabajo_bin.mkdir(parents=True, exist_ok=True)
    if gestor_[0] == "npx":
        nombre = gestor_[-1].split("@")[0]
        envoltura = trabajo_bin / nombre
        envoltura.write_text(f"#!/bin/sh\nexec {shlex.join(gestor_)} \"$@\"\n", encoding="utf-8")
        envoltura.chmod(0o755)
    # the public registry, whatever a repository's .npmrc names (a mirror of another network does not
    # answer here; the lock's integrity hashes still hold every package to what it pinned)
    return {**os.environ, "PATH": f"{trabajo_bin}{os.pathsep}{os.environ.get('PATH', '')}",
            "npm_config_registry": "https://registry.npmjs.org/"}


def instalar(raiz_instalacion: Path) -> Optional[str]:
    """Install the dependencies once with the lock's package manager (a marker file records it); the
    reason when it cannot."""
    marca = raiz_instalacion / ".instalado"
    if marca.exists():
        return None
    gestor_, motivo = gestor(raiz_instalacion)
    if gestor_ is None:
        return motivo
    if not (raiz_instalacion / ".git").exists():  # a checkout, as a clone is: prepare scripts install git hooks
        subprocess.run(["git", "init", "-q", str(raiz_instalacion)], capture_output=True, check=False)
    if gestor_ == ["npm"]:
        orden = ["npm", "ci" if (raiz_instalacion / "package-lock.json").exists() else "install", "--no-audit", "--no-fund"]
    elif gestor_[-1].startswith("yarn@"):
        orden = [*gestor_, "install", "--frozen-lockfile", "--ignore-engines"]
    else:
        orden = [*gestor_, "install", "--frozen-lockfile"]
    error = _correr(orden, raiz_instalacion, raiz_instalacion, gestor_)
    if error is None:
        marca.touch()
    return error


def _correr(orden: list[str], cwd: Path, raiz_instalacion: Path, gestor_: list[str]) -> Optional[str]:
    """Run an install or build command with the lock's manager on PATH; the reason when it fails."""
    hecho = subprocess.run(orden, cwd=cwd, capture_output=True, text=True, timeout=PLAZO_INSTALAR,
                           env=_entorno_con_gestores(raiz_instalacion / ".gestores", gestor_))
    if hecho.returncode != 0:
        return f"{shlex.join(orden)} exit {hecho.returncode}: {(hecho.stderr.strip() or hecho.stdout.strip())[-300:]}"
    return None


def entrada(carpeta: Path) -> Optional[str]:
    """The file that starts the server: `bin` (first entry), a `start` script of the form `node FILE`,
    or `main` (last: `npm init` writes `main: index.js` whatever the project builds)."""
    paquete = _paquete(carpeta)
    binario = paquete.get("bin")
    if isinstance(binario, str):
        return binario
    if isinstance(binario, dict) and binario:
        return str(next(iter(binario.values())))
    inicio = (paquete.get("scripts") or {}).get("start", "")
    partes = shlex.split(inicio) if isinstance(inicio, str) else []
    if len(partes) == 2 and partes[0] == "node":
        return partes[1]
    return paquete["main"] if isinstance(paquete.get("main"), str) else None


def preparar(fila: Fila, espejos: Path, trabajo: Path) -> tuple[Path, Path, Optional[str], Optional[str]]:
    """The row's tree extracted, its dependencies installed and the row built: (tree, folder, entry
    point, why it cannot be started). Nothing is started or listed, and the analyzer is not run."""
    raiz = arbol(fila, espejos, trabajo)
    carpeta = (raiz / fila.carpeta).resolve()
    raiz_instalacion = raiz_de_instalacion(raiz, carpeta)
    error = instalar(raiz_instalacion)
    archivo = entrada(carpeta)
    if error is None and archivo is None:
        error = "no start command: no bin, main or `start: node FILE` in its package.json"
    if error is None and not (carpeta / archivo).exists() and "build" in (_paquete(carpeta).get("scripts") or {}):
        gestor_ = gestor(raiz_instalacion)[0] or ["npm"]
        nombre = _paquete(carpeta).get("name")
        if (raiz_instalacion / "pnpm-workspace.yaml").exists() and carpeta != raiz_instalacion and isinstance(nombre, str):
            # a member of a pnpm workspace: built with the workspace packages it depends on, in order
            error = _correr([*gestor_, "--filter", f"{nombre}...", "run", "build"], raiz_instalacion, raiz_instalacion,
                            gestor_)
        else:
            error = _correr([*gestor_, "run", "build"], carpeta, raiz_instalacion, gestor_)
    if error is None and not (carpeta / archivo).exists():
        error = f"its entry point {archivo} does not exist after the build"
    return raiz, carpeta, archivo, error


def verdad(fila: Fila, espejos: Path, trabajo: Path, prefijo: list[str]) -> dict[str, Any]:
    """The row's live tools/list, or why there is none."""
    salida: dict[str, Any] = {"fila": fila.nombre, "repo": fila.repo, "commit": fila.commit, "carpeta": fila.carpeta,
                              "herramientas": None, "comando": None, "error": None}
    if fila.archivo is not None:
        return _verdad_de_archivo(fila, espejos, trabajo, prefijo, salida)
    raiz, carpeta, archivo, error = preparar(fila, espejos, trabajo)
    if error is not None:
        salida["error"] = error
        return salida
    argumentos = tuple(a.format(arbol=raiz) for a in ARGUMENTOS.get(fila.nombre, ()))
    comando = (*prefijo, "node", str(carpeta / archivo), *argumentos)
    salida["comando"] = shlex.join(comando)
    from oracle_lint.linter.sonda.cliente import Servidor, listar
    from oracle_lint.nucleo.errores import ErrorOracle

    try:
        listado = listar(Servidor(comando=comando, cwd=str(carpeta)), PLAZO_LISTAR, crudo=True)
    except ErrorOracle as e:
        salida["error"] = e.linea("en")[:500]
        return salida
    salida["herramientas"] = list(listado.herramientas)
    salida["protocolo"], salida["servidor"] = listado.protocolo, listado.servidor
    return salida


PUERTOS = (3000, 3001)  # where the typescript-sdk's HTTP examples listen (MCP_PORT/PORT set to the first)
# how an example file serves: the SDK's stdio transport (1.x class, 2.x helper), else Streamable HTTP
# (1.x class, 2.x handler factories)
STDIO = ("StdioServerTransport", "serveStdio")
HTTP = ("StreamableHTTPServerTransport", "createMcpHandler", "createMcpHonoApp")


def construir_espacio(raiz_instalacion: Path) -> Optional[str]:
    """A workspace (pnpm-workspace.yaml or `workspaces`) whose packages its files import is built once
    with the root's `build:all` script, else its `build` script, as its own scripts build it (a marker
    records it); a tree that is no workspace, or has neither script, is run as it is. The reason
    when the build fails."""
    paquete = _paquete(raiz_instalacion)
    scripts = paquete.get("scripts") or {}
    guion = next((g for g in ("build:all", "build") if g in scripts), None)
    marca = raiz_instalacion / ".construido"
    if marca.exists() or guion is None or not ((raiz_instalacion / "pnpm-workspace.yaml").exists() or "workspaces" in paquete):
        return None
    gestor_ = gestor(raiz_instalacion)[0] or ["npm"]
    orden = [*gestor_, "run", guion]
    error = _correr(orden, raiz_instalacion, raiz_instalacion, gestor_)
    if error is None:
        marca.touch()
    return error


def _verdad_de_archivo(fila: Fila, espejos: Path, trabajo: Path, prefijo: list[str], salida: dict[str, Any]
                       ) -> dict[str, Any]:
    """A file row: the tree installed at its lock's folder and the file run with the tree's `tsx`, as
    the SDK's examples say to run them; over stdio when the file builds a stdio transport (in its own
    network namespace), else over Streamable HTTP at `http://127.0.0.1:PORT/mcp` once its port opens
    (the process then ended). A file with neither transport (an SSE-only server, a helper module)
    keeps the reason."""
    from oracle_lint.linter.sonda.cliente import Servidor, listar
    from oracle_lint.nucleo.errores import ErrorOracle

    raiz = arbol(fila, espejos, trabajo)
    fuente = (raiz / fila.archivo).read_text(encoding="utf-8", errors="replace")  # type: ignore[operator]
    if any(w in fuente for w in STDIO):
        transporte = "stdio"
    elif any(w in fuente for w in HTTP):
        transporte = "http"
    else:
        salida["error"] = "no stdio or Streamable HTTP transport in the file (an SSE-only server or a helper module)"
        return salida
    raiz_instalacion = raiz_de_instalacion(raiz, (raiz / fila.carpeta).resolve())
    error = instalar(raiz_instalacion) or construir_espacio(raiz_instalacion)
    tsx = raiz / "node_modules" / ".bin" / "tsx"
    if error is None and not tsx.exists():
        error = "the tree installs no tsx to run its examples with"
    if error is not None:
        salida["error"] = error
        return salida
    comando: tuple[str, ...] = (str(tsx), str(raiz / fila.archivo))  # type: ignore[operator]
    if transporte == "http" and "parseExampleArgs" in fuente:  # the 2.x examples: stdio unless told
        comando = (*comando, "--http", "--port", str(PUERTOS[0]))
    try:
        if transporte == "stdio":
            salida["comando"] = shlex.join((*prefijo, *comando))
            listado = listar(Servidor(comando=(*prefijo, *comando), cwd=str(raiz)), PLAZO_LISTAR, crudo=True)
        else:
            salida["comando"] = shlex.join(comando)
            listado = _listar_http(comando, raiz)
    except ErrorOracle as e:
        salida["error"] = e.linea("en")[:500]
        return salida
    except OSError as e:
        salida["error"] = str(e)[:500]
        return salida
    salida["herramientas"] = list(listado.herramientas)
    salida["protocolo"], salida["servidor"] = listado.protocolo, listado.servidor
    return salida


def _listar_http(comando: tuple[str, ...], cwd: Path) -> Any:
    """Start an HTTP example, wait for one of `PUERTOS` to open, list it there, end it."""
    import os
    import signal
    import socket
    import time

    from oracle_lint.linter.sonda.cliente import Servidor, listar

    entorno = {**os.environ, "MCP_PORT": str(PUERTOS[0]), "PORT": str(PUERTOS[0])}
    proceso = subprocess.Popen(comando, cwd=cwd, env=entorno, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        limite = time.monotonic() + PLAZO_LISTAR
        while time.monotonic() < limite:
            if proceso.poll() is not None:
                raise OSError(f"the server ended before listening: {proceso.stderr.read().decode(errors='replace')[-300:]}")  # type: ignore[union-attr]
            for puerto in PUERTOS:
                with socket.socket() as s:
                    s.settimeout(0.2)
                    if s.connect_ex(("127.0.0.1", puerto)) == 0:
                        return listar(Servidor(url=f"http://127.0.0.1:{puerto}/mcp"), PLAZO_LISTAR, crudo=True)
            time.sleep(0.2)
        raise OSError(f"no port of {PUERTOS} opened within {PLAZO_LISTAR:.0f} s")
    finally:
        try:
            os.killpg(proceso.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        proceso.wait(timeout=10)


SUFIJOS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
FUERA = {"node_modules", "dist", "build", ".git"}
REGISTROS = ("registerTool", "registerToolTask", "addTool")


def sitios_de_registro(carpeta: Path, ajenas: frozenset[Path] | set[Path] = frozenset()) -> list[str]:
    """A static count of the folder's registration sites (the truth of a row that cannot be listed,
    as the Python benchmark's `static` rows), read with the parser the analyzer uses: each call of
    `registerTool`/`registerToolTask`/`addTool`, of `.tool(` with two arguments or more in a file
    that imports `McpServer`, and each `setRequestHandler(ListToolsRequestSchema, ...)` (a list: one
    site), in the files that import the SDK's server modules or `fastmcp`, or name `McpServer` (the
    SDK's own examples import it relatively; a test double's `harness.registerTool(...)` is no site);
    `ajenas`: the other rows' files of a file row's folder, left out. A site in a loop stands for however
    many tools it registers: a floor, not a count."""
    from oracle_lint.linter.ts.arbol import NoParsea, nombrados, parsear, recorrer, texto

    sitios = []
    for ruta in sorted(carpeta.rglob("*")):
        if not ruta.name.endswith(SUFIJOS) or ruta.name.endswith(".d.ts") or FUERA & set(ruta.relative_to(carpeta).parts) \
                or not ruta.is_file() or ruta.resolve() in ajenas:
            continue
        try:
            fuente = parsear(ruta.name, ruta.read_bytes())
        except (NoParsea, OSError):
            continue
        if not any(i in fuente.datos for i in (b"@modelcontextprotocol/sdk/server", b"@modelcontextprotocol/server",
                                               b'"fastmcp"', b"'fastmcp'", b"McpServer")):
            continue
        mcp = b"McpServer" in fuente.datos
        for n in recorrer(fuente.raiz):
            f = n.child_by_field_name("function") if n.type == "call_expression" else None
            if f is None or f.type != "member_expression":
                continue
            metodo = texto(fuente, f.child_by_field_name("property"))
            argumentos = nombrados(n.child_by_field_name("arguments")) if n.child_by_field_name("arguments") else []
            if metodo in REGISTROS and argumentos or metodo == "tool" and mcp and len(argumentos) >= 2 \
                    or metodo == "setRequestHandler" and argumentos and texto(fuente, argumentos[0]).endswith("ListToolsRequestSchema"):
                sitios.append(f"{ruta.relative_to(carpeta).as_posix()}:{n.start_point[0] + 1}")
    return sitios


def estatico(fila: Fila, trabajo: Path, oracle_lint: str) -> Optional[dict[str, Any]]:
    """The analyzer on the row's folder (`oracle-lint evidence --no-cache`, run from it, as a new user
    would), against the row's live listing: tools found, schemas identical (input and output, keys
    sorted), hints equal, extra tools, and the unread rows that are not the per-tool "responses"
    row. None when the row has no truth."""
    archivo = trabajo / "truth" / f"{fila.nombre.replace('/', '+')}.json"
    if not archivo.exists():
        return None
    verdad_ = json.loads(archivo.read_text(encoding="utf-8"))
    from oracle_lint.linter.extraccion import pistas

    carpeta = (arbol(fila, Path("/nonexistent"), trabajo) / fila.carpeta).resolve()
    hecho = subprocess.run([oracle_lint, "evidence", "--no-cache"], cwd=carpeta, capture_output=True, text=True,
                           timeout=PLAZO_LISTAR * 10)
    if hecho.returncode not in (0, 1):
        return {"error": f"evidence exit {hecho.returncode}: {hecho.stderr.strip()[-300:]}"}
    evidencia = json.loads(hecho.stdout)
    relaciones = evidencia.get("relaciones", evidencia)
    # a file row: the tools its folder's sources register but for the other rows' files (v1.x keeps its
    # examples side by side; a 2.x story registers tools in a sibling module of its server.ts)
    raiz = arbol(fila, Path("/nonexistent"), trabajo)
    ajenas = {(raiz / o).resolve() for o in fila.otras}

    def propia(archivo: str) -> bool:
        return (carpeta / archivo).resolve() not in ajenas

    herramientas = {h["herramienta"]: h for h in relaciones["herramienta"] if propia(h["archivo"])}
    if verdad_.get("herramientas") is None:  # no live truth: what the analyzer answers, beside a static count
        return {"sin_verdad": True, "estaticas": len(herramientas), "sitios": sitios_de_registro(carpeta, ajenas),
                "sin_leer": [f"{r['archivo']}:{r['linea']}: {r['motivo'][:160]}" for r in relaciones["no_resuelto"]]}
    esquemas = {(e["herramienta"], e["lado"]): json.loads(e["contenido"]) for e in relaciones["esquema"]}
    vivas = {t["name"]: t for t in verdad_["herramientas"]}
    # two registrations of one name (two servers, or a source beside an old copy) are told apart as
    # `name (file:line)`: a live tool is found when any of them is it, identical when any agrees
    por_nombre: dict[str, list[str]] = {}
    for nombre in herramientas:
        por_nombre.setdefault(re.sub(r" \([^()]*:\d+\)$", "", nombre), []).append(nombre)
    halladas = [n for n in vivas if n in por_nombre]
    iguales, distintas, esquemas_iguales = [], [], []
    for n in halladas:
        t = vivas[n]

        def mismos_esquemas(nombre: str) -> bool:
            return all(json.dumps(esquemas.get((nombre, lado)), sort_keys=True) == json.dumps(t.get(campo), sort_keys=True)
                       for lado, campo in (("entrada", "inputSchema"), ("salida", "outputSchema")))

        def igual(nombre: str) -> bool:
            h = herramientas[nombre]
            sugeridas = pistas.de_listado(t.get("annotations"))
            return mismos_esquemas(nombre) and \
                (sugeridas["solo_lectura"], sugeridas["destructiva"]) == (h["solo_lectura"], h["destructiva"])

        (iguales if any(igual(nombre) for nombre in por_nombre[n]) else distintas).append(n)
        if any(mismos_esquemas(nombre) for nombre in por_nombre[n]):
            esquemas_iguales.append(n)
    sin_leer = [f"{r['archivo']}:{r['linea']}: {r['motivo'][:160]}" for r in relaciones["no_resuelto"]
                if propia(r["archivo"])]
    if fila.archivo is not None:  # the folder holds the other examples (same names, other schemas): no reconciliation
        return {"vivas": len(vivas), "halladas": len(halladas), "iguales": len(iguales),
                "esquemas_iguales": len(esquemas_iguales), "distintas": distintas,
                "faltan": sorted(set(vivas) - set(por_nombre)), "extra": sorted(set(por_nombre) - set(vivas)),
                "sin_leer": sin_leer, "conciliacion": []}
    # `check --probe`: the source reconciled with the running server (ORC403 a live tool the source
    # does not show, ORC404 a schema that differs)
    conciliado = subprocess.run([oracle_lint, "check", "--no-cache", "--format", "json", "--probe", "--",
                                 *shlex.split(verdad_["comando"])], cwd=carpeta, capture_output=True, text=True,
                                timeout=PLAZO_LISTAR * 4)
    try:
        codigos = [h["code"] for h in json.loads(conciliado.stdout)["findings"]]
    except (ValueError, KeyError):
        codigos = [f"check --probe exit {conciliado.returncode}: {conciliado.stderr.strip()[-200:]}"]
    return {"vivas": len(vivas), "halladas": len(halladas), "iguales": len(iguales),
            "esquemas_iguales": len(esquemas_iguales), "distintas": distintas,
            "faltan": sorted(set(vivas) - set(por_nombre)), "extra": sorted(set(por_nombre) - set(vivas)),
            "sin_leer": sin_leer, "conciliacion": [c for c in codigos if c in ("ORC403", "ORC404") or " " in c]}


def main(argv: Optional[list[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, required=True, help="directory of <owner>+<name>/repo bare mirrors")
    parser.add_argument("--work", type=Path, required=True, help="work directory (trees, truth)")
    parser.add_argument("--group", choices=("base", "desarrollo", "medida", "sellado"), default="base")
    parser.add_argument("--only", help="only rows whose name contains this")
    parser.add_argument("--static", metavar="ORACLE_LINT",
                        help="also run this oracle-lint's static analysis on each listed row and compare")
    parser.add_argument("--prepare", action="store_true",
                        help="only extract, install and build each row (nothing is listed, the analyzer is not run)")
    args = parser.parse_args(argv)
    if args.group in ("medida", "sellado") and not (args.static or args.prepare):
        parser.error(f"{args.group} is listed only when the analyzer is measured on it (--static), or readied with "
                     "--prepare (docs/real-world-ts.md)")
    if args.static and Path(args.static).exists():
        args.static = str(Path(args.static).resolve())  # each row runs it from its own folder
    prefijo = sin_red()
    (args.work / "truth").mkdir(parents=True, exist_ok=True)
    for fila in (f for escrita in filas(args.group) for f in expandir(escrita, args.mirrors, args.work)):
        if args.only and args.only not in fila.nombre:
            continue
        if args.prepare:
            error = None if fila.archivo is not None else preparar(fila, args.mirrors, args.work)[3]
            print(f"{fila.nombre:<70} {'ready' if error is None else 'cannot be started: ' + error[:200]}", flush=True)
            continue
        resultado = verdad(fila, args.mirrors, args.work, prefijo)
        (args.work / "truth" / f"{fila.nombre.replace('/', '+')}.json").write_text(json.dumps(resultado, indent=1), encoding="utf-8")
        herramientas = resultado["herramientas"]
        print(f"{fila.nombre:<70} {len(herramientas) if herramientas is not None else '-':>4}  {resultado['error'] or ''}", flush=True)
        comparado = estatico(fila, args.work, args.static) if args.static else None
        if comparado is not None:
            (args.work / "truth" / f"{fila.nombre.replace('/', '+')}.static.json").write_text(
                json.dumps(comparado, indent=1), encoding="utf-8")
            if "error" in comparado:
                print(f"    static: {comparado['error']}", flush=True)
                continue
            if comparado.get("sin_verdad"):
                print(f"    static, no live truth: {len(comparado['sitios'])} registration sites (a floor), the analyzer "
                      f"{comparado['estaticas']} tools, unread rows {len(comparado['sin_leer'])}", flush=True)
                for n in comparado["sin_leer"]:
                    print(f"      {n}", flush=True)
                continue
            print(f"    static: found {comparado['halladas']}/{comparado['vivas']}, schemas and hints identical "
                  f"{comparado['iguales']}/{comparado['halladas']} (schemas alone {comparado['esquemas_iguales']}), "
                  f"extra {len(comparado['extra'])}, "
                  f"unread rows {len(comparado['sin_leer'])}, check --probe ORC403/ORC404 "
                  f"{len(comparado['conciliacion'])}", flush=True)
            for n in comparado["distintas"] + [f"missing: {n}" for n in comparado["faltan"]] + comparado["sin_leer"] \
                    + comparado["conciliacion"]:
                print(f"      {n}", flush=True)


if __name__ == "__main__":
    main()
