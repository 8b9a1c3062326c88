"""The read operations over a tracker: listar, ver, buscar. Plain JSON-able results.

Each public function takes the project, reads the tracker once (failing closed) and returns
exactly what `oracle tarea <verbo> --json` prints and what `oracle_tareas` wraps.
"""

from __future__ import annotations

from typing import Any

from oracle_lint.nucleo.errores import argumentos_invalidos, id_ambiguo, tarea_no_encontrada
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.tareas.formato import ESTADOS, PREFIJO_REFERENCIA, Tarea
from oracle_lint.nucleo.tareas.lector import leer_tracker

LIMITE_DE_COINCIDENCIAS = 20
"""`buscar` returns at most this many matches and counts the rest as `omitidos`."""


def metadatos(tarea: Tarea) -> dict[str, Any]:
    """Every field of a task except its body and notes (what `listar` shows)."""
    return {
        "id": tarea.id,
        "referencia": tarea.referencia,
        "titulo": tarea.titulo,
        "estado": tarea.estado,
        "etiquetas": list(tarea.etiquetas),
        "creada": tarea.creada,
        "cerrada": tarea.cerrada,
        "actualizada": tarea.actualizada,
        "cantidad_notas": len(tarea.notas),
        "archivo": tarea.archivo,
    }


def detalle(tarea: Tarea) -> dict[str, Any]:
    """Metadata plus the whole body and every note (what `ver` shows)."""
    return {
        **metadatos(tarea),
        "cuerpo": tarea.cuerpo,
        "notas": [{"fecha": n.fecha, "texto": n.texto, "linea": n.linea} for n in tarea.notas],
    }


def validar_estado(estado: object) -> str | None:
    """`ABIERTA`, `CERRADA` or None (every task); ARGUMENTOS_INVALIDOS otherwise."""
    if estado is None or estado in ESTADOS:
        return estado  # type: ignore[return-value]
    raise argumentos_invalidos("estado", repr(estado), '"ABIERTA" o "CERRADA"', forma_en='"ABIERTA" or "CERRADA"')


def filtrar(tareas: tuple[Tarea, ...], estado: str | None, etiqueta: str | None) -> list[Tarea]:
    """Tasks in `estado` (None: any) carrying exactly `etiqueta` (None: any)."""
    return [
        t for t in tareas
        if (estado is None or t.estado == estado) and (etiqueta is None or etiqueta in t.etiquetas)
    ]


def resolver(tareas: tuple[Tarea, ...], consulta: str) -> Tarea:
    """The task named by a canonical id, `tareas/<id>`, an unambiguous prefix of `<id>-<slug>`, else an id suffix."""
    if not isinstance(consulta, str) or not consulta.strip():
        raise argumentos_invalidos("id", repr(consulta), "un id canónico o un prefijo no vacío",
                                   forma_en="a canonical id or a non-empty prefix")
    buscado = consulta.strip()
    if buscado.startswith(PREFIJO_REFERENCIA):
        buscado = buscado[len(PREFIJO_REFERENCIA):]
    if not buscado:
        raise argumentos_invalidos("id", repr(consulta), "un id canónico o un prefijo no vacío",
                                   forma_en="a canonical id or a non-empty prefix")
    exactas = [t for t in tareas if t.id == buscado]
    if exactas:
        return exactas[0]
    candidatas = [t for t in tareas if _nombre(t).startswith(buscado)]
    if not candidatas and buscado.isascii() and buscado.isdigit():
        candidatas = [t for t in tareas if t.id.endswith(buscado)]
    if not candidatas:
        raise tarea_no_encontrada(consulta)
    if len(candidatas) > 1:
        raise id_ambiguo(consulta, [t.id for t in candidatas])
    return candidatas[0]


def _nombre(tarea: Tarea) -> str:
    """`<id>-<slug>` of the task file (its stem)."""
    return tarea.archivo.rsplit("/", 1)[-1].removesuffix(".md")


def _lineas_de(tarea: Tarea) -> list[tuple[str, str | None, int, str]]:
    """Searchable lines: (donde, fecha de la nota, línea en el archivo, texto)."""
    lineas: list[tuple[str, str | None, int, str]] = [("titulo", None, tarea.linea_titulo, tarea.titulo)]
    if tarea.cuerpo:
        lineas += [("cuerpo", None, tarea.linea_cuerpo + i, t) for i, t in enumerate(tarea.cuerpo.split("\n"))]
    for nota in tarea.notas:
        if nota.texto:
            lineas += [("nota", nota.fecha, nota.linea_texto + i, t) for i, t in enumerate(nota.texto.split("\n"))]
    return lineas


def coincidencias(tareas: tuple[Tarea, ...], texto: str) -> list[dict[str, Any]]:
    """Every line of a title, body or note containing `texto`, case-insensitively, in id order."""
    aguja = texto.casefold()
    salida = []
    for t in tareas:
        for donde, fecha, numero, linea in _lineas_de(t):
            if aguja in linea.casefold():
                salida.append({"id": t.id, "titulo": t.titulo, "estado": t.estado, "archivo": t.archivo,
                               "linea": numero, "donde": donde, "fecha_nota": fecha, "extracto": linea.strip()})
    return salida


def listar(proyecto: Proyecto, estado: str | None = "ABIERTA", etiqueta: str | None = None) -> list[dict[str, Any]]:
    """Tasks without bodies, all metadata, in id order; by default only ABIERTA (None: every state)."""
    estado = validar_estado(estado)
    if etiqueta is not None and not isinstance(etiqueta, str):
        raise argumentos_invalidos("etiqueta", repr(etiqueta), "una cadena", forma_en="a string")
    return [metadatos(t) for t in filtrar(leer_tracker(proyecto).tareas, estado, etiqueta)]


def ver(proyecto: Proyecto, ident: str) -> dict[str, Any]:
    """One task by canonical id or unambiguous prefix, with its whole body and notes."""
    return detalle(resolver(leer_tracker(proyecto).tareas, ident))


def buscar(proyecto: Proyecto, texto: str, limite: int = LIMITE_DE_COINCIDENCIAS) -> dict[str, Any]:
    """Literal, case-insensitive search over titles, bodies and notes: matches and how many were omitted."""
    if not isinstance(texto, str) or not texto.strip():
        raise argumentos_invalidos("texto", repr(texto), "un texto no vacío", forma_en="a non-empty text")
    todas = coincidencias(leer_tracker(proyecto).tareas, texto)
    return {
        "texto": texto,
        "total": len(todas),
        "coincidencias": todas[:limite],
        "omitidos": max(0, len(todas) - limite),
    }
