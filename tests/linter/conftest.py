"""Fixtures shared by the analyzer's tests."""

from __future__ import annotations

import shutil

import pytest

from oracle_lint.linter.cache import DIRECTORIO

from .marcas import FIXTURES


@pytest.fixture
def copia(tmp_path):
    """A private copy of the fixture project (the cache writes into the project root)."""
    destino = tmp_path / "proyecto"
    shutil.copytree(FIXTURES, destino, ignore=shutil.ignore_patterns(DIRECTORIO, "__pycache__"))
    return destino
