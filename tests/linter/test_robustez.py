"""Contract of `extraer`: all relations, scalar sorted rows, one parse per file, no tracebacks."""

import json
import pathlib
import subprocess
import sys

import libcst
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oracle_lint.linter.extraccion.fuente as fuente
from oracle_lint.linter.extraccion import RELACIONES, VERSION_EXTRACTOR, extraer

from .marcas import FIXTURES

ESPERADAS = {"herramienta", "esquema_nodo", "esquema_propiedad", "esquema_hijo", "esquema_valor", "esquema", "raiz",
             "clave_emitida", "valor_emitido", "clave_declarada", "spread", "complete", "no_resuelto", "archivo", "servidor"}


def test_every_relation_present_even_empty(tmp_path):
    (tmp_path / "vacio.py").write_text("")
    ev = extraer([tmp_path / "vacio.py"], tmp_path)
    assert set(ev) == ESPERADAS == set(RELACIONES)
    assert ev["archivo"] == [{"archivo": "vacio.py", "herramientas": 0}]
    assert all(ev[r] == [] for r in ESPERADAS - {"archivo"})
    assert VERSION_EXTRACTOR == "7"  # a unit's rows carry the registration they belong to (salida.SITIO): cached facts of "6" lack it


def test_rows_are_scalars_sorted_and_deterministic():
    d = FIXTURES / "tabla"
    a = extraer(sorted(d.glob("*.py")), d)
    b = extraer(list(reversed(sorted(d.glob("*.py")))), d)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    for filas in a.values():
        for fila in filas:
            assert all(v is None or isinstance(v, (str, int, float, bool)) for v in fila.values())


def test_one_parse_per_file(monkeypatch):
    llamadas = []
    original = libcst.parse_module

    def contar(texto, *a, **k):
        llamadas.append(texto)
        return original(texto, *a, **k)

    monkeypatch.setattr(fuente.cst, "parse_module", contar)
    d = FIXTURES / "decorador"
    archivos = sorted(d.glob("*.py"))
    extraer(archivos, d)
    # libcst's ScopeProvider parses string annotations itself; whole files are parsed once each.
    fuentes = [p.read_text() for p in archivos]
    assert sorted(t for t in llamadas if t in fuentes) == sorted(fuentes)


def test_jsonschema_is_imported_lazily():
    codigo = "import sys, oracle_lint.linter.extraccion; print('jsonschema' in sys.modules)"
    salida = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, cwd=pathlib.Path(__file__).parents[2])
    assert salida.stdout.strip() == "False", salida.stderr


def test_unreadable_path_is_a_row(tmp_path):
    ev = extraer([tmp_path / "no_existe.py"], tmp_path)
    assert ev["no_resuelto"][0]["archivo"] == "no_existe.py"
    assert ev["no_resuelto"][0]["motivo"].startswith("file cannot be read")


FRAGMENTOS = st.sampled_from([
    "from mcp.server.mcpserver import MCPServer\n", "app = MCPServer('x')\n", "@app.tool()\n", "def f(a: int) -> dict[str, int]:\n",
    "    return {**x, 'a': 1}\n", "    return {'complete': True}\n", "T = [{'name': 'n', 'outputSchema': S, 'handler': f}]\n",
    "S = {'type': 'object', 'anyOf': [{'$ref': '#'}]}\n", "class M(BaseModel):\n", "    x: 'M'\n", "(((\n", "\x00", "if:\n",
    "match name:\n    case 'a':\n        return {}\n", "import mcp.types as types\n", "types.Tool(name=1, outputSchema=S)\n",
])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.lists(FRAGMENTOS, max_size=12).map("".join), st.text(max_size=200)), st.binary(max_size=60))
def test_garbage_never_raises(tmp_path, texto, binario):
    (tmp_path / "a.py").write_text(texto, encoding="utf-8", errors="surrogatepass") if "\ud800" not in texto else None
    (tmp_path / "b.py").write_bytes(binario)
    archivos = [p for p in (tmp_path / "a.py", tmp_path / "b.py") if p.exists()]
    ev = extraer(archivos, tmp_path)
    assert set(ev) == ESPERADAS
    assert len(ev["archivo"]) == len(archivos)


SUSTITUTO = '''import mcp.types as types
from mcp.server.lowlevel import Server

servidor = Server("s")


@servidor.list_tools()
async def listar() -> list[types.Tool]:
    return [types.Tool(name="t", description="d", inputSchema={"type": "object"},
                       outputSchema={"type": "object", "properties": {"a\\ud800": {"type": "string"}}})]
'''


def test_a_lone_surrogate_in_a_literal_reaches_the_rules_escaped_and_the_cache_keeps_it(tmp_path):
    """A lone surrogate is legal in a Python literal but not Unicode: spelled as its escape, never a traceback."""
    (tmp_path / "servidor.py").write_text(SUSTITUTO, encoding="utf-8")
    orden = [sys.executable, "-c", "from oracle_lint.linter.cli import main; main()", "check", "servidor.py"]
    corridas = [subprocess.run(orden, cwd=tmp_path, capture_output=True, text=True) for _ in range(2)]
    for corrida in corridas:  # cold, then from .oracle-cache/
        assert (corrida.returncode, corrida.stderr) == (1, "")
        assert corrida.stdout == (
            "servidor.py:9:13: ORC401 could not analyze: handler of low-level tool `t` not found "
            "(no call_tool handler) (unresolved)\n1 finding in 1 file (1 file, 1 tool analyzed).\n"
        )
    ev = extraer([tmp_path / "servidor.py"], tmp_path)
    assert [f["clave"] for f in ev["clave_declarada"]] == ["a\\ud800"]
    assert list((tmp_path / ".oracle-cache" / "extraccion").rglob("*.json"))
