"""`oracle tarea`: the local tracker. Read verbs print what `nucleo.tareas` returns; write verbs are the only writers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from oracle_lint.nucleo.cli import tarea_escritura as escritura
from oracle_lint.nucleo.cli.comun import con_errores, imprimir_json
from oracle_lint.nucleo.errores import argumentos_invalidos
from oracle_lint.nucleo.proyecto import Proyecto, encontrar_raiz
from oracle_lint.nucleo.tareas import buscar as buscar_tareas
from oracle_lint.nucleo.tareas import hechos as hechos_tareas
from oracle_lint.nucleo.tareas import leer_tracker, listar as listar_tareas, ver as ver_tarea
from oracle_lint.nucleo.tareas.consultas import resolver
from oracle_lint.nucleo.tareas.formato import (
    ESTADOS,
    Tarea,
    a_texto,
    cerrada,
    con_campo,
    con_etiquetas,
    con_nota,
    con_nota_anexada,
    es_etiqueta,
    id_canonico,
    nombre_de_archivo,
    parsear_tarea,
    problema_de_texto_libre,
)
from oracle_lint.nucleo.tareas.lector import directorio_de

F = TypeVar("F", bound=Callable[..., Any])


def opcion_proyecto(fn: F) -> F:
    """Add `--proyecto PATH`."""
    return click.option(
        "--proyecto",
        type=click.Path(file_okay=False, path_type=Path),
        help="Project root (default: the nearest directory upward with [tool.oracle] or oracle.json, else cwd).",
    )(fn)


def opcion_json(fn: F) -> F:
    """Add `--json`: print exactly what the read operation returns."""
    return click.option("--json", "como_json", is_flag=True, help="Print the result as JSON.")(fn)


def _proyecto(ruta: Path | None) -> Proyecto:
    return Proyecto(ruta if ruta is not None else encontrar_raiz(Path.cwd()))


@click.group("tarea")
def tarea() -> None:
    """The local task tracker in tareas/ (one plain-text file per task; see docs/tareas.md)."""


# -- read verbs -------------------------------------------------------------------------------


def _linea_de_listado(fila: dict[str, Any]) -> str:
    etiquetas = f"  [{', '.join(fila['etiquetas'])}]" if fila["etiquetas"] else ""
    return f"{fila['id']}  {fila['estado']:<7}  {fila['actualizada']}  {fila['titulo']}{etiquetas}"


@tarea.command("listar")
@click.option("--estado", type=click.Choice(ESTADOS), default="ABIERTA", show_default=True, help="Tasks in this state.")
@click.option("--todas", is_flag=True, help="Tasks in any state (overrides --estado).")
@click.option("--etiqueta", metavar="ETIQUETA", help="Only tasks carrying exactly this label.")
@opcion_proyecto
@opcion_json
@con_errores
def listar(estado: str, todas: bool, etiqueta: str | None, proyecto: Path | None, como_json: bool) -> None:
    """List tasks without bodies (default: open ones)."""
    filas = listar_tareas(_proyecto(proyecto), None if todas else estado, etiqueta)
    if como_json:
        imprimir_json(filas)
        return
    for fila in filas:
        click.echo(_linea_de_listado(fila))
    if not filas:
        click.echo("no tasks")


def _texto_de_detalle(d: dict[str, Any]) -> str:
    lineas = [
        f"{d['id']}  {d['estado']}  {d['titulo']}",
        f"file: {d['archivo']}",
        f"labels: {', '.join(d['etiquetas']) or '-'}",
        f"created: {d['creada']}" + (f"  closed: {d['cerrada']}" if d["cerrada"] else ""),
    ]
    if d["cuerpo"]:
        lineas += ["", d["cuerpo"]]
    for nota in d["notas"]:
        lineas += ["", f"--- note {nota['fecha']}", nota["texto"]]
    return "\n".join(lineas)


@tarea.command("ver")
@click.argument("ident", metavar="ID")
@opcion_proyecto
@opcion_json
@con_errores
def ver(ident: str, proyecto: Path | None, como_json: bool) -> None:
    """Show one task (canonical id, tareas/<id>, or unambiguous prefix) with its body and notes."""
    detalle = ver_tarea(_proyecto(proyecto), ident)
    if como_json:
        imprimir_json(detalle)
    else:
        click.echo(_texto_de_detalle(detalle))


@tarea.command("buscar")
@click.argument("texto")
@opcion_proyecto
@opcion_json
@con_errores
def buscar(texto: str, proyecto: Path | None, como_json: bool) -> None:
    """Search titles, bodies and notes for TEXTO (literal, case-insensitive)."""
    resultado = buscar_tareas(_proyecto(proyecto), texto)
    if como_json:
        imprimir_json(resultado)
        return
    for c in resultado["coincidencias"]:
        click.echo(f"{c['archivo']}:{c['linea']}: [{c['donde']}] {c['extracto']}")
    if resultado["omitidos"]:
        click.echo(f"… and {resultado['omitidos']} more")
    if not resultado["total"]:
        click.echo("no matches")


@tarea.command("hechos")
@click.option("--git", "con_git", is_flag=True, help="Add tarea_git: whether each task file is tracked and committed.")
@opcion_proyecto
@opcion_json
@con_errores
def hechos(con_git: bool, proyecto: Path | None, como_json: bool) -> None:
    """The tracker as relational evidence (relations tarea, etiqueta, nota; tarea_git with --git)."""
    evidencia = hechos_tareas(_proyecto(proyecto), git=con_git)
    if como_json:
        imprimir_json(evidencia)
        return
    for relacion, filas in evidencia.items():
        click.echo(f"{relacion}: {len(filas)} row(s)")


# -- write verbs ------------------------------------------------------------------------------


def _texto_libre(campo: str, texto: str, vacio_permitido: bool) -> str:
    limpio = texto.replace("\r\n", "\n").strip("\n")
    if not limpio.strip() and not vacio_permitido:
        raise argumentos_invalidos(campo, '""', "un texto no vacío", forma_en="a non-empty text")
    problema = problema_de_texto_libre(limpio)
    if problema:
        raise argumentos_invalidos(campo, problema, "un texto sin cabeceras de nota ni marcas de conflicto",
                                   recibido_en=problema_de_texto_libre(limpio, "en") or problema,
                                   forma_en="a text without note headers or conflict markers")
    return limpio


def _titulo(titulo: str) -> str:
    limpio = titulo.strip()
    if not limpio or "\n" in limpio or "\r" in limpio:
        raise argumentos_invalidos("titulo", json.dumps(titulo, ensure_ascii=False), "una línea no vacía",
                                   forma_en="a non-empty single line")
    return limpio


def _etiquetas(etiquetas: tuple[str, ...]) -> tuple[str, ...]:
    for e in etiquetas:
        if not es_etiqueta(e):
            raise argumentos_invalidos("etiqueta", json.dumps(e, ensure_ascii=False),
                                       "minúsculas ASCII, dígitos, «.», «_» o «-»",
                                       forma_en="ASCII lowercase letters, digits, «.», «_» or «-»")
    return tuple(sorted(set(etiquetas)))


def _leer_tarea(p: Proyecto, ident: str) -> tuple[Tarea, Path, bytes]:
    """The task named by `ident` (the whole tracker must be valid), its path and its bytes."""
    t = resolver(leer_tracker(p).tareas, ident)
    ruta = p.raiz / t.archivo
    return t, ruta, ruta.read_bytes()


def _reescribir(ruta: Path, original: bytes, nuevo: str, esperada: Tarea) -> None:
    """Write `nuevo` over `ruta` after checking it reads back as `esperada`."""
    leida = parsear_tarea(ruta.name, nuevo, esperada.archivo)
    if leida != esperada:
        raise RuntimeError(f"{esperada.archivo}: the edit did not read back as intended; nothing was written")
    escritura.reemplazar(ruta, nuevo, original)


@tarea.command("nueva")
@click.argument("titulo")
@click.option("--etiqueta", "etiquetas", multiple=True, metavar="ETIQUETA", help="A label (repeatable).")
@click.option("--cuerpo", default="", help="The task's body (Markdown).")
@opcion_proyecto
@opcion_json
@con_errores
def nueva(titulo: str, etiquetas: tuple[str, ...], cuerpo: str, proyecto: Path | None, como_json: bool) -> None:
    """Create a task with the next free id (creates tareas/ if missing)."""
    p = _proyecto(proyecto)
    limpio, etiq, texto = _titulo(titulo), _etiquetas(etiquetas), _texto_libre("cuerpo", cuerpo, True)
    directorio = directorio_de(p)
    creado = not directorio.exists() and not directorio.is_symlink() and escritura.crear_directorio(directorio)
    with escritura.bloqueo(directorio):  # the next free id is decided and taken in one transaction
        if creado:
            escritura.con_atributos(directorio)
        existentes = leer_tracker(p).tareas
        ident = id_canonico(max((int(t.id) for t in existentes), default=0) + 1)
        nombre = nombre_de_archivo(ident, limpio)
        t = Tarea(ident, limpio, "ABIERTA", etiq, escritura.ahora(), None, texto, (), f"{p.presentar_ruta(directorio)}/{nombre}")
        escritura.escribir_nuevo(directorio / nombre, a_texto(t))
    _informar(p, ident, como_json, "created")


@tarea.command("anotar")
@click.argument("ident", metavar="ID")
@click.argument("texto")
@opcion_proyecto
@opcion_json
@con_errores
def anotar(ident: str, texto: str, proyecto: Path | None, como_json: bool) -> None:
    """Append a dated note to a task."""
    p = _proyecto(proyecto)
    nota = _texto_libre("texto", texto, False)
    with escritura.bloqueo(directorio_de(p)):
        t, ruta, original = _leer_tarea(p, ident)
        fecha = escritura.ahora()
        nuevo = con_nota_anexada(original.decode("utf-8"), fecha, nota)
        _reescribir(ruta, original, nuevo, con_nota(t, fecha, nota))
    _informar(p, t.id, como_json, "noted")


@tarea.command("cerrar")
@click.argument("ident", metavar="ID")
@click.option("--nota", default=None, help="A closing note appended with the same date.")
@opcion_proyecto
@opcion_json
@con_errores
def cerrar(ident: str, nota: str | None, proyecto: Path | None, como_json: bool) -> None:
    """Close an open task (estado CERRADA, cerrada = now)."""
    p = _proyecto(proyecto)
    texto_nota = _texto_libre("nota", nota, False) if nota is not None else None
    with escritura.bloqueo(directorio_de(p)):
        t, ruta, original = _leer_tarea(p, ident)
        if t.estado != "ABIERTA":
            raise argumentos_invalidos("id", f"«{t.id}» ya está CERRADA (desde {t.cerrada})", "el id de una tarea ABIERTA",
                                       recibido_en=f"«{t.id}» is already CERRADA (since {t.cerrada})",
                                       forma_en="the id of an ABIERTA task")
        fecha = escritura.ahora()
        nuevo = con_campo(con_campo(original.decode("utf-8"), "estado", "CERRADA"), "cerrada", fecha)
        esperada = cerrada(t, fecha)
        if texto_nota is not None:
            nuevo, esperada = con_nota_anexada(nuevo, fecha, texto_nota), con_nota(esperada, fecha, texto_nota)
        _reescribir(ruta, original, nuevo, esperada)
    _informar(p, t.id, como_json, "closed")


@tarea.command("etiquetar")
@click.argument("ident", metavar="ID")
@click.argument("etiquetas", nargs=-1, required=True, metavar="ETIQUETA...")
@click.option("--quitar", is_flag=True, help="Remove the labels instead of adding them.")
@opcion_proyecto
@opcion_json
@con_errores
def etiquetar(ident: str, etiquetas: tuple[str, ...], quitar: bool, proyecto: Path | None, como_json: bool) -> None:
    """Add labels to a task (or remove them with --quitar)."""
    p = _proyecto(proyecto)
    etiq = _etiquetas(etiquetas)
    with escritura.bloqueo(directorio_de(p)):
        t, ruta, original = _leer_tarea(p, ident)
        esperada = con_etiquetas(t, () if quitar else etiq, etiq if quitar else ())
        if esperada.etiquetas != t.etiquetas:
            nuevo = con_campo(original.decode("utf-8"), "etiquetas", ", ".join(esperada.etiquetas))
            _reescribir(ruta, original, nuevo, esperada)
    _informar(p, t.id, como_json, "labelled")


def _informar(p: Proyecto, ident: str, como_json: bool, verbo: str) -> None:
    """Read the task back from disk and report it (the post-condition is read, not echoed)."""
    detalle = ver_tarea(p, ident)
    if como_json:
        imprimir_json(detalle)
    else:
        click.echo(f"{verbo} {detalle['id']}: {detalle['archivo']}")
