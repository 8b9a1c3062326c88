"""Schemas derived from the syntax tree equal what the real MCP SDK publishes in tools/list."""

import json

import pytest

from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES
from .sdk_real import importar
from .sdk_real import publicadas as publicadas_sdk

DIRECTORIO = FIXTURES / "decorador"


@pytest.fixture(scope="module")
def publicadas() -> dict[str, dict]:
    """tools/list of the fixture server, imported with the real mcp + pydantic."""
    return publicadas_sdk(importar(DIRECTORIO / "servidor.py", DIRECTORIO, ("modelos",)).app)


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


CAMPOS = '''
from pydantic import Field

LIMITE = Field(10, description="rows to return", ge=1)
PAGINA = Field(description="page to read", ge=0)
'''

SERVIDOR = '''
from typing import Annotated, Optional, Union

import campos
from campos import LIMITE
from mcp.server.mcpserver import Context, MCPServer
from mcp_types import InputRequiredResult
from pydantic import AnyUrl, BaseModel, Field, PositiveFloat, PositiveInt, StringConstraints

app = MCPServer("campos")


class Hoja(BaseModel):
    nombre: str


@app.tool()
def constantes(limite: int = LIMITE, otro: int = campos.LIMITE, pagina: Annotated[int, campos.PAGINA] = 0,
               ctx: Optional[Context] = None) -> str | InputRequiredResult:
    return ""


@app.tool()
def opcionales(x: Optional[int] = Field(None, ge=1, le=5), y: Annotated[Optional[str], Field(max_length=3)] = None,
               z: Annotated[str, StringConstraints(pattern=r"^a", strip_whitespace=True)] = "a",
               ctx: "Context | None" = None) -> Annotated[int, Field(ge=0)]:
    return 0


@app.tool()
def tipos_pydantic(url: Union[AnyUrl, str], n: PositiveInt = 1, f: Optional[PositiveFloat] = None) -> list[AnyUrl]:
    return []


@app.tool()
def nada_o_pregunta() -> Optional[InputRequiredResult]:
    return None


@app.tool()
def hoja_o_pregunta(n: Annotated[Optional[int], LIMITE] = None) -> Union[Hoja, InputRequiredResult]:
    return Hoja(nombre="h")
'''


def test_field_constants_optional_constraints_pydantic_types_and_input_required_unions_equal_the_sdk(tmp_path):
    (tmp_path / "campos.py").write_text(CAMPOS)
    (tmp_path / "servidor.py").write_text(SERVIDOR)
    publicadas = publicadas_sdk(importar(tmp_path / "servidor.py", tmp_path, ("campos",)).app)
    e = extraer(sorted(tmp_path.glob("*.py")), tmp_path)
    assert e["no_resuelto"] == []
    mias = {(f["herramienta"], f["lado"]): json.loads(f["contenido"]) for f in e["esquema"]}
    for nombre, herramienta in publicadas.items():
        assert mias[(nombre, "entrada")] == herramienta["inputSchema"], nombre
        assert mias.get((nombre, "salida")) == herramienta.get("outputSchema"), nombre
    assert "ctx" not in mias[("constantes", "entrada")]["properties"]
    assert mias[("opcionales", "salida")]["properties"]["result"] == {"minimum": 0, "title": "Result", "type": "integer"}
    assert ("nada_o_pregunta", "salida") in mias and ("hoja_o_pregunta", "salida") in mias
