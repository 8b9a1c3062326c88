"""Real-world benchmark: of the tools real MCP servers register, how many oracle-lint finds.

Reads bare git mirrors laid out as `<mirrors>/<owner>+<name>/repo`, extracts each repository
(`git archive`) into a work directory, and cuts it into server folders (one row each): awslabs/mcp
`src/<server>/`, the python-sdk examples of `main` (mcp 2.x) and `v1.x` (mcp 1.x), fastmcp's
`examples/`, and the Python servers of modelcontextprotocol/servers. For every folder:

- ground truth: in a venv of the folder's own family (`uv pip install` of the folder, from its
  `uv.lock` when it has one), `real_world_parts/sonda.py` imports the server with `run()`
  neutralised and asks every server instance created for `tools/list` through the SDK's in-memory
  client (never calling a tool), with fake credentials and no network. A folder that cannot be
  imported gets a *static* count of registration sites (Python's `ast`), labelled `static`.
  Ground truth is cached per folder and commit under `<work>/truth/`.
- the analyzer: `oracle-lint evidence --no-cache` and `check --format json --no-cache` over the
  folder's own code (its top-level entries with Python files, except `tests/` and `test/`), set as
  the project's `paths` (an `oracle.json` written for the run and removed after): the rest of the
  folder is read only where that code imports it.

A truth tool is *found* when a `herramienta` row names it; *reported* when it is not found but a
`no_resuelto` row names it, or an unnamed `no_resuelto` row (other than one about `complete`)
sits in a registration file of the folder: the tool's handler file, a file with a static
registration site, or a file that creates one of the folder's server instances; *silently missed*
otherwise. *Extra* are analyzer tools not in the
truth. Not run in CI; the corpus is fetched, never committed. It prints tables; it asserts nothing.

Cost, per folder (a second table; totals after the targets; `rendimiento` in `--json`, a cost table
in `--markdown`):

- *cold*: wall seconds (`time.perf_counter`) of the `evidence --no-cache` process, the best of
  `--rounds` runs (default 2; at least 5 when the folder's first floor process takes under a second,
  where the machine's noise is as large as the margin; evidence that differs between them is an analyzer error), and its *peak
  RSS*, the largest of them: `ru_maxrss` of the rusage `os.wait4` returns for that one child (on Linux the max over the
  child and the descendants it reaped, i.e. the biggest single process of the run, the analyzer or
  one of its workers; never a sum, and never other folders' processes). Both are taken by
  `real_world_parts/lanzador.py`, a small process that runs the analyzer: Linux counts in a child's
  `ru_maxrss` the memory it had before `exec`, a copy of its parent's, so a child of this growing
  process would report at least this process's size.
- *floor*: in a separate process of this interpreter (the best of `--rounds` processes, as for cold:
  on a shared machine one sample lands in whatever load there is; each run just before one of the
  analyzer's, so the two sides of a ratio see the same load), the seconds of the `libcst.parse_module` loop
  alone over the same files the analyzer is given (`archivos_py` of the folder's PATHS), decoded as
  UTF-8 beforehand; files that fail to read or decode are skipped, a parse that fails is counted
  (inside the loop). Folders without Python files have no floor (n/a).
- *ratio*: cold / floor. The totals give the sums, the ratio of the sums (over the folders with a
  floor), the max peak RSS and the folder with the worst ratio. Cold includes interpreter start-up,
  imports and a worker pool on big folders; the floor is one process. With `--jobs` above 1 folders
  run at once and their times disturb each other: `--jobs 1` for times worth comparing. This
  checkout's packages are byte-compiled first (`bytecode.py`, as for `lint_speed.py`): on a machine
  that sets PYTHONDONTWRITEBYTECODE every start would otherwise compile each module edited since its
  last bytecode, which an installed oracle-lint never does (the runs recorded before this step paid it).

`--prefilter-check` (off by default: nothing of it runs otherwise) runs, per folder, in a process
of this interpreter importing this checkout's analyzer (`real_world_parts/preseleccion.py`),
`extraer(archivos, raiz, trabajos=1, prefiltro=True)` and then with `prefiltro=False` over the same
files, and compares `json.dumps(..., sort_keys=True)` of both: *identical* or *DIFFERENT* (with the
relations whose rows differ and their counts), and both runs' seconds; `preseleccion` in `--json`.
The summary says how many folders are identical.

The extended corpus of issue 30 (`real_world_parts/ampliado.py`, chosen by the rule written in
docs/real-world.md, split in two halves before either was looked at) is measured with `--corpus
ampliado` or `--corpus todo`, one half with `--half desarrollo|medida`; `--truth-only` computes the
ground truth alone. The totals then come per half, and beside the floor above a second one: the whole
floor process's wall seconds (interpreter, `import libcst`, parsing), the least a libcst-based command
pays; and the same ratio in CPU seconds, which other load on the machine moves far less than wall
seconds (the analyzer's: `ru_utime + ru_stime` of its process and the workers it reaped, by the
launcher's `os.wait4`; the floor's: `time.process_time()` at the end of its process; each the best of
`--rounds`). A folder over 2x is counted both ways. Wall seconds are what a user waits; on a shared
machine they move with its load (a run-to-run spread of wall ratios of 0.76–1.31 was measured on this
one when the floor was taken apart from the analyzer), so each floor process now runs just before an
analyzer run and small folders get five samples per side. CPU seconds move less with the load but
count the worker pool's work, which buys wall seconds on large folders. Targets also counted: unnamed registration rows that do not say what they stand for, and
folders without an answer (an analyzer error, or a file whose budget ran out).

    .venv/bin/python bench/real_world.py --mirrors DIR [--work DIR] [--only SUBSTR]
        [--skip-install] [--json FILE] [--markdown FILE] [--oracle-lint PATH] [--jobs N]
        [--prefilter-check] [--corpus base|ampliado|todo] [--half desarrollo|medida] [--truth-only]

A run of record measures an installed copy of one commit, so the checkout may change while it runs (an
editable install measures whatever the tree holds when each folder starts, and a rules file broken
mid-run breaks the summary at the end):

    git archive COMMIT | tar -x -C COPY && python3 -m venv VENV && VENV/bin/pip install COPY
    VENV/bin/python COPY/bench/real_world.py --oracle-lint VENV/bin/oracle-lint --mirrors DIR ...
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import contextlib
import dataclasses
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

AQUI = Path(__file__).resolve().parent
sys.path.insert(0, str(AQUI / "real_world_parts"))
from ampliado import CORPUS_AMPLIADO, MITADES  # noqa: E402  (the extended corpus: names and commits only)

sys.path.insert(0, str(AQUI))
from bytecode import compilar  # noqa: E402  (as bench/lint_speed.py: time what an installed oracle-lint costs)
from espejos import extraer_tolerante, sin_red  # noqa: E402  (shared with bench/real_world_ts.py)

from oracle_lint.nucleo.proyecto import configurada  # noqa: E402  (what the analyzer reads as a configured project)

SONDA = AQUI / "real_world_parts" / "sonda.py"
PRESELECCION = AQUI / "real_world_parts" / "preseleccion.py"
LANZADOR = AQUI / "real_world_parts" / "lanzador.py"
TRABAJO_POR_DEFECTO = Path.home() / ".cache" / "oracle-real-world"
PLAZO_PASO = 40  # seconds per probe step (import, entry point, file run as __main__)
PLAZO_SONDA = 420  # seconds for a whole probe process
PLAZO_ANALIZADOR = 600
PLAZO_INSTALACION = 1200
PLAZO_PRESELECCION = 2 * PLAZO_ANALIZADOR  # two in-process extractions, one worker each
EXCLUIDOS = {"tests", "test", "__pycache__", "build", "dist", "node_modules", "docs"}
CLASES_SERVIDOR = {"FastMCP", "MCPServer", "Server", "LowLevelServer", "FastMCPProxy"}
FABRICAS_SERVIDOR = {"from_openapi", "from_fastapi", "as_proxy", "create_proxy"}
REGLAS_RAIZ_PREFIJO = "contrato.raiz_"
REGLA_CLAVE = "contrato.clave_no_declarada"
REGLA_NO_RESUELTO = "analisis.no_resuelto"
# Rules that judge a tool's input schema: they bind whether or not the tool publishes an output schema
REGLAS_DE_ENTRADA = frozenset({"contrato.union_estructural_entrada"})
CREDENCIALES_FALSAS = {
    "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_SESSION_TOKEN": "testing",
    "AWS_SECURITY_TOKEN": "testing", "AWS_REGION": "us-east-1", "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true", "AWS_MAX_ATTEMPTS": "1",
    "OPENAI_API_KEY": "testing", "ANTHROPIC_API_KEY": "testing", "GITHUB_TOKEN": "testing",
    "TWILIO_ACCOUNT_SID": "testing", "TWILIO_AUTH_TOKEN": "testing",
    "SURGE_API_KEY": "testing", "SURGE_ACCOUNT_ID": "testing", "SURGE_MY_PHONE_NUMBER": "+15550000000",
    "SURGE_MY_FIRST_NAME": "testing", "SURGE_MY_LAST_NAME": "testing",
    "PYTHONDONTWRITEBYTECODE": "1", "PYTHONUNBUFFERED": "1", "FASTMCP_LOG_LEVEL": "ERROR",
}
# The extended corpus's probe also sets these (names its servers demand at import: a signing secret,
# a cloud project); the base corpus's probe, and so its cached truth, is unchanged.
CREDENCIALES_AMPLIADO = {"JWT_SECRET_KEY": "testing-testing-testing-testing-0123", "GCP_PROJECT_ID": "testing",
                         "GOOGLE_CLOUD_PROJECT": "testing"}
# The SDK a venv of the extended corpus gets when no lock pins it: the newest release of the major its
# code imports, as of this date (the analyzer models each major's newest release); everything else
# resolves as PyPI had it at the commit's date.
FECHA_SDK = "2026-12-01T00:00:00Z"
# A fake ~/.aws in the probe's HOME: servers that open `boto3.Session(profile_name="default")`.
AWS_FALSO = {
    "credentials": "[default]\naws_access_key_id = testing\naws_secret_access_key = testing\n",
    "config": "[default]\nregion = us-east-1\n",
}
# What the shared example venvs carry besides the SDK: the example files import these.
EXTRAS_EJEMPLOS = ("pydantic-settings", "pydantic-ai-slim[openai]", "asyncpg", "pgvector", "numpy",
                   "pillow", "httpx", "pyyaml", "fastapi", "aiohttp", "openai", "starlette", "uvicorn")
EXTRAS_FASTMCP = ("anthropic", "pydocket", "qrcode", "aiosqlite")
MCP_1X, MCP_2X = "mcp[cli]>=1,<2", "mcp>=2,<3"


# -- the corpus ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Repositorio:
    """One branch (or pinned commit) of one mirrored repository."""

    etiqueta: str
    espejo: str  # <owner>+<name>
    rama: str
    mitad: str = "base"  # the base corpus, or the extended corpus's half (desarrollo / medida)
    tolerante: bool = False  # written blob by blob, skipping blobs the snapshot lacks (>= 4 MiB, LFS)
    fecha: str | None = None  # the commit's date: venvs resolve what no lock pins as PyPI had it then


REPOSITORIOS = (
    Repositorio("awslabs", "awslabs+mcp", "main"),
    Repositorio("sdk-main", "modelcontextprotocol+python-sdk", "main"),
    Repositorio("sdk-v1", "modelcontextprotocol+python-sdk", "v1.x"),
    Repositorio("fastmcp", "jlowin+fastmcp", "main"),
    Repositorio("servers", "modelcontextprotocol+servers", "main"),
)


@dataclasses.dataclass(frozen=True)
class Arbol:
    """An extracted repository at one commit."""

    repo: Repositorio
    commit: str
    raiz: Path
    descripcion: str  # `git describe --tags` (for dynamic versions of an SDK installed from the tree)


@dataclasses.dataclass(frozen=True)
class Entorno:
    """A venv: what to install into it."""

    clave: str
    requisitos: tuple[str, ...] = ()
    carpeta: str | None = None  # a project installed as itself (from its uv.lock when it has one)
    restricciones: tuple[str, ...] = ()
    variables: tuple[tuple[str, str], ...] = ()
    sin_fuentes: bool = False  # ignore [tool.uv.sources] (workspace members, git URLs): take PyPI's
    excluir_posteriores: str | None = None  # uv's --exclude-newer: what PyPI served at that date
    sdk: str | None = None  # the `mcp` requirement of the major the code imports, exempt from that date (FECHA_SDK)
    # a project uv does not build (no [build-system], or tool.uv.package = false: `uv sync` installs
    # only its dependencies): its dependencies only; its code is read from the tree (sys.path)
    solo_dependencias: bool = False

    def huella(self) -> str:
        """Digest of what the venv must hold (the fields added for the extended corpus, at their
        defaults, leave the digest as it was, so the base corpus's venvs are not rebuilt)."""
        nuevos = {"excluir_posteriores": None, "solo_dependencias": False, "sdk": None}
        datos = {k: v for k, v in dataclasses.asdict(self).items() if not (k in nuevos and v == nuevos[k])}
        return hashlib.sha256(json.dumps(datos, sort_keys=True).encode()).hexdigest()[:16]


@dataclasses.dataclass(frozen=True)
class Carpeta:
    """One server folder: one row of the tables."""

    nombre: str  # <etiqueta>/<path in the repository>
    arbol: Arbol
    ruta: Path  # the folder (or single file)
    proyecto: Path  # --project of the analyzer
    rutas: tuple[str, ...]  # PATHS of the analyzer, relative to `proyecto`
    entorno: Entorno
    sys_path: tuple[str, ...]
    pasos: tuple[dict[str, str], ...]  # probe steps

    @property
    def mitad(self) -> str:
        """`base`, or the extended corpus's half of the folder's repository."""
        return self.arbol.repo.mitad


def _git(espejo: Path, *args: str) -> str:
    return subprocess.run(["git", f"--git-dir={espejo}", *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def dir_git(espejos: Path, repo: Repositorio) -> Path:
    """The git directory of a mirror: `<owner>+<name>/repo`, or its `.git` when the snapshot is a clone."""
    espejo = espejos / repo.espejo / "repo"
    return espejo / ".git" if (espejo / ".git").is_dir() else espejo


def extraer(repo: Repositorio, espejos: Path, trabajo: Path) -> Arbol:
    """Extract `repo` at its branch's commit into `<trabajo>/trees/` (once per commit)."""
    espejo = dir_git(espejos, repo)
    commit = _git(espejo, "rev-parse", f"{repo.rama}^{{commit}}")
    try:
        descripcion = _git(espejo, "describe", "--tags", "--abbrev=0", commit)
    except subprocess.CalledProcessError:
        descripcion = ""
    destino = trabajo / "trees" / f"{repo.etiqueta.replace('/', '+')}-{commit[:12]}"
    if not (destino / ".extraido").exists():
        parcial = destino.with_name(destino.name + ".part")
        shutil.rmtree(parcial, ignore_errors=True)
        parcial.mkdir(parents=True)
        if repo.tolerante:
            faltan = extraer_tolerante(espejo, commit, parcial)
            (parcial / ".omitidos").write_text("".join(f"{f}\n" for f in faltan), encoding="utf-8")
        else:
            archivo = subprocess.Popen(["git", f"--git-dir={espejo}", "archive", "--format=tar", commit],
                                       stdout=subprocess.PIPE)
            subprocess.run(["tar", "-x", "-C", str(parcial)], stdin=archivo.stdout, check=True)
            if archivo.wait() != 0:
                sys.exit(f"git archive failed for {repo.espejo}@{repo.rama}")
        (parcial / ".extraido").write_text(commit + "\n", encoding="utf-8")
        shutil.rmtree(destino, ignore_errors=True)
        parcial.rename(destino)
    return Arbol(repo, commit, destino, descripcion)


# -- static reading (ast) -----------------------------------------------------------------


def _modulo_ast(ruta: Path) -> ast.Module | None:
    try:
        return ast.parse(ruta.read_bytes())
    except (SyntaxError, ValueError, OSError):
        return None


def _nombre_llamado(nodo: ast.expr) -> str | None:
    if isinstance(nodo, ast.Subscript):  # MCPServer[State](...)
        nodo = nodo.value
    if isinstance(nodo, ast.Name):
        return nodo.id
    if isinstance(nodo, ast.Attribute):
        return nodo.attr
    return None


def construye_servidor(ruta: Path) -> bool:
    """Whether the file calls a server class (`FastMCP(...)`, `Server(...)`, `FastMCP.from_openapi(...)`)."""
    modulo = _modulo_ast(ruta)
    if modulo is None:
        return False
    for nodo in ast.walk(modulo):
        if isinstance(nodo, ast.Call):
            nombre = _nombre_llamado(nodo.func)
            if nombre in CLASES_SERVIDOR or nombre in FABRICAS_SERVIDOR:
                return True
    return False


def sitios_de_registro(ruta: Path) -> list[tuple[int, str | None]]:
    """Registration call sites: `@x.tool`, `@x.tool(...)`, `x.tool(...)(f)`, `x.tool(f)`, `x.add_tool(...)`,
    `Tool(name=...)`; each with its line and the literal tool name when one is written."""
    modulo = _modulo_ast(ruta)
    if modulo is None:
        return []
    sitios: list[tuple[int, str | None]] = []
    decoradores: set[int] = set()
    for nodo in ast.walk(modulo):
        if isinstance(nodo, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in nodo.decorator_list:
                base = deco.func if isinstance(deco, ast.Call) else deco
                if isinstance(base, ast.Attribute) and base.attr == "tool":
                    decoradores.add(id(deco))
                    sitios.append((deco.lineno, _nombre_literal(deco) or nodo.name))
    internas = {id(n.func) for n in ast.walk(modulo) if isinstance(n, ast.Call) and isinstance(n.func, ast.Call)}
    for nodo in ast.walk(modulo):
        if not isinstance(nodo, ast.Call) or id(nodo) in decoradores:
            continue
        funcion = nodo.func
        if isinstance(funcion, ast.Call) and isinstance(funcion.func, ast.Attribute) and funcion.func.attr == "tool":
            sitios.append((nodo.lineno, _nombre_literal(funcion)))
        elif (isinstance(funcion, ast.Attribute) and funcion.attr == "tool" and id(nodo) not in internas
              and nodo.args and not isinstance(nodo.args[0], ast.Constant)):
            sitios.append((nodo.lineno, _nombre_literal(nodo)))  # fastmcp's mcp.tool(fn)
        elif isinstance(funcion, ast.Attribute) and funcion.attr == "add_tool":
            sitios.append((nodo.lineno, _nombre_literal(nodo)))
        elif _nombre_llamado(funcion) == "Tool" and any(k.arg == "name" for k in nodo.keywords):
            sitios.append((nodo.lineno, _nombre_literal(nodo)))
    return sorted(set(sitios), key=lambda s: (s[0], s[1] or ""))


def _nombre_literal(llamada: ast.expr) -> str | None:
    if not isinstance(llamada, ast.Call):
        return None
    for clave in llamada.keywords:
        if clave.arg == "name" and isinstance(clave.value, ast.Constant) and isinstance(clave.value.value, str):
            return clave.value.value
    if llamada.args and isinstance(llamada.args[0], ast.Constant) and isinstance(llamada.args[0].value, str):
        return llamada.args[0].value
    return None


def archivos_py(proyecto: Path, rutas: tuple[str, ...]) -> list[Path]:
    """The Python files the analyzer reads for PATHS `rutas` of `proyecto`."""
    archivos: list[Path] = []
    for rel in rutas:
        ruta = proyecto / rel
        if ruta.is_file():
            archivos.append(ruta)
        else:
            archivos += [p for p in sorted(ruta.rglob("*.py")) if not EXCLUIDOS & set(p.relative_to(ruta).parts)]
    return archivos


# -- cutting repositories into folders ------------------------------------------------------


def _rutas_de_codigo(carpeta: Path) -> tuple[str, ...]:
    """Top-level entries of `carpeta` holding Python code, except tests (what the analyzer reads)."""
    rutas = []
    for hijo in sorted(carpeta.iterdir()):
        if hijo.name.startswith(".") or hijo.name in EXCLUIDOS:
            continue
        if (hijo.is_file() and hijo.suffix == ".py") or (hijo.is_dir() and any(hijo.rglob("*.py"))):
            rutas.append(hijo.name)
    return tuple(rutas)


def _modulo_de(ruta: Path, raices: Iterable[Path]) -> str | None:
    for raiz in raices:
        try:
            partes = list(ruta.relative_to(raiz).with_suffix("").parts)
        except ValueError:
            continue
        if partes and partes[-1] == "__init__":
            partes.pop()
        if partes and all(p.isidentifier() for p in partes):
            return ".".join(partes)
    return None


def carpeta_paquete(arbol: Arbol, ruta: Path, entorno: Entorno) -> Carpeta:
    """A folder with a pyproject: its entry points are called, its server modules imported."""
    pyproject = tomllib.loads((ruta / "pyproject.toml").read_text(encoding="utf-8"))
    scripts = sorted(set(pyproject.get("project", {}).get("scripts", {}).values()))
    raices = [ruta / "src"] if (ruta / "src").is_dir() else [ruta]
    rutas = _rutas_de_codigo(ruta)
    pasos: list[dict[str, str]] = []
    for archivo in archivos_py(ruta, rutas):
        if archivo.name == "__main__.py" and scripts:
            continue
        modulo = _modulo_de(archivo, raices)
        if modulo and construye_servidor(archivo):
            pasos.append({"tipo": "modulo", "objetivo": modulo})
    pasos += [{"tipo": "script", "objetivo": s.split("[")[0].strip()} for s in scripts]
    return Carpeta(_nombre(arbol, ruta), arbol, ruta, ruta, rutas, entorno, tuple(map(str, raices)), tuple(pasos))


def _paso_principal(archivo: Path, raices: tuple[Path, ...]) -> dict[str, str]:
    """Run a file as `__main__`: as a module when it sits in a package under one of `raices`
    (so its relative imports work), else by path."""
    for raiz in raices:
        modulo = _modulo_de(archivo, (raiz,))
        paquetes = archivo.parents[:len(archivo.relative_to(raiz).parts) - 1] if modulo else ()
        if modulo and "." in modulo and all((p / "__init__.py").exists() for p in paquetes):
            return {"tipo": "modulo_main", "objetivo": modulo}
    return {"tipo": "archivo", "objetivo": str(archivo)}


def carpeta_directorio(arbol: Arbol, ruta: Path, entorno: Entorno, extra_path: tuple[Path, ...] = ()) -> Carpeta:
    """A folder without a pyproject: each file that builds a server is run as `__main__`."""
    rutas = _rutas_de_codigo(ruta)
    pasos = tuple(_paso_principal(a, extra_path) for a in archivos_py(ruta, rutas) if construye_servidor(a))
    sys_path = tuple(str(p) for p in (ruta, *extra_path))
    return Carpeta(_nombre(arbol, ruta), arbol, ruta, ruta, rutas, entorno, sys_path, pasos)


def carpeta_archivo(arbol: Arbol, ruta: Path, entorno: Entorno, extra_path: tuple[Path, ...] = ()) -> Carpeta:
    """A single-file server, run as `__main__`; the analyzer reads that file alone."""
    sys_path = tuple(str(p) for p in (ruta.parent, *extra_path))
    return Carpeta(_nombre(arbol, ruta), arbol, ruta, ruta.parent, (ruta.name,), entorno, sys_path,
                   ({"tipo": "archivo", "objetivo": str(ruta)},))


def _nombre(arbol: Arbol, ruta: Path) -> str:
    relativa = ruta.relative_to(arbol.raiz).as_posix()
    return arbol.repo.etiqueta if relativa == "." else f"{arbol.repo.etiqueta}/{relativa}"


def _con_pyproject(directorio: Path) -> list[Path]:
    return [d for d in sorted(directorio.iterdir()) if d.is_dir() and (d / "pyproject.toml").exists()]


def _awslabs(arbol: Arbol) -> list[Carpeta]:
    return [carpeta_paquete(arbol, d, Entorno(f"awslabs-{d.name}", carpeta=str(d)))
            for d in _con_pyproject(arbol.raiz / "src")]


def _servers(arbol: Arbol) -> list[Carpeta]:
    return [carpeta_paquete(arbol, d, Entorno(f"servers-{d.name}", carpeta=str(d)))
            for d in _con_pyproject(arbol.raiz / "src")]


def _sdk(arbol: Arbol) -> list[Carpeta]:
    mcp = MCP_2X if arbol.repo.etiqueta == "sdk-main" else MCP_1X
    ejemplos = arbol.raiz / "examples"
    compartido = Entorno(f"{arbol.repo.etiqueta}-ejemplos", requisitos=(mcp, *EXTRAS_EJEMPLOS), sin_fuentes=True)
    carpetas = [carpeta_paquete(arbol, d, Entorno(f"{arbol.repo.etiqueta}-{d.name}", carpeta=str(d), sin_fuentes=True,
                                                  restricciones=(mcp.replace("[cli]", ""),)))
                for d in _con_pyproject(ejemplos / "servers")]
    for sub in ("mcpserver", "fastmcp"):
        carpetas += [carpeta_archivo(arbol, f, compartido) for f in sorted((ejemplos / sub).glob("*.py"))]
    fragmentos = ejemplos / "snippets"
    for f in sorted((fragmentos / "servers").rglob("*.py")):
        if f.name != "__init__.py":
            carpetas.append(carpeta_archivo(arbol, f, compartido, (fragmentos,)))
    historias = ejemplos / "stories"
    if historias.is_dir():
        for d in sorted(historias.iterdir()):
            if d.is_dir() and any(d.glob("server*.py")):
                carpetas.append(carpeta_directorio(arbol, d, compartido, (ejemplos,)))
    return carpetas


def _fastmcp(arbol: Arbol) -> list[Carpeta]:
    version = arbol.descripcion.lstrip("v") or "0.0.0"
    variables = (("UV_DYNAMIC_VERSIONING_BYPASS", version),)
    arbol_sdk = str(arbol.raiz)
    compartido = Entorno("fastmcp-ejemplos", requisitos=(arbol_sdk, *EXTRAS_EJEMPLOS, *EXTRAS_FASTMCP),
                         variables=variables, sin_fuentes=True)
    ejemplos = arbol.raiz / "examples"
    carpetas = []
    for hijo in sorted(ejemplos.iterdir()):
        if hijo.is_file() and hijo.suffix == ".py":
            carpetas.append(carpeta_archivo(arbol, hijo, compartido))
        elif hijo.is_dir() and (hijo / "pyproject.toml").exists():
            propio = Entorno(f"fastmcp-{hijo.name}", requisitos=(arbol_sdk,), carpeta=str(hijo), variables=variables,
                             sin_fuentes=True)
            carpetas.append(carpeta_paquete(arbol, hijo, propio))
        elif hijo.is_dir() and any(hijo.rglob("*.py")):
            carpetas.append(carpeta_directorio(arbol, hijo, compartido))
    return carpetas


CORTES = {"awslabs": _awslabs, "sdk-main": _sdk, "sdk-v1": _sdk, "fastmcp": _fastmcp, "servers": _servers}


def _requisitos_ampliado(arbol: Arbol, requisitos: tuple[str, ...]) -> tuple[str, ...]:
    """`-r:<file>` -> a requirements file of the tree; `deps:<file>` -> a pyproject's dependencies."""
    salida: list[str] = []
    for requisito in requisitos:
        if requisito.startswith("-r:"):
            salida += ["-r", str(arbol.raiz / requisito[3:])]
        elif requisito.startswith("deps:"):
            proyecto = tomllib.loads((arbol.raiz / requisito[5:]).read_text(encoding="utf-8"))
            salida += proyecto.get("project", {}).get("dependencies", [])
        else:
            salida.append(requisito)
    return tuple(salida)


def _se_construye(ruta: Path) -> bool:
    """Whether uv builds the project of `ruta` (`uv sync` installs it): a [build-system] table, and no
    `tool.uv.package = false`; else uv treats it as an application and installs its dependencies only."""
    proyecto = tomllib.loads((ruta / "pyproject.toml").read_text(encoding="utf-8"))
    paquete = proyecto.get("tool", {}).get("uv", {}).get("package")
    return bool(paquete) if paquete is not None else "build-system" in proyecto


def sdk_importado(ruta: Path) -> str | None:
    """The `mcp` major a folder's code imports (`mcp.server.fastmcp` only exists in 1.x,
    `mcp.server.mcpserver` only in 2.x) as a requirement; None when it imports neither or both."""
    mayores = set()
    for archivo in archivos_py(ruta, _rutas_de_codigo(ruta)):
        try:
            arbol = ast.parse(archivo.read_bytes())
        except (SyntaxError, ValueError):
            continue
        for nodo in ast.walk(arbol):
            nombres = [a.name for a in nodo.names] if isinstance(nodo, ast.Import) else \
                [nodo.module or ""] if isinstance(nodo, ast.ImportFrom) and not nodo.level else []
            for nombre in nombres:
                if nombre == "mcp.server.fastmcp" or nombre.startswith("mcp.server.fastmcp."):
                    mayores.add("mcp<2")
                elif nombre == "mcp.server.mcpserver" or nombre.startswith("mcp.server.mcpserver."):
                    mayores.add("mcp>=2")
    return mayores.pop() if len(mayores) == 1 else None


def cortar_ampliado(arbol: Arbol) -> list[Carpeta]:
    """The folders of one repository of the extended corpus, as real_world_parts/ampliado.py lists them.
    A package folder with `src/` also has its root on the path: its modules import `src.x`, as
    running it from its root does."""
    entrada = next(e for e in CORPUS_AMPLIADO if e.repo == arbol.repo.etiqueta)
    carpetas = []
    for spec in entrada.carpetas:
        ruta = (arbol.raiz / spec.ruta).resolve() if spec.ruta != "." else arbol.raiz
        clave = "amp-" + entrada.espejo + ("" if spec.ruta == "." else "-" + spec.ruta.replace("/", "+"))
        sdk = sdk_importado(ruta)
        if spec.forma == "paquete":
            carpeta = carpeta_paquete(arbol, ruta, Entorno(clave, carpeta=str(ruta), excluir_posteriores=entrada.fecha,
                                                           solo_dependencias=not _se_construye(ruta), sdk=sdk))
            if (ruta / "src").is_dir():
                carpeta = dataclasses.replace(carpeta, sys_path=(*carpeta.sys_path, str(ruta)))
            carpetas.append(carpeta)
        else:
            entorno = Entorno(clave, requisitos=_requisitos_ampliado(arbol, spec.requisitos),
                              excluir_posteriores=entrada.fecha, sdk=sdk)
            carpetas.append(carpeta_directorio(arbol, ruta, entorno))
    return carpetas


def repositorios_ampliados(mitad: str | None) -> tuple[Repositorio, ...]:
    """The extended corpus's repositories (pinned to their recorded commits), of one half or both."""
    return tuple(Repositorio(e.repo, e.espejo, e.commit, mitad=e.mitad, tolerante=True, fecha=e.fecha)
                 for e in CORPUS_AMPLIADO if mitad in (None, e.mitad))


def es_servidor(carpeta: Carpeta) -> bool:
    """Whether a folder is a server at all: a project with a pyproject, or code that builds a server
    or registers a tool (a snippet that only configures auth, say, is not a row)."""
    if carpeta.ruta.is_dir() and (carpeta.ruta / "pyproject.toml").exists():
        return True
    return any(construye_servidor(a) or sitios_de_registro(a) for a in archivos_py(carpeta.proyecto, carpeta.rutas))


# -- venvs ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class EstadoEntorno:
    """A prepared venv: its python, whether installing worked, the tail of the log otherwise."""

    python: Path
    ok: bool
    error: str | None = None


def _uv(herramientas: Path) -> Path:
    """uv in a tools venv of the work directory (installed there with pip the first time)."""
    uv = herramientas / "bin" / "uv"
    if not uv.exists():
        subprocess.run([sys.executable, "-m", "venv", str(herramientas)], check=True)
        subprocess.run([str(herramientas / "bin" / "pip"), "install", "-q", "uv"], check=True)
    return uv


def _correr(orden: list[str], registro: list[str], entorno: dict[str, str] | None = None,
            cwd: Path | None = None) -> bool:
    proceso = subprocess.run(orden, capture_output=True, text=True, env=entorno, cwd=cwd, timeout=PLAZO_INSTALACION)
    registro.append(f"$ {' '.join(orden)}\n{proceso.stdout[-3000:]}{proceso.stderr[-6000:]}")
    return proceso.returncode == 0


def preparar_entorno(entorno: Entorno, trabajo: Path, python: str, reusar: bool) -> EstadoEntorno:
    """Create (or reuse) the venv of `entorno` under `<trabajo>/venvs/`."""
    destino = trabajo / "venvs" / entorno.clave
    interprete = destino / "bin" / "python"
    marca = destino / ".oracle-real-world.json"
    if interprete.exists() and marca.exists():
        estado = json.loads(marca.read_text(encoding="utf-8"))
        if reusar or estado.get("huella") == entorno.huella():
            return EstadoEntorno(interprete, estado["ok"], estado.get("error"))
    uv = str(_uv(trabajo / "tools"))
    variables = {**os.environ, **dict(entorno.variables)}
    variables.pop("VIRTUAL_ENV", None)
    registro: list[str] = []
    ok = _correr([uv, "venv", "-q", "--clear", "--python", python, str(destino)], registro, variables)
    instalar = [uv, "pip", "install", "-q", "--python", str(interprete), *(["--no-sources"] if entorno.sin_fuentes else [])]
    if entorno.restricciones:
        (destino / "restricciones.txt").write_text("\n".join(entorno.restricciones) + "\n", encoding="utf-8")
        instalar += ["-c", str(destino / "restricciones.txt")]
    if entorno.excluir_posteriores:
        instalar += ["--exclude-newer", entorno.excluir_posteriores]
    if entorno.sdk:
        (destino / "sdk.txt").write_text(entorno.sdk + "\n", encoding="utf-8")
        instalar += ["--exclude-newer-package", f"mcp={FECHA_SDK}", "-c", str(destino / "sdk.txt")]
    if ok and entorno.carpeta and entorno.solo_dependencias:
        bloqueo = destino / "lock-requirements.txt"
        if (Path(entorno.carpeta) / "uv.lock").exists():
            ok = (_correr([uv, "export", "-q", "--frozen", "--no-hashes", "--no-dev", "--no-emit-project",
                           "--directory", entorno.carpeta, "-o", str(bloqueo)], registro, variables)
                  and _correr([*instalar, "-r", str(bloqueo), *entorno.requisitos], registro, variables))
        else:
            proyecto = tomllib.loads((Path(entorno.carpeta) / "pyproject.toml").read_text(encoding="utf-8"))
            dependencias = proyecto.get("project", {}).get("dependencies", [])
            ok = _correr([*instalar, *dependencias, *entorno.requisitos], registro, variables) \
                if dependencias or entorno.requisitos else True
    elif ok and entorno.carpeta and (Path(entorno.carpeta) / "uv.lock").exists():
        bloqueo = destino / "lock-requirements.txt"
        ok_bloqueo = (_correr([uv, "export", "-q", "--frozen", "--no-hashes", "--no-dev", "--no-emit-project",
                               "--directory", entorno.carpeta, "-o", str(bloqueo)], registro, variables)
                      and _correr([*instalar, "-r", str(bloqueo), *entorno.requisitos], registro, variables)
                      and _correr([*instalar, "--no-deps", entorno.carpeta], registro, variables))
        ok = ok_bloqueo or _correr([*instalar, *entorno.requisitos, entorno.carpeta], registro, variables)
    elif ok:
        ok = _correr([*instalar, *entorno.requisitos, *([entorno.carpeta] if entorno.carpeta else [])],
                     registro, variables)
    (destino / "instalacion.log").write_text("\n".join(registro), encoding="utf-8")
    error = None if ok else registro[-1][-1500:]
    marca.write_text(json.dumps({"huella": entorno.huella(), "ok": ok, "error": error}), encoding="utf-8")
    return EstadoEntorno(interprete, ok, error)


# -- ground truth -----------------------------------------------------------------------------


def _huella_sonda(carpeta: Carpeta | None = None) -> str:
    """Digest of how ground truth is obtained: the probe, its environment and its budget."""
    partes = SONDA.read_bytes() + json.dumps([CREDENCIALES_FALSAS, AWS_FALSO, PLAZO_PASO], sort_keys=True).encode()
    if carpeta is not None and carpeta.mitad != "base":
        partes += json.dumps(CREDENCIALES_AMPLIADO, sort_keys=True).encode()
    return hashlib.sha256(partes).hexdigest()[:8]


def _archivo_verdad(carpeta: Carpeta, trabajo: Path) -> Path:
    """Where the folder's ground truth is cached: per folder, commit, probe and probe steps."""
    ranura = carpeta.nombre.replace("/", "__")
    pasos = hashlib.sha256(json.dumps([carpeta.sys_path, carpeta.pasos], sort_keys=True).encode()).hexdigest()[:8]
    return trabajo / "truth" / f"{ranura}-{carpeta.arbol.commit[:12]}-{_huella_sonda(carpeta)}-{pasos}.json"


def _relativo(archivo: str | None, carpeta: Carpeta) -> str | None:
    if not archivo:
        return None
    try:
        return Path(archivo).resolve().relative_to(carpeta.proyecto.resolve()).as_posix()
    except ValueError:
        return archivo


def sondear(carpeta: Carpeta, estado: EstadoEntorno, trabajo: Path, prefijo: list[str]) -> dict[str, Any]:
    """Run the probe for `carpeta` in its venv; the raw probe result plus how the run ended."""
    directorio = trabajo / "probe" / carpeta.nombre.replace("/", "__")
    shutil.rmtree(directorio, ignore_errors=True)
    (directorio / "home" / ".aws").mkdir(parents=True)
    for nombre, texto in AWS_FALSO.items():
        (directorio / "home" / ".aws" / nombre).write_text(texto, encoding="utf-8")
    spec = directorio / "spec.json"
    salida = directorio / "salida.json"
    spec.write_text(json.dumps({"sys_path": list(carpeta.sys_path), "pasos": list(carpeta.pasos),
                                "plazo": PLAZO_PASO}), encoding="utf-8")
    quitar = ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "AWS_PROFILE", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE")
    variables = {k: v for k, v in os.environ.items() if k not in quitar}
    variables.update(CREDENCIALES_FALSAS, HOME=str(directorio / "home"))
    if carpeta.mitad != "base":
        variables.update(CREDENCIALES_AMPLIADO)
    orden = [*prefijo, str(estado.python), str(SONDA), str(spec), str(salida)]
    fin = "ok"
    try:
        proceso = subprocess.run(orden, cwd=carpeta.proyecto, env=variables, stdin=subprocess.DEVNULL,
                                 capture_output=True, text=True, timeout=PLAZO_SONDA)
        if proceso.returncode != 0:
            fin = f"exit {proceso.returncode}: {proceso.stderr[-1500:]}"
    except subprocess.TimeoutExpired:
        fin = f"timeout after {PLAZO_SONDA} s"
    crudo = json.loads(salida.read_text(encoding="utf-8")) if salida.exists() else {}
    return {**crudo, "fin": fin}


def _dentro(archivo: str | None, ruta: Path) -> bool:
    """Whether a server instance was created in this folder's own code (not in a dependency that
    happens to build a server of its own, as awslabs servers importing other awslabs servers do)."""
    if not archivo:
        return False
    destino = Path(archivo).resolve()
    return destino == ruta.resolve() or ruta.resolve() in destino.parents


def verdad_de(carpeta: Carpeta, crudo: dict[str, Any] | None, error_entorno: str | None) -> dict[str, Any]:
    """What the probe learnt (cached): tools per name of the folder's own instances, and errors."""
    crudo = crudo or {}
    instancias = crudo.get("instancias", [])
    for instancia in instancias:
        instancia["propia"] = _dentro(instancia.get("archivo"), carpeta.ruta)
    herramientas: dict[str, dict[str, Any]] = {}
    for instancia in (i for i in instancias if i["propia"]):
        for h in instancia.get("herramientas", []):
            entrada = herramientas.setdefault(h["name"], {"nombre": h["name"], "variantes": []})
            entrada["variantes"].append({"inputSchema": h.get("inputSchema"), "outputSchema": h.get("outputSchema"),
                                         "archivo": _relativo(h.get("archivo"), carpeta), "linea": h.get("linea"),
                                         "via": instancia.get("via")})
    errores = [p["error"] for p in crudo.get("pasos", []) if p.get("error")]
    errores += [i["error_listado"] for i in instancias if i.get("error_listado")]
    familias = sorted({i["familia"] for i in instancias if i["propia"]})
    return {
        "familia": "+".join(familias) or "?",
        "versiones": crudo.get("versiones", {}),
        "instancias": [{k: v for k, v in i.items() if k != "herramientas"} | {"herramientas": len(i.get("herramientas", []))}
                       for i in instancias],
        "herramientas": herramientas,
        "errores": ([error_entorno] if error_entorno else []) + errores,
        "fin": crudo.get("fin"),
        "llamadas_bloqueadas": crudo.get("llamadas_bloqueadas", 0),
        "pasos": [p["paso"] for p in crudo.get("pasos", [])],
    }


def completar_verdad(carpeta: Carpeta, verdad: dict[str, Any]) -> dict[str, Any]:
    """Add what is read statically on every run (so it never goes stale in the cache): the
    registration sites, and whether the truth is dynamic (some own instance answered tools/list,
    with tools, or with none where no registration site exists either) or a static count."""
    sitios = {a.relative_to(carpeta.proyecto).as_posix(): sitios_de_registro(a) for a in archivos_py(carpeta.proyecto, carpeta.rutas)}
    sitios = {a: s for a, s in sitios.items() if s}
    estatico = sum(len(s) for s in sitios.values())
    listada = any(i.get("propia") and i.get("via") for i in verdad["instancias"])
    dinamica = listada and (bool(verdad["herramientas"]) or not estatico)
    servidores = {_relativo(i["archivo"], carpeta) for i in verdad["instancias"] if i.get("propia")}
    return {**verdad, "fuente": "dynamic" if dinamica else "static", "estatico": estatico,
            "sitios_estaticos": sitios, "archivos_servidor": sorted(a for a in servidores if a)}


# -- the analyzer ---------------------------------------------------------------------------


def correr_medido(orden: list[str], cwd: Path, plazo: float) -> tuple[subprocess.CompletedProcess[str], float, int, float]:
    """Run `orden` capturing its output (text); its wall seconds, peak RSS (KiB) and CPU seconds, by `os.wait4`.

    It runs under real_world_parts/lanzador.py, which times it and reaps it with `os.wait4` (a
    child spawned from this process would count this process's memory in its `ru_maxrss`). The
    pipes are read by threads (output can be megabytes). Past `plazo` seconds the launcher is killed
    (the command dies with it) and TimeoutExpired raised, as `subprocess.run` does."""
    salidas: dict[str, str] = {}

    def leer(nombre: str, flujo: Any) -> None:
        salidas[nombre] = flujo.read()

    with tempfile.TemporaryDirectory(prefix="oracle-rw-") as temporal:
        medida = Path(temporal) / "medida.json"
        proceso = subprocess.Popen([sys.executable, str(LANZADOR), str(medida), *orden], cwd=cwd,
                                   stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lectores = [threading.Thread(target=leer, args=(n, f), daemon=True)
                    for n, f in (("stdout", proceso.stdout), ("stderr", proceso.stderr))]
        for lector in lectores:
            lector.start()
        try:
            proceso.wait(timeout=plazo)
            vencido = False
        except subprocess.TimeoutExpired:
            proceso.kill()
            proceso.wait()
            vencido = True
        limite = time.monotonic() + 10  # a killed run's workers may still hold the pipes open
        for lector in lectores:
            lector.join(timeout=max(0.0, limite - time.monotonic()) if vencido else None)
        for lector, flujo in zip(lectores, (proceso.stdout, proceso.stderr)):
            if not lector.is_alive():  # closing a pipe a thread still reads would wait for that read
                flujo.close()
        if vencido:
            raise subprocess.TimeoutExpired(orden, plazo, salidas.get("stdout"), salidas.get("stderr"))
        if proceso.returncode != 0 or not medida.exists():
            raise RuntimeError(f"launcher exit {proceso.returncode} for {orden}: {salidas.get('stderr', '')[-1500:]}")
        datos = json.loads(medida.read_text(encoding="utf-8"))
    hecho = subprocess.CompletedProcess(orden, datos["exit"], salidas["stdout"], salidas["stderr"])
    return hecho, datos["segundos"], datos["pico_rss_kib"], datos["cpu_s"]


# A folder whose first floor process (or, without one, first analyzer run) is shorter than CORTA seconds
# gets at least RONDAS_CORTAS timed runs per side: on a shared virtual machine one small run was
# measured anywhere from 0.27 to 0.43 s, a spread larger than the margin a 2x target leaves a 0.2 s
# floor, and five samples cost a few seconds. The floor decides, not the analyzer's own first sample,
# which a slow moment would push over the line (aws-for-sap-management: 1.29 s once, 0.84 s as best of 5).
CORTA = 1.0
RONDAS_CORTAS = 5


def analizar(carpeta: Carpeta, oracle_lint: str, candado: threading.Lock, rondas: int = 1,
             venv: Path | None = None, piso: Callable[[], dict[str, Any]] | None = None) -> dict[str, Any]:
    """`evidence` and `check --format json` over the folder (run from it); the relations used and the
    findings; the cold cost of `evidence`.

    The folder is configured as a user adopting oracle-lint would: an `oracle.json` with `paths` =
    its code entries (written for these two runs, then removed), so the rest of the folder (tests,
    scripts) is read only where the code imports it, and `venv` = the folder's venv when it has one
    (the types its tools take from installed packages are read there). A folder that configures oracle-lint itself is
    given the entries as PATHS instead. `candado`: held by one row of a project at a time (single-file
    rows of one examples directory share it and its `oracle.json`). `evidence` runs `rondas` times: the
    cold figure is the best of them, the peak RSS the largest, and evidence that differs between two
    runs is an analyzer error (it must be deterministic); a folder whose first floor is shorter than
    CORTA seconds runs at least RONDAS_CORTAS times. `piso`: one floor process, run just before
    each `evidence` run (`pisos`), so that both sides of a ratio are taken under the same load."""
    with candado:
        return _analizar(carpeta, oracle_lint, rondas, venv, piso)


@contextlib.contextmanager
def configuracion_de_corrida(proyecto: Path, rutas: Iterable[str], venv: Path | None = None) -> Iterator[None]:
    """An `oracle.json` naming `rutas` (and the venv) in a folder without a configuration of its own, for
    one run: a user adopting oracle-lint there would write it; removed after, whatever happens."""
    config = proyecto / "oracle.json"
    config.write_text(json.dumps({"paths": list(rutas), **({"venv": str(venv)} if venv else {})}), encoding="utf-8")
    try:
        yield
    finally:
        config.unlink()


def _analizar(carpeta: Carpeta, oracle_lint: str, rondas: int, venv: Path | None,
              piso: Callable[[], dict[str, Any]] | None = None) -> dict[str, Any]:
    propia = configurada(carpeta.proyecto)
    base = ["--no-cache", "--project", str(carpeta.proyecto), *(carpeta.rutas if propia else ())]
    with contextlib.nullcontext() if propia else configuracion_de_corrida(carpeta.proyecto, carpeta.rutas, venv):
        corridas, pisos = [], []
        vueltas = max(1, rondas)
        while len(corridas) < vueltas:
            if piso is not None:
                pisos.append(piso())
            corridas.append(correr_medido([oracle_lint, "evidence", *base], carpeta.proyecto, PLAZO_ANALIZADOR))
            corto = pisos[0].get("proceso", CORTA) if pisos and "error" not in pisos[0] else corridas[0][1]
            if len(corridas) == 1 and corto < CORTA:
                vueltas = max(vueltas, RONDAS_CORTAS)  # a small folder: more samples per side, cheap
        evidencia = corridas[0][0]
        segundos, pico, cpu = min(c[1] for c in corridas), max(c[2] for c in corridas), min(c[3] for c in corridas)
        distintas = [n for n, c in enumerate(corridas) if (c[0].returncode, c[0].stdout) != (evidencia.returncode, evidencia.stdout)]
        chequeo = subprocess.run([oracle_lint, "check", "--format", "json", *base], capture_output=True, text=True,
                                 cwd=carpeta.proyecto, timeout=PLAZO_ANALIZADOR)
    resultado: dict[str, Any] = {"evidence_exit": evidencia.returncode, "check_exit": chequeo.returncode,
                                 "herramienta": [], "no_resuelto": [], "esquema": [], "findings": [], "errores": [],
                                 "frio": {"segundos": segundos, "pico_rss_kib": pico, "cpu_s": cpu}, "pisos": pisos}
    if evidencia.returncode == 0:
        relaciones = json.loads(evidencia.stdout)
        for relacion in ("herramienta", "no_resuelto", "esquema"):
            resultado[relacion] = relaciones.get(relacion, [])
    else:
        resultado["errores"].append(f"evidence exit {evidencia.returncode}: {evidencia.stderr[-1500:]}")
    if distintas:
        resultado["errores"].append(f"evidence differs between runs 1 and {distintas[0] + 1} of the same tree")
    if chequeo.returncode in (0, 1):
        resultado["findings"] = json.loads(chequeo.stdout).get("findings", [])
    else:
        resultado["errores"].append(f"check exit {chequeo.returncode}: {chequeo.stderr[-1500:]}")
    return resultado


# Run as `python -P -c` (no working directory on sys.path), the files (a JSON list) on stdin: the
# libcst parse loop alone, timed.
PISO_PARSEO = """
import json, sys, time
inicio = time.perf_counter()
import libcst
importacion = time.perf_counter() - inicio
textos, omitidos = [], 0
for ruta in json.load(sys.stdin):
    try:
        with open(ruta, "rb") as f:
            textos.append(f.read().decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        omitidos += 1
fallidos = 0
inicio = time.perf_counter()
for texto in textos:
    try:
        libcst.parse_module(texto)
    except Exception:
        fallidos += 1
segundos = time.perf_counter() - inicio
print(json.dumps({"segundos": segundos, "archivos": len(textos) - fallidos, "fallidos": fallidos,
                  "omitidos": omitidos, "bytes": sum(len(t.encode("utf-8")) for t in textos),
                  "importacion_libcst": importacion, "cpu_proceso": time.process_time()}))
"""


def piso_parseo(archivos: list[Path], rondas: int = 1) -> dict[str, Any] | None:
    """The libcst parse-only floor of a folder's files, in a process of its own (None: no Python files):
    the best of `rondas` processes, each figure (parse loop, whole process) its own best."""
    if not archivos:
        return None
    return mejor_piso([_piso_una_vez(archivos) for _ in range(max(1, rondas))])


def mejor_piso(pisos: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The best of several floor processes, each figure its own best; the first error if any failed."""
    if not pisos:
        return None
    if any("error" in p for p in pisos):
        return next(p for p in pisos if "error" in p)
    return {**pisos[0], **{k: min(p[k] for p in pisos) for k in ("segundos", "importacion_libcst", "proceso", "cpu_proceso")}}


def _piso_una_vez(archivos: list[Path]) -> dict[str, Any]:
    try:
        inicio = time.perf_counter()
        proceso = subprocess.run([sys.executable, "-P", "-c", PISO_PARSEO], input=json.dumps([str(a) for a in archivos]),
                                 capture_output=True, text=True, timeout=PLAZO_ANALIZADOR)
        de_proceso = time.perf_counter() - inicio
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {PLAZO_ANALIZADOR} s"}
    if proceso.returncode != 0:
        return {"error": f"exit {proceso.returncode}: {proceso.stderr[-1500:]}"}
    # `proceso`: the whole process's wall seconds (interpreter, `import libcst`, reading, parsing), the
    # least any libcst-based command pays on these files
    piso = {**json.loads(proceso.stdout), "proceso": de_proceso}
    return piso if piso["archivos"] else {**piso, "error": "no file parsed"}


def rendimiento(archivos: int, frio: dict[str, Any], piso: dict[str, Any] | None) -> dict[str, Any]:
    """Files, cold seconds, peak RSS, floor and their ratio of one folder (floor and ratio None when n/a)."""
    segundos_piso = piso["segundos"] if piso and "error" not in piso else None
    proceso = piso.get("proceso") if piso and "error" not in piso else None
    cpu_piso = piso.get("cpu_proceso") if piso and "error" not in piso else None
    return {"archivos": archivos, "frio_s": frio["segundos"], "pico_rss_mib": frio["pico_rss_kib"] / 1024,
            "piso_s": segundos_piso, "razon": frio["segundos"] / segundos_piso if segundos_piso else None,
            "piso_proceso_s": proceso, "razon_proceso": frio["segundos"] / proceso if proceso else None,
            "cpu_s": frio["cpu_s"], "piso_cpu_s": cpu_piso, "razon_cpu": frio["cpu_s"] / cpu_piso if cpu_piso else None,
            "piso": piso}


def comprobar_prefiltro(carpeta: Carpeta) -> dict[str, Any]:
    """`extraer` with and without the pre-filter over the folder's files (real_world_parts/preseleccion.py)."""
    archivos = [str(a) for a in archivos_py(carpeta.proyecto, carpeta.rutas)]
    try:
        proceso = subprocess.run([sys.executable, str(PRESELECCION), str(carpeta.proyecto)], input=json.dumps(archivos),
                                 capture_output=True, text=True, cwd=carpeta.proyecto, timeout=PLAZO_PRESELECCION)
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {PLAZO_PRESELECCION} s"}
    if proceso.returncode != 0:
        return {"error": f"exit {proceso.returncode}: {proceso.stderr[-1500:]}"}
    return json.loads(proceso.stdout)


# -- comparing ------------------------------------------------------------------------------


def _resolver(esquema: Any, raiz: dict[str, Any]) -> Any:
    """Follow local `$ref`s (bounded) to the node they name."""
    for _ in range(8):
        if not (isinstance(esquema, dict) and isinstance(esquema.get("$ref"), str) and esquema["$ref"].startswith("#")):
            return esquema
        nodo: Any = raiz
        for parte in esquema["$ref"][1:].split("/")[1:]:
            parte = parte.replace("~1", "/").replace("~0", "~")
            nodo = nodo.get(parte) if isinstance(nodo, dict) else None
        if nodo is None:
            return esquema
        esquema = nodo
    return esquema


def _ramas(nodo: Any) -> int:
    if not isinstance(nodo, dict):
        return 0
    return len(nodo.get("anyOf", [])) + len(nodo.get("oneOf", []))


def forma_salida(esquema: dict[str, Any] | None) -> dict[str, Any] | None:
    """What the comparison reads from an output schema (titles and descriptions ignored)."""
    if esquema is None:
        return None
    raiz = _resolver(esquema, esquema)
    propiedades = raiz.get("properties", {}) if isinstance(raiz, dict) else {}
    return {
        "claves": sorted(propiedades),
        "estricta": isinstance(raiz, dict) and raiz.get("additionalProperties") is False,
        "envuelta": sorted(propiedades) == ["result"] or bool(isinstance(raiz, dict) and raiz.get("x-fastmcp-wrap-result")),
        "ramas_raiz": _ramas(raiz),
        "ramas_propiedad": {k: _ramas(_resolver(v, esquema)) for k, v in sorted(propiedades.items())},
    }


def forma_entrada(esquema: dict[str, Any] | None) -> dict[str, Any] | None:
    """Top-level keys and `required` of an input schema."""
    if esquema is None:
        return None
    raiz = _resolver(esquema, esquema)
    return {"claves": sorted(raiz.get("properties", {})), "requeridas": sorted(raiz.get("required", []))}


def diferencias(verdad: dict[str, Any], herramienta: dict[str, Any], esquemas: dict[str, Any]) -> list[str]:
    """What disagrees between one truth variant and what the analyzer believes is published."""
    difs = []
    salida_analizador = esquemas.get("salida")
    tiene_salida = herramienta.get("esquema_salida") not in ("ninguno", None)
    if (verdad["outputSchema"] is not None) != tiene_salida:
        difs.append(f"output schema: truth {'has one' if verdad['outputSchema'] is not None else 'none'}, "
                    f"analyzer {herramienta.get('esquema_salida')}")
    elif verdad["outputSchema"] is not None:
        if salida_analizador is None:
            difs.append(f"output schema not read by the analyzer ({herramienta.get('esquema_salida')})")
        else:
            a, b = forma_salida(verdad["outputSchema"]), forma_salida(salida_analizador)
            difs += [f"output {k}: truth {a[k]!r} analyzer {b[k]!r}" for k in a if a[k] != b[k]]
    entrada_analizador = esquemas.get("entrada")
    if entrada_analizador is not None and verdad["inputSchema"] is not None:
        a, b = forma_entrada(verdad["inputSchema"]), forma_entrada(entrada_analizador)
        difs += [f"input {k}: truth {a[k]!r} analyzer {b[k]!r}" for k in a if a[k] != b[k]]
    elif herramienta.get("esquema_entrada") == "no_resuelto":
        difs.append("input schema not read by the analyzer")
    return difs


def _patron(nombre: str) -> "re.Pattern[str]":
    """A computed name as a pattern: each `{...}` stands for some text."""
    return re.compile(".+".join(re.escape(p) for p in re.split(r"\{[^{}]*\}", nombre)), re.DOTALL)


def _motivo_de_registro(motivo: str) -> bool:
    """An unnamed no_resuelto row that speaks of registration (not of a `complete` value)."""
    return "`complete`" not in motivo


def comparar(carpeta: Carpeta, verdad: dict[str, Any], analisis: dict[str, Any]) -> dict[str, Any]:
    """Found / reported / silent / extra, schema agreement and findings for one folder."""
    filas = analisis["herramienta"]
    por_nombre: dict[str, list[dict[str, Any]]] = {}
    distinguidas: dict[str, str] = {}  # `name (file:line)` -> name: a name two registrations share
    for fila in filas:
        por_nombre.setdefault(fila["herramienta"], []).append(fila)
        sitio = f" ({fila['archivo']}:{fila['linea']})"
        if fila["herramienta"].endswith(sitio):
            distinguidas[fila["herramienta"]] = fila["herramienta"][:-len(sitio)]
            por_nombre.setdefault(fila["herramienta"][:-len(sitio)], []).append(fila)
    esquemas: dict[str, dict[str, Any]] = {}
    for fila in analisis["esquema"]:
        esquemas.setdefault(fila["herramienta"], {}).setdefault(fila["lado"], json.loads(fila["contenido"]))
    dinamica = verdad["fuente"] == "dynamic"
    nombres_verdad = set(verdad["herramientas"]) if dinamica else set()
    sin_salida = {n for n, h in verdad["herramientas"].items() if all(v["outputSchema"] is None for v in h["variantes"])}
    nombrados: dict[str, dict[str, Any]] = {}
    sin_nombre: dict[str, dict[str, Any]] = {}
    for f in analisis["no_resuelto"]:
        if f.get("herramienta"):
            nombrados.setdefault(f["herramienta"], f)
        elif _motivo_de_registro(f["motivo"]):
            sin_nombre.setdefault(f["archivo"], f)
    archivos_registro = set(verdad["sitios_estaticos"]) | set(verdad["archivos_servidor"])
    # a name computed in part (`{prefix}read_graph`) is the live name its literal parts match, as
    # `check --probe` reconciles it; a name computed whole (`{name}`) stands for no name in particular
    patrones = {n: _patron(n) for n in por_nombre if "{" in n and re.sub(r"\{[^{}]*\}", "", n)}
    por_patron = {}
    for nombre in sorted(nombres_verdad - set(por_nombre)):
        calzan = [n for n, p in patrones.items() if p.fullmatch(nombre)]
        if calzan:
            por_patron[nombre] = calzan[0]
            por_nombre[nombre] = por_nombre[calzan[0]]
            esquemas.setdefault(nombre, esquemas.get(calzan[0], {}))
    enteras = [f for n, fs in por_nombre.items() if re.fullmatch(r"\{[^{}]*\}", n) for f in fs]
    encontradas = sorted(nombres_verdad & set(por_nombre))
    reportadas, silenciosas, reportadas_por = [], [], {}
    for nombre in sorted(nombres_verdad - set(por_nombre)):
        archivos = archivos_registro | {v["archivo"] for v in verdad["herramientas"][nombre]["variantes"] if v["archivo"]}
        fila = nombrados.get(nombre) or next((sin_nombre[a] for a in sorted(archivos & set(sin_nombre))), None) \
            or next(({**f, "motivo": f"judged as `{f['herramienta']}`, a name computed whole"} for f in enteras
                     if f["archivo"] in archivos), None)
        if fila is None:
            silenciosas.append(nombre)
        else:
            reportadas.append(nombre)
            reportadas_por[nombre] = f"{fila['archivo']}:{fila['linea']} {fila['motivo']}"
    acuerdo, no_leidas, desacuerdos = 0, 0, {}
    for nombre in encontradas:
        opciones = [diferencias(v, f, esquemas.get(f["herramienta"], esquemas.get(nombre, {})))
                    for v in verdad["herramientas"][nombre]["variantes"] for f in por_nombre[nombre]]
        mejor = min(opciones, key=len)
        if not mejor:
            acuerdo += 1
            continue
        desacuerdos[nombre] = mejor
        no_leidas += all("not read" in d for d in mejor)
    hallazgos = analisis["findings"]
    # keyed by file too: two tools of one name in two files (a story's server.py and
    # server_lowlevel.py) are two tools
    # contrato.clave_no_declarada is one finding per tool and key: its message names the key
    raiz = Counter((f.get("tool"), f["rule"], f.get("path"), f["message"] if f["rule"] == REGLA_CLAVE else None)
                   for f in hallazgos if f["rule"].startswith(REGLAS_RAIZ_PREFIJO) or f["rule"] == REGLA_CLAVE)
    verdad_total = len(nombres_verdad) if dinamica else verdad["estatico"]
    return {
        "verdad": verdad_total,
        "encontradas": encontradas if dinamica else [],
        "reportadas": reportadas,
        "reportadas_por": reportadas_por,  # the no_resuelto row that covers each reported tool
        "silenciosas": silenciosas,
        "silenciosas_manejador": {n: sorted({f"{v['archivo']}:{v['linea']}" for v in verdad["herramientas"][n]["variantes"]
                                             if v["archivo"]}) for n in silenciosas},
        "por_patron": por_patron,  # truth names found under a computed name's pattern
        "extra": sorted({distinguidas.get(n, n) for n in por_nombre} - nombres_verdad - set(por_patron.values()))
        if dinamica else [],
        # unnamed rows at registration sites that do not say how many registrations they stand for
        "sin_cuenta": sorted(f"{f['archivo']}:{f['linea']} {f['motivo']}" for f in analisis["no_resuelto"]
                             if not f.get("herramienta") and _motivo_de_registro(f["motivo"])
                             and "; it stands for " not in f["motivo"]),
        "analizador_herramientas": len(filas),
        "acuerdo_esquema": acuerdo,
        "esquema_no_leido": no_leidas,  # disagreements that are only "the analyzer could not read it"
        "desacuerdos": desacuerdos,
        "hallazgos_por_regla": dict(sorted(Counter(f["rule"] for f in hallazgos).items())),
        "hallazgos_sin_salida": [f for f in hallazgos if f.get("tool") in sin_salida and f["rule"] != REGLA_NO_RESUELTO
                                 and f["rule"] not in REGLAS_DE_ENTRADA],
        "raiz_repetida": {f"{t} {r} {a}" + (f" {k}" if k else ""): n for (t, r, a, k), n in sorted(raiz.items(), key=str) if n > 1},
    }


# -- one folder, end to end -------------------------------------------------------------------


def verdad_carpeta(carpeta: Carpeta, trabajo: Path, estados: dict[str, EstadoEntorno],
                   prefijo: list[str]) -> dict[str, Any]:
    """The folder's ground truth: from the cache, or probed in its venv (and cached); completed with
    what is read statically on every run."""
    cache = _archivo_verdad(carpeta, trabajo)
    if cache.exists():
        verdad = json.loads(cache.read_text(encoding="utf-8"))
    else:
        estado = estados[carpeta.entorno.clave]
        crudo = sondear(carpeta, estado, trabajo, prefijo)
        verdad = verdad_de(carpeta, crudo, None if estado.ok else f"install failed: {estado.error}")
        cache.parent.mkdir(parents=True, exist_ok=True)
        cache.write_text(json.dumps(verdad, indent=1, sort_keys=True), encoding="utf-8")
    return completar_verdad(carpeta, verdad)


def fila_verdad(carpeta: Carpeta, trabajo: Path, estados: dict[str, EstadoEntorno],
                prefijo: list[str]) -> dict[str, Any]:
    """One folder's ground truth alone (`--truth-only`: the analyzer is not run)."""
    verdad = verdad_carpeta(carpeta, trabajo, estados, prefijo)
    return {"carpeta": carpeta.nombre, "repo": carpeta.arbol.repo.etiqueta, "mitad": carpeta.mitad,
            "proyecto": str(carpeta.proyecto), "rutas": list(carpeta.rutas), "entorno": carpeta.entorno.clave,
            "verdad": verdad}


def totales_verdad(filas: list[dict[str, Any]]) -> dict[str, Any]:
    """Ground-truth totals: folders (dynamic / static), tools listed, registration sites counted statically."""
    dinamicas = [f for f in filas if f["verdad"]["fuente"] == "dynamic"]
    return {"carpetas": len(filas), "carpetas_dinamicas": len(dinamicas),
            "carpetas_estaticas": len(filas) - len(dinamicas),
            "verdad_dinamica": sum(len(f["verdad"]["herramientas"]) for f in dinamicas),
            "verdad_estatica": sum(f["verdad"]["estatico"] for f in filas if f["verdad"]["fuente"] == "static")}


def por_mitad(filas: list[dict[str, Any]], sumar: Any) -> dict[str, Any]:
    """`sumar` over each half present (base, desarrollo, medida), in that order."""
    orden = ["base", *MITADES]
    return {m: sumar([f for f in filas if f["mitad"] == m]) for m in orden if any(f["mitad"] == m for f in filas)}


def _primer_error(verdad: dict[str, Any]) -> str:
    errores = verdad.get("errores") or []
    if not errores:
        return ""
    return " ".join(str(errores[0]).split())[:150]


def imprimir_verdad(filas: list[dict[str, Any]], cuenta: dict[str, Any]) -> None:
    """The ground truth per folder (`--truth-only`) and its totals per half."""
    cabecera = f"{'folder':<64} {'half':<10} {'family':<16} {'truth':<7} {'tools':>5} {'static':>6} first error"
    print(cabecera)
    print("-" * len(cabecera))
    for f in filas:
        v = f["verdad"]
        print(f"{f['carpeta'][:64]:<64} {f['mitad']:<10} {v['familia'][:16]:<16} {v['fuente']:<7} "
              f"{len(v['herramientas']):>5} {v['estatico']:>6} {_primer_error(v)}")
    print()
    for mitad, t in [*cuenta["por_mitad"].items(), ("all", cuenta)]:
        print(f"{mitad:<10} folders {t['carpetas']} ({t['carpetas_dinamicas']} dynamic, {t['carpetas_estaticas']} static)"
              f"  truth tools (dynamic) {t['verdad_dinamica']}  static sites {t['verdad_estatica']}")


def markdown_verdad(filas: list[dict[str, Any]], cuenta: dict[str, Any]) -> str:
    """`--truth-only` as Markdown: totals per half, then one line per folder."""
    lineas = ["| half | folders (dynamic / static) | truth tools, dynamic | static sites |", "|---|---|---|---|"]
    for mitad, t in [*cuenta["por_mitad"].items(), ("all", cuenta)]:
        lineas.append(f"| {mitad} | {t['carpetas']} ({t['carpetas_dinamicas']} / {t['carpetas_estaticas']}) | "
                      f"{t['verdad_dinamica']} | {t['verdad_estatica']} |")
    lineas += ["", "| folder | half | family | truth | tools | static sites | first error |", "|---|---|---|---|---|---|---|"]
    for f in filas:
        v = f["verdad"]
        lineas.append(f"| {f['carpeta']} | {f['mitad']} | {v['familia']} | {v['fuente']} | {len(v['herramientas'])} | "
                      f"{v['estatico']} | {_primer_error(v).replace('|', '/')} |")
    return "\n".join(lineas) + "\n"


def medir_carpeta(carpeta: Carpeta, trabajo: Path, estados: dict[str, EstadoEntorno], oracle_lint: str,
                  prefijo: list[str], candado: threading.Lock, con_prefiltro: bool = False,
                  rondas: int = 1) -> dict[str, Any]:
    """Analyzer (and its cost), ground truth (cached), comparison, for one folder; the pre-filter
    check too when asked. `candado`: the folder's project's (`analizar`); `rondas`: timed runs of
    the analyzer and of the floor, each side's best kept."""
    venv = trabajo / "venvs" / carpeta.entorno.clave
    archivos = archivos_py(carpeta.proyecto, carpeta.rutas)
    analisis = analizar(carpeta, oracle_lint, candado, rondas, venv if (venv / "pyvenv.cfg").exists() else None,
                        (lambda: _piso_una_vez(archivos)) if archivos else None)
    coste = rendimiento(len(archivos), analisis["frio"], mejor_piso(analisis["pisos"]))
    verdad = verdad_carpeta(carpeta, trabajo, estados, prefijo)
    fila = {"carpeta": carpeta.nombre, "repo": carpeta.arbol.repo.etiqueta, "mitad": carpeta.mitad,
            "proyecto": str(carpeta.proyecto), "rutas": list(carpeta.rutas), "entorno": carpeta.entorno.clave,
            "verdad": verdad,
            "analisis": {k: v for k, v in analisis.items() if k not in ("esquema", "frio", "pisos")},
            "comparacion": comparar(carpeta, verdad, analisis), "rendimiento": coste}
    if con_prefiltro:
        fila["preseleccion"] = comprobar_prefiltro(carpeta)
    return fila


# -- printing -------------------------------------------------------------------------------


def _porcentaje(a: int, b: int) -> str:
    return f"{100 * a / b:5.1f} %" if b else "   n/a"


def reglas_del_codigo() -> list[str]:
    """The shipped contract and analysis rules a `check` of source judges (those that need only the
    analyzer's relations and the lists): the totals name each, with 0 when it found nothing, so a rule
    that finds nothing in the corpus says so instead of being absent."""
    from oracle_lint.linter.extraccion.salida import RELACIONES

    reglas = []
    for archivo in ("contrato.toml", "analisis.toml"):
        datos = tomllib.loads((AQUI.parent / "rules" / archivo).read_text(encoding="utf-8"))
        reglas += [m["id"] for m in datos.get("medida", []) if set(m.get("requiere", [])) <= {*RELACIONES, "lista"}]
    return sorted(reglas)


def totales(filas: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals over all folders and the issue's targets."""
    c = [f["comparacion"] for f in filas]
    dinamicas = [f for f in filas if f["verdad"]["fuente"] == "dynamic"]
    verdad_dinamica = sum(f["comparacion"]["verdad"] for f in dinamicas)
    encontradas = sum(len(x["encontradas"]) for x in c)
    acuerdo = sum(x["acuerdo_esquema"] for x in c)
    hallazgos: Counter[str] = Counter({r: 0 for r in reglas_del_codigo()})
    for x in c:
        hallazgos.update(x["hallazgos_por_regla"])
    return {
        "carpetas": len(filas), "carpetas_dinamicas": len(dinamicas), "carpetas_estaticas": len(filas) - len(dinamicas),
        "verdad_dinamica": verdad_dinamica,
        "verdad_estatica": sum(f["comparacion"]["verdad"] for f in filas if f["verdad"]["fuente"] == "static"),
        "encontradas": encontradas, "reportadas": sum(len(x["reportadas"]) for x in c),
        "silenciosas": sum(len(x["silenciosas"]) for x in c), "extra": sum(len(x["extra"]) for x in c),
        "acuerdo_esquema": acuerdo, "esquema_no_leido": sum(x["esquema_no_leido"] for x in c),
        "hallazgos_por_regla": dict(sorted(hallazgos.items())),
        "hallazgos_sin_salida": sum(len(x["hallazgos_sin_salida"]) for x in c),
        "hallazgos_sin_salida_por_regla": dict(sorted(Counter(h["rule"] for x in c for h in x["hallazgos_sin_salida"]).items())),
        "raiz_repetida": sum(len(x["raiz_repetida"]) for x in c),
        "sin_cuenta": sum(len(x.get("sin_cuenta", [])) for x in c),
        "sin_respuesta": sum(_sin_respuesta(f) for f in filas),
        "errores_analizador": sum(len(f["analisis"]["errores"]) for f in filas),
        "rendimiento": totales_rendimiento(filas),
        **({"preseleccion": totales_preseleccion(filas)} if any("preseleccion" in f for f in filas) else {}),
    }


def _sin_respuesta(fila: dict[str, Any]) -> bool:
    """A folder the analyzer gave no answer for: a crash, a timeout, or a file's budget run out."""
    agotado = any("(the budget)" in f["motivo"] or "longer than its budget" in f["motivo"]
                  for f in fila["analisis"]["no_resuelto"])
    return bool(fila["analisis"]["errores"]) or agotado


def totales_rendimiento(filas: list[dict[str, Any]]) -> dict[str, Any]:
    """Sums of cold and floor seconds, the ratio of the sums, the max peak RSS and the worst ratio."""
    costes = [(f["carpeta"], f["rendimiento"]) for f in filas]
    con_piso = [(n, r) for n, r in costes if r["razon"] is not None]
    frio_con_piso, piso = sum(r["frio_s"] for _, r in con_piso), sum(r["piso_s"] for _, r in con_piso)
    pico = max(costes, key=lambda c: c[1]["pico_rss_mib"], default=None)
    peor = max(con_piso, key=lambda c: c[1]["razon"], default=None)
    con_proceso = [(n, r) for n, r in costes if r.get("razon_proceso") is not None]
    peor_proceso = max(con_proceso, key=lambda c: c[1]["razon_proceso"], default=None)
    con_cpu = [(n, r) for n, r in costes if r.get("razon_cpu") is not None]
    peor_cpu = max(con_cpu, key=lambda c: c[1]["razon_cpu"], default=None)
    return {
        "sobre_2x_cpu": sorted(n for n, r in con_cpu if r["razon_cpu"] > 2),
        "peor_razon_cpu": peor_cpu[1]["razon_cpu"] if peor_cpu else None,
        "peor_razon_cpu_carpeta": peor_cpu[0] if peor_cpu else None,
        "cpu_s": sum(r["cpu_s"] for _, r in con_cpu), "piso_cpu_s": sum(r["piso_cpu_s"] for _, r in con_cpu),
        "sobre_2x_proceso": sorted(n for n, r in con_proceso if r["razon_proceso"] > 2),
        "peor_razon_proceso": peor_proceso[1]["razon_proceso"] if peor_proceso else None,
        "peor_razon_proceso_carpeta": peor_proceso[0] if peor_proceso else None,
        "carpetas": len(costes), "carpetas_con_piso": len(con_piso),
        "frio_s": sum(r["frio_s"] for _, r in costes), "frio_con_piso_s": frio_con_piso, "piso_s": piso,
        "razon": frio_con_piso / piso if piso else None,
        "pico_rss_mib": pico[1]["pico_rss_mib"] if pico else None, "pico_rss_carpeta": pico[0] if pico else None,
        "peor_razon": peor[1]["razon"] if peor else None, "peor_razon_carpeta": peor[0] if peor else None,
    }


def totales_preseleccion(filas: list[dict[str, Any]]) -> dict[str, Any]:
    """How many folders the pre-filter leaves identical, which differ or failed, and both runs' seconds."""
    resultados = [(f["carpeta"], f["preseleccion"]) for f in filas if "preseleccion" in f]
    buenos = [p for _, p in resultados if "error" not in p]
    return {
        "carpetas": len(resultados), "identicas": sum(bool(p["identico"]) for p in buenos),
        "diferentes": [n for n, p in resultados if "error" not in p and not p["identico"]],
        "errores": [n for n, p in resultados if "error" in p],
        "segundos_con": sum(p["segundos_con"] for p in buenos), "segundos_sin": sum(p["segundos_sin"] for p in buenos),
    }


def imprimir(filas: list[dict[str, Any]], cuenta: dict[str, Any]) -> None:
    """The per-folder table, the totals and the targets."""
    cabecera = f"{'folder':<72} {'family':<16} {'truth':<7} {'n':>4} {'found':>5} {'rep':>4} {'silent':>6} " \
               f"{'extra':>5} {'schema':>7} findings"
    print(cabecera)
    print("-" * len(cabecera))
    for f in filas:
        c, v = f["comparacion"], f["verdad"]
        encontradas = len(c["encontradas"])
        reglas = " ".join(f"{r.split('.')[-1]}:{n}" for r, n in c["hallazgos_por_regla"].items())
        errores = " ANALYZER-ERROR" if f["analisis"]["errores"] else ""
        print(f"{f['carpeta'][:72]:<72} {v['familia'][:16]:<16} {v['fuente']:<7} {c['verdad']:>4} {encontradas:>5} "
              f"{len(c['reportadas']):>4} {len(c['silenciosas']):>6} {len(c['extra']):>5} "
              f"{c['acuerdo_esquema']:>3}/{encontradas:<3} {reglas}{errores}")
    t = cuenta
    print()
    if len(cuenta.get("por_mitad", {})) > 1 or set(cuenta.get("por_mitad", {})) - {"base"}:
        for mitad, m in cuenta["por_mitad"].items():
            print(f"half {mitad}: folders {m['carpetas']} ({m['carpetas_dinamicas']} dynamic, {m['carpetas_estaticas']} static)  "
                  f"truth {m['verdad_dinamica']}  found {m['encontradas']}  reported {m['reportadas']}  "
                  f"silent {m['silenciosas']}  extra {m['extra']}  schema {m['acuerdo_esquema']}/{m['encontradas']}  "
                  f"analyzer errors {m['errores_analizador']}")
        print("all halves:")
    print(f"folders: {t['carpetas']} ({t['carpetas_dinamicas']} dynamic truth, {t['carpetas_estaticas']} static)")
    print(f"truth tools (dynamic): {t['verdad_dinamica']}   static count where import failed: {t['verdad_estatica']}")
    print(f"found {t['encontradas']}  reported {t['reportadas']}  silently missed {t['silenciosas']}  extra {t['extra']}")
    print(f"findings per rule: {t['hallazgos_por_regla']}")
    print("targets:")
    print(f"  silently missed = 0                          {t['silenciosas']:>6}   {'met' if t['silenciosas'] == 0 else 'NOT met'}")
    proporcion = t['encontradas'] / t['verdad_dinamica'] if t['verdad_dinamica'] else 0
    print(f"  found >= 95 % of truth                       {_porcentaje(t['encontradas'], t['verdad_dinamica'])}  "
          f"{'met' if proporcion >= 0.95 else 'NOT met'}")
    print(f"  schema agreement 100 % (of found)            {_porcentaje(t['acuerdo_esquema'], t['encontradas'])}  "
          f"{'met' if t['acuerdo_esquema'] == t['encontradas'] else 'NOT met'}"
          f"  ({t['esquema_no_leido']} of the rest only unread: a no_resuelto row says why)")
    print(f"  output findings on tools w/o output schema = 0 {t['hallazgos_sin_salida']:>4}   "
          f"{'met' if t['hallazgos_sin_salida'] == 0 else 'NOT met'}  {t['hallazgos_sin_salida_por_regla'] or ''}")
    print(f"  (tool, root rule, file) with > 1 finding = 0 {t['raiz_repetida']:>6}   "
          f"{'met' if t['raiz_repetida'] == 0 else 'NOT met'}")
    print(f"  unnamed registration rows without a count = 0 {t['sin_cuenta']:>5}   "
          f"{'met' if t['sin_cuenta'] == 0 else 'NOT met'}")
    print(f"  folders without an answer = 0                {t['sin_respuesta']:>6}   "
          f"{'met' if t['sin_respuesta'] == 0 else 'NOT met'}")
    if t["errores_analizador"]:
        print(f"analyzer errors (exit 2 or a crash): {t['errores_analizador']}")
    imprimir_rendimiento(filas, cuenta)


def _cifra(valor: float | None, formato: str) -> str:
    return "n/a" if valor is None else format(valor, formato)


def _estado_prefiltro(p: dict[str, Any]) -> str:
    """identical / DIFFERENT / ERROR, with both runs' seconds."""
    if "error" in p:
        return "ERROR"
    estado = "identical" if p["identico"] else "DIFFERENT"
    return f"{estado}, with {p['segundos_con']:.2f} s, without {p['segundos_sin']:.2f} s"


def _diferencias_prefiltro(p: dict[str, Any]) -> list[str]:
    """One line per relation whose rows differ (or the error), for a folder the pre-filter changes."""
    if "error" in p:
        return [p["error"].strip().splitlines()[-1] if p["error"].strip() else "error"]
    return [f"{r}: {d['con']} rows with, {d['sin']} without ({d['solo_con']} only with, {d['solo_sin']} only without"
            f"{', order only' if not d['solo_con'] and not d['solo_sin'] else ''}"
            f"{', absent with' if d['ausente_con'] else ''}{', absent without' if d['ausente_sin'] else ''})"
            for r, d in p["diferencias"].items()]


def imprimir_rendimiento(filas: list[dict[str, Any]], cuenta: dict[str, Any]) -> None:
    """The per-folder cost table (and pre-filter check) and its totals."""
    prefiltro = "preseleccion" in cuenta
    print()
    print("cost: `evidence --no-cache` (cold) beside the libcst parse-only floor of the same files")
    cabecera = f"{'folder':<72} {'files':>5} {'cold s':>7} {'floor s':>8} {'ratio':>7} {'process s':>9} {'ratio':>6} " \
               f"{'cpu s':>7} {'floor cpu':>9} {'ratio':>6} {'peak MiB':>8}" + ("  pre-filter" if prefiltro else "")
    print(cabecera)
    print("-" * len(cabecera))
    for f in filas:
        r = f["rendimiento"]
        linea = f"{f['carpeta'][:72]:<72} {r['archivos']:>5} {r['frio_s']:>7.2f} {_cifra(r['piso_s'], '.3f'):>8} " \
                f"{_cifra(r['razon'], '.1f'):>7} {_cifra(r.get('piso_proceso_s'), '.3f'):>9} " \
                f"{_cifra(r.get('razon_proceso'), '.2f'):>6} {_cifra(r.get('cpu_s'), '.2f'):>7} " \
                f"{_cifra(r.get('piso_cpu_s'), '.3f'):>9} {_cifra(r.get('razon_cpu'), '.2f'):>6} {r['pico_rss_mib']:>8.1f}"
        if prefiltro:
            linea += "  " + _estado_prefiltro(f["preseleccion"])
        print(linea)
        if prefiltro and (("error" in f["preseleccion"]) or not f["preseleccion"]["identico"]):
            for detalle in _diferencias_prefiltro(f["preseleccion"]):
                print(f"    {detalle}")
    r = cuenta["rendimiento"]
    print()
    print(f"cold total {r['frio_s']:.2f} s over {r['carpetas']} folders; over the {r['carpetas_con_piso']} with a floor: "
          f"cold {r['frio_con_piso_s']:.2f} s, floor {r['piso_s']:.3f} s, ratio of sums {_cifra(r['razon'], '.1f')}")
    print(f"max peak RSS {_cifra(r['pico_rss_mib'], '.1f')} MiB ({r['pico_rss_carpeta']})   "
          f"worst cold/floor ratio {_cifra(r['peor_razon'], '.1f')} ({r['peor_razon_carpeta']})")
    print(f"against the process floor (interpreter, import libcst, parse): worst ratio "
          f"{_cifra(r.get('peor_razon_proceso'), '.2f')} ({r.get('peor_razon_proceso_carpeta')}); folders over 2x: "
          f"{len(r.get('sobre_2x_proceso', []))} {', '.join(r.get('sobre_2x_proceso', []))}")
    print(f"in CPU seconds (the analyzer's process and workers, against the whole floor process's): "
          f"{_cifra(r.get('cpu_s'), '.2f')} s / {_cifra(r.get('piso_cpu_s'), '.2f')} s; worst ratio "
          f"{_cifra(r.get('peor_razon_cpu'), '.2f')} ({r.get('peor_razon_cpu_carpeta')}); folders over 2x: "
          f"{len(r.get('sobre_2x_cpu', []))} {', '.join(r.get('sobre_2x_cpu', []))}")
    if prefiltro:
        p = cuenta["preseleccion"]
        print(f"pre-filter check: {p['identicas']} of {p['carpetas']} folders identical "
              f"(with {p['segundos_con']:.2f} s, without {p['segundos_sin']:.2f} s in all)")
        if p["diferentes"]:
            print(f"  DIFFERENT: {', '.join(p['diferentes'])}")
        if p["errores"]:
            print(f"  ERROR: {', '.join(p['errores'])}")


def _por_regla(cuentas: dict[str, int]) -> str:
    return "(" + ", ".join(f"`{r}` {n}" for r, n in cuentas.items()) + ")" if cuentas else ""


def markdown(filas: list[dict[str, Any]], cuenta: dict[str, Any]) -> str:
    """The totals and the per-folder table as Markdown (for docs/real-world.md)."""
    t = cuenta
    lineas = ["| measure | value | target |", "|---|---|---|",
              f"| folders (dynamic / static truth) | {t['carpetas']} ({t['carpetas_dinamicas']} / {t['carpetas_estaticas']}) | |",
              f"| truth tools, dynamic | {t['verdad_dinamica']} | |",
              f"| registration sites counted statically (folders that could not be imported) | {t['verdad_estatica']} | |",
              f"| found | {t['encontradas']} ({_porcentaje(t['encontradas'], t['verdad_dinamica']).strip()}) | >= 95 % |",
              f"| reported (no_resuelto) | {t['reportadas']} | |",
              f"| silently missed | {t['silenciosas']} | 0 |",
              f"| extra (analyzer tools not in the truth) | {t['extra']} | |",
              f"| schema agreement (of found) | {t['acuerdo_esquema']} ({_porcentaje(t['acuerdo_esquema'], t['encontradas']).strip()}); "
              f"{t['esquema_no_leido']} more only unread | 100 % |",
              f"| findings on tools without an output schema (not `analisis.no_resuelto`, nor an input rule) | {t['hallazgos_sin_salida']} "
              f"{_por_regla(t['hallazgos_sin_salida_por_regla'])} | 0 |",
              f"| (tool, root rule, file) with more than one finding | {t['raiz_repetida']} | 0 |",
              "", "| rule | findings |", "|---|---|"]
    lineas += [f"| `{r}` | {n} |" for r, n in t["hallazgos_por_regla"].items()]
    mitades = t.get("por_mitad", {})
    if len(mitades) > 1 or set(mitades) - {"base"}:
        lineas += ["", "| half | folders (dynamic / static) | truth, dynamic | static sites | found | reported | silent | "
                       "extra | schema agreement | analyzer errors |", "|---|---|---|---|---|---|---|---|---|---|"]
        for mitad, m in mitades.items():
            lineas.append(f"| {mitad} | {m['carpetas']} ({m['carpetas_dinamicas']} / {m['carpetas_estaticas']}) | "
                          f"{m['verdad_dinamica']} | {m['verdad_estatica']} | {m['encontradas']} "
                          f"({_porcentaje(m['encontradas'], m['verdad_dinamica']).strip()}) | {m['reportadas']} | "
                          f"{m['silenciosas']} | {m['extra']} | {m['acuerdo_esquema']} of {m['encontradas']} | "
                          f"{m['errores_analizador']} |")
    lineas += ["", "| folder | half | family | truth | n | found | reported | silent | extra | schema | findings |",
               "|---|---|---|---|---|---|---|---|---|---|---|"]
    for f in filas:
        c, v = f["comparacion"], f["verdad"]
        reglas = ", ".join(f"{r.split('.')[-1]} {n}" for r, n in c["hallazgos_por_regla"].items())
        lineas.append(f"| {f['carpeta']} | {f['mitad']} | {v['familia']} | {v['fuente']} | {c['verdad']} | {len(c['encontradas'])} | "
                      f"{len(c['reportadas'])} | {len(c['silenciosas'])} | {len(c['extra'])} | "
                      f"{c['acuerdo_esquema']}/{len(c['encontradas'])} | {reglas} |")
    lineas += markdown_rendimiento(filas, cuenta)
    return "\n".join(lineas) + "\n"


def markdown_rendimiento(filas: list[dict[str, Any]], cuenta: dict[str, Any]) -> list[str]:
    """The cost totals and the per-folder cost table (with the pre-filter check when run), as Markdown lines."""
    r, prefiltro = cuenta["rendimiento"], "preseleccion" in cuenta
    lineas = ["", "| cost (`evidence --no-cache`, cold) | value |", "|---|---|",
              f"| cold seconds, all {r['carpetas']} folders | {r['frio_s']:.2f} |",
              f"| cold seconds / libcst parse floor seconds, the {r['carpetas_con_piso']} folders with a floor | "
              f"{r['frio_con_piso_s']:.2f} / {r['piso_s']:.3f} (ratio {_cifra(r['razon'], '.1f')}) |",
              f"| max peak RSS | {_cifra(r['pico_rss_mib'], '.1f')} MiB ({r['pico_rss_carpeta']}) |",
              f"| worst cold / floor ratio | {_cifra(r['peor_razon'], '.1f')} ({r['peor_razon_carpeta']}) |",
              f"| against the whole floor process (wall): worst ratio, folders over 2x | "
              f"{_cifra(r.get('peor_razon_proceso'), '.2f')} ({r.get('peor_razon_proceso_carpeta')}), "
              f"{len(r.get('sobre_2x_proceso', []))} |",
              f"| against the whole floor process (CPU seconds): sums, worst ratio, folders over 2x | "
              f"{_cifra(r.get('cpu_s'), '.2f')} / {_cifra(r.get('piso_cpu_s'), '.2f')}, "
              f"{_cifra(r.get('peor_razon_cpu'), '.2f')} ({r.get('peor_razon_cpu_carpeta')}), "
              f"{len(r.get('sobre_2x_cpu', []))} {', '.join(r.get('sobre_2x_cpu', []))} |"]
    if prefiltro:
        p = cuenta["preseleccion"]
        lineas.append(f"| pre-filter check: folders identical | {p['identicas']} of {p['carpetas']} "
                      f"(with {p['segundos_con']:.2f} s, without {p['segundos_sin']:.2f} s) |")
    lineas += ["", "| folder | files | cold s | floor s | ratio | process ratio | cpu ratio | peak MiB |"
               + (" pre-filter |" if prefiltro else ""), "|---|---|---|---|---|---|---|---|" + ("---|" if prefiltro else "")]
    for f in filas:
        c = f["rendimiento"]
        linea = f"| {f['carpeta']} | {c['archivos']} | {c['frio_s']:.2f} | {_cifra(c['piso_s'], '.3f')} | " \
                f"{_cifra(c['razon'], '.1f')} | {_cifra(c.get('razon_proceso'), '.2f')} | " \
                f"{_cifra(c.get('razon_cpu'), '.2f')} | {c['pico_rss_mib']:.1f} |"
        if prefiltro:
            p = f["preseleccion"]
            detalle = "; ".join(_diferencias_prefiltro(p)) if "error" in p or not p["identico"] else ""
            linea += f" {_estado_prefiltro(p)}{': ' + detalle.replace('|', '/') if detalle else ''} |"
        lineas.append(linea)
    return lineas


# -- main -----------------------------------------------------------------------------------


def huella_analizador(oracle_lint: str) -> dict[str, Any]:
    """Which analyzer ran: its path and, when it is this checkout's, a digest of its sources."""
    datos: dict[str, Any] = {"ejecutable": oracle_lint}
    if Path(oracle_lint).resolve().is_relative_to(AQUI.parent.resolve()):
        digesto = hashlib.sha256()
        for carpeta in ("linter", "nucleo", "rules"):
            for ruta in sorted((AQUI.parent / carpeta).rglob("*")):
                if ruta.is_file() and ruta.suffix in (".py", ".toml"):
                    digesto.update(ruta.relative_to(AQUI.parent).as_posix().encode() + ruta.read_bytes())
        datos["fuentes"] = digesto.hexdigest()[:16]
    return datos


def _oracle_lint(elegido: str | None) -> str:
    if elegido:
        return elegido
    propio = AQUI.parent / ".venv" / "bin" / "oracle-lint"
    return str(propio if propio.exists() else Path(sys.executable).with_name("oracle-lint"))


def _commits(arboles: list[Arbol]) -> dict[str, dict[str, str]]:
    """What `--json` records of each tree: repository, branch or pinned commit, commit, half."""
    return {a.repo.etiqueta: {"repo": a.repo.espejo.replace("+", "/"), "rama": a.repo.rama, "commit": a.commit,
                              "mitad": a.repo.mitad} for a in arboles}


def main() -> None:
    """Extract, cut, install, probe, analyze, compare, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, required=True, help="directory of <owner>+<name>/repo bare mirrors")
    parser.add_argument("--work", type=Path, default=TRABAJO_POR_DEFECTO, help=f"work directory (default {TRABAJO_POR_DEFECTO})")
    parser.add_argument("--only", help="only folders whose name contains this")
    parser.add_argument("--skip-install", action="store_true", help="reuse existing venvs as they are")
    parser.add_argument("--json", type=Path, help="write every row and the totals here")
    parser.add_argument("--markdown", type=Path, help="write the totals and the per-folder table here as Markdown")
    parser.add_argument("--oracle-lint", help="the oracle-lint executable (default: this checkout's .venv)")
    parser.add_argument("--python", default=sys.executable, help="interpreter for the target venvs (default: this one)")
    parser.add_argument("--jobs", type=int, default=2, help="folders measured at once (default 2)")
    parser.add_argument("--rounds", type=int, default=2,
                        help="timed runs of the analyzer and of the floor per folder, each side's best kept (default 2)")
    parser.add_argument("--prefilter-check", action="store_true",
                        help="also compare each folder's evidence with and without the pre-filter")
    parser.add_argument("--corpus", choices=("base", "ampliado", "todo"), default="base",
                        help="base: awslabs, python-sdk, fastmcp, servers (default); ampliado: the extended corpus "
                             "of real_world_parts/ampliado.py; todo: both")
    parser.add_argument("--half", choices=MITADES,
                        help="only this half of the extended corpus (desarrollo: develop on it; medida: measure only)")
    parser.add_argument("--truth-only", action="store_true",
                        help="compute (or read from the cache) the ground truth of every folder and print it; "
                             "the analyzer is not run")
    args = parser.parse_args()
    trabajo = args.work.resolve()
    repositorios = (REPOSITORIOS if args.corpus in ("base", "todo") else ()) + \
        (repositorios_ampliados(args.half) if args.corpus in ("ampliado", "todo") else ())
    ausentes = [r.espejo for r in repositorios if not (args.mirrors / r.espejo / "repo").exists()]
    if ausentes:
        print(f"mirrors absent, skipped: {', '.join(sorted(set(ausentes)))}", file=sys.stderr)
    arboles = [extraer(r, args.mirrors, trabajo) for r in repositorios if r.espejo not in ausentes]
    for a in arboles:
        print(f"{a.repo.etiqueta:<9} {a.repo.espejo.replace('+', '/')}@{a.repo.rama} {a.commit} ({a.descripcion or 'no tag'})"
              + ("" if a.repo.mitad == "base" else f" [{a.repo.mitad}]"))
    carpetas = [c for a in arboles for c in CORTES.get(a.repo.etiqueta, cortar_ampliado)(a)
                if (not args.only or args.only in c.nombre) and es_servidor(c)]
    pendientes = {c.entorno.clave: c.entorno for c in carpetas if not _archivo_verdad(c, trabajo).exists()}
    estados = {}
    for n, entorno in enumerate(pendientes.values(), 1):
        print(f"venv {n}/{len(pendientes)}: {entorno.clave}", file=sys.stderr, flush=True)
        estados[entorno.clave] = preparar_entorno(entorno, trabajo, args.python, args.skip_install)
    oracle_lint, prefijo = _oracle_lint(args.oracle_lint), sin_red()
    if args.oracle_lint is None:  # this checkout's modules: byte-compiled first, as `pip install` leaves them
        compilar(("linter", "nucleo", "rules", "server"))
    if args.truth_only:
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as grupo:
            filas = [f.result() for f in [grupo.submit(fila_verdad, c, trabajo, estados, prefijo) for c in carpetas]]
        cuenta = {**totales_verdad(filas), "por_mitad": por_mitad(filas, totales_verdad)}
        imprimir_verdad(filas, cuenta)
        if args.markdown:
            args.markdown.write_text(markdown_verdad(filas, cuenta), encoding="utf-8")
        if args.json:
            args.json.write_text(json.dumps({"commits": _commits(arboles), "totales": cuenta, "carpetas": filas}, indent=1,
                                            default=str), encoding="utf-8")
        return
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as grupo:
        candados = {c.proyecto: threading.Lock() for c in carpetas}
        futuros = [grupo.submit(medir_carpeta, c, trabajo, estados, oracle_lint, prefijo, candados[c.proyecto],
                                args.prefilter_check, args.rounds) for c in carpetas]
        filas = []
        for n, futuro in enumerate(futuros, 1):
            filas.append(futuro.result())
            print(f"measured {n}/{len(futuros)}: {filas[-1]['carpeta']}", file=sys.stderr, flush=True)
    cuenta = {**totales(filas), "por_mitad": por_mitad(filas, totales)}
    imprimir(filas, cuenta)
    if args.markdown:
        args.markdown.write_text(markdown(filas, cuenta), encoding="utf-8")
    if args.json:
        args.json.write_text(json.dumps({"commits": _commits(arboles), "analizador": huella_analizador(oracle_lint),
                                         "totales": cuenta, "carpetas": filas}, indent=1, default=str),
                             encoding="utf-8")


if __name__ == "__main__":
    main()
