"""Benchmark `oracle-lint check` against its floor (libcst parse-only) and its peers (Fixit).

Generates, in a temporary directory, a repository with 455 tools over six registration
styles (decorators, a tool table, the low-level API, fastmcp, and methods registered with the
call form `mcp.tool(name=...)(self.method)` in a class's `register(self, mcp)`, their server
passed in from another module, and computed registrations) plus ~100 k lines of ordinary Python that
defines no tool. More than half of it is helpers of the tool layer, which say `tool` as real MCP code
does; 3 modules in 20 also name the protocol's `Tool` or call `call_tool`, as real tool-layer
helpers and tests do, and so are searched for tools; the fastmcp tools return what helpers of lib/
build, so resolution parses those too. It then times the real CLI in a subprocess: cold, warm, after
changing one file, one file alone, with 1 and 2 workers.
It prints figures and ratios; it asserts nothing. The repository's packages are byte-compiled
first (`bench/bytecode.py`), as an installed oracle-lint is.

    .venv/bin/python bench/lint_speed.py [--keep DIR] [--fixit PATH_TO_FIXIT_EXECUTABLE]
    .venv/bin/python bench/lint_speed.py --tree DIR      # the same figures over a copy of a real tree

With `--tree`, the measured tree is a copy of DIR (checked as one project rooted at the copy), the
"one changed" and "one file" figures use the first file the pre-filter sends to libcst, and the
ordinary edit the first it does not. Both kinds of tree print the share of files and lines that reach
libcst, which is what the pre-filter saves (issue 16: real MCP code says `tool` everywhere).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from arbol import fuentes
from bytecode import compilar

HERRAMIENTAS_POR_ARCHIVO = 15
ARCHIVOS_POR_ESTILO = 5  # 5 styles x 5 files x 15 tools, and 5 computed-registration files of 16 tools: 455 tools
LINEAS_ORDINARIAS = 100_000
ARCHIVOS_ORDINARIOS = 400
# Ordinary modules that use MCP vocabulary the way real servers' helpers do, in 20: 11 say `tool` (in
# their docstring and names, the tool models imported; a `.tool` attribute read in code, as awslabs'
# mocks do, `mock_mcp.tool.assert_called`), and 3 of those also name what the recognizers read: the
# protocol's `Tool` (a helper that describes tools) or `call_tool` (a test helper that calls one).
# Those 3 are entry points that register nothing; with the helpers the fastmcp tools return, about
# the share of lines that awslabs/mcp sends to libcst reaches it here (16 % entry points, 29 % with
# what resolution reaches, at 17a05fc).
CON_PALABRA = (11, 20)
CON_ATRIBUTO = (3, 20)
# The fastmcp tools return what a function of lib/ builds: two tools per helper module.
HERRAMIENTAS_POR_AYUDANTE = 2
RONDAS_EN_FRIO = 3  # cold runs per --jobs value (best kept)

# -- the generated repository --------------------------------------------------------------


def _modelos(n: int) -> str:
    """A models module for decorator-style tools (cross-file resolution)."""
    partes = ['"""Models of decorator server %d."""\n' % n,
              "from typing import Optional\n\nfrom pydantic import BaseModel, ConfigDict, Field\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(
            f"\n\nclass Fila{i}(BaseModel):\n"
            f"    model_config = ConfigDict(extra=\"forbid\")\n"
            f"    ident: int\n"
            f"    nombre: str = Field(description=\"display name\")\n"
            f"    nota: Optional[str] = None\n"
            f"\n\nclass Salida{i}(BaseModel):\n"
            f"    model_config = ConfigDict(extra=\"forbid\")\n"
            f"    filas: list[Fila{i}]\n"
            f"    total: int\n"
        )
    return "".join(partes)


def _decorador(n: int) -> str:
    clases = ", ".join(f"Fila{i}, Salida{i}" for i in range(HERRAMIENTAS_POR_ARCHIVO))
    ayudante = (n * 37) % ARCHIVOS_ORDINARIOS  # a helper module of lib/ the tools import, as real servers do
    partes = [f'"""Decorator-style server {n}."""\n\nfrom mcp.server.mcpserver import MCPServer\n\n'
              f"from lib.mod{ayudante:03d} import funcion_{ayudante}_0\n"
              f"from srv.deco.modelos_{n} import ({clases})\n\napp = MCPServer(\"deco{n}\")\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(
            f"\n\n@app.tool()\ndef deco_{n}_{i}(pagina: int = 1, filtro: str = \"\") -> Salida{i}:\n"
            f"    filas = [Fila{i}(ident=k, nombre=str(k)) for k in range(pagina)]\n"
            f"    return Salida{i}(filas=filas, total=len(filas))\n"
        )
    return "".join(partes)


def _esquemas(n: int) -> str:
    partes = [f'"""Schema constants of table server {n}."""\n']
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(
            f"\nSALIDA_{i} = {{\n    \"type\": \"object\",\n    \"additionalProperties\": False,\n"
            f"    \"properties\": {{\"n\": {{\"type\": \"integer\"}}, \"nombre\": {{\"type\": \"string\"}}}},\n}}\n"
        )
    return "".join(partes)


def _tabla(n: int) -> str:
    nombres = ", ".join(f"SALIDA_{i}" for i in range(HERRAMIENTAS_POR_ARCHIVO))
    partes = [f'"""Table-style server {n}."""\n\nfrom srv.tabla.esquemas_{n} import ({nombres})\n\n'
              "ENTRADA = {\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"integer\"}}}\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"\n\ndef manejar_{i}(args):\n    n = int(args.get(\"n\", 0))\n    return {{\"n\": n, \"nombre\": str(n)}}\n")
    partes.append("\n\nTOOLS = [\n")
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"    {{\"name\": \"tabla_{n}_{i}\", \"inputSchema\": ENTRADA, \"outputSchema\": SALIDA_{i}, \"handler\": manejar_{i}}},\n")
    partes.append("]\n")
    return "".join(partes)


def _lowlevel(n: int) -> str:
    partes = [f'"""Low-level server {n}."""\n\nimport mcp.types as types\nfrom mcp.server.lowlevel import Server\n\n'
              f"servidor = Server(\"low{n}\")\n\nSALIDA = {{\n    \"type\": \"object\",\n    \"additionalProperties\": False,\n"
              "    \"properties\": {\"valor\": {\"type\": \"integer\"}},\n}\n\n\n@servidor.list_tools()\n"
              "async def listar() -> list[types.Tool]:\n    return [\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"        types.Tool(name=\"low_{n}_{i}\", description=\"\", inputSchema={{\"type\": \"object\"}}, outputSchema=SALIDA),\n")
    partes.append("    ]\n\n\n@servidor.call_tool()\nasync def llamar(name: str, arguments: dict):\n")
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"    {'if' if i == 0 else 'elif'} name == \"low_{n}_{i}\":\n        return {{\"valor\": {i}}}\n")
    partes.append("    raise ValueError(name)\n")
    return "".join(partes)


def _ayudante_fm(n: int, i: int) -> int:
    """The lib/ module whose `resumen_<m>` tool `fm_<n>_<i>` returns (spread over lib/, as helpers are)."""
    return ((n * HERRAMIENTAS_POR_ARCHIVO + i) // HERRAMIENTAS_POR_AYUDANTE * 11) % ARCHIVOS_ORDINARIOS


def _fastmcp(n: int) -> str:
    ayudantes = sorted({_ayudante_fm(n, i) for i in range(HERRAMIENTAS_POR_ARCHIVO)})
    partes = [f'"""Standalone fastmcp server {n}."""\n\nfrom fastmcp import FastMCP\n\n',
              *(f"from lib.mod{m:03d} import resumen_{m}\n" for m in ayudantes),
              f"\nmcp = FastMCP(\"fm{n}\")\n\n"
              "SALIDA = {\n    \"type\": \"object\",\n    \"additionalProperties\": False,\n"
              "    \"properties\": {\"total\": {\"type\": \"integer\"}},\n}\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"\n\n@mcp.tool(output_schema=SALIDA)\ndef fm_{n}_{i}(nombres: list[str]) -> dict:\n"
                      f"    return resumen_{_ayudante_fm(n, i)}(nombres)\n")
    return "".join(partes)


def _clases(n: int) -> str:
    """Methods registered with the call form inside `register(self, mcp)`; the server comes from `_montaje`."""
    partes = [f'"""Class-registered tools {n}."""\n\nfrom pydantic import BaseModel, ConfigDict\n\n\n'
              f"class Cuenta{n}(BaseModel):\n    model_config = ConfigDict(extra=\"forbid\")\n    total: int\n\n\n"
              f"class Grupo{n}:\n    def __init__(self, limite: int = 10) -> None:\n        self.limite = limite\n\n"
              "    def register(self, mcp):\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"        mcp.tool(name=\"cls_{n}_{i}\")(self.metodo_{i})\n")
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"\n    async def metodo_{i}(self, n: int = 0) -> Cuenta{n}:\n        return Cuenta{n}(total=min(n, self.limite))\n")
    return "".join(partes)


def _montaje(n: int) -> str:
    """The server module of a class style group: builds the server and passes it in."""
    return (f'"""Server {n} of the class-registered tools."""\n\nfrom mcp.server.fastmcp import FastMCP\n\n'
            f"from srv.cls.herramientas_{n} import Grupo{n}\n\nmcp = FastMCP(\"cls{n}\")\nGrupo{n}(limite=5).register(mcp)\n")


def _exportadas(n: int) -> str:
    """Tool functions a module lists in `__all__`, registered by `_calculadas` through getattr."""
    nombres = ", ".join(f'"calc_{n}_{i}"' for i in range(HERRAMIENTAS_POR_ARCHIVO))
    partes = [f'"""Exported tool functions {n}."""\n\nfrom pydantic import BaseModel, ConfigDict\n\n__all__ = [{nombres}]\n\n\n'
              f"class Calculo{n}(BaseModel):\n    model_config = ConfigDict(extra=\"forbid\")\n    valor: int\n"]
    for i in range(HERRAMIENTAS_POR_ARCHIVO):
        partes.append(f"\n\ndef calc_{n}_{i}(x: int = 0) -> Calculo{n}:\n    return Calculo{n}(valor=x + {i})\n")
    return "".join(partes)


def _calculadas(n: int) -> str:
    """Registration computed from literals: getattr over `__all__`, and a list built by appends of tool objects."""
    return (f'"""Computed registrations {n}."""\n\nimport os\n\nfrom mcp.server.fastmcp import FastMCP\n'
            f"from mcp.server.fastmcp.tools import Tool\n\nfrom srv.calc import exportadas_{n}\n\n"
            f"mcp = FastMCP(\"calc{n}\")\n\nfor modulo in (exportadas_{n},):\n    for nombre in modulo.__all__:\n"
            f"        mcp.tool(name=f\"g_{{nombre}}\")(getattr(modulo, nombre))\n\n"
            f"OBJETOS = [Tool.from_function(exportadas_{n}.calc_{n}_0, name=\"obj_{n}\")]\n\n\n"
            f"def registrar() -> None:\n    elegidas = []\n    for t in OBJETOS:\n        if os.environ.get(\"TODAS\"):\n"
            f"            elegidas.append(t)\n    for t in elegidas:\n        mcp.add_tool(t.fn, t.name)\n")


def _ordinario(n: int, lineas: int, palabra: bool, atributo: bool = False) -> str:
    """Ordinary code: classes, loops, comprehensions, dicts; no registration. With `palabra`, a helper
    of the tool layer: it says `tool` (and reads a mock's `.tool`), and it imports the tool models of
    one decorator server; with `atributo`, it also names the protocol's `Tool` or calls `call_tool`,
    which makes it an entry point. Every module has a `resumen_<n>` a fastmcp tool may return."""
    cabecera = f'"""Ordinary module {n}{" (helpers for the tool layer)" if palabra else ""}."""\n\n'
    partes = [cabecera, "import collections\nimport itertools\nfrom dataclasses import dataclass\n"]
    if palabra:
        partes.append(f"\nfrom srv.deco.modelos_{n % ARCHIVOS_POR_ESTILO} import Fila0\n\n\n"
                      f"def tool_fila_{n}(ident: int) -> Fila0:\n    \"\"\"Build the row a tool returns.\"\"\"\n"
                      f"    return Fila0(ident=ident, nombre=str(ident))\n")
        partes.append(f"\n\ndef tool_de_{n}(contexto) -> str:\n    \"\"\"The tool a request names.\"\"\"\n"
                      f"    return contexto.tool.name\n")
    if atributo and n % 2 == 0:
        partes.append(f"\n\nfrom mcp.types import Tool\n\n\ndef describir_{n}(herramientas: list[Tool]) -> dict[str, str]:\n"
                      f"    \"\"\"Each tool's description by name.\"\"\"\n    return {{t.name: t.description or \"\" for t in herramientas}}\n")
    elif atributo:
        partes.append(f"\n\nasync def probar_{n}(cliente) -> dict:\n    \"\"\"Call one tool as a test does.\"\"\"\n"
                      f"    resultado = await cliente.call_tool(\"deco_0_0\", {{\"pagina\": 1}})\n"
                      f"    return resultado.structured_content or {{}}\n")
    partes.append(f"\n\ndef resumen_{n}(nombres: list[str]) -> dict:\n    return {{\"total\": len(nombres)}}\n")
    if n > 0:
        partes.append(f"\nfrom lib.mod{n - 1:03d} import funcion_{n - 1}_0\n")
    k = 0
    while sum(p.count("\n") for p in partes) < lineas:
        partes.append(
            f"\n\n@dataclass\nclass Registro{n}_{k}:\n    clave: str\n    cuenta: int = 0\n\n"
            f"    def sumar(self, otros: list[int]) -> int:\n        total = self.cuenta\n"
            f"        for valor in otros:\n            if valor % 2 == 0:\n                total += valor\n"
            f"            else:\n                total -= valor // 3\n        return total\n\n"
            f"\ndef funcion_{n}_{k}(datos: dict[str, int], limite: int = 10) -> list[tuple[str, int]]:\n"
            f"    pares = sorted(((c, v) for c, v in datos.items() if v < limite), key=lambda p: p[1])\n"
            f"    contador = collections.Counter(c[0] for c, _ in pares)\n"
            f"    grupos = {{c: list(g) for c, g in itertools.groupby(pares, key=lambda p: p[0][:1])}}\n"
            f"    resultado = [(c, v * 2) for c, v in pares if contador[c[0]] > 0 and c[:1] in grupos]\n"
            f"    while len(resultado) > limite:\n        resultado.pop()\n"
            f"    mapa = {{\"clave\": limite, \"total\": len(resultado), \"lista\": [v for _, v in resultado]}}\n"
            f"    return resultado if mapa[\"total\"] else []\n"
        )
        k += 1
    return "".join(partes)


def generar(raiz: Path) -> dict[str, int]:
    """Write the benchmark repository under `raiz`; returns counts."""
    (raiz / "pyproject.toml").write_text('[project]\nname = "banco"\n\n[tool.oracle]\npaths = ["."]\n', encoding="utf-8")
    archivos: dict[str, str] = {}
    for n in range(ARCHIVOS_POR_ESTILO):
        archivos[f"srv/deco/modelos_{n}.py"] = _modelos(n)
        archivos[f"srv/deco/servidor_{n}.py"] = _decorador(n)
        archivos[f"srv/tabla/esquemas_{n}.py"] = _esquemas(n)
        archivos[f"srv/tabla/tabla_{n}.py"] = _tabla(n)
        archivos[f"srv/low/servidor_{n}.py"] = _lowlevel(n)
        archivos[f"srv/fm/servidor_{n}.py"] = _fastmcp(n)
        archivos[f"srv/cls/herramientas_{n}.py"] = _clases(n)
        archivos[f"srv/cls/servidor_{n}.py"] = _montaje(n)
        archivos[f"srv/calc/exportadas_{n}.py"] = _exportadas(n)
        archivos[f"srv/calc/servidor_{n}.py"] = _calculadas(n)
    por_archivo = LINEAS_ORDINARIAS // ARCHIVOS_ORDINARIOS
    for n in range(ARCHIVOS_ORDINARIOS):
        archivos[f"lib/mod{n:03d}.py"] = _ordinario(n, por_archivo, n % CON_PALABRA[1] < CON_PALABRA[0],
                                                    n % CON_ATRIBUTO[1] < CON_ATRIBUTO[0])
    for paquete in ("srv", "srv/deco", "srv/tabla", "srv/low", "srv/fm", "srv/cls", "srv/calc", "lib"):
        archivos[f"{paquete}/__init__.py"] = ""
    for rel, texto in archivos.items():
        ruta = raiz / rel
        ruta.parent.mkdir(parents=True, exist_ok=True)
        ruta.write_text(texto, encoding="utf-8")
    lineas = sum(t.count("\n") for t in archivos.values())
    ordinarias = sum(t.count("\n") for r, t in archivos.items() if r.startswith("lib/"))
    herramientas = ARCHIVOS_POR_ESTILO * (6 * HERRAMIENTAS_POR_ARCHIVO + 1)  # the computed style adds one tool object
    return {"archivos": len(archivos), "lineas": lineas, "lineas_ordinarias": ordinarias, "herramientas": herramientas}


# -- measuring ----------------------------------------------------------------------------

PARSE_ONLY = """
import pathlib, sys, time
import libcst
for ruta in sorted(pathlib.Path(sys.argv[1]).rglob("*.py")):
    try:
        libcst.parse_module(ruta.read_bytes().decode("utf-8"))
    except Exception:  # a real tree holds a few files that do not parse; the floor is the parse of the rest
        pass
"""


def alcance_de_libcst(raiz: Path) -> tuple[int, int, int, int, list[str]]:
    """(files, lines, entry points, their lines, those files): the pre-filter's verdict on the tree.

    Entry points are the files searched for tools; resolution parses more (the modules it reaches),
    which this count does not include."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from oracle_lint.linter.extraccion.nombres import nombre_modulo
    from oracle_lint.linter.extraccion.prefiltro import entradas
    from oracle_lint.linter.extraccion.verificacion import verificar

    fuentes = {p.relative_to(raiz).as_posix(): p.read_bytes() for p in sorted(raiz.rglob("*.py"))
               if ".oracle-cache" not in p.parts and p.is_file()}
    formas = {r: f for r, d in fuentes.items() if (f := verificar(d, r)[1]) is not None}  # as a run reads them
    elegidas = sorted(entradas(fuentes, {r: nombre_modulo(r) for r in fuentes}, formas))
    lineas = sum(d.count(b"\n") for d in fuentes.values())
    return len(fuentes), lineas, len(elegidas), sum(fuentes[r].count(b"\n") for r in elegidas), elegidas


def parseados(raiz: Path) -> set[str]:
    """The files one cold extraction parses with libcst (entry points and every module resolution
    reaches), counted by running it in this process with a hook on the loader."""
    from oracle_lint.linter.extraccion import carga, extraer

    vistos: set[str] = set()
    original = carga.Cargador._parsear

    def _parsear(self: Any, rel: str, datos: bytes) -> Any:
        vistos.add(rel)
        return original(self, rel, datos)

    carga.Cargador._parsear = _parsear  # type: ignore[method-assign]
    try:
        extraer(fuentes(raiz), raiz, trabajos=1)
    finally:
        carga.Cargador._parsear = original  # type: ignore[method-assign]
    return vistos


def _cronometrar(orden: list[str], cwd: Path, veces: int = 1) -> tuple[float, int]:
    """Best wall time of `veces` runs of `orden` and its exit code."""
    mejor, codigo = float("inf"), 0
    for _ in range(veces):
        inicio = time.perf_counter()
        proceso = subprocess.run(orden, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        mejor = min(mejor, time.perf_counter() - inicio)
        codigo = proceso.returncode
        if codigo not in (0, 1):
            sys.exit(f"{' '.join(orden)} failed ({codigo}): {proceso.stderr.decode()[-2000:]}")
    return mejor, codigo


def _oracle_lint() -> list[str]:
    ejecutable = Path(sys.executable).with_name("oracle-lint")
    return [str(ejecutable)] if ejecutable.exists() else [sys.executable, "-m", "oracle_lint.linter.cli"]


def _tocar(ruta: Path, n: int) -> None:
    """Change one file's content (a comment line), so its hash changes."""
    with ruta.open("a", encoding="utf-8") as f:
        f.write(f"# edited {n}\n")


def _fixit(ruta_fixit: str | None) -> list[str] | None:
    """How to run Fixit, if it is available."""
    if ruta_fixit:
        return [ruta_fixit]
    try:
        import fixit  # noqa: F401
    except ImportError:
        return None
    return [sys.executable, "-m", "fixit"]


def medir(raiz: Path, fixit: list[str] | None, archivo_herramienta: Path, archivo_ordinario: Path) -> None:
    """Run every measurement over the tree and print figures and ratios."""
    lint = _oracle_lint()
    cache = raiz / ".oracle-cache"
    cifras: dict[str, float] = {}

    cifras["parse_only"], _ = _cronometrar([sys.executable, "-c", PARSE_ONLY, str(raiz)], raiz)
    # Cold runs alternate --jobs 1 and 2, RONDAS_EN_FRIO times each, and keep each one's best:
    # on a shared machine one sample of each can land in different load and bend the speedup.
    for _ in range(RONDAS_EN_FRIO):
        for jobs in (1, 2):
            shutil.rmtree(cache, ignore_errors=True)
            t, codigo = _cronometrar([*lint, "check", "--jobs", str(jobs)], raiz)
            cifras[f"cold_j{jobs}"] = min(t, cifras.get(f"cold_j{jobs}", t))
    cifras["cold_nocache_j1"], _ = _cronometrar([*lint, "check", "--jobs", "1", "--no-cache"], raiz)
    cifras["warm"], _ = _cronometrar([*lint, "check"], raiz, veces=3)
    tiempos = []
    for n in range(3):
        _tocar(archivo_herramienta, n)
        t, _ = _cronometrar([*lint, "check"], raiz)
        tiempos.append(t)
    cifras["one_changed"] = min(tiempos)
    _tocar(archivo_ordinario, 99)
    cifras["one_changed_ordinary"], _ = _cronometrar([*lint, "check"], raiz)
    rel = str(archivo_herramienta.relative_to(raiz))
    tiempos = []
    for n in range(3):  # each run right after an edit: the file's result is never cached
        _tocar(archivo_herramienta, 100 + n)
        t, _ = _cronometrar([*lint, "check", rel], raiz)
        tiempos.append(t)
    cifras["one_file_first"] = min(tiempos)
    cifras["one_file_again"], _ = _cronometrar([*lint, "check", rel], raiz, veces=3)
    cifras["one_file_nocache"], _ = _cronometrar([*lint, "check", "--no-cache", rel], raiz, veces=3)
    cifras["help"], _ = _cronometrar([*lint, "--help"], raiz, veces=3)
    if fixit is not None:
        cifras["fixit"], _ = _cronometrar([*fixit, "lint", "."], raiz)

    rss_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"last check exit code (cold): {codigo}")
    for clave, valor in cifras.items():
        print(f"{clave:>22}: {valor:8.3f} s")
    cold = cifras["cold_j1"]
    print("ratios (target):")
    print(f"  check cold j1 / parse-only   {cold / cifras['parse_only']:6.3f}  (<= 1.0)")
    print(f"  check cold j2 / parse-only   {cifras['cold_j2'] / cifras['parse_only']:6.3f}")
    print(f"  warm                         {cifras['warm']:6.3f} s (<= 1.5 s)")
    print(f"  warm / cold                  {cifras['warm'] / cold:6.3f}")
    print(f"  one changed / cold           {cifras['one_changed'] / cold:6.3f}  (<= 0.1)")
    print(f"  one file alone (first run)   {cifras['one_file_first']:6.3f} s (<= 0.5 s)")
    print(f"  one file alone (again)       {cifras['one_file_again']:6.3f} s (<= 0.5 s)")
    print(f"  2-worker speedup (cold)      {cold / cifras['cold_j2']:6.3f}  (>= 1.6)")
    print(f"  no-cache cold / cold         {cifras['cold_nocache_j1'] / cold:6.3f}")
    if "fixit" in cifras:  # Fixit runs a process per CPU by default; so does check (--jobs = CPUs)
        print(f"  Fixit / check cold --jobs 2  {cifras['fixit'] / cifras['cold_j2']:6.3f}  (>= 20)")
        print(f"  Fixit / check cold --jobs 1  {cifras['fixit'] / cold:6.3f}")
    else:
        print("  Fixit / check cold           skipped: fixit is not importable (pass --fixit PATH to use an executable)")
    print(f"peak RSS of any child process: {rss_mb:.0f} MB (<= 400 MB)")


def main() -> None:
    """Generate the tree, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="generate here (kept) instead of a temporary directory")
    parser.add_argument("--fixit", help="a Fixit executable to compare with (default: `python -m fixit` when importable)")
    parser.add_argument("--tree", type=Path, help="measure a copy of this real tree instead of the generated one")
    args = parser.parse_args()
    destino = args.keep or Path(tempfile.mkdtemp(prefix="oracle-bench-"))
    try:
        if args.keep and destino.exists():
            shutil.rmtree(destino)
        compilar(("linter", "nucleo"))
        if args.tree:
            shutil.copytree(args.tree, destino, symlinks=True, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns(".git", ".oracle-cache", "__pycache__"))
            (destino / "pyproject.toml").write_text('[tool.oracle]\npaths = ["."]\n', encoding="utf-8")
        else:
            destino.mkdir(parents=True, exist_ok=True)
            cuentas = generar(destino)
            print(f"tree: {cuentas['archivos']} files, {cuentas['lineas']} lines ({cuentas['lineas_ordinarias']} "
                  f"ordinary), {cuentas['herramientas']} tools, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
        archivos, lineas, a_libcst, lineas_libcst, elegidas = alcance_de_libcst(destino)
        if args.tree:
            print(f"tree: a copy of {args.tree}: {archivos} files, {lineas} lines, {os.cpu_count()} CPUs, "
                  f"Python {sys.version.split()[0]}")
        print(f"entry points (past the pre-filter, searched for tools): {a_libcst} of {archivos} files "
              f"({100 * a_libcst / max(archivos, 1):.1f} %), {lineas_libcst} of {lineas} lines ({100 * lineas_libcst / max(lineas, 1):.1f} %)")
        leidos = parseados(destino)
        lineas_leidas = sum((destino / r).read_bytes().count(b"\n") for r in leidos)
        print(f"reaching libcst (entry points and what resolution reaches): {len(leidos)} of {archivos} files "
              f"({100 * len(leidos) / max(archivos, 1):.1f} %), {lineas_leidas} of {lineas} lines "
              f"({100 * lineas_leidas / max(lineas, 1):.1f} %)")
        if args.tree:
            todas = sorted(p.relative_to(destino).as_posix() for p in destino.rglob("*.py") if p.is_file())
            ordinarias = [r for r in todas if r not in set(elegidas)]
            if not elegidas or not ordinarias:
                sys.exit("the tree needs at least one file the pre-filter keeps and one it skips")
            herramienta, ordinario = destino / elegidas[0], destino / ordinarias[0]
        else:
            herramienta, ordinario = destino / "srv/deco/servidor_2.py", destino / "lib/mod200.py"
        medir(destino, _fixit(args.fixit), herramienta, ordinario)
    finally:
        if not args.keep:
            shutil.rmtree(destino, ignore_errors=True)


if __name__ == "__main__":
    main()
