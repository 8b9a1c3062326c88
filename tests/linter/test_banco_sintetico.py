"""The synthetic tree of `bench/lint_speed.py` sends libcst what its design says (issue 16).

The benchmark's figures mean something only if the tree does not flatter the pre-filter. When
`tool` came to count only where a recognizer reads it, the tree's `.tool` reads stopped making entry
points (2 % of its lines; 4 % reached libcst), unseen until a benchmark run printed it. These tests
pin the design instead of a share: which ordinary modules are entry points, and that resolution
parses the helpers the fastmcp tools return.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def banco():
    sys.path.insert(0, str(RAIZ / "bench"))
    try:
        import lint_speed
    finally:
        sys.path.remove(str(RAIZ / "bench"))
    return lint_speed


@pytest.fixture(scope="module")
def arbol(banco, tmp_path_factory):
    raiz = tmp_path_factory.mktemp("banco")
    banco.generar(raiz)
    return raiz


@pytest.fixture(scope="module")
def elegidas(banco, arbol):
    """The files the pre-filter sends to libcst as entry points."""
    return set(banco.alcance_de_libcst(arbol)[4])


def test_the_ordinary_entry_points_are_exactly_the_modules_that_name_tool_or_call_tool(banco, arbol, elegidas):
    parte, de = banco.CON_ATRIBUTO
    esperadas = {f"lib/mod{n:03d}.py" for n in range(banco.ARCHIVOS_ORDINARIOS) if n % de < parte}
    assert {r for r in elegidas if r.startswith("lib/")} == esperadas
    # both kinds are present: a helper naming the protocol's Tool, a test helper calling call_tool
    textos = [(arbol / r).read_text(encoding="utf-8") for r in sorted(esperadas)]
    assert any("from mcp.types import Tool" in t for t in textos)
    assert any(".call_tool(" in t for t in textos)
    # a `.tool` attribute read alone (every tool-layer helper has one) makes no entry point
    solo_atributo = [f"lib/mod{n:03d}.py" for n in range(banco.ARCHIVOS_ORDINARIOS)
                     if n % banco.CON_PALABRA[1] < banco.CON_PALABRA[0] and n % de >= parte]
    assert solo_atributo and all("contexto.tool.name" in (arbol / r).read_text(encoding="utf-8") for r in solo_atributo)
    assert not set(solo_atributo) & elegidas


def test_the_srv_entry_points_are_exactly_the_registering_modules(banco, arbol, elegidas):
    srv = {r for r in elegidas if r.startswith("srv/")}
    registran = {p.relative_to(arbol).as_posix() for p in (arbol / "srv").rglob("*.py")
                 if "servidor_" in p.name or "tabla_" in p.name or "herramientas_" in p.name}
    # models, schema constants, exported functions and packages are reached by resolution only
    assert srv == registran


def test_resolution_parses_the_helpers_the_fastmcp_tools_return(banco, arbol, elegidas):
    parseados = banco.parseados(arbol)
    devueltos = Counter(f"lib/mod{banco._ayudante_fm(n, i):03d}.py"
                        for n in range(banco.ARCHIVOS_POR_ESTILO) for i in range(banco.HERRAMIENTAS_POR_ARCHIVO))
    ayudantes = set(devueltos)
    # spread over lib/: no helper module serves more tools than the design says
    assert max(devueltos.values()) == banco.HERRAMIENTAS_POR_AYUDANTE
    assert ayudantes <= parseados
    # and the rest of lib/ is left alone: neither an entry point nor reached
    otros = {f"lib/mod{n:03d}.py" for n in range(banco.ARCHIVOS_ORDINARIOS)} - ayudantes - elegidas
    assert otros and not otros & parseados
