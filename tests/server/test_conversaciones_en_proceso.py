"""The conversation corpus replayed in-process, through the same byte transport.

`test_conversaciones.py` is the authority: it runs `python -m oracle_lint.server` and checks stdout,
stderr, the exit status and the project's bytes. This module replays the same files with
the same expectations through `server.principal.servir` over a real pipe (stdin side) and a
byte buffer (stdout side), in the test process. It exists for mutation testing
(`bench/mutacion_servidor.py`): mutmut maps each mutant to the tests that execute its
function in-process, and cannot see what a child process executes; replaying in-process
also kills a mutant in milliseconds instead of a process start-up. What only a real process
shows (`main`, `proteger_stdout`, `os._exit`) stays with the subprocess corpus and the
targeted mutants of `bench/mutantes_dirigidos.py`.

Differences with a real process, both deliberate: `sys.stdout` is pointed at the captured
stderr (what `proteger_stdout` does at the Python level) and the start-up line of `main`
is not written.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.server.principal import servir
from oracle_lint.server.transporte import Salida
from tests.server.conversaciones import (
    CONVERSACIONES,
    Esperar,
    PROYECTOS,
    SITIO,
    foto,
    lineas_de_entrada,
    sitio_primero,
    sustituir,
    verificar_respuestas,
)

ARCHIVOS = sorted(CONVERSACIONES.glob("*.json"))
TIEMPO_MAXIMO = 60.0


class _Texto(io.TextIOBase):
    """A thread-safe text sink standing in for stderr (and for stdout, as `proteger_stdout` does)."""

    def __init__(self) -> None:
        self._partes: list[str] = []
        self._cerrojo = threading.Lock()

    def write(self, texto: str) -> int:
        with self._cerrojo:
            self._partes.append(texto)
        return len(texto)

    def flush(self) -> None:
        pass

    def valor(self) -> str:
        with self._cerrojo:
            return "".join(self._partes)


@pytest.fixture()
def sitio() -> Iterator[None]:
    """The stand-in base catalog and library of the subprocess corpus (`PYTHONPATH=<sitio>:…`)."""
    with sitio_primero(SITIO):
        yield


def replay(conversacion: dict[str, Any], tmp: Path) -> tuple[Path, bytes, str, int, dict[str, str], dict[str, str]]:
    """Run one conversation through `servir`: (root, stdout bytes, stderr text, status, tree before, after)."""
    origen = PROYECTOS / conversacion["proyecto"]
    raiz = tmp / conversacion["proyecto"] if conversacion.get("copiar") else origen
    if conversacion.get("copiar"):
        shutil.copytree(origen, raiz)
    raiz = raiz.resolve()
    antes = foto(raiz)
    confiar = "--confiar-escalares" in conversacion.get("argumentos", [])
    proyecto = Proyecto(raiz, confiar_escalares=confiar)
    lectura, escritura = os.pipe()
    entrada = os.fdopen(lectura, "rb")
    salida = io.BytesIO()
    err = _Texto()

    def escribir() -> None:
        with os.fdopen(escritura, "wb") as tubo:
            try:
                for parte in lineas_de_entrada(conversacion["entrada"]):
                    if isinstance(parte, float):
                        time.sleep(parte)
                        continue
                    if isinstance(parte, Esperar):
                        parte.esperar(salida.getvalue)
                        continue
                    tubo.write(parte)
                    tubo.flush()
            except BrokenPipeError:
                pass

    resultado: dict[str, Any] = {}

    def atender() -> None:
        resultado["codigo"] = servir(proyecto.raiz, proyecto.confiar_escalares, Salida(salida), entrada)

    stdout_real, stderr_real = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = err
    try:
        escritor = threading.Thread(target=escribir, daemon=True)
        servidor = threading.Thread(target=atender, daemon=True)
        escritor.start()
        servidor.start()
        servidor.join(TIEMPO_MAXIMO)
        assert not servidor.is_alive(), "servir did not return"
        escritor.join(TIEMPO_MAXIMO)
    finally:
        sys.stdout, sys.stderr = stdout_real, stderr_real
        entrada.close()
    return raiz, salida.getvalue(), err.valor(), resultado["codigo"], antes, foto(raiz)


@pytest.mark.parametrize("archivo", ARCHIVOS, ids=[a.stem for a in ARCHIVOS])
def test_conversacion_en_proceso(archivo: Path, tmp_path: Path, sitio: None) -> None:
    conversacion = json.loads(archivo.read_text(encoding="utf-8"))
    raiz, stdout, stderr, codigo, antes, despues = replay(conversacion, tmp_path)

    texto = stdout.decode("utf-8")
    assert texto == "" or texto.endswith("\n")
    mensajes = []
    for linea in texto.splitlines():
        mensaje = json.loads(linea)
        assert isinstance(mensaje, dict) and mensaje.get("jsonrpc") == "2.0", linea
        assert linea == json.dumps(mensaje, ensure_ascii=False, separators=(",", ":"))
        mensajes.append(mensaje)

    verificar_respuestas(conversacion, raiz, mensajes)

    for fragmento in conversacion.get("stderr_contiene", []):
        assert sustituir(fragmento, raiz) in stderr, stderr
    if "Traceback" not in "".join(conversacion.get("stderr_contiene", [])):
        assert "Traceback" not in stderr, stderr
    assert codigo == conversacion["codigo"], stderr
    if not conversacion.get("arbol_cambia"):
        assert despues == antes
    else:
        assert despues != antes
