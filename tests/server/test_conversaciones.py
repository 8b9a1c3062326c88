"""The conversation corpus: stdin in; stdout, stderr, exit status and the project's bytes checked.

Every successful tool result is also validated with jsonschema (Draft 2020-12) against the
outputSchema published in seed 001, and every result against the revision's wire schema in
`mcp_types` (2026-07-28 for requests carrying the modern envelope, 2025-11-25 otherwise).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from mcp_types import methods as mcp_methods
from mcp_types.jsonrpc import JSONRPCError, JSONRPCResponse

from tests.server.conversaciones import (
    CLAVE_VERSION,
    CONVERSACIONES,
    SEMILLA,
    Corrida,
    correr,
    reverso,
    sustituir,
    verificar_respuestas,
)

ARCHIVOS = sorted(CONVERSACIONES.glob("*.json"))
ESQUEMAS_DE_SALIDA = {h["name"]: h["outputSchema"] for h in json.loads(SEMILLA.read_text(encoding="utf-8"))}


def _pedidos(conversacion: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {
        json.dumps(m["id"]): m
        for m in conversacion["entrada"]
        if isinstance(m, dict) and "id" in m and "method" in m and "$pausa" not in m
    }


def _regenerar(archivo: Path, corrida: Corrida) -> None:
    conversacion = dict(corrida.conversacion)
    conversacion["salida"] = [reverso(m, corrida.raiz) for m in corrida.mensajes]
    conversacion["codigo"] = corrida.codigo
    archivo.write_text(json.dumps(conversacion, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


@pytest.mark.parametrize("archivo", ARCHIVOS, ids=[a.stem for a in ARCHIVOS])
def test_conversacion(archivo: Path, tmp_path: Path) -> None:
    conversacion = json.loads(archivo.read_text(encoding="utf-8"))
    corrida = correr(conversacion, tmp_path)
    if os.environ.get("ORACLE_REGENERAR"):
        _regenerar(archivo, corrida)

    # stdout: only one-line JSON-RPC objects, each ending in a newline.
    texto = corrida.stdout.decode("utf-8")
    assert texto == "" or texto.endswith("\n")
    for linea in texto.splitlines():
        mensaje = json.loads(linea)
        assert isinstance(mensaje, dict) and mensaje.get("jsonrpc") == "2.0", linea
        assert linea == json.dumps(mensaje, ensure_ascii=False, separators=(",", ":"))

    # The responses, matched by id.
    verificar_respuestas(conversacion, corrida.raiz, corrida.mensajes)

    # stderr, exit status, and the project tree.
    for fragmento in conversacion.get("stderr_contiene", []):
        assert sustituir(fragmento, corrida.raiz) in corrida.stderr, corrida.stderr
    if "Traceback" not in "".join(conversacion.get("stderr_contiene", [])):
        assert "Traceback" not in corrida.stderr, corrida.stderr
    assert corrida.codigo == conversacion["codigo"], corrida.stderr
    if not conversacion.get("arbol_cambia"):
        assert corrida.despues == corrida.antes
    else:
        assert corrida.despues != corrida.antes

    # Shapes: outputSchema (jsonschema) and the protocol revision (mcp_types).
    pedidos = _pedidos(conversacion)
    for mensaje in corrida.mensajes:
        if "error" in mensaje:
            JSONRPCError.model_validate(mensaje)
            continue
        JSONRPCResponse.model_validate(mensaje)
        pedido = pedidos[json.dumps(mensaje["id"])]
        meta = (pedido.get("params") or {}).get("_meta") or {}
        version = "2026-07-28" if CLAVE_VERSION in meta and pedido["method"] != "initialize" else "2025-11-25"
        if pedido["method"] in ("shutdown",):
            assert mensaje["result"] == {}
            continue
        mcp_methods.validate_server_result(pedido["method"], version, mensaje["result"])
        resultado = mensaje["result"]
        if version == "2026-07-28":
            assert resultado["resultType"] == "complete"
        else:
            assert "resultType" not in resultado
        if pedido["method"] == "tools/call":
            herramienta = pedido["params"]["name"]
            if resultado["isError"]:
                assert "structuredContent" not in resultado
                assert len(resultado["content"]) == 1 and resultado["content"][0]["type"] == "text"
                assert " — " in resultado["content"][0]["text"].splitlines()[0]
            else:
                Draft202012Validator(ESQUEMAS_DE_SALIDA[herramienta]).validate(resultado["structuredContent"])
                assert resultado["content"] == [
                    {"type": "text", "text": json.dumps(resultado["structuredContent"], ensure_ascii=False,
                                                        separators=(",", ":"))}
                ]
