"""Import a fixture server with the real MCP SDK (a test dependency) and read its tools/list."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any


def importar(archivo: Path, raiz: Path, olvidar: tuple[str, ...] = ()) -> ModuleType:
    """Execute `archivo` as a fresh module with `raiz` on sys.path; `olvidar` names the modules (and
    packages) it imports from `raiz`, dropped before and after so every test gets its own copy."""

    def limpiar() -> None:
        for nombre in [n for n in sys.modules if any(n == o or n.startswith(o + ".") for o in olvidar)]:
            sys.modules.pop(nombre)

    nombre = f"fixture_{archivo.parent.name}_{archivo.stem}"
    sys.path.insert(0, str(raiz))
    try:
        limpiar()
        spec = importlib.util.spec_from_file_location(nombre, archivo)
        modulo = importlib.util.module_from_spec(spec)
        sys.modules[nombre] = modulo  # pydantic's generics (`Context[...]`) look their module up
        spec.loader.exec_module(modulo)
        return modulo
    finally:
        sys.path.remove(str(raiz))
        limpiar()
        sys.modules.pop(nombre, None)


def publicadas(servidor: Any) -> dict[str, dict]:
    """tools/list of a server object, by tool name, as the SDK serializes each tool."""
    return {t.name: t.model_dump(by_alias=True, exclude_none=True) for t in asyncio.run(servidor.list_tools())}
