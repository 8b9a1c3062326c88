"""Source fuzzing of the analyzer, through the real CLI (subprocess, timeout) and through `extraer`.

Every hostile input must end as a finding (`analisis.no_resuelto` naming the file and a line)
or as a clear error (exit 2, `CODE — message` on stderr): never a traceback, never a hang.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle_lint.linter.extraccion import extraer
from tests.robustez.servidor import ejemplos

ORACLE_LINT = Path(sys.executable).parent / "oracle-lint"
ERROR_ESTABLE = re.compile(r"^[A-Z][A-Z_]+ — \S")
PYPROJECT = '[project]\nname = "fuzz"\n\n[tool.oracle]\npaths = ["."]\n'
TABLA = (
    "def h(args):\n    return {\"a\": 1}\n\n"
    "HERRAMIENTAS = [{\"name\": \"t\", \"inputSchema\": {\"type\": \"object\"}, \"outputSchema\": %s, \"handler\": h}]\n"
)
MB = 1024 * 1024


def proyecto(raiz: Path, archivos: dict[str, bytes]) -> Path:
    raiz.mkdir(parents=True, exist_ok=True)
    (raiz / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    for nombre, datos in archivos.items():
        (raiz / nombre).parent.mkdir(parents=True, exist_ok=True)
        (raiz / nombre).write_bytes(datos)
    return raiz


def check(raiz: Path, *rutas: str, tiempo: float = 300.0) -> tuple[int, Any, str]:
    """`oracle-lint check --format json --project raiz [rutas]`: (exit status, parsed stdout or None, stderr)."""
    proceso = subprocess.run(
        [str(ORACLE_LINT), "check", "--format", "json", "--project", str(raiz), *rutas],
        capture_output=True, timeout=tiempo, cwd=raiz, env={**os.environ, "NO_COLOR": "1"},
    )
    stderr = proceso.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr[-4000:]
    assert proceso.returncode in (0, 1, 2), (proceso.returncode, stderr[-2000:])
    if proceso.returncode == 2:
        assert ERROR_ESTABLE.match(stderr), f"exit 2 without a `CODE — message` line: {stderr[:500]!r}"
        return 2, None, stderr
    datos = json.loads(proceso.stdout)
    for hallazgo in datos["findings"]:
        assert isinstance(hallazgo["path"], str) and hallazgo["path"] and not hallazgo["path"].startswith("/"), hallazgo
        assert isinstance(hallazgo["line"], int) and hallazgo["line"] >= 1, hallazgo
    assert proceso.returncode == (1 if datos["findings"] else 0)
    return proceso.returncode, datos, stderr


def no_resueltos(datos: Any, archivo: str) -> list[dict[str, Any]]:
    return [h for h in datos["findings"] if h["rule"] == "analisis.no_resuelto" and h["path"] == archivo]


# -- unreadable sources: a finding at the exact place --------------------------------------------

ILEGIBLES = {
    "sintaxis": (b"def f(:\n    pass\n" + (TABLA % "{}").encode(), 1),
    "sintaxis_tarde": ((TABLA % "{}").encode() + b"\n\nclass X(\n", 7),
    "no_utf8": ((TABLA % "{}").encode() + b"x = '\xff\xfe'\n", 5),
    "latin1_declarado": (b"# -*- coding: latin-1 -*-\n" + (TABLA % "{}").encode() + b"x = '\xe9'\n", None),
    "nul": ((TABLA % "{}").encode().replace(b"def h", b"def\x00h"), 1),
    "bom_y_basura": (b"\xef\xbb\xbf" + (TABLA % "{") .encode(), None),
    "indentacion": ((TABLA % "{}").encode() + "".join("    " * i + "if x:\n" for i in range(120)).encode(), None),
}


@pytest.mark.parametrize("caso", sorted(ILEGIBLES))
def test_fuente_ilegible(tmp_path: Path, caso: str) -> None:
    datos, linea = ILEGIBLES[caso]
    raiz = proyecto(tmp_path / "p", {"a.py": datos})
    codigo, salida, _ = check(raiz)
    assert codigo == 1
    hallazgos = no_resueltos(salida, "a.py")
    assert hallazgos, salida
    if linea is not None:
        assert hallazgos[0]["line"] == linea, hallazgos
    evidencia = extraer([raiz / "a.py"], raiz)
    assert [f for f in evidencia["no_resuelto"] if f["archivo"] == "a.py" and f["linea"] >= 1]


# -- huge and deep sources: analyzed, or a finding; never a traceback or a hang ------------------


def _profundo(apertura: str, cierre: str, n: int, centro: str = '{"type": "object"}') -> str:
    return apertura * n + centro + cierre * n


ENORMES_Y_HONDOS: dict[str, bytes] = {
    "cadena_5mb": (TABLA % '{"type": "object", "description": D}').encode() + b'D = "' + b"x" * (5 * MB) + b'"\n',
    "bytes_5mb": (TABLA % '{"type": "object"}').encode() + b"B = b'" + b"\\x00" * (MB + MB // 4) + b"'\n",
    "dict_10k_claves": (TABLA % "S").encode() + b'S = {"type": "object", "properties": {'
    + b",".join(b'"k%d": {"type": "string"}' % i for i in range(10_000)) + b"}}\n",
    "parentesis_600": (TABLA % _profundo("(", ")", 600)).encode(),
    "dicts_520": (TABLA % _profundo('{"type": "object", "properties": {"a": ', "}}", 520, '{"type": "string"}')).encode(),
    "listas_1000": (TABLA % '{"type": "object"}').encode() + b"X = " + b"[" * 1000 + b"]" * 1000 + b"\n",
    "suma_1000": (TABLA % ('{"type": "object", "description": ' + " + ".join(['"a"'] * 1000) + "}")).encode(),
    "negacion_3000": (TABLA % ('{"type": "object", "maxProperties": ' + "-" * 3000 + "1}")).encode(),
    "llamadas_600": (TABLA % _profundo("f(", ")", 600)).encode(),
    "atributos_1000": (TABLA % ("S" + ".x" * 1000)).encode(),
    "lambdas_600": (TABLA % ("lambda: " * 600 + "1")).encode(),
}


@pytest.mark.parametrize("caso", sorted(ENORMES_Y_HONDOS))
def test_fuente_enorme_o_honda(tmp_path: Path, caso: str) -> None:
    raiz = proyecto(tmp_path / "p", {"a.py": ENORMES_Y_HONDOS[caso]})
    codigo, salida, _ = check(raiz)
    assert codigo in (0, 1)
    herramientas = salida["summary"]["tools"]
    # Either the tool table was read (the tool is counted) or the file is reported as not analyzable.
    assert herramientas == 1 or no_resueltos(salida, "a.py"), salida


# -- cycles and links ---------------------------------------------------------------------------

CIRCULAR = {
    "a.py": b'from b import SALIDA_B\n\nENTRADA_A = {"type": "object", "properties": {}, "additionalProperties": False}\n'
            b'SALIDA_A = {"type": "object", "properties": {"x": SALIDA_B}, "additionalProperties": False}\n\n'
            b'def h(args):\n    return {"x": 1}\n\n'
            b'HERRAMIENTAS = [{"name": "a", "inputSchema": ENTRADA_A, "outputSchema": SALIDA_B, "handler": h}]\n',
    "b.py": b'from a import ENTRADA_A, SALIDA_A\n\n'
            b'SALIDA_B = {"type": "object", "properties": {"y": SALIDA_A}, "additionalProperties": False}\n\n'
            b'def g(args):\n    return {"y": 1}\n\n'
            b'HERRAMIENTAS = [{"name": "b", "inputSchema": ENTRADA_A, "outputSchema": SALIDA_A, "handler": g}]\n',
}


def test_importaciones_circulares(tmp_path: Path) -> None:
    """a imports b imports a, each table using the other's constants: both tools seen, the cycle reported in place."""
    raiz = proyecto(tmp_path / "p", CIRCULAR)
    codigo, salida, _ = check(raiz)
    assert codigo == 1 and salida["summary"]["tools"] == 2
    assert no_resueltos(salida, "a.py") and no_resueltos(salida, "b.py")
    evidencia = extraer([raiz / "a.py", raiz / "b.py"], raiz)
    assert {f["herramienta"] for f in evidencia["herramienta"]} == {"a", "b"}


def test_modulo_que_se_importa_a_si_mismo(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", {"a.py": b'from a import S\nS = {"type": "object", "properties": {"s": S}}\n\n'
                                            b'def h(args):\n    return {"s": 1}\n\n'
                                            b'HERRAMIENTAS = [{"name": "a", "inputSchema": S, "outputSchema": S, "handler": h}]\n'})
    codigo, salida, _ = check(raiz)
    assert codigo == 1 and no_resueltos(salida, "a.py")


def test_bucle_de_enlaces(tmp_path: Path) -> None:
    """A directory symlinked to its parent (and to itself) is not walked: no loop, no duplicate, no hang."""
    raiz = proyecto(tmp_path / "p", {**CIRCULAR, "sub/c.py": b"X = 1\n"})
    os.symlink("..", raiz / "sub" / "arriba")
    os.symlink(".", raiz / "yo")
    for rutas, archivos in (((), 3), (("sub/arriba",), 3), (("yo",), 3), (("yo/sub/arriba/sub",), 1)):
        codigo, salida, _ = check(raiz, *rutas, tiempo=120)
        assert codigo in (0, 1) and salida["summary"]["files"] == archivos, (rutas, salida["summary"])


def test_enlace_fuera_del_proyecto(tmp_path: Path) -> None:
    """A symlink leaving the root, walked or named, is refused with PROYECTO_INVALIDO: its target is never read."""
    externo = tmp_path / "externo"
    externo.mkdir()
    (externo / "secreto.py").write_bytes(CIRCULAR["a.py"].replace(b"from b import SALIDA_B", b"SALIDA_B = {}"))
    raiz = proyecto(tmp_path / "p", CIRCULAR)
    os.symlink(externo / "secreto.py", raiz / "enlace.py")
    for rutas in ((), ("enlace.py",), (".",)):
        codigo, _, stderr = check(raiz, *rutas)
        assert codigo == 2 and stderr.startswith("PROYECTO_INVALIDO — ") and "enlace.py" in stderr, (rutas, stderr)
    (raiz / "enlace.py").unlink()
    os.symlink(externo, raiz / "enlace_dir")
    codigo, _, stderr = check(raiz, "enlace_dir")
    assert codigo == 2 and stderr.startswith("PROYECTO_INVALIDO — ")
    codigo, salida, _ = check(raiz)  # walking skips symlinked directories: only the two own files
    assert codigo == 1 and salida["summary"]["files"] == 2


def test_enlace_colgante(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", CIRCULAR)
    os.symlink(raiz / "no_existe.py", raiz / "colgante.py")
    codigo, salida, _ = check(raiz)
    assert codigo == 1 and any(h["rule"] == "analisis.no_resuelto" and "cannot be read" in h["message"]
                               for h in salida["findings"])


# -- random Python-ish text ---------------------------------------------------------------------

FICHAS = st.sampled_from([
    "from mcp.server.mcpserver import MCPServer\n", "from mcp.server.fastmcp import FastMCP\n", "import mcp.types as types\n",
    "from fastmcp import FastMCP\n", "from pydantic import BaseModel\n", "from typing import TypedDict\n",
    "app = MCPServer('x')\n", "mcp = FastMCP('y')\n", "@app.tool()\n", "@mcp.tool(output_schema=S)\n", "@app.tool(structured_output=True)\n",
    "def f(a: int) -> dict[str, int]:\n", "async def g(x: str) -> M:\n", "def h(args):\n", "    return {**x, 'a': 1}\n",
    "    return {'complete': True}\n", "    return M(a=1)\n", "    return types.CallToolResult(content=[], structuredContent=d)\n",
    "    return r\n", "    r = {}\n    r['x'] = 1\n", "HERRAMIENTAS = [{'name': 'n', 'outputSchema': S, 'handler': h}]\n",
    "T = [{'name': 'n', 'inputSchema': E, 'outputSchema': S, 'handler': f}]\n", "S = {'type': 'object', 'properties': {'message': {}}}\n",
    "S = {'type': 'object', 'anyOf': [{'$ref': '#'}]}\n", "E = S\n", "S = E\n", "S = build(S)\n", "class M(BaseModel):\n",
    "class D(TypedDict):\n", "    x: 'M'\n", "    a: int\n", "types.Tool(name=1, outputSchema=S)\n",
    "@app.call_tool()\n", "@app.list_tools()\n", "from a import S\n", "from b import *\n", "import a\n", "S = a.S\n",
    "(((\n", ")))\n", "\x00", "if:\n", "\t", "    ", "'''", '"""', "\\\n", "lambda: ", "match name:\n    case 'a':\n        return {}\n",
    "[" * 50, "]" * 50, "-" * 200, "x" + ".y" * 300 + "\n", "del S\n", "global S\n", "S: dict = {}\n", "yield {}\n",
])


def _texto_python() -> st.SearchStrategy[str]:
    return st.lists(st.one_of(FICHAS, FICHAS, FICHAS, st.text(max_size=20)), max_size=25).map("".join)


@settings(max_examples=ejemplos(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(a=_texto_python(), b=_texto_python(), c=st.binary(max_size=80))
def test_texto_aleatorio_por_extraer(tmp_path_factory: Any, a: str, b: str, c: bytes) -> None:
    """Random Python-ish text (tool registrations mixed with garbage) through `extraer`: rows, never an exception."""
    raiz = tmp_path_factory.mktemp("fuzz")
    (raiz / "a.py").write_text(a, encoding="utf-8", errors="surrogatepass")
    (raiz / "b.py").write_text(b, encoding="utf-8", errors="surrogatepass")
    (raiz / "c.py").write_bytes(c)
    evidencia = extraer([raiz / "a.py", raiz / "b.py", raiz / "c.py"], raiz)
    assert len(evidencia["archivo"]) == 3
    for fila in evidencia["no_resuelto"]:
        assert isinstance(fila["archivo"], str) and isinstance(fila["linea"], int) and fila["linea"] >= 1, fila


@settings(max_examples=ejemplos(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(a=_texto_python(), b=_texto_python())
def test_texto_aleatorio_por_la_cli(tmp_path_factory: Any, a: str, b: str) -> None:
    """The same through `oracle-lint check --format json`: findings or a stable error, never a traceback."""
    raiz = proyecto(tmp_path_factory.mktemp("cli"), {"a.py": a.encode("utf-8", "surrogatepass"),
                                                     "b.py": b.encode("utf-8", "surrogatepass")})
    check(raiz, tiempo=120)
