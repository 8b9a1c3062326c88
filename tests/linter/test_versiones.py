"""The SDK release a project pins decides what its tools publish: mcp's FastMCP before 1.10 and the
fastmcp package before 2.10 publish no outputSchema (linter/versiones.py, sdk.salida)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from oracle_lint.linter.analisis import reunir_evidencia
from oracle_lint.linter.versiones import fijadas, tupla
from oracle_lint.nucleo.proyecto import Proyecto

MCP1 = '''
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("pin")


@mcp.tool()
def contar() -> dict[str, int]:
    return {"n": 1}
'''

FASTMCP = '''
from fastmcp import FastMCP

mcp = FastMCP("pin")


@mcp.tool
def contar() -> dict[str, int]:
    return {"n": 1}
'''


def _escribir(raiz: Path, archivos: dict[str, str]) -> None:
    for nombre, texto in archivos.items():
        (raiz / nombre).write_text(textwrap.dedent(texto), encoding="utf-8")


def test_the_lock_file_wins_then_exact_pins_of_the_declared_dependencies(tmp_path):
    _escribir(tmp_path, {"pyproject.toml": '[project]\nname = "x"\ndependencies = ["mcp[cli]==1.8.0", "fastmcp>=2"]\n'})
    assert fijadas(tmp_path) == {"mcp": "1.8.0"}  # a range pins nothing
    _escribir(tmp_path, {"requirements-dev.txt": "FastMCP == 2.9.1  # the server\nmcp==9.9.9\n"})
    assert fijadas(tmp_path) == {"mcp": "1.8.0", "fastmcp": "2.9.1"}  # pyproject first, then requirements
    _escribir(tmp_path, {"uv.lock": 'version = 1\n\n[[package]]\nname = "mcp"\nversion = "1.6.0"\n\n'
                                    '[[package]]\nname = "anyio"\nversion = "4.9.0"\n'})
    assert fijadas(tmp_path) == {"mcp": "1.6.0"}  # the lock says what is installed
    (tmp_path / "uv.lock").write_text("not toml [", encoding="utf-8")
    assert fijadas(tmp_path) == {"mcp": "1.8.0", "fastmcp": "2.9.1"}  # an unreadable lock is no lock


@pytest.mark.parametrize("lock,clave", [("poetry.lock", "package"), ("pylock.toml", "packages")])
def test_other_lock_formats(tmp_path, lock, clave):
    _escribir(tmp_path, {lock: f'[[{clave}]]\nname = "fastmcp"\nversion = "2.3.4"\n'})
    assert fijadas(tmp_path) == {"fastmcp": "2.3.4"}


def test_a_release_is_its_leading_numbers():
    assert tupla("1.9.0") == (1, 9, 0) and tupla("1.10.0rc1") == (1, 10, 0) and tupla("2.13.0.2") == (2, 13, 0, 2)
    assert tupla("dev") == ()


@pytest.mark.parametrize("codigo,dependencia,publica", [
    (MCP1, "mcp[cli]==1.8.0", False), (MCP1, "mcp[cli]==1.9.4", False), (MCP1, "mcp==1.10.0", True),
    (MCP1, "mcp>=1.2", True), (FASTMCP, "fastmcp==2.9.0", False), (FASTMCP, "fastmcp==2.10.0", True),
])
def test_a_pinned_release_before_output_schemas_publishes_none(tmp_path, codigo, dependencia, publica):
    _escribir(tmp_path, {"pyproject.toml": f'[project]\nname = "x"\ndependencies = ["{dependencia}"]\n', "servidor.py": codigo})
    e = reunir_evidencia(Proyecto(tmp_path), None, cache=False).evidencia
    assert [(h["herramienta"], h["esquema_salida"]) for h in e["herramienta"]] == [("contar", "modelo" if publica else "ninguno")]
    assert bool(e["raiz"]) is publica


def test_the_cache_keeps_apart_what_each_pin_publishes(tmp_path):
    _escribir(tmp_path, {"pyproject.toml": '[project]\nname = "x"\ndependencies = ["mcp==1.9.0"]\n', "servidor.py": MCP1})
    estados = [reunir_evidencia(Proyecto(tmp_path), None).evidencia["herramienta"][0]["esquema_salida"]]
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\ndependencies = ["mcp==1.10.0"]\n', encoding="utf-8")
    estados.append(reunir_evidencia(Proyecto(tmp_path), None).evidencia["herramienta"][0]["esquema_salida"])
    assert estados == ["ninguno", "modelo"]


UV_LOCK = '''version = 1
requires-python = ">=3.10"

[[package]]
name = "servidor"
version = "0.1.0"
source = { editable = "." }
dependencies = [
    { name = "mcp", extra = ["cli"] },
]

[package.metadata]
requires-dist = [{ name = "mcp", extras = ["cli"], specifier = ">=1.6.0" }]

[[package]]
name = "mcp"
version = "1.6.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [
    { name = "anyio" },
]
'''


def test_a_lock_is_scanned_table_by_table_and_read_as_toml_when_it_is_not_written_that_way(tmp_path):
    """The `[[package]]` tables' own `name`/`version` lines (not an inline `{ name = "mcp" }` of another
    package, not `[package.metadata]`) give the pin, as the TOML parser does."""
    (tmp_path / "uv.lock").write_text(UV_LOCK, encoding="utf-8")
    assert fijadas(tmp_path) == {"mcp": "1.6.0"}
    # the same lock with its tables written inline: no table is a block of lines, so the whole is parsed
    (tmp_path / "uv.lock").write_text('package = [{name = "mcp", version = "1.7.1"}]\n', encoding="utf-8")
    assert fijadas(tmp_path) == {"mcp": "1.7.1"}
