"""Name resolution within a file and across the analyzed set."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import libcst as cst

from .recolector import Modulo, dotted

MAX_SALTOS = 12


@dataclass(frozen=True)
class Definicion:
    """What a name refers to: a constant, function or class of an analyzed module, or an external name."""

    tipo: str  # "constante" | "funcion" | "clase" | "modulo" | "externo"
    nombre: str
    modulo: Optional[Modulo] = None
    nodo: Optional[cst.CSTNode] = None


class Proyecto:
    """The analyzed set: modules by dotted name, with cross-file resolution."""

    def __init__(self, modulos: list[Modulo]) -> None:
        self.modulos = modulos
        self.por_nombre = {m.nombre: m for m in modulos}

    def buscar_modulo(self, desde: Modulo, nombre: str) -> Optional[Modulo]:
        """Analyzed module an import refers to: relative, exact, or by dotted suffix (documented)."""
        if nombre.startswith("."):
            puntos = len(nombre) - len(nombre.lstrip("."))
            base = desde.nombre.split(".")
            es_paquete = desde.archivo.endswith("__init__.py")
            base = base if es_paquete else base[:-1]
            if puntos > 1:
                base = base[: len(base) - (puntos - 1)] if puntos - 1 <= len(base) else []
            resto = nombre[puntos:]
            nombre = ".".join([*base, *([resto] if resto else [])])
        if nombre in self.por_nombre:
            return self.por_nombre[nombre]
        candidatos = sorted(n for n in self.por_nombre if n.endswith("." + nombre))
        return self.por_nombre[candidatos[0]] if len(candidatos) == 1 else None

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
            origen, atributo = m.importados[nombre]
            destino = self.buscar_modulo(m, origen)
            if atributo is None:
                return Definicion("modulo", origen, destino)
            if destino is not None:
                return self.definicion(destino, atributo, saltos + 1)
            sub = self.buscar_modulo(m, f"{origen}.{atributo}" if not origen.endswith(".") else origen + atributo)
            if sub is not None:
                return Definicion("modulo", sub.nombre, sub)
            return Definicion("externo", f"{origen}.{atributo}".lstrip("."))
        return None

    def resolver(self, m: Modulo, expr: cst.BaseExpression) -> Optional[Definicion]:
        """Definition of a Name or `module.attr` expression."""
        if isinstance(expr, cst.Name):
            return self.definicion(m, expr.value)
        if isinstance(expr, cst.Attribute):
            base = self.resolver(m, expr.value)
            if base is not None and base.tipo == "modulo" and base.modulo is not None:
                return self.definicion(base.modulo, expr.attr.value)
            if base is not None and base.tipo in ("modulo", "externo"):
                return Definicion("externo", f"{base.nombre}.{expr.attr.value}")
        return None

    def calificados(self, m: Modulo, expr: cst.CSTNode) -> set[str]:
        """Qualified names of an expression: metadata first, the import table as fallback."""
        nombres = m.nombres_calificados(expr)
        if nombres:
            return nombres
        texto = dotted(expr)
        if texto is None:
            return set()
        cabeza, _, resto = texto.partition(".")
        if cabeza in m.importados:
            origen, atributo = m.importados[cabeza]
            base = f"{origen}.{atributo}" if atributo else origen
            return {f"{base}.{resto}" if resto else base}
        if cabeza in m.clases or cabeza in m.funciones or cabeza in m.constantes:
            return {texto}
        return {f"builtins.{texto}"} if not resto else {texto}


def termina_en(nombres: set[str], *sufijos: str) -> bool:
    """Whether any qualified name equals or ends with one of `sufijos` (dotted)."""
    return any(n == s or n.endswith("." + s) for n in nombres for s in sufijos)
