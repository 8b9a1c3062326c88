"""The stat store (estado.py): a warm run knows an unchanged file's hash from its stat and reads its
bytes only when asked, with exactly the evidence of a run that reads everything; any change to the
bytes is seen, and a file changed too recently to trust its stat is always hashed."""

from __future__ import annotations

import os
import pathlib

import pytest

import oracle_lint.linter.extraccion.corrida as corrida
import oracle_lint.linter.extraccion.estado as estado
from oracle_lint.linter.cache import DIRECTORIO, Almacen, clave
from oracle_lint.linter.extraccion import extraer


@pytest.fixture
def confiado(monkeypatch):
    """Every file counts as old enough to trust its stat (the real margin is 2 s: a test's files are new)."""
    monkeypatch.setattr(estado, "MARGEN_NS", -10**12)


@pytest.fixture
def leidos(monkeypatch):
    """Files of the project whose bytes the run read from disk (in this process: --jobs 1)."""
    vistos: list[str] = []
    original = pathlib.Path.read_bytes

    def leer(self):
        if DIRECTORIO not in self.parts and "proyecto" in self.parts:
            vistos.append(self.name)
        return original(self)

    monkeypatch.setattr(pathlib.Path, "read_bytes", leer)
    return vistos


def _archivos(raiz):
    return sorted(p for p in raiz.rglob("*.py") if DIRECTORIO not in p.parts)


def _extraer(raiz, cache=True, contexto=()):
    archivos = _archivos(raiz) if not contexto else contexto[0]
    return extraer(archivos, raiz, almacen=Almacen(raiz, "extraccion") if cache else None, trabajos=1,
                   contexto=contexto[1] if contexto else ())


def _guardado(raiz):
    """The store's entries: relative path -> [size, mtime_ns, ctime_ns, inode, sha256]."""
    valor = Almacen(raiz, "extraccion").leer(clave(corrida.huella_analizador(), estado.ESPACIO))
    return valor["archivos"] if valor is not None else None


def test_a_warm_run_reads_no_unchanged_file_and_gives_the_evidence_of_a_run_that_reads_all(copia, confiado, leidos):
    sin_cache = _extraer(copia, cache=False)
    _extraer(copia)
    guardado = _guardado(copia)
    py = {p.relative_to(copia).as_posix() for p in _archivos(copia)}
    assert set(guardado) == py
    leidos.clear()
    assert _extraer(copia) == sin_cache
    assert not [n for n in leidos if n.endswith(".py")]  # every unit and parse check came from the cache


def test_a_same_size_edit_with_its_mtime_put_back_is_seen(copia, confiado):
    archivo = copia / "decorador/servidor.py"
    original = archivo.read_bytes()
    assert b"def " in original
    _extraer(copia)
    st = archivo.stat()
    archivo.write_bytes(original.replace(b"def ", b"def_", 1))  # same size: no longer parses
    os.utime(archivo, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert archivo.stat().st_size == st.st_size and archivo.stat().st_mtime_ns == st.st_mtime_ns
    evidencia = _extraer(copia)
    assert evidencia == _extraer(copia, cache=False)
    assert any(f["archivo"] == "decorador/servidor.py" for f in evidencia["no_resuelto"])


def test_a_file_changed_within_the_margin_is_not_trusted_to_its_stat(copia):
    _extraer(copia)  # every fixture file was just written: none is old enough
    assert _guardado(copia) is None


def test_an_entry_whose_stat_matches_is_what_the_run_believes(copia, confiado, monkeypatch):
    """The store is trusted exactly where the stat matches: a recorded hash that is not the file's
    makes the run look the file up under that hash (here: nothing cached, so it is parsed again)."""
    _extraer(copia)
    almacen = Almacen(copia, "extraccion")
    k = clave(corrida.huella_analizador(), estado.ESPACIO)
    archivos = almacen.leer(k)["archivos"]
    archivos["decorador/servidor.py"][4] = "0" * 64
    almacen.escribir(k, {"archivos": archivos})
    corridas = []
    original = corrida.Extraccion.verificar

    def verificar(self, reparto):
        corridas.append(self)
        return original(self, reparto)

    monkeypatch.setattr(corrida.Extraccion, "verificar", verificar)
    _extraer(copia)
    assert corridas[0].sha["decorador/servidor.py"] == "0" * 64


def test_malformed_entries_are_ignored(copia, confiado):
    almacen = Almacen(copia, "extraccion")
    k = clave(corrida.huella_analizador(), estado.ESPACIO)
    almacen.escribir(k, {"archivos": {"decorador/servidor.py": [1, 2, 3], "x.py": "no", "y.py": [1, 2, 3, 4, "corto"]}})
    assert _extraer(copia) == _extraer(copia, cache=False)
    guardado = _guardado(copia)
    assert "x.py" not in guardado and "y.py" not in guardado and len(guardado["decorador/servidor.py"]) == 5


def test_a_full_run_drops_deleted_files_and_a_partial_run_keeps_the_others(copia, confiado):
    _extraer(copia)
    (copia / "decorador/servidor.py").unlink()
    todos = _archivos(copia)
    _extraer(copia, contexto=(todos[:1], todos[1:]))
    assert "decorador/servidor.py" in _guardado(copia)  # a partial run does not know it is gone for good
    _extraer(copia)
    assert "decorador/servidor.py" not in _guardado(copia)


def test_no_cache_neither_reads_nor_writes_the_store(copia, confiado, leidos):
    _extraer(copia, cache=False)
    assert not (copia / DIRECTORIO).exists()
    n = len(_archivos(copia))
    assert len([x for x in leidos if x.endswith(".py")]) >= n  # every file was read and hashed
