"""Text pre-filter: which files can define or register a tool, decided on raw bytes.

A file is an *entry point* of the libcst stage when its bytes spell one of `PALABRAS` as a
whole word, or when it mentions (by module name) a file that spells a table element's schema
field — a tool table may list dict constants imported from another file. Every other file is
still syntax-checked and still parsed when an entry point's resolution reaches it; it is only
never *searched* for tools. Why no registration style can escape: docs/performance.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# Identifiers every registration needs: `@x.tool`, `x.add_tool(...)`, `@x.call_tool()`,
# `Server(on_call_tool=...)`, the protocol `Tool(...)` (or its import), mcp 2.x `ToolBinding(...)`; and the server classes,
# whose constructors a run that finds no tool reports (corrida._sin_herramientas).
IDENTIFICADORES = (b"tool", b"add_tool", b"call_tool", b"on_call_tool", b"Tool", b"ToolBinding", b"FastMCP", b"MCPServer")
# String keys or keywords: a table element's schema field, and a `complete` assertion.
CAMPOS_DE_TABLA = (b"outputSchema", b"output_schema", b"inputSchema", b"input_schema")
PALABRAS = (*IDENTIFICADORES, *CAMPOS_DE_TABLA, b"complete")
# A string escape that can spell a letter (`"\x63omplete"`): such files are always kept.
ESCAPE_DE_LETRA = re.compile(rb"\\(?:[xuU]|N\{|[0-7])")


def _es_de_identificador(byte: int) -> bool:
    return byte == 0x5F or 0x30 <= byte <= 0x39 or 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A or byte >= 0x80


def palabra_entera(datos: bytes, palabra: bytes) -> bool:
    """Whether `palabra` occurs not glued to identifier characters (`tool` yes, `itertools` no)."""
    i = datos.find(palabra)
    while i != -1:
        fin = i + len(palabra)
        if (i == 0 or not _es_de_identificador(datos[i - 1])) and (fin == len(datos) or not _es_de_identificador(datos[fin])):
            return True
        i = datos.find(palabra, i + 1)
    return False


def _escapa(datos: bytes) -> bool:
    return b"\\" in datos and ESCAPE_DE_LETRA.search(datos) is not None


def menciona_registro(datos: bytes) -> bool:
    """Whether the bytes spell a word every registration (or `complete` site) needs."""
    return any(palabra_entera(datos, p) for p in PALABRAS) or _escapa(datos)


def _menciona_campo(datos: bytes) -> bool:
    return any(palabra_entera(datos, p) for p in CAMPOS_DE_TABLA) or _escapa(datos)


def _paquetes_ancestros(rel: str) -> list[str]:
    """`__init__.py` files of the packages enclosing `rel` (what `from . import x` can reach)."""
    partes = rel.split("/")[:-1]
    return ["/".join([*partes[:i], "__init__.py"]) for i in range(len(partes), -1, -1)]


def entradas(fuentes: Mapping[str, bytes], nombres: Mapping[str, str]) -> set[str]:
    """Relative paths of the entry points: a word of `PALABRAS`, or importing table elements.

    `nombres` maps each relative path to its dotted module name. Files spelling a schema field
    (`CAMPOS_DE_TABLA`) seed a closure over imports: a file joins when its bytes contain the
    last component of a member's module name (how every absolute or `from .x` import spells
    it) or when it says `from` and an enclosing package's `__init__.py` is a member
    (`from . import X` names no module). Re-exports chain. Over-inclusion only costs time.
    """
    dentro = {rel for rel, datos in fuentes.items() if _menciona_campo(datos)}
    pendientes = set(fuentes) - dentro
    frontera = set(dentro)
    while frontera and pendientes:  # each round tests only the names the previous round added
        ultimos = {nombres[r].rsplit(".", 1)[-1].encode() for r in frontera if nombres.get(r)}
        nuevos = {rel for rel in pendientes if any(u in fuentes[rel] for u in ultimos)
                  or (b"from" in fuentes[rel] and any(a in frontera for a in _paquetes_ancestros(rel)))}
        dentro |= nuevos
        pendientes -= nuevos
        frontera = nuevos
    return dentro | {rel for rel in pendientes if menciona_registro(fuentes[rel])}
