"""Directory paths a module spells relative to its own file (`Path(__file__).parent / "mcp"`), as
paths relative to the project root: what fastmcp's FileSystemProvider is pointed at."""

from __future__ import annotations

import posixpath
from typing import Optional

import libcst as cst

from .recolector import Modulo, texto_cadena


def ruta(m: Modulo, expr: cst.BaseExpression, calificados) -> Optional[str]:
    """The project-relative path `expr` evaluates to, or None when it depends on anything but the
    module's own `__file__` and string literals (the working directory, the environment)."""
    if isinstance(expr, cst.Name) and expr.value == "__file__":
        return m.archivo
    if isinstance(expr, cst.Call):
        nombres = calificados(m, expr.func)
        args = [a.value for a in expr.args if a.keyword is None and not a.star]
        if len(args) != len(expr.args):
            return None
        if nombres & {"pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath"} and len(args) == 1:
            return ruta(m, args[0], calificados)
        if nombres & {"os.path.dirname"} and len(args) == 1:
            base = ruta(m, args[0], calificados)
            return posixpath.dirname(base) if base is not None else None
        if nombres & {"os.path.abspath", "os.path.realpath", "os.path.normpath"} and len(args) == 1:
            return ruta(m, args[0], calificados)
        if nombres & {"os.path.join"} and args:
            return _unir(ruta(m, args[0], calificados), [texto_cadena(a) for a in args[1:]])
        if isinstance(expr.func, cst.Attribute):
            base = ruta(m, expr.func.value, calificados)
            metodo = expr.func.attr.value
            if metodo in ("resolve", "absolute") and not args:
                return base
            if metodo == "joinpath":
                return _unir(base, [texto_cadena(a) for a in args])
        return None
    if isinstance(expr, cst.Attribute) and expr.attr.value == "parent":
        base = ruta(m, expr.value, calificados)
        return posixpath.dirname(base) if base is not None else None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Divide):
        return _unir(ruta(m, expr.left, calificados), [texto_cadena(expr.right)])
    return None


def _unir(base: Optional[str], partes: list[Optional[str]]) -> Optional[str]:
    if base is None or any(p is None or posixpath.isabs(p) for p in partes):
        return None
    unida = posixpath.normpath(posixpath.join(base, *partes)) if partes else base
    return None if unida.startswith("..") else ("" if unida == "." else unida)


def contiene(directorio: str, archivo: str) -> bool:
    """Whether the project-relative file lies under the project-relative directory."""
    return directorio == "" or archivo.startswith(directorio.rstrip("/") + "/")
