"""Name resolution within a file and across the analyzed set."""

from __future__ import annotations

import builtins
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Optional, Protocol

import libcst as cst

from .calificados import por_alcances, sin_alcances
from .instalados import nunca_del_venv
from .nombres import Indice, absoluto
from .recolector import Modulo

MAX_SALTOS = 12


@dataclass(frozen=True)
class Definicion:
    """What a name refers to: a constant, function or class of an analyzed module, or an external name."""

    tipo: str  # "constante" | "funcion" | "clase" | "modulo" | "externo"
    nombre: str
    modulo: Optional[Modulo] = None
    nodo: Optional[cst.CSTNode] = None
    relativa: bool = False  # an external name a relative import spells: this project's, never installed


@dataclass
class Dependencias:
    """What one unit of work looked at beyond its own file (the cache validates these)."""

    busquedas: dict[tuple[str, bool, str], Optional[str]] = field(default_factory=dict)  # -> relative path
    modulos: dict[str, str] = field(default_factory=dict)  # relative path -> sha256 of the bytes read
    tokens: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # (function name, file defining it) -> the files that can call it
    llamadores: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    # installed module name -> its file in the project's venv (None: not there), `instalados.py`
    instalados: dict[str, Optional[str]] = field(default_factory=dict)


class Fuentes(Protocol):
    """Where a project gets its modules from (parsed on demand)."""

    indice: Indice

    def rel(self, nombre: Optional[str]) -> Optional[str]: ...

    def cargar(self, rel: str) -> Optional[Modulo]: ...

    def huella(self, rel: str) -> str: ...

    def con_token(self, token: str) -> tuple[str, ...]: ...

    def que_llaman(self, nombre: str, desde: str) -> tuple[str, ...]: ...

    def instalado(self, nombre: str) -> Optional[str]: ...

    def lee_venv(self) -> bool: ...


class Proyecto:
    """The analyzed set: modules by dotted name, parsed on first use, with cross-file resolution."""

    def __init__(self, fuentes: Fuentes, versiones: Optional[dict[str, tuple[int, ...]]] = None) -> None:
        self.fuentes = fuentes
        self.deps = Dependencias()
        # the SDK releases the project pins (`linter/versiones.py`): what the tools publish depends on them
        self.versiones = versiones or {}

    def _modulo(self, rel: Optional[str]) -> Optional[Modulo]:
        if rel is None:
            return None
        m = self.fuentes.cargar(rel)
        self.deps.modulos[rel] = self.fuentes.huella(rel)
        return m

    def modulos_con(self, token: str) -> list[Modulo]:
        """Modules whose source contains `token` (the pre-filter's word for a registration part)."""
        rels = self.fuentes.con_token(token)
        self.deps.tokens[token] = rels
        return [m for m in (self._modulo(r) for r in rels) if m is not None]

    def modulos_que_llaman(self, nombre: str, desde: str) -> list[Modulo]:
        """Modules that can call a function named `nombre` defined in file `desde`
        (`nombres.Palabras.llaman`). The answer itself is what the unit depends on: a file edited to
        call `nombre`, or to import into `desde`'s component, changes it, though it was not read."""
        rels = self.fuentes.que_llaman(nombre, desde)
        self.deps.llamadores[(nombre, desde)] = rels
        return [m for m in (self._modulo(r) for r in rels) if m is not None]

    def buscar_modulo(self, desde: Modulo, nombre: str) -> Optional[Modulo]:
        """Analyzed module an import refers to: relative, exact, or by dotted suffix (documented).
        From a module of the venv, as Python imports: its own package's or another installed one."""
        if desde.instalado:
            return self._instalado(absoluto(desde.nombre, desde.archivo.endswith("__init__.py"), nombre))
        clave = (desde.nombre, desde.archivo.endswith("__init__.py"), nombre)
        encontrado = self.fuentes.rel(self.fuentes.indice.buscar(*clave))
        self.deps.busquedas[clave] = encontrado
        return self._modulo(encontrado)

    def definicion(self, m: Modulo, nombre: str, saltos: int = 0) -> Optional[Definicion]:
        """Follow `nombre` in module `m` to its definition."""
        if saltos > MAX_SALTOS:
            return None
        if nombre in m.clases:
            return Definicion("clase", nombre, m, m.clases[nombre])
        if nombre in m.funciones:
            return Definicion("funcion", nombre, m, m.funciones[nombre])
        if nombre in m.constantes:
            return Definicion("constante", nombre, m, m.constantes[nombre])
        if nombre in m.importados:
            return self.definicion_importada(m, nombre, m.importados[nombre], saltos)
        return None

    def definicion_importada(self, m: Modulo, nombre: str, objetivo: tuple[str, Optional[str]],
                             saltos: int = 0) -> Optional[Definicion]:
        """What an import statement of module `m` binds `nombre` to."""
        origen, atributo = objetivo
        destino = self.buscar_modulo(m, origen)
        if atributo is None:
            return Definicion("modulo", origen, destino)
        if destino is not None:
            d = self.definicion(destino, atributo, saltos + 1)
            if d is not None:
                return d
        sub = self.buscar_modulo(m, f"{origen}.{atributo}" if not origen.endswith(".") else origen + atributo)
        if sub is not None:
            return Definicion("modulo", sub.nombre, sub)
        if destino is not None:
            return None
        return Definicion("externo", f"{origen}.{atributo}".lstrip("."), relativa=origen.startswith("."))

    def _instalado(self, nombre: str) -> Optional[Modulo]:
        rel = self.fuentes.instalado(nombre)
        self.deps.instalados[nombre] = rel
        return self._modulo(rel)

    def instalada(self, d: Optional[Definicion]) -> Optional[Definicion]:
        """The class or constant an external name (`docket.Logged`) denotes in the project's venv, or
        None. Only types are read there (`instalados.py`): a function stays external, never followed."""
        if d is None or d.tipo != "externo" or d.relativa:
            return None
        partes = d.nombre.split(".")
        for corte in range(len(partes) - 1, 0, -1):
            modulo = self._instalado(".".join(partes[:corte]))
            if modulo is None:
                continue
            encontrada: Optional[Definicion] = Definicion("modulo", modulo.nombre, modulo)
            for parte in partes[corte:]:
                if encontrada is None or encontrada.tipo != "modulo" or encontrada.modulo is None:
                    return None
                encontrada = self.definicion(encontrada.modulo, parte)
            return encontrada if encontrada is not None and encontrada.tipo in ("clase", "constante") else None
        return None

    def pista_venv(self, d: Optional[Definicion]) -> str:
        """What a message about an unread external name adds: how to have oracle-lint read it (no venv
        configured), or that the venv does not define it either. Nothing for this project's own names,
        the standard library and the packages the analyzer models."""
        if d is None or d.tipo != "externo" or d.relativa:
            return ""
        if nunca_del_venv(d.nombre):
            return ""
        if self.fuentes.lee_venv():
            return " (nor does a Python source of the project's venv)"
        return ("; if an installed package defines it, set `venv` in [tool.oracle] to the project's virtual "
                "environment so oracle-lint reads it")

    def resolver(self, m: Modulo, expr: cst.BaseExpression) -> Optional[Definicion]:
        """Definition of a Name or `module.attr` expression."""
        if isinstance(expr, cst.Name):
            return self.definicion(m, expr.value)
        if isinstance(expr, cst.Attribute):
            base = self.resolver(m, expr.value)
            if base is not None and base.tipo == "modulo" and base.modulo is not None:
                return self.definicion(base.modulo, expr.attr.value)
            if base is not None and base.tipo in ("modulo", "externo"):
                return Definicion("externo", f"{base.nombre}.{expr.attr.value}", relativa=base.relativa)
        return None

    def calificados(self, m: Modulo, expr: cst.CSTNode) -> set[str]:
        """Qualified names of an expression (calificados.py): from the collector's binding facts
        where they tell the answer, else libcst's scope analysis, the import table as fallback."""
        rapido = sin_alcances(m, expr)
        return rapido if rapido is not None else por_alcances(m, expr)

    def calificados_entre(self, m: Modulo, expr: cst.CSTNode, ultimos: Collection[str]) -> set[str]:
        """`calificados(m, expr)` for a caller that only looks for names whose last part is one of
        `ultimos`. An attribute chain whose head is a name but no builtin (`client.describe`,
        `boto3.client("x").describe`) is qualified as its head's names followed by its attributes, so
        one whose last attribute is not among them has none of those names: it gets the empty set
        without a look, and without the scope analysis a head bound inside a function would cost.
        Anything else is asked (libcst names `dict.fromkeys` and `str(x).split` after the builtin)."""
        if isinstance(expr, cst.Attribute) and expr.attr.value not in ultimos:
            cabeza = expr.value
            while isinstance(cabeza, (cst.Attribute, cst.Call, cst.Subscript)):
                cabeza = cabeza.func if isinstance(cabeza, cst.Call) else cabeza.value
            if isinstance(cabeza, cst.Name) and not hasattr(builtins, cabeza.value):
                return set()
        return self.calificados(m, expr)


def termina_en(nombres: set[str], *sufijos: str) -> bool:
    """Whether any qualified name equals or ends with one of `sufijos` (dotted)."""
    return any(n == s or n.endswith("." + s) for n in nombres for s in sufijos)
