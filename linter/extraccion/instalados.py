"""Modules of the project's virtual environment (`[tool.oracle] venv`), found by exact dotted name.

They are read for one purpose: to derive the schema a tool publishes from a type an installed package
defines (a dataclass or model a parameter is typed with, `Annotated` metadata pydantic may ignore).
They are never searched for tools, and no call into them is followed for what it returns (a value an
SDK hands back stays foreign: `procedencia.py`). Packages whose meaning the analyzer models (the MCP
SDKs, pydantic, typing_extensions, annotated_types) are never read from the venv: the analyzer knows
them by name, and reading their code instead would change what it knows.
"""

from __future__ import annotations

import glob
import hashlib
import os
import pathlib
from collections.abc import Sequence
from typing import Optional

from .nombres import ESTANDAR, ruta_relativa

MODELADOS = frozenset({"mcp", "mcp_types", "fastmcp", "pydantic", "pydantic_core", "pydantic_settings",
                       "typing_extensions", "annotated_types", "typing_inspection"})


def nunca_del_venv(nombre: str) -> bool:
    """Whether a dotted name is never looked up in a venv: the standard library, or a package the
    analyzer models itself (its SDKs and pydantic), whatever version the venv holds."""
    cabeza = nombre.split(".")[0]
    return cabeza in ESTANDAR or cabeza in MODELADOS


class Instalados:
    """The Python sources of a venv's site-packages directories, looked up on demand and remembered.

    A module's file is named relative to the project root when the venv lies inside it (`.venv/...`),
    else by its absolute path: the rows that point into it then name a file that exists."""

    def __init__(self, sitios: Sequence[str], raiz: str) -> None:
        self.sitios = tuple(sitios)
        self.raiz = raiz
        self._rels: dict[str, Optional[str]] = {}
        self.nombres: dict[str, str] = {}  # file -> the dotted name it is imported by

    def __bool__(self) -> bool:
        return bool(self.sitios)

    def rel(self, nombre: str) -> Optional[str]:
        """The file of installed module `nombre` (a package's `__init__.py` first, as Python imports),
        None when no site-packages directory holds it as Python source (absent, a compiled extension,
        the standard library, or a modelled package)."""
        if nombre not in self._rels:
            self._rels[nombre] = self._buscar(nombre)
            if self._rels[nombre] is not None:
                self.nombres[self._rels[nombre]] = nombre  # type: ignore[index]
        return self._rels[nombre]

    def _buscar(self, nombre: str) -> Optional[str]:
        partes = nombre.split(".")
        if not self.sitios or not all(p.isidentifier() for p in partes) or nunca_del_venv(nombre):
            return None
        for sitio in self.sitios:
            base = os.path.join(sitio, *partes)
            paquete = os.path.join(base, "__init__.py")
            if os.path.isfile(paquete):
                return self._relativa(paquete)
            if glob.glob(glob.escape(base) + ".*.so") or os.path.isfile(base + ".so") or os.path.isfile(base + ".pyd"):
                return None  # an extension module is what Python imports: no source to read
            if os.path.isfile(base + ".py"):
                return self._relativa(base + ".py")
        return None

    def _relativa(self, archivo: str) -> str:
        return ruta_relativa(pathlib.Path(archivo), pathlib.Path(self.raiz))

    def ruta(self, rel: str) -> str:
        """The path to read for `rel` (relative ones are under the project root)."""
        return rel if os.path.isabs(rel) else os.path.join(self.raiz, rel)

    def sha(self, rel: str) -> Optional[str]:
        """sha256 of an installed file's bytes now (None: it cannot be read): a cached unit that read it
        stays valid only while this is unchanged."""
        try:
            with open(self.ruta(rel), "rb") as archivo:
                return hashlib.sha256(archivo.read()).hexdigest()
        except OSError:
            return None


def sitios_de(venv: str) -> list[str]:
    """The site-packages directories of a virtual environment (POSIX `lib/python3.X/`, Windows `Lib/`),
    sorted; empty when it has none."""
    encontrados = sorted(glob.glob(os.path.join(glob.escape(venv), "lib", "python3*", "site-packages")))
    windows = os.path.join(venv, "Lib", "site-packages")
    if not encontrados and os.path.isdir(windows):
        encontrados = [windows]
    return [os.path.realpath(s) for s in encontrados if os.path.isdir(s)]
