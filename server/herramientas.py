"""The one table of oracle-mcp's tools: name, title, description, annotations, schemas, handler.

`tools/list` and the block in `docs/mcp-contrato.md` are generated from `HERRAMIENTAS` and
nothing else. The schemas are seed 001's normative array, copied exactly (order included);
`tests/server/test_herramientas.py` compares them with the seed's text.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .adaptador import Contexto, catalogo_efectivo, desafiar, evaluar, juzgar, tareas
from .validacion import compilar

PATRON_ID = "^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$"

ANOTACIONES: dict[str, bool] = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": True,
    "openWorldHint": False,
}


def _ids(descripcion: str) -> dict[str, Any]:
    return {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": {"type": "string", "pattern": PATRON_ID},
        "description": descripcion,
    }


_MEDIDA: dict[str, Any] = {
    "oneOf": [
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["id"],
            "properties": {"id": {"type": "string", "pattern": PATRON_ID}},
        },
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["texto", "formato"],
            "properties": {"texto": {"type": "string"}, "formato": {"const": "oracle"}},
        },
    ]
}

_REF_EVIDENCIA: dict[str, Any] = {"$ref": "#/$defs/evidencia"}

_DEFS: dict[str, Any] = {
    "evidencia": {
        "type": "object",
        "additionalProperties": {"type": "array", "items": {"type": "object"}},
    }
}

_UMBRAL: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["operador", "valor", "segun", "porque"],
    "properties": {
        "operador": {"type": "string"},
        "valor": {"type": ["string", "number", "boolean"]},
        "segun": {"type": "string"},
        "porque": {"type": "string"},
    },
}

_SOMBRA: dict[str, Any] = {
    "oneOf": [
        {"type": "null"},
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["desde", "porque", "cota", "perdona"],
            "properties": {
                "desde": {"type": "string"},
                "porque": {"type": "string"},
                "cota": {"type": ["integer", "null"]},
                "perdona": {"type": "boolean"},
            },
        },
    ]
}

_TESTIGOS: dict[str, Any] = {"type": "array", "items": {"type": "object"}, "maxItems": 5}
_ENTERO_NO_NEGATIVO: dict[str, Any] = {"type": "integer", "minimum": 0}
_SHA256: dict[str, Any] = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_TEXTO: dict[str, Any] = {"type": "string"}
_TEXTOS: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
_TEXTOS_UNICOS: dict[str, Any] = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
_ESTADO: dict[str, Any] = {"enum": ["verde", "rojo", "sin_evidencia"]}


def _const(valor: str) -> dict[str, Any]:
    return {"const": valor}


_CATALOGO_ENTRADA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"ids": _ids("Ids efectivos cuyo detalle se pide. Omitir para listar todos.")},
}

_CATALOGO_SALIDA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["esquema", "oracle_version", "proyecto", "huella_proyecto", "detalle", "total", "medidas"],
    "properties": {
        "esquema": _const("oracle.mcp/catalogo-efectivo/v1"),
        "oracle_version": _TEXTO,
        "proyecto": _TEXTO,
        "huella_proyecto": _SHA256,
        "detalle": {"type": "boolean"},
        "total": _ENTERO_NO_NEGATIVO,
        "medidas": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "origen", "fijacion"],
                "properties": {
                    "id": _TEXTO,
                    "origen": _TEXTO,
                    "relaciones": _TEXTOS_UNICOS,
                    "fijacion": {"enum": ["evidencia", "arnes", "heredada", "sin_fijar"]},
                    "ambito": {"enum": ["universal", "del_origen", "sin_declarar"]},
                    "requiere": _TEXTOS_UNICOS,
                    "umbral": _UMBRAL,
                    "alcance": _TEXTO,
                    "fuente": _TEXTO,
                    "fuente_sha256": _SHA256,
                },
            },
        },
    },
}

_EVALUAR_ENTRADA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["medida", "evidencia"],
    "properties": {"medida": _MEDIDA, "evidencia": _REF_EVIDENCIA},
    "$defs": _DEFS,
}

_EVALUAR_SALIDA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": [
        "esquema",
        "oracle_version",
        "proyecto",
        "entrada_sha256",
        "medida",
        "estado",
        "valor",
        "umbral",
        "sombra",
        "testigos",
        "testigos_omitidos",
        "alcance",
        "alcance_derivado",
        "advertencias",
    ],
    "properties": {
        "esquema": _const("oracle.mcp/evaluacion/v2"),
        "oracle_version": _TEXTO,
        "proyecto": _TEXTO,
        "entrada_sha256": _SHA256,
        "medida": _TEXTO,
        "estado": _ESTADO,
        "valor": {"type": "number"},
        "umbral": _UMBRAL,
        "sombra": _SOMBRA,
        "testigos": _TESTIGOS,
        "testigos_omitidos": _ENTERO_NO_NEGATIVO,
        "alcance": _TEXTO,
        "alcance_derivado": _TEXTOS,
        "advertencias": _TEXTOS,
    },
}

_DESAFIAR_ENTRADA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["medida"],
    "properties": {
        "medida": _MEDIDA,
        "usar_evidencia_del_proyecto": {
            "type": "boolean",
            "default": True,
            "description": "Incluye corpus y diferenciales que nombran el id de la medida.",
        },
        "casos": {
            "type": "array",
            "default": [],
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "espera", "evidencia"],
                "properties": {
                    "id": {"type": "string", "minLength": 1},
                    "espera": _ESTADO,
                    "evidencia": _REF_EVIDENCIA,
                },
            },
        },
    },
    "$defs": _DEFS,
}

_DESAFIAR_SALIDA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": [
        "esquema",
        "oracle_version",
        "proyecto",
        "entrada_sha256",
        "medida",
        "conclusion",
        "casos",
        "discordancias",
        "mutacion",
        "advertencias",
    ],
    "properties": {
        "esquema": _const("oracle.mcp/desafio/v1"),
        "oracle_version": _TEXTO,
        "proyecto": _TEXTO,
        "entrada_sha256": _SHA256,
        "medida": _TEXTO,
        "conclusion": {
            "enum": [
                "original_no_reproduce",
                "faltan_polaridades",
                "sin_mutantes",
                "sobrevivientes",
                "sin_sobrevivientes_con_rechazos",
                "todos_detectados_por_conducta",
            ]
        },
        "casos": {
            "type": "object",
            "additionalProperties": False,
            "required": ["total", "del_proyecto", "efimeros", "esperan_verde", "esperan_rojo"],
            "properties": {
                "total": _ENTERO_NO_NEGATIVO,
                "del_proyecto": _ENTERO_NO_NEGATIVO,
                "efimeros": _ENTERO_NO_NEGATIVO,
                "esperan_verde": _ENTERO_NO_NEGATIVO,
                "esperan_rojo": _ENTERO_NO_NEGATIVO,
            },
        },
        "discordancias": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["caso", "esperado", "obtenido"],
                "properties": {
                    "caso": _TEXTO,
                    "esperado": {"enum": ["verde", "rojo"]},
                    "obtenido": {"enum": ["verde", "rojo", "sin_evidencia", "error"]},
                },
            },
        },
        "mutacion": {
            "type": "object",
            "additionalProperties": False,
            "required": ["generados", "detectados_por_conducta", "rechazados_por_el_algebra", "no_detectados"],
            "properties": {
                "generados": _ENTERO_NO_NEGATIVO,
                "detectados_por_conducta": _ENTERO_NO_NEGATIVO,
                "rechazados_por_el_algebra": _ENTERO_NO_NEGATIVO,
                "no_detectados": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["id", "cambio", "estado"],
                        "properties": {
                            "id": _TEXTO,
                            "cambio": _TEXTO,
                            "estado": {"enum": ["sobrevivio", "rechazado_por_el_algebra"]},
                        },
                    },
                },
            },
        },
        "advertencias": _TEXTOS,
    },
}

_JUZGAR_ENTRADA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["evidencia"],
    "properties": {
        "evidencia": _REF_EVIDENCIA,
        "ids": _ids("Ids efectivos a evaluar. Omitir para evaluar todas las aplicables del catálogo."),
    },
    "$defs": _DEFS,
}

_JUZGAR_SALIDA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": [
        "esquema",
        "oracle_version",
        "proyecto",
        "entrada_sha256",
        "ok",
        "medidas",
        "no_aplicadas",
        "no_juzgaron",
        "advertencias",
    ],
    "properties": {
        "esquema": _const("oracle.mcp/juzgar/v1"),
        "oracle_version": _TEXTO,
        "proyecto": _TEXTO,
        "entrada_sha256": _SHA256,
        "ok": {"type": "boolean"},
        "medidas": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "estado", "valor", "umbral", "sombra", "testigos", "testigos_omitidos", "alcance"],
                "properties": {
                    "id": _TEXTO,
                    "estado": _ESTADO,
                    "valor": {"type": "number"},
                    "umbral": _UMBRAL,
                    "sombra": _SOMBRA,
                    "testigos": _TESTIGOS,
                    "testigos_omitidos": _ENTERO_NO_NEGATIVO,
                    "alcance": _TEXTO,
                },
            },
        },
        "no_aplicadas": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "faltan"],
                "properties": {"id": _TEXTO, "faltan": _TEXTOS},
            },
        },
        "no_juzgaron": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "motivo"],
                "properties": {"id": _TEXTO, "motivo": _TEXTO},
            },
        },
        "advertencias": _TEXTOS,
    },
}

_ACCIONES = ["listar", "ver", "buscar", "hechos"]

_TAREAS_ENTRADA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["accion"],
    "properties": {
        "accion": {"enum": _ACCIONES, "description": "Acción de consulta a ejecutar en el tracker."},
        "estado": {"enum": ["ABIERTA", "CERRADA"], "description": "Filtro de estado para la acción listar."},
        "etiqueta": {"type": "string", "description": "Filtro por etiqueta exacta para la acción listar."},
        "id": {
            "type": "string",
            "description": "Identificador canónico o prefijo inequívoco de la tarea para la acción ver.",
        },
        "texto": {"type": "string", "description": "Texto literal a buscar en tareas y notas para la acción buscar."},
        "git": {
            "type": "boolean",
            "default": False,
            "description": "Si es true, incluye diagnóstico de Git al extraer hechos.",
        },
    },
}

_TAREAS_SALIDA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["esquema", "oracle_version", "proyecto", "accion", "resultado"],
    "properties": {
        "esquema": _const("oracle.mcp/tareas/v1"),
        "oracle_version": _TEXTO,
        "proyecto": _TEXTO,
        "accion": {"enum": _ACCIONES},
        "resultado": {
            "type": ["array", "object"],
            "description": (
                "Resultado de la acción: lista de tareas sin cuerpo para listar, objeto de tarea con cuerpo "
                "completo para ver, objeto con coincidencias y omitidos para buscar, u objeto de hechos "
                "relacionales para hechos."
            ),
        },
    },
}

Manejador = Callable[[Contexto, dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Herramienta:
    """One published tool and the function that answers it."""

    name: str
    title: str
    description: str
    annotations: dict[str, bool]
    inputSchema: dict[str, Any]  # noqa: N815 - the MCP spelling, so the table reads like tools/list
    outputSchema: dict[str, Any]  # noqa: N815
    manejador: Manejador

    @functools.cached_property
    def validar_entrada(self) -> Callable[[Any], None]:
        """`validacion.validar(·, inputSchema)`, with the schema compiled once for this table entry."""
        return compilar(self.inputSchema)

    @functools.cached_property
    def validar_salida(self) -> Callable[[Any], None]:
        """`validacion.validar(·, outputSchema)`, compiled once: every answer is checked against it."""
        return compilar(self.outputSchema)

    def definicion(self) -> dict[str, Any]:
        """The `tools/list` entry (a deep copy: nobody can alter the table through it)."""
        return copy.deepcopy(
            {
                "name": self.name,
                "title": self.title,
                "description": self.description,
                "annotations": self.annotations,
                "inputSchema": self.inputSchema,
                "outputSchema": self.outputSchema,
            }
        )


HERRAMIENTAS: tuple[Herramienta, ...] = (
    Herramienta(
        name="oracle_catalogo_efectivo",
        title="Catálogo efectivo de Oracle",
        description=(
            "Consulta medidas efectivas del proyecto fijado. Sin ids: índice; con ids: detalle. No evalúa evidencia."
        ),
        annotations=ANOTACIONES,
        inputSchema=_CATALOGO_ENTRADA,
        outputSchema=_CATALOGO_SALIDA,
        manejador=catalogo_efectivo,
    ),
    Herramienta(
        name="oracle_evaluar",
        title="Evaluar una medida en memoria",
        description=(
            "Evalúa una medida efectiva por id o texto sin guardar contra evidencia JSON. Distingue verde, rojo y "
            "sin_evidencia; incluye umbral, testigos y alcance. No demuestra corrección de la medida."
        ),
        annotations=ANOTACIONES,
        inputSchema=_EVALUAR_ENTRADA,
        outputSchema=_EVALUAR_SALIDA,
        manejador=evaluar,
    ),
    Herramienta(
        name="oracle_desafiar",
        title="Desafiar una medida con corpus y mutación",
        description=(
            "Desafía por id o texto con corpus y diferenciales opcionales y casos efímeros. Exige ambas polaridades "
            "y muta; informa discordancias, sobrevivientes y rechazos. No demuestra corrección semántica."
        ),
        annotations=ANOTACIONES,
        inputSchema=_DESAFIAR_ENTRADA,
        outputSchema=_DESAFIAR_SALIDA,
        manejador=desafiar,
    ),
    Herramienta(
        name="oracle_juzgar",
        title="Juzgar evidencia contra el catálogo efectivo",
        description=(
            "Juzga evidencia contra el catálogo efectivo (ids selecciona un subconjunto). Informa no aplicadas, "
            "sombras y cotas. ok exige medidas satisfechas y sombras dentro de cota; no ejecuta escalares no "
            "autorizadas."
        ),
        annotations=ANOTACIONES,
        inputSchema=_JUZGAR_ENTRADA,
        outputSchema=_JUZGAR_SALIDA,
        manejador=juzgar,
    ),
    Herramienta(
        name="oracle_tareas",
        title="Consultar el tracker de tareas del proyecto",
        description=(
            "Lee tareas/: listar sin cuerpos; ver por id o sufijo/prefijo con cuerpo completo; buscar texto o "
            "extraer hechos. Sin tracker: TRACKER_AUSENTE."
        ),
        annotations=ANOTACIONES,
        inputSchema=_TAREAS_ENTRADA,
        outputSchema=_TAREAS_SALIDA,
        manejador=tareas,
    ),
)

POR_NOMBRE: dict[str, Herramienta] = {h.name: h for h in HERRAMIENTAS}


def definiciones() -> list[dict[str, Any]]:
    """The `tools` array of `tools/list`, in the table's order."""
    return [h.definicion() for h in HERRAMIENTAS]
