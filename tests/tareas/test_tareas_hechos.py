"""`hechos`: the tracker as evidence; with git, read-only facts about the task files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ayuda_tareas import git, instantanea, proyecto_con, texto_tarea, tres_tareas
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.evidencia import validar_evidencia
from oracle_lint.nucleo.tareas import hechos


def test_relaciones_tarea_etiqueta_nota(tmp_path: Path):
    ev = hechos(tres_tareas(tmp_path))
    assert validar_evidencia(ev) == ev
    assert set(ev) == {"tarea", "etiqueta", "nota"}
    assert ev["tarea"][1] == {
        "tarea": "0002", "issue": "tareas/0002", "titulo": "Segunda", "estado": "CERRADA",
        "creada": "2026-01-01T10:00:00Z", "cerrada": "2026-02-01T10:00:00Z", "actualizada": "2026-02-01T10:00:00Z",
        "notas": 1, "etiquetas": 2, "archivo": "tareas/0002-segunda.md", "linea": 1,
    }
    assert [t["issue"] for t in ev["tarea"]] == ["tareas/0001", "tareas/0002", "tareas/0003"]
    assert ev["etiqueta"] == [{"tarea": "0001", "etiqueta": "deuda"}, {"tarea": "0002", "etiqueta": "deuda"},
                              {"tarea": "0002", "etiqueta": "servidor"}]
    assert ev["nota"] == [{"tarea": "0002", "orden": 1, "fecha": "2026-01-05T09:00:00Z",
                           "archivo": "tareas/0002-segunda.md", "linea": 8}]


def test_tracker_vacio_da_relaciones_presentes_y_vacias(tmp_path: Path):
    assert hechos(proyecto_con(tmp_path)) == {"tarea": [], "etiqueta": [], "nota": []}


def test_git_argumento_no_booleano(tmp_path: Path):
    with pytest.raises(ErrorOracle) as e:
        hechos(tres_tareas(tmp_path), git="si")  # type: ignore[arg-type]
    assert e.value.codigo == "ARGUMENTOS_INVALIDOS"


@pytest.fixture
def repo(tmp_path: Path):
    """A git repository whose project is a subdirectory: 0001 and 0002 committed, then edits."""
    raiz = tmp_path / "repo"
    raiz.mkdir()
    git(raiz, "init", "-q")
    p = proyecto_con(raiz / "sub", {"0001-a.md": texto_tarea("0001"), "0002-b.md": texto_tarea("0002"),
                                    "0003-c.md": texto_tarea("0003"), "0004-d.md": texto_tarea("0004")})
    git(raiz, "add", "sub/pyproject.toml", "sub/tareas/0001-a.md", "sub/tareas/0002-b.md", "sub/tareas/0004-d.md")
    git(raiz, "commit", "-q", "-m", "tareas")
    (raiz / "sub" / "tareas" / "0002-b.md").write_text(texto_tarea("0002", "cambiada"), encoding="utf-8")
    (raiz / "sub" / "tareas" / "0004-d.md").write_text(texto_tarea("0004", "en el índice"), encoding="utf-8")
    git(raiz, "add", "sub/tareas/0004-d.md")
    return p


def test_git_dice_que_archivos_estan_confirmados(repo):
    ev = hechos(repo, git=True)
    assert ev["tarea_git"] == [
        {"tarea": "0001", "archivo": "tareas/0001-a.md", "rastreado": True, "confirmado": True},
        {"tarea": "0002", "archivo": "tareas/0002-b.md", "rastreado": True, "confirmado": False},
        {"tarea": "0003", "archivo": "tareas/0003-c.md", "rastreado": False, "confirmado": False},
        {"tarea": "0004", "archivo": "tareas/0004-d.md", "rastreado": True, "confirmado": False},
    ]
    assert validar_evidencia(ev) == ev


def test_git_es_de_solo_lectura(repo):
    antes = instantanea(repo.raiz.parent)
    hechos(repo, git=True)
    assert instantanea(repo.raiz.parent) == antes


def test_git_en_un_repo_sin_commits(tmp_path: Path):
    p = tres_tareas(tmp_path)
    git(tmp_path, "init", "-q")
    assert {f["confirmado"] for f in hechos(p, git=True)["tarea_git"]} == {False}


def test_git_fuera_de_un_repositorio_es_un_error(tmp_path: Path):
    with pytest.raises(ErrorOracle) as e:
        hechos(tres_tareas(tmp_path), git=True)
    assert e.value.linea().startswith("ARGUMENTOS_INVALIDOS — git: true; se esperaba false: git rev-parse falló (fatal: not a git repository")
    assert e.value.correccion.startswith("pedí los hechos sin git")


def test_sin_git_instalado_es_un_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    p = tres_tareas(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "vacio"))
    assert shutil.which("git") is None
    with pytest.raises(ErrorOracle) as e:
        hechos(p, git=True)
    assert e.value.linea() == (
        "ARGUMENTOS_INVALIDOS — git: true; se esperaba false: git no está instalado o no está en PATH."
    )
