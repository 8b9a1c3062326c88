"""The task file format: parsing, rendering, minimal edits (pure functions)."""

from __future__ import annotations

import pytest

from ayuda_tareas import texto_tarea
from oracle_lint.nucleo.tareas.formato import (
    Nota,
    RegistroInvalido,
    Tarea,
    a_texto,
    con_campo,
    con_nota_anexada,
    es_id_canonico,
    id_de_nombre,
    nombre_de_archivo,
    parsear_tarea,
    problema_de_texto_libre,
    slug,
)


def test_parsea_cabecera_cuerpo_y_notas():
    texto = texto_tarea("0007", "Título: con dos puntos", etiquetas="deuda, servidor", cuerpo="línea 1\n\nlínea 3",
                        notas=(("2026-01-02T00:00:00Z", "nota uno"), ("2026-01-03", "nota\ndos")))
    t = parsear_tarea("0007-x.md", texto, "tareas/0007-x.md")
    assert (t.id, t.titulo, t.estado, t.etiquetas) == ("0007", "Título: con dos puntos", "ABIERTA", ("deuda", "servidor"))
    assert t.cuerpo == "línea 1\n\nlínea 3"
    assert [(n.fecha, n.texto) for n in t.notas] == [("2026-01-02T00:00:00Z", "nota uno"), ("2026-01-03", "nota\ndos")]
    assert t.notas[0].linea == 11 and t.notas[0].linea_texto == 13
    assert t.linea_titulo == 2 and t.linea_cuerpo == 7
    assert t.referencia == "tareas/0007"
    assert t.actualizada == "2026-01-03"


def test_a_texto_se_relee_igual():
    t = Tarea("0012", "Algo", "CERRADA", ("a", "b"), "2026-01-01T00:00:00Z", "2026-01-09T00:00:00Z",
              "cuerpo\nmás", (Nota("2026-01-02T00:00:00Z", "n1"), Nota("2026-01-03T00:00:00Z", "")), "tareas/0012.md")
    texto = a_texto(t)
    assert parsear_tarea("0012.md", texto, "tareas/0012.md") == t
    assert all(linea == linea.rstrip() for linea in texto.split("\n"))


def test_texto_con_crlf_se_lee():
    t = parsear_tarea("0001.md", texto_tarea("0001", cuerpo="x").replace("\n", "\r\n"))
    assert t.cuerpo == "x" and t.titulo == "Una tarea"


@pytest.mark.parametrize(
    ("nombre", "texto", "motivo"),
    [
        ("0001.md", "id: 0001\ntitulo x\n", "la cabecera espera «clave: valor»"),
        ("0001.md", texto_tarea("0001").replace("estado: ABIERTA", "estado: HECHA"), "estado desconocido «HECHA»"),
        ("0001.md", texto_tarea("0001").replace("titulo: Una tarea\n", "titulo: Una tarea\ntitulo: otra\n"),
         "la clave «titulo» está repetida"),
        ("0001.md", texto_tarea("0001").replace("titulo: Una tarea\n", "prioridad: alta\n"),
         "clave de cabecera desconocida «prioridad»"),
        ("0001.md", texto_tarea("0001").replace("titulo: Una tarea\n", ""), "faltan las claves de cabecera titulo"),
        ("0002-x.md", texto_tarea("0001"), "no coincide con el del nombre «0002»"),
        ("0001.md", texto_tarea("0001").replace("id: 0001", "id: 1"), "id «1» no canónico"),
        ("0001.md", texto_tarea("0001", titulo=""), "titulo vacío"),
        ("0001.md", texto_tarea("0001", estado="CERRADA").replace("cerrada: 2026-02-01T10:00:00Z\n", ""),
         "una tarea CERRADA lleva la clave cerrada"),
        ("0001.md", texto_tarea("0001", cerrada="2026-01-02"), "una tarea ABIERTA no lleva la clave cerrada"),
        ("0001.md", texto_tarea("0001", creada="ayer"), "creada «ayer» no es"),
        ("0001.md", texto_tarea("0001", creada="2026-1-5"), "creada «2026-1-5» no es"),
        ("0001.md", texto_tarea("0001", creada="2026-02-30"), "creada «2026-02-30» no es"),
        ("0001.md", texto_tarea("0001", etiquetas="Deuda"), "etiqueta inválida «Deuda»"),
        ("0001.md", texto_tarea("0001", etiquetas="a, a"), "una etiqueta está repetida"),
        ("0001.md", texto_tarea("0001") + "\n### nota mañana\n", "la nota no tiene una fecha válida"),
        ("0001.md", texto_tarea("0001", cuerpo="<<<<<<< HEAD\na\n=======\nb\n>>>>>>> rama"), "marca de conflicto"),
        ("notas.md", texto_tarea("0001"), "el nombre no es <id>-<slug>.md"),
    ],
)
def test_registros_invalidos(nombre, texto, motivo):
    with pytest.raises(RegistroInvalido) as error:
        parsear_tarea(nombre, texto)
    assert motivo in str(error.value)


def test_ids_y_nombres():
    assert es_id_canonico("0007") and es_id_canonico("12345")
    assert not es_id_canonico("007") and not es_id_canonico("00007") and not es_id_canonico("٠٠٠٧")
    assert id_de_nombre("0007-a-b.md") == "0007" and id_de_nombre("0007.md") == "0007"
    assert id_de_nombre("0007-A.md") is None and id_de_nombre("x.md") is None and id_de_nombre("0007-.md") is None
    assert slug("¿Dónde está el ñandú? (v2)") == "donde-esta-el-nandu-v2"
    assert len(slug("palabra " * 40)) <= 48
    assert nombre_de_archivo("0003", "日本") == "0003.md"


def test_texto_libre_sin_cabeceras_de_nota_ni_conflictos():
    assert problema_de_texto_libre("normal\n### notable") is None
    assert "abriría una nota" in problema_de_texto_libre("a\n### nota 2026-01-01")
    assert "conflicto" in problema_de_texto_libre("=======")


def test_ediciones_minimas():
    original = texto_tarea("0001", etiquetas="a", cuerpo="cuerpo")
    assert con_campo(original, "estado", "CERRADA") == original.replace("estado: ABIERTA", "estado: CERRADA")
    agregado = con_campo(original, "cerrada", "2026-03-01")
    assert agregado.startswith(original.split("\n\n")[0] + "\ncerrada: 2026-03-01\n\n")
    assert con_campo(original, "etiquetas", "") == original.replace("etiquetas: a", "etiquetas:")
    anexado = con_nota_anexada(original, "2026-03-01T00:00:00Z", "hola")
    assert anexado.startswith(original.rstrip("\n")) and anexado.endswith("\n\n### nota 2026-03-01T00:00:00Z\n\nhola\n")
