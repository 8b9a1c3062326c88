"""Fingerprints: `huella_proyecto` over the files that took part, `entrada_sha256` over arguments.

A fingerprint proves no semantics; it lets two answers that claim the same state be checked
against each other, and lets an operation refuse to mix two states of the tree.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from oracle_lint.nucleo.canonico import canonico, sha256_de
from oracle_lint.nucleo.errores import proyecto_cambio
from oracle_lint.nucleo.escalares import ARCHIVO_ESCALARES
from oracle_lint.nucleo.lectura import leer_bytes
from oracle_lint.nucleo.proyecto import Proyecto

T = TypeVar("T")

AUSENTE = b"\x01ausente"
"""Stands for the bytes of a file that vanished between listing and reading."""


def huella_proyecto(archivos: Iterable[Path]) -> str:
    """SHA-256 over the sorted set of files: `path \\0 bytes \\0` for each (the path as the OS spells it)."""
    digest = hashlib.sha256()
    for ruta in sorted({Path(a) for a in archivos}, key=str):
        try:
            contenido = ruta.read_bytes()
        except OSError:
            contenido = AUSENTE
        digest.update(os.fsencode(ruta) + b"\0" + contenido + b"\0")
    return digest.hexdigest()


def entrada_sha256(obj: Any) -> str:
    """SHA-256 of the canonical JSON of normalized arguments (measure data, evidence, ids)."""
    return sha256_de(obj)


def entrada_sha256_de_evaluacion(medida: Any, evidencia: Any) -> str:
    """`entrada_sha256({"medida": medida.a_datos(), "evidencia": evidencia})`, reusing the measure's canonical text.

    Canonical JSON sorts keys and has no spaces, so the object's text is exactly the
    concatenation below ("evidencia" sorts before "medida").
    """
    texto = '{"evidencia":' + canonico(evidencia) + ',"medida":' + medida.datos_canonicos + "}"
    return hashlib.sha256(texto.encode("utf-8")).hexdigest()


def _archivos_bajo(directorio: str, salida: list[str]) -> None:
    """Append every file under `directorio`, without following directory links (like `os.walk`)."""
    try:
        with os.scandir(directorio) as lista:
            entradas = list(lista)
    except OSError:
        return
    for entrada in entradas:
        try:
            if entrada.is_dir():
                if not entrada.is_symlink():
                    _archivos_bajo(entrada.path, salida)
            elif entrada.is_file():
                salida.append(entrada.path)
        except OSError:
            continue


def _rutas_del_arbol(proyecto: Proyecto) -> list[str]:
    raiz = str(proyecto.raiz)
    rutas = [r for r in (os.path.join(raiz, n) for n in ("pyproject.toml", "oracle.json", ARCHIVO_ESCALARES))
             if os.path.isfile(r)]
    for clave in ("macros", "medidas", "listas", "corpus", "diferencial"):
        _archivos_bajo(proyecto.directorio_texto(clave), rutas)
    return sorted(set(rutas))


def archivos_del_arbol(proyecto: Proyecto) -> tuple[Path, ...]:
    """The project's own inputs: config, scalars, macros, measures, lists, corpus, diferencial."""
    return tuple(Path(r) for r in _rutas_del_arbol(proyecto))


def huella_del_arbol(proyecto: Proyecto) -> str:
    """The fingerprint of the project's inputs as they are on disk now (`huella_proyecto` of them)."""
    digest = hashlib.sha256()
    for ruta in _rutas_del_arbol(proyecto):
        try:
            contenido = leer_bytes(ruta)
        except OSError:
            contenido = AUSENTE
        digest.update(os.fsencode(ruta) + b"\0" + contenido + b"\0")
    return digest.hexdigest()


def estable(proyecto: Proyecto, operacion: Callable[[], T]) -> T:
    """Run `operacion`, refusing with PROYECTO_CAMBIO_DURANTE_LA_CONSULTA when the tree changed meanwhile."""
    inicial = huella_del_arbol(proyecto)
    resultado = operacion()
    final = huella_del_arbol(proyecto)
    if inicial != final:
        raise proyecto_cambio(inicial, final)
    return resultado
