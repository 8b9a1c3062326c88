"""docs/servidor.md: the oracle_juzgar example a newcomer copies says what the page claims."""

from __future__ import annotations

import json
import re

from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.server.adaptador import Contexto, juzgar
from tests.server.conversaciones import RAIZ_REPO

DOC = RAIZ_REPO / "docs" / "servidor.md"
EJEMPLO = RAIZ_REPO / "examples" / "proyecto"


def _bloques_json() -> list[object]:
    texto = DOC.read_text(encoding="utf-8")
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)\n```", texto, re.S)]


def test_la_configuracion_es_el_comando_y_sus_argumentos() -> None:
    config = _bloques_json()[0]
    servidor = config["mcpServers"]["oracle"]
    assert servidor["command"] == "oracle-mcp"
    assert servidor["args"][0] == "--proyecto" and servidor["args"][1].endswith("examples/proyecto")


def test_el_ejemplo_de_juzgar_dice_lo_que_la_pagina_afirma() -> None:
    argumentos = _bloques_json()[1]
    assert argumentos["evidencia"] == json.loads((EJEMPLO / "evidencia" / "perdonado.json").read_text(encoding="utf-8"))
    resultado = juzgar(Contexto(Proyecto(EJEMPLO)), argumentos)
    assert resultado["ok"] is True
    rojas = [m for m in resultado["medidas"] if m["estado"] != "verde"]
    assert [(m["id"], m["valor"], m["sombra"]["perdona"]) for m in rojas] == [("ejemplo.raiz_estricta", 2, True)]
