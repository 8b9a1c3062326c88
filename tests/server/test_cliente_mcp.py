"""End to end with the real `mcp` SDK client over stdio, in 2025-11-25 and 2026-07-28 modes.

The client lists the tools and calls each of the five; the SDK validates `structuredContent`
against the published outputSchema itself.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from tests.server.conversaciones import LANZADERA, PROYECTOS, RAIZ_REPO, entorno, foto, herramientas_semilla

EJEMPLO = RAIZ_REPO / "examples" / "proyecto"
CANDIDATO = """\
id = "candidato.sin_descripcion"
segun = "prueba de punta a punta"
porque = "Un agente elige herramientas por su descripción."
alcance = "Cada herramienta."
requiere = ["herramienta"]
testigos = "herramienta | donde documentada = falso"
umbral = { operador = "==", valor = 0 }
"""
CASOS = [
    {"id": "e2e-verde", "espera": "verde", "evidencia": {"herramienta": [{"herramienta": "a", "documentada": True}]}},
    {"id": "e2e-rojo", "espera": "rojo", "evidencia": {"herramienta": [{"herramienta": "b", "documentada": False}]}},
]
EVIDENCIA_EJEMPLO = {
    "herramienta": [{"herramienta": "buscar", "documentada": True, "esquema_salida": "literal"}],
    "raiz": [{"herramienta": "buscar", "procedencia": "own", "estricta": True}],
}


def _parametros(proyecto: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable, args=["-m", "oracle_lint.server", "--proyecto", str(proyecto)], env=entorno(), cwd=str(LANZADERA)
    )


async def _sesion(proyecto: Path, modo: str) -> dict[str, Any]:
    salida: dict[str, Any] = {}
    async with Client(_parametros(proyecto), mode=modo) as cliente:
        salida["version"] = cliente.protocol_version
        listado = await cliente.list_tools()
        salida["herramientas"] = [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in listado.tools]
        llamadas = {
            "oracle_catalogo_efectivo": {},
            "oracle_evaluar": {"medida": {"texto": CANDIDATO, "formato": "oracle"}, "evidencia": CASOS[1]["evidencia"]},
            "oracle_desafiar": {"medida": {"texto": CANDIDATO, "formato": "oracle"}, "casos": CASOS},
            "oracle_juzgar": {"evidencia": EVIDENCIA_EJEMPLO},
            "oracle_tareas": {"accion": "listar"},
        }
        for nombre, argumentos in llamadas.items():
            resultado = await cliente.call_tool(nombre, argumentos)
            salida[nombre] = resultado
    return salida


@pytest.mark.parametrize("modo", ["legacy", "auto", "2026-07-28"])
@pytest.mark.parametrize("proyecto", [EJEMPLO, PROYECTOS / "efectivo"], ids=["ejemplo", "efectivo"])
def test_cliente_mcp(modo: str, proyecto: Path) -> None:
    antes = foto(proyecto)
    salida = asyncio.run(_sesion(proyecto, modo))
    assert foto(proyecto) == antes
    assert salida["version"] == ("2025-11-25" if modo == "legacy" else "2026-07-28")
    assert salida["herramientas"] == herramientas_semilla()
    for nombre in ("oracle_catalogo_efectivo", "oracle_evaluar", "oracle_desafiar", "oracle_juzgar"):
        resultado = salida[nombre]
        assert resultado.is_error is False, resultado.content
        assert resultado.structured_content["proyecto"] == str(proyecto.resolve())
    assert salida["oracle_evaluar"].structured_content["estado"] == "rojo"
    assert salida["oracle_desafiar"].structured_content["conclusion"] == "todos_detectados_por_conducta"
    assert salida["oracle_juzgar"].structured_content["esquema"] == "oracle.mcp/juzgar/v1"
    tareas = salida["oracle_tareas"]
    if proyecto == EJEMPLO:
        assert tareas.is_error is True
        assert tareas.content[0].text.startswith("TRACKER_AUSENTE — ")
        assert tareas.structured_content is None
    else:
        assert tareas.is_error is False
        assert [t["id"] for t in tareas.structured_content["resultado"]] == ["0001", "0002"]
