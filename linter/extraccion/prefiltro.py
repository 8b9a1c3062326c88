"""Pre-filter: which files can define or register a tool, decided before libcst parses anything.

A file is an *entry point* of the libcst stage when its code spells one of `PALABRAS` (as an
identifier or a whole string value, read from the stdlib parse by forma.py; from its raw bytes
as a whole word when only libcst can parse it), or when it imports a file that spells a table
element's schema field — a tool table may list dict constants imported from another file. Every
other file is still syntax-checked and still parsed when an entry point's resolution reaches it;
it is only never *searched* for tools. Why no registration style can escape: docs/performance.md.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from typing import Optional

from .nombres import Indice

# The words an entry point's recognizers compare with, by where the code must spell them (forma.py
# reads the stdlib parse; a file only libcst parses is judged on its bytes, where any of them counts).
#
# As any identifier: `@x.call_tool()`, `Server(on_call_tool=...)`, `x.add_tool(...)`, the protocol
# `Tool(...)` / `Tool.from_function` (or its import), mcp 2.x `ToolBinding(...)`, and servers whose
# tools exist only at run time (servidores.GENERADORES, servidores.CLASES_GENERADORAS).
IDENTIFICADORES = (b"add_tool", b"call_tool", b"on_call_tool", b"Tool", b"ToolBinding", b"as_proxy", b"from_openapi",
                   b"from_fastapi", b"from_client", b"FastMCPProxy", b"FastMCPOpenAPI", b"OpenAPIProvider",
                   b"ProxyProvider", b"create_proxy")
# As what a call or a decorator calls, or in an import: `@x.tool(...)`, `@x.tool`, `x.tool(f)`,
# `x.tool(...)(f)`, fastmcp's standalone `@tool` (whose qualified name needs `from fastmcp.tools import
# tool` or an attribute). The recognizers (registro._decoradores, _llamadas, _decorador_suelto) read
# `tool` nowhere else: an attribute read otherwise (a test's `mock_mcp.tool.call_args`, `mock.tool =
# ...`) is not a registration, nor is a variable, a parameter or a loop target named `tool`.
LLAMADA_DECORADOR_O_IMPORTACION = (b"tool",)
# As an attribute only (`s.add_resource(...)`, `s.mount(...)`, `s._tool_manager`,
# `s.add_provider(...)`): prompt and resource registrations by call (motor.LLAMADAS_OTRAS), mounted
# servers, the SDK's private registry (recolector.INTERNO), which is reported, and transforms and
# providers that add tools at run time.
SOLO_ATRIBUTOS = (b"add_prompt", b"add_resource", b"add_template", b"_tool_manager", b"mount", b"import_server",
                  b"add_transform", b"add_provider")
# As the attribute of a decorator only (`@s.prompt()`, `@s.resource("x://")`: motor.OTROS): prompt
# and resource registrations, which count a server that publishes those and no tool as looked at.
# A boto3 `session.resource("s3")` is not one of them.
SOLO_DECORADORES = (b"prompt", b"resource", b"resource_template", b"list_prompts", b"list_resources", b"get_prompt",
                    b"read_resource", b"list_resource_templates", b"subscribe_resource", b"unsubscribe_resource")
# As what a call calls (`FastMCP(...)`, `lowlevel.Server(...)`): the server classes, whose
# constructors a run reports (motor.CLASES_SERVIDOR); an annotation `mcp: FastMCP` is not one.
SOLO_LLAMADAS = (b"FastMCP", b"MCPServer", b"Server")
# As a string value, a keyword or any identifier: a table element's schema field, and a `complete` assertion.
CAMPOS_DE_TABLA = (b"outputSchema", b"output_schema", b"inputSchema", b"input_schema")
TEXTOS = (*CAMPOS_DE_TABLA, b"complete")
PALABRAS = (*IDENTIFICADORES, *LLAMADA_DECORADOR_O_IMPORTACION, *SOLO_ATRIBUTOS, *SOLO_DECORADORES, *SOLO_LLAMADAS, *TEXTOS)
CAMPOS_TEXTO = frozenset(c.decode() for c in CAMPOS_DE_TABLA)
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


def entradas(fuentes: Mapping[str, bytes], nombres: Mapping[str, str],
             formas: Optional[Mapping[str, Mapping[str, Sequence[str]]]] = None,
             buscadas: Optional[Collection[str]] = None) -> set[str]:
    """Relative paths of the entry points: a word of `PALABRAS`, or importing table elements.

    `nombres` maps each relative path to its dotted module name; `formas` (forma.py), where
    known, say which words a file's code spells and which modules its imports look up, read
    from its stdlib parse. A file with a forma is an entry point when its code spells a word,
    or when one of its imports finds (by `Indice.buscar`, the lookup resolution itself uses) a
    file that writes a schema field or a member already in that closure: re-exports chain.
    A file without one is judged on its bytes, as before any parse: a word spelled anywhere, or
    for the closure the last component of a member's module name in its bytes, or `from` with
    an enclosing package's `__init__.py` a member (`from . import X` names no module).
    Over-inclusion only costs time. `buscadas`, when given, are the only files whose answer is
    wanted (the run's own files; the others are context): the result is cut to them, and when each
    of them spells a word the closure, which needs every file's forma, is never computed (a
    one-file run over a tool module).
    """
    formas = formas or {}

    def palabras(rel: str) -> bool:
        return bool(formas[rel]["palabras"]) if rel in formas else menciona_registro(fuentes[rel])

    def campo(rel: str) -> bool:
        if rel in formas:
            return any(p in CAMPOS_TEXTO for p in formas[rel]["palabras"])
        return _menciona_campo(fuentes[rel])

    if buscadas is not None:
        directas = {rel for rel in buscadas if rel in fuentes and palabras(rel)}
        if len(directas) == len(buscadas):
            return directas
    indice = Indice(nombres[r] for r in fuentes if r in nombres)
    dentro = {rel for rel in fuentes if campo(rel)}
    miembros = {nombres[r] for r in dentro if r in nombres}
    pendientes = set(fuentes) - dentro
    frontera = set(dentro)
    while frontera and pendientes:  # each round tests only the names the previous round added
        ultimos = {nombres[r].rsplit(".", 1)[-1].encode() for r in frontera if nombres.get(r)}
        componentes = {u.decode() for u in ultimos}
        nuevos = set()
        for rel in pendientes:
            if rel in formas:
                desde, paquete = nombres.get(rel, ""), rel.rsplit("/", 1)[-1] == "__init__.py"
                # A lookup finds a module whose last component is the name's (`from . import X` aside,
                # which names the package), so only those names can find a member the last round added.
                if any(indice.buscar(desde, paquete, n) in miembros for n in formas[rel]["importa"]
                       if n.endswith(".") or n.rsplit(".", 1)[-1] in componentes):
                    nuevos.add(rel)
            elif (any(u in fuentes[rel] for u in ultimos)
                  or (b"from" in fuentes[rel] and any(a in frontera for a in _paquetes_ancestros(rel)))):
                nuevos.add(rel)
        dentro |= nuevos
        miembros |= {nombres[r] for r in nuevos if r in nombres}
        pendientes -= nuevos
        frontera = nuevos
    todas = dentro | {rel for rel in pendientes if palabras(rel)}
    return todas if buscadas is None else todas & set(buscadas)
