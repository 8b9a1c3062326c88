"""Schemas derived from the syntax tree equal what the real MCP SDK publishes in tools/list."""

import asyncio
import importlib.util
import json
import sys

import pytest

from linter.extraccion import extraer

from .marcas import FIXTURES

DIRECTORIO = FIXTURES / "decorador"


@pytest.fixture(scope="module")
def publicadas() -> dict[str, dict]:
    """tools/list of the fixture server, imported with the real mcp + pydantic."""
    sys.path.insert(0, str(DIRECTORIO))
    try:
        sys.modules.pop("modelos", None)
        spec = importlib.util.spec_from_file_location("fixture_decorador_servidor", DIRECTORIO / "servidor.py")
        modulo = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modulo)
        herramientas = asyncio.run(modulo.app.list_tools())
    finally:
        sys.path.remove(str(DIRECTORIO))
        sys.modules.pop("modelos", None)
    return {t.name: t.model_dump(by_alias=True, exclude_none=True) for t in herramientas}


@pytest.fixture(scope="module")
def derivadas() -> dict:
    return extraer(sorted(DIRECTORIO.glob("*.py")), DIRECTORIO)


def test_same_tools_as_the_sdk(publicadas, derivadas):
    assert sorted(f["herramienta"] for f in derivadas["herramienta"]) == sorted(publicadas)


@pytest.mark.parametrize("lado,clave", [("entrada", "inputSchema"), ("salida", "outputSchema")])
def test_every_schema_equals_the_published_one(publicadas, derivadas, lado, clave):
    mias = {f["herramienta"]: json.loads(f["contenido"]) for f in derivadas["esquema"] if f["lado"] == lado}
    estados = {f["herramienta"]: f[f"esquema_{lado}"] for f in derivadas["herramienta"]}
    for nombre, herramienta in publicadas.items():
        publicada = herramienta.get(clave)
        if publicada is None:
            assert estados[nombre] == "ninguno", nombre
            assert nombre not in mias, nombre
        else:
            assert estados[nombre] == "modelo", nombre
            assert mias[nombre] == publicada, nombre


def test_states_of_schema_less_returns(derivadas):
    estados = {f["herramienta"]: f["esquema_salida"] for f in derivadas["herramienta"]}
    for nombre in ("crudo", "cualquiera", "texto", "sin_estructura"):
        assert estados[nombre] == "ninguno"


def test_wrapped_roots_are_marked(derivadas):
    envueltas = sorted(f["herramienta"] for f in derivadas["raiz"] if f["envoltura"])
    assert envueltas == ["buscar_items", "contar"]
