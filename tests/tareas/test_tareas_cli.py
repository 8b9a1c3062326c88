"""`oracle tarea`: every verb with both polarities; --json equals the read functions; atomic writes."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import oracle_lint.nucleo.cli.tarea_escritura as escritura
from ayuda_tareas import instantanea, proyecto_con, texto_tarea, tres_tareas
from oracle_lint.nucleo.cli import main
from oracle_lint.nucleo.tareas import buscar, hechos, listar, ver


@pytest.fixture(autouse=True)
def reloj(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clock that advances one minute per write."""
    minutos = iter(range(60))
    monkeypatch.setattr(escritura, "ahora", lambda: f"2026-03-01T10:{next(minutos):02d}:00Z")
    yield


def correr(*args: str, cwd: Path | None = None):
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(main, ["tarea", *args])
    anterior = os.getcwd()
    os.chdir(cwd)
    try:
        return runner.invoke(main, ["tarea", *args])
    finally:
        os.chdir(anterior)


def error_de(r) -> str:
    assert r.exit_code == 2, r.output
    return r.stderr.splitlines()[0]


# -- read verbs -------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "funcion"), [
    (["listar"], lambda p: listar(p)),
    (["listar", "--estado", "CERRADA"], lambda p: listar(p, "CERRADA")),
    (["listar", "--todas", "--etiqueta", "deuda"], lambda p: listar(p, None, "deuda")),
    (["ver", "0002"], lambda p: ver(p, "0002")),
    (["buscar", "HOLA"], lambda p: buscar(p, "HOLA")),
    (["hechos"], lambda p: hechos(p)),
])
def test_json_es_lo_que_devuelve_la_funcion(tmp_path: Path, args, funcion):
    p = tres_tareas(tmp_path)
    r = correr(*args, "--json", "--proyecto", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == funcion(p)


def test_proyecto_por_omision_es_el_encontrado_hacia_arriba(tmp_path: Path):
    tres_tareas(tmp_path)
    (tmp_path / "src" / "x").mkdir(parents=True)
    r = correr("listar", "--json", cwd=tmp_path / "src" / "x")
    assert r.exit_code == 0, r.output
    assert [f["id"] for f in json.loads(r.stdout)] == ["0001", "0003"]


def test_textos_de_lectura(tmp_path: Path):
    tres_tareas(tmp_path)
    raiz = str(tmp_path)
    assert correr("listar", "--proyecto", raiz).stdout == (
        "0001  ABIERTA  2026-01-01T10:00:00Z  Primera tarea  [deuda]\n"
        "0003  ABIERTA  2026-01-01T10:00:00Z  Tercera\n"
    )
    assert correr("listar", "--etiqueta", "nada", "--proyecto", raiz).stdout == "no tasks\n"
    assert correr("ver", "0002", "--proyecto", raiz).stdout == (
        "0002  CERRADA  Segunda\nfile: tareas/0002-segunda.md\nlabels: deuda, servidor\n"
        "created: 2026-01-01T10:00:00Z  closed: 2026-02-01T10:00:00Z\n\n"
        "--- note 2026-01-05T09:00:00Z\nuna nota: HOLA otra vez\n"
    )
    assert correr("buscar", "hola", "--proyecto", raiz).stdout == (
        "tareas/0001-primera.md:7: [cuerpo] El cuerpo dice Hola.\n"
        "tareas/0002-segunda.md:10: [nota] una nota: HOLA otra vez\n"
    )
    assert correr("buscar", "zzz", "--proyecto", raiz).stdout == "no matches\n"
    assert correr("hechos", "--proyecto", raiz).stdout == "tarea: 3 row(s)\netiqueta: 3 row(s)\nnota: 1 row(s)\n"


def test_buscar_texto_dice_cuantos_omitio(tmp_path: Path):
    proyecto_con(tmp_path, {"0001.md": texto_tarea("0001", cuerpo="\n".join(["x"] * 25))})
    assert correr("buscar", "x", "--proyecto", str(tmp_path)).stdout.splitlines()[-1] == "… and 5 more"


@pytest.mark.parametrize("args", [["listar"], ["ver", "1"], ["buscar", "x"], ["hechos"], ["hechos", "--git"],
                                  ["anotar", "0001", "x"], ["cerrar", "0001"], ["etiquetar", "0001", "a"]])
def test_sin_tracker_todo_verbo_salvo_nueva_es_tracker_ausente(tmp_path: Path, args):
    proyecto_con(tmp_path, con_tracker=False)
    r = correr(*args, "--proyecto", str(tmp_path))
    assert error_de(r) == "TRACKER_AUSENTE — the project has no task tracker: tareas/ is missing."
    assert not (tmp_path / "tareas").exists()


@pytest.mark.parametrize("args", [["listar"], ["ver", "1"], ["buscar", "x"], ["hechos"], ["nueva", "t"],
                                  ["anotar", "0001", "x"], ["cerrar", "0001"], ["etiquetar", "0001", "a"]])
def test_tracker_invalido_detiene_lecturas_y_escrituras(tmp_path: Path, args):
    proyecto_con(tmp_path, {"0001.md": texto_tarea("0001")})
    os.symlink(tmp_path / "tareas" / "0001.md", tmp_path / "tareas" / "0002.md")
    antes = instantanea(tmp_path)
    r = correr(*args, "--proyecto", str(tmp_path))
    assert error_de(r) == "TRACKER_INVALIDO — 1 invalid record(s) found in tareas/:"
    assert r.stderr.splitlines()[1] == "- tareas/0002.md: is a symbolic link; the tracker does not accept links"
    assert instantanea(tmp_path) == antes


def test_ver_no_encontrada_y_ambigua(tmp_path: Path):
    tres_tareas(tmp_path)
    raiz = str(tmp_path)
    assert error_de(correr("ver", "0042", "--proyecto", raiz)) == (
        "TAREA_NO_ENCONTRADA — no task has the prefix «0042»."
    )
    assert error_de(correr("ver", "00", "--json", "--proyecto", raiz)) == (
        "ID_AMBIGUO — the prefix «00» matches 3 tasks: 0001, 0002, 0003."
    )
    assert error_de(correr("anotar", "00", "x", "--proyecto", raiz)).startswith("ID_AMBIGUO — ")
    assert error_de(correr("cerrar", "0042", "--proyecto", raiz)).startswith("TAREA_NO_ENCONTRADA — ")


def test_hechos_git_fuera_de_repo(tmp_path: Path):
    tres_tareas(tmp_path)
    assert error_de(correr("hechos", "--git", "--proyecto", str(tmp_path))).startswith(
        "ARGUMENTOS_INVALIDOS — git: got true; expected false: git rev-parse failed")


def test_lecturas_del_cli_no_escriben(tmp_path: Path):
    tres_tareas(tmp_path)
    antes = instantanea(tmp_path)
    for args in (["listar", "--todas"], ["ver", "2"], ["buscar", "a"], ["hechos", "--json"]):
        assert correr(*args, "--proyecto", str(tmp_path)).exit_code == 0
    assert instantanea(tmp_path) == antes


# -- write verbs ------------------------------------------------------------------------------


def test_nueva_crea_el_tracker_y_asigna_ids(tmp_path: Path):
    proyecto_con(tmp_path, con_tracker=False)
    raiz = str(tmp_path)
    r = correr("nueva", "Arreglar ñandú", "--etiqueta", "deuda", "--etiqueta", "a", "--cuerpo", "Qué.\n", "--proyecto", raiz)
    assert r.exit_code == 0, r.output
    assert r.stdout == "created 0001: tareas/0001-arreglar-nandu.md\n"
    assert (tmp_path / "tareas" / "0001-arreglar-nandu.md").read_text(encoding="utf-8") == (
        "id: 0001\ntitulo: Arreglar ñandú\nestado: ABIERTA\netiquetas: a, deuda\ncreada: 2026-03-01T10:00:00Z\n\nQué.\n"
    )
    assert (tmp_path / "tareas" / ".gitattributes").read_text(encoding="utf-8").endswith("*.md merge=union\n")
    r = correr("nueva", "Otra", "--json", "--proyecto", raiz)
    assert json.loads(r.stdout) == ver(proyecto_con(tmp_path), "0002")
    assert sorted(p.name for p in (tmp_path / "tareas").iterdir()) == [
        ".gitattributes", "0001-arreglar-nandu.md", "0002-otra.md"]


def test_nueva_sigue_al_mayor_id(tmp_path: Path):
    proyecto_con(tmp_path, {"0007-x.md": texto_tarea("0007"), "0002.md": texto_tarea("0002", estado="CERRADA")})
    assert correr("nueva", "siguiente", "--proyecto", str(tmp_path)).stdout == "created 0008: tareas/0008-siguiente.md\n"


@pytest.mark.parametrize(("args", "linea"), [
    (["nueva", "  "], 'ARGUMENTOS_INVALIDOS — titulo: got "  "; expected a non-empty single line.'),
    (["nueva", "a\nb"], 'ARGUMENTOS_INVALIDOS — titulo: got "a\\nb"; expected a non-empty single line.'),
    (["nueva", "t", "--etiqueta", "Mal"],
     'ARGUMENTOS_INVALIDOS — etiqueta: got "Mal"; expected ASCII lowercase letters, digits, «.», «_» or «-».'),
    (["nueva", "t", "--cuerpo", "x\n### nota 2026-01-01"],
     "ARGUMENTOS_INVALIDOS — cuerpo: the line «### nota 2026-01-01» would open a note; rephrase it; "
     "expected a text without note headers or conflict markers."),
])
def test_nueva_rechaza_entradas_invalidas(tmp_path: Path, args, linea):
    proyecto_con(tmp_path, con_tracker=False)
    assert error_de(correr(*args, "--proyecto", str(tmp_path))) == linea
    assert not (tmp_path / "tareas").exists()


def test_nueva_nunca_sobrescribe_un_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    proyecto_con(tmp_path, {"0001.md": texto_tarea("0001")})
    # Another writer takes 0002 between our read and our write.
    original = escritura.escribir_nuevo

    def carrera(ruta: Path, texto: str) -> None:
        (ruta.parent / "0002-ajena.md").write_text(texto_tarea("0002", "ajena"), encoding="utf-8")
        original(ruta, texto)

    monkeypatch.setattr(escritura, "escribir_nuevo", carrera)
    r = correr("nueva", "mía", "--proyecto", str(tmp_path))
    assert error_de(r) == (
        "ARGUMENTOS_INVALIDOS — id: tareas/0002-ajena.md already exists; "
        "expected a free id (another write won the race: retry)."
    )
    assert sorted(p.name for p in (tmp_path / "tareas").iterdir()) == ["0001.md", "0002-ajena.md"]


def test_anotar_solo_agrega_al_final(tmp_path: Path):
    tres_tareas(tmp_path)
    ruta = tmp_path / "tareas" / "0001-primera.md"
    antes = ruta.read_text(encoding="utf-8")
    r = correr("anotar", "1", "Primera nota\ncon dos líneas", "--proyecto", str(tmp_path))
    assert r.exit_code == 0 and r.stdout == "noted 0001: tareas/0001-primera.md\n"
    assert ruta.read_text(encoding="utf-8") == (
        antes + "\n### nota 2026-03-01T10:00:00Z\n\nPrimera nota\ncon dos líneas\n"
    )
    r = correr("anotar", "0001", "segunda", "--json", "--proyecto", str(tmp_path))
    assert [n["texto"] for n in json.loads(r.stdout)["notas"]] == ["Primera nota\ncon dos líneas", "segunda"]
    assert json.loads(r.stdout)["actualizada"] == "2026-03-01T10:01:00Z"


def test_anotar_rechaza_nota_vacia(tmp_path: Path):
    tres_tareas(tmp_path)
    assert error_de(correr("anotar", "1", "\n", "--proyecto", str(tmp_path))) == (
        'ARGUMENTOS_INVALIDOS — texto: got ""; expected a non-empty text.'
    )


def test_cerrar_y_no_dos_veces(tmp_path: Path):
    tres_tareas(tmp_path)
    raiz = str(tmp_path)
    r = correr("cerrar", "0003", "--nota", "hecho en abc123", "--json", "--proyecto", raiz)
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert (d["estado"], d["cerrada"], d["notas"][-1]["texto"]) == ("CERRADA", "2026-03-01T10:00:00Z", "hecho en abc123")
    assert (tmp_path / "tareas" / "0003-tercera.md").read_text(encoding="utf-8").startswith(
        "id: 0003\ntitulo: Tercera\nestado: CERRADA\netiquetas:\ncreada: 2026-01-01T10:00:00Z\n"
        "cerrada: 2026-03-01T10:00:00Z\n\n"
    )
    assert [f["id"] for f in listar(proyecto_con(tmp_path))] == ["0001"]
    assert error_de(correr("cerrar", "0002", "--proyecto", raiz)) == (
        "ARGUMENTOS_INVALIDOS — id: «0002» is already CERRADA (since 2026-02-01T10:00:00Z); "
        "expected the id of an ABIERTA task."
    )


def test_etiquetar_agrega_y_quita(tmp_path: Path):
    tres_tareas(tmp_path)
    raiz = str(tmp_path)
    r = correr("etiquetar", "0001", "zeta", "alfa", "--proyecto", raiz)
    assert r.exit_code == 0 and r.stdout == "labelled 0001: tareas/0001-primera.md\n"
    assert ver(proyecto_con(tmp_path), "1")["etiquetas"] == ["alfa", "deuda", "zeta"]
    correr("etiquetar", "0001", "deuda", "zeta", "--quitar", "--proyecto", raiz)
    texto = (tmp_path / "tareas" / "0001-primera.md").read_text(encoding="utf-8")
    assert texto == texto_tarea("0001", "Primera tarea", etiquetas="alfa", cuerpo="El cuerpo dice Hola.")
    assert error_de(correr("etiquetar", "0001", "Con Espacio", "--proyecto", raiz)).startswith(
        'ARGUMENTOS_INVALIDOS — etiqueta: got "Con Espacio"')
    assert correr("etiquetar", "0001", "--proyecto", raiz).exit_code == 2  # at least one label


def test_etiquetar_sin_cambios_no_escribe(tmp_path: Path):
    tres_tareas(tmp_path)
    antes = instantanea(tmp_path)
    assert correr("etiquetar", "0001", "deuda", "--proyecto", str(tmp_path)).exit_code == 0
    assert instantanea(tmp_path) == antes


def test_edicion_concurrente_no_se_pisa(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    tres_tareas(tmp_path)
    ruta = tmp_path / "tareas" / "0001-primera.md"
    original = escritura.reemplazar

    def carrera(destino: Path, texto: str, leido: bytes) -> None:
        destino.write_text(destino.read_text(encoding="utf-8") + "\n### nota 2026-03-02\n\najena\n", encoding="utf-8")
        original(destino, texto, leido)

    monkeypatch.setattr(escritura, "reemplazar", carrera)
    r = correr("anotar", "1", "mía", "--proyecto", str(tmp_path))
    assert error_de(r).startswith("PROYECTO_CAMBIO_DURANTE_LA_CONSULTA — initial fingerprint ")
    assert ruta.read_text(encoding="utf-8").endswith("ajena\n")
    assert not [p for p in (tmp_path / "tareas").iterdir() if p.name.endswith(".tmp")]


def test_las_escrituras_no_dejan_temporales(tmp_path: Path):
    tres_tareas(tmp_path)
    raiz = str(tmp_path)
    for args in (["nueva", "x"], ["anotar", "1", "n"], ["cerrar", "1"], ["etiquetar", "3", "e"]):
        assert correr(*args, "--proyecto", raiz).exit_code == 0
    assert sorted(p.name for p in (tmp_path / "tareas").iterdir()) == [
        "0001-primera.md", "0002-segunda.md", "0003-tercera.md", "0004-x.md"]
