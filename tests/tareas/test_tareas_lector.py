"""The reader fails closed: TRACKER_AUSENTE, TRACKER_INVALIDO with every offender."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ayuda_tareas import proyecto_con, texto_tarea, tres_tareas
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.tareas import leer_tracker


def _error(proyecto) -> ErrorOracle:
    with pytest.raises(ErrorOracle) as error:
        leer_tracker(proyecto)
    return error.value


def test_sin_directorio_es_tracker_ausente(tmp_path: Path):
    e = _error(proyecto_con(tmp_path, con_tracker=False))
    assert e.linea() == "TRACKER_AUSENTE — el proyecto no tiene tracker de tareas: falta tareas/."
    assert e.texto().splitlines()[1:] == ["campo: tareas", "corrección: creá el tracker con `oracle tarea nueva`."]


def test_tracker_vacio_es_valido(tmp_path: Path):
    assert leer_tracker(proyecto_con(tmp_path)).tareas == ()


def test_tracker_valido_ordena_por_numero_y_admite_documentos(tmp_path: Path):
    p = proyecto_con(tmp_path, {
        "10000-grande.md": texto_tarea("10000"),
        "0002.md": texto_tarea("0002"),
        "README.md": "Léeme\n",
        ".gitattributes": "*.md merge=union\n",
    })
    tracker = leer_tracker(p)
    assert [t.id for t in tracker.tareas] == ["0002", "10000"]
    assert [t.archivo for t in tracker.tareas] == ["tareas/0002.md", "tareas/10000-grande.md"]
    assert sorted(a.name for a in tracker.archivos) == [".gitattributes", "0002.md", "10000-grande.md", "README.md"]


def test_symlink_a_un_archivo_es_tracker_invalido(tmp_path: Path):
    p = tres_tareas(tmp_path)
    os.symlink(tmp_path / "tareas" / "0001-primera.md", tmp_path / "tareas" / "0004-enlace.md")
    e = _error(p)
    assert e.linea() == "TRACKER_INVALIDO — se detectaron 1 registro(s) inválido(s) en tareas/:"
    assert e.detalles == ["- tareas/0004-enlace.md: es un enlace simbólico; el tracker no admite enlaces"]


def test_directorio_tareas_enlazado_es_tracker_invalido(tmp_path: Path):
    real = tres_tareas(tmp_path / "otro").raiz / "tareas"
    p = proyecto_con(tmp_path / "p", con_tracker=False)
    os.symlink(real, tmp_path / "p" / "tareas")
    e = _error(p)
    assert e.linea() == "TRACKER_INVALIDO — se detectaron 1 registro(s) inválido(s) en tareas/:"
    assert e.detalles == ["- tareas/: es un enlace simbólico; el tracker no admite enlaces"]


def test_tareas_que_no_es_directorio(tmp_path: Path):
    p = proyecto_con(tmp_path, con_tracker=False)
    (tmp_path / "tareas").write_text("x", encoding="utf-8")
    assert _error(p).detalles == ["- tareas/: no es un directorio"]


def test_todos_los_ofensores_con_su_cuenta(tmp_path: Path):
    p = proyecto_con(tmp_path, {
        "0001-ok.md": texto_tarea("0001"),
        "0002-a.md": texto_tarea("0002"),
        "0002-b.md": texto_tarea("0002"),
        "0003-mal.md": texto_tarea("0003").replace("ABIERTA", "PENDIENTE"),
        "0004-otro-id.md": texto_tarea("0005"),
        "notas.txt": "x",
    })
    (tmp_path / "tareas" / "0006-binario.md").write_bytes(b"id: 0006\ntitulo: \xff\n")
    (tmp_path / "tareas" / "sub").mkdir()
    os.symlink("/etc/passwd", tmp_path / "tareas" / "sub" / "enlace")
    e = _error(p)
    assert e.linea() == "TRACKER_INVALIDO — se detectaron 8 registro(s) inválido(s) en tareas/:"
    assert e.detalles == [
        "- tareas/0002-a.md: id 0002 repetido (también en tareas/0002-b.md)",
        "- tareas/0002-b.md: id 0002 repetido (también en tareas/0002-a.md)",
        "- tareas/0003-mal.md: estado desconocido «PENDIENTE» (ABIERTA o CERRADA)",
        "- tareas/0004-otro-id.md: el id de la cabecera «0005» no coincide con el del nombre «0004»",
        "- tareas/0006-binario.md: no es UTF-8 válido (byte 17)",
        "- tareas/notas.txt: archivo inesperado: sólo se admiten <id>-<slug>.md, README.md y .gitattributes",
        "- tareas/sub: subdirectorio inesperado; el tracker es plano",
        "- tareas/sub/enlace: es un enlace simbólico; el tracker no admite enlaces",
    ]
    assert e.texto().splitlines()[-2:] == ["campo: tareas", "corrección: corregí o quitá cada registro listado."]


def test_documento_central_corrupto(tmp_path: Path):
    p = proyecto_con(tmp_path, {"0001.md": texto_tarea("0001")})
    (tmp_path / "tareas" / "README.md").write_bytes(b"\xfe\xff")
    assert _error(p).detalles == ["- tareas/README.md: no es UTF-8 válido (byte 0)"]


def test_archivo_no_regular(tmp_path: Path):
    p = proyecto_con(tmp_path)
    os.mkfifo(tmp_path / "tareas" / "0001-fifo.md")
    assert _error(p).detalles == ["- tareas/0001-fifo.md: no es un archivo regular"]


def test_conflicto_sin_resolver(tmp_path: Path):
    texto = texto_tarea("0001") + "<<<<<<< HEAD\n### nota 2026-01-01\n\na\n=======\n>>>>>>> otra\n"
    p = proyecto_con(tmp_path, {"0001.md": texto})
    assert _error(p).detalles == ["- tareas/0001.md: línea 6: marca de conflicto de git sin resolver"]
