"""The remembered walk (caminata.py): a run whose directories, `.gitignore` files and configured paths
are unchanged gets the configured file list without walking; every change that can change the list
is seen, and a walk too recent to trust its stats, or one that kept a symlink, is not remembered."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

import oracle_lint.linter.archivos as archivos
import oracle_lint.linter.caminata as caminata
from oracle_lint.linter.archivos import archivos_a_analizar
from oracle_lint.linter.cache import Almacen
from oracle_lint.linter.extraccion import estado
from oracle_lint.nucleo.proyecto import Proyecto


@pytest.fixture
def confiado(monkeypatch):
    """Every stat counts as old enough to trust (the real margin is 2 s: a test's tree is new)."""
    monkeypatch.setattr(estado, "MARGEN_NS", -10**12)


@pytest.fixture
def caminatas(monkeypatch):
    """How many times the tree's directories were listed."""
    cuenta = {"n": 0}
    original = archivos._recorrer

    def contar(*args, **kwargs):
        cuenta["n"] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(archivos, "_recorrer", contar)
    return cuenta


def _arbol(raiz: Path) -> Path:
    (raiz / "pyproject.toml").write_text('[tool.oracle]\npaths = ["srv", "extra.py"]\nexclude = ["srv/viejo"]\n', encoding="utf-8")
    for rel in ("srv/a.py", "srv/sub/b.py", "srv/sub/c.py", "srv/sub/hondo/d.py", "srv/viejo/e.py", "srv/ignorado.py", "extra.py"):
        (raiz / rel).parent.mkdir(parents=True, exist_ok=True)
        (raiz / rel).write_text("x = 1\n", encoding="utf-8")
    (raiz / ".gitignore").write_text("srv/ignorado.py\n", encoding="utf-8")
    (raiz / "srv" / "sub" / ".gitignore").write_text("c.py\n", encoding="utf-8")
    return raiz


def _lista(raiz: Path) -> list[str]:
    proyecto = Proyecto(raiz)
    return [a.relative_to(raiz).as_posix() for a in caminata.archivos_configurados(proyecto, Almacen(raiz, "extraccion"))]


def _caminada(raiz: Path) -> list[str]:
    return [a.relative_to(raiz).as_posix() for a in archivos_a_analizar(Proyecto(raiz), None)]


def _despues() -> None:
    """Past the clock tick of the last change, so a new change shows in the stats."""
    time.sleep(0.05)


def test_an_unchanged_tree_is_not_walked_again_and_gets_the_same_list(tmp_path, confiado, caminatas):
    raiz = _arbol(tmp_path)
    assert _lista(raiz) == ["extra.py", "srv/a.py", "srv/sub/b.py", "srv/sub/hondo/d.py"]
    assert caminatas["n"] == 1
    assert _lista(raiz) == ["extra.py", "srv/a.py", "srv/sub/b.py", "srv/sub/hondo/d.py"]
    assert caminatas["n"] == 1  # from the record
    (raiz / "srv" / "a.py").write_text("x = 2  # a file's bytes do not change the list\n", encoding="utf-8")
    assert _lista(raiz) == ["extra.py", "srv/a.py", "srv/sub/b.py", "srv/sub/hondo/d.py"]
    assert caminatas["n"] == 1


def _nuevo(raiz):
    (raiz / "srv" / "sub" / "hondo" / "f.py").write_text("x = 1\n", encoding="utf-8")


def _borrado(raiz):
    (raiz / "srv" / "sub" / "b.py").unlink()


def _renombrado(raiz):
    (raiz / "srv" / "a.py").rename(raiz / "srv" / "a2.py")


def _gitignore_nuevo(raiz):
    (raiz / "srv" / ".gitignore").write_text("a.py\n", encoding="utf-8")


def _gitignore_editado(raiz):
    (raiz / "srv" / "sub" / ".gitignore").write_text("b.py\n", encoding="utf-8")  # same size, other file


def _gitignore_raiz_borrado(raiz):
    (raiz / ".gitignore").unlink()


def _directorio_nuevo(raiz):
    (raiz / "srv" / "otro").mkdir()
    (raiz / "srv" / "otro" / "g.py").write_text("x = 1\n", encoding="utf-8")


def _directorio_borrado(raiz):
    for p in (raiz / "srv" / "sub" / "hondo").iterdir():
        p.unlink()
    (raiz / "srv" / "sub" / "hondo").rmdir()


def _excluido_que_aparece(raiz):
    (raiz / "srv" / "viejo" / "h.py").write_text("x = 1\n", encoding="utf-8")  # excluded: the list stays


CAMBIOS = [_nuevo, _borrado, _renombrado, _gitignore_nuevo, _gitignore_editado, _gitignore_raiz_borrado,
           _directorio_nuevo, _directorio_borrado, _excluido_que_aparece]


@pytest.mark.parametrize("cambio", CAMBIOS, ids=[c.__name__.strip("_") for c in CAMBIOS])
def test_every_change_that_can_change_the_list_is_seen(tmp_path, confiado, cambio):
    raiz = _arbol(tmp_path)
    antes = _lista(raiz)
    _despues()
    cambio(raiz)
    assert _lista(raiz) == _caminada(raiz)
    assert _lista(raiz) == _caminada(raiz)  # and the new record is right too
    if cambio is not _excluido_que_aparece:
        assert _caminada(raiz) != antes


def test_a_recent_walk_is_not_remembered(tmp_path, caminatas):
    raiz = _arbol(tmp_path)  # just written: within the real 2 s margin
    _lista(raiz)
    _lista(raiz)
    assert caminatas["n"] == 2


def test_a_walk_that_kept_a_symlinked_file_is_not_remembered(tmp_path, confiado, caminatas):
    raiz = _arbol(tmp_path)
    os.symlink(raiz / "sub_fuera.py", raiz / "srv" / "enlace.py")
    (raiz / "sub_fuera.py").write_text("x = 1\n", encoding="utf-8")  # outside `paths`, inside the root
    assert _lista(raiz) == _lista(raiz) == _caminada(raiz)
    assert "sub_fuera.py" in _caminada(raiz)  # the symlink is confined to its target
    assert caminatas["n"] == 4  # two runs and two plain walks: nothing was remembered


def test_a_malformed_record_is_walked_over(tmp_path, confiado, caminatas):
    raiz = _arbol(tmp_path)
    _lista(raiz)
    almacen = Almacen(raiz, "extraccion")
    clave = caminata._clave(Proyecto(raiz))
    for roto in ({"vigilados": "x", "archivos": []}, {"vigilados": [["a"]], "archivos": []},
                 {"vigilados": [], "archivos": [1]}):
        almacen.escribir(clave, roto)
        assert _lista(raiz) == ["extra.py", "srv/a.py", "srv/sub/b.py", "srv/sub/hondo/d.py"]
    assert caminatas["n"] == 4


def test_without_a_store_the_tree_is_walked(tmp_path, confiado, caminatas):
    raiz = _arbol(tmp_path)
    proyecto = Proyecto(raiz)
    assert caminata.archivos_configurados(proyecto, None) == caminata.archivos_configurados(proyecto, None)
    assert caminatas["n"] == 2
    assert not (raiz / ".oracle-cache").exists()
