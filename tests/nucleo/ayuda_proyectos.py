"""Helpers for core tests: small projects, fake base catalogs and fake installed libraries."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

import oracle_lint.nucleo.catalogo

from oracle_lint import nucleo
def medida_toml(
    ident: str,
    *,
    requiere: tuple[str, ...] = ("herramienta",),
    testigos: str | None = None,
    ambito: str | None = "universal",
    umbral: int = 0,
) -> str:
    """One `[[medida]]` table counting undocumented rows of its first required relation."""
    rel = requiere[0] if requiere else "herramienta"
    testigos = testigos or f"{rel} | donde documentada = falso"
    lineas = [
        "[[medida]]",
        f'id = "{ident}"',
        'segun = "prueba"',
        'porque = "porque sí"',
        'alcance = "todo"',
    ]
    if ambito is not None:
        lineas.append(f'ambito = "{ambito}"')
    lineas += [
        f"requiere = {json.dumps(list(requiere))}",
        f"testigos = {json.dumps(testigos)}",
        'valor = "cuenta"',
        f'umbral = {{ operador = "<=", valor = {umbral} }}',
        "",
    ]
    return "\n".join(lineas)


def escribir(ruta: Path, texto: str) -> Path:
    """Write `texto` (dedented) creating parent directories."""
    ruta.parent.mkdir(parents=True, exist_ok=True)
    ruta.write_text(textwrap.dedent(texto), encoding="utf-8")
    return ruta


def proyecto(
    raiz: Path,
    *,
    nombre: str | None = "demo",
    oracle: str = "",
    medidas: dict[str, str] | None = None,
    macros: dict[str, str] | None = None,
) -> Path:
    """A project root with a pyproject.toml ([project] name and [tool.oracle] body) and files."""
    raiz.mkdir(parents=True, exist_ok=True)
    partes = []
    if nombre is not None:
        partes.append(f'[project]\nname = "{nombre}"\nversion = "0"\n')
    partes.append("[tool.oracle]\n" + textwrap.dedent(oracle))
    escribir(raiz / "pyproject.toml", "\n".join(partes))
    for nombre_archivo, texto in (medidas or {}).items():
        escribir(raiz / "medidas" / nombre_archivo, texto)
    for nombre_archivo, texto in (macros or {}).items():
        escribir(raiz / "macros" / nombre_archivo, texto)
    return raiz


def filas(relacion: str, *documentadas: bool) -> dict[str, list[dict[str, object]]]:
    """Evidence with one row per flag in `relacion` (herramienta names h0, h1, ...)."""
    return {relacion: [{"herramienta": f"h{i}", "documentada": d} for i, d in enumerate(documentadas)]}


@pytest.fixture
def rules_falsas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point the base catalog at an empty temporary `rules/` (with `perfiles/`)."""
    rules = tmp_path / "_rules"
    (rules / "perfiles").mkdir(parents=True)
    monkeypatch.setattr(nucleo.catalogo, "directorio_rules", lambda: rules)
    return rules


@pytest.fixture
def instalar(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Install fake measure libraries: `instalar(dist, nombre_ep, {archivo: texto}, objeto=...)`."""
    sitio = tmp_path / "_site"
    sitio.mkdir()
    monkeypatch.syspath_prepend(str(sitio))
    modulos: list[str] = []

    def _instalar(
        distribucion: str, nombre: str, archivos: dict[str, str], *, codigo: str = "", objeto: str | None = None
    ) -> Path:
        paquete = f"{distribucion.replace('-', '_')}_medidas"
        directorio = sitio / paquete
        directorio.mkdir()
        (directorio / "__init__.py").write_text(codigo, encoding="utf-8")
        for archivo, texto in archivos.items():
            (directorio / archivo).write_text(texto, encoding="utf-8")
        info = sitio / f"{distribucion.replace('-', '_')}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribucion}\nVersion: 1.0\n", encoding="utf-8")
        valor = objeto or paquete
        (info / "entry_points.txt").write_text(f"[oracle.bibliotecas]\n{nombre} = {valor}\n", encoding="utf-8")
        modulos.append(paquete)
        importlib.invalidate_caches()
        return directorio

    yield _instalar
    for modulo in modulos:
        sys.modules.pop(modulo, None)
    importlib.invalidate_caches()
