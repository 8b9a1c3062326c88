"""TypeScript/JavaScript source -> a tree-sitter syntax tree, and the small reads every stage needs.

The grammar follows the file's suffix: `typescript` for `.ts`/`.mts`/`.cts`, `tsx` for `.tsx` and
for JavaScript (`.js`, `.jsx`, `.mjs`, `.cjs`: the tsx grammar reads JSX and has no `<T>x` casts,
which JavaScript does not have either). A file that does not fully parse keeps the tree the
parser recovered, with the first place it could not read (`Fuente.error`): what the rest says is
still read, and the file is reported, never skipped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterator, Optional

SUFIJOS_TYPESCRIPT = (".ts", ".mts", ".cts")


@lru_cache(maxsize=2)
def _lenguaje(tsx: bool) -> Any:
    """One grammar (built once per process: the grammar is immutable)."""
    import tree_sitter
    import tree_sitter_typescript

    return tree_sitter.Language(tree_sitter_typescript.language_tsx() if tsx else tree_sitter_typescript.language_typescript())


@lru_cache(maxsize=2)
def _parser(tsx: bool) -> Any:
    """The parser of one grammar."""
    import tree_sitter

    return tree_sitter.Parser(_lenguaje(tsx))


@lru_cache(maxsize=64)
def _consulta(tsx: bool, tipos: tuple[str, ...]) -> Any:
    """A tree-sitter query that captures every node of `tipos` (compiled once per grammar and types)."""
    import tree_sitter

    return tree_sitter.Query(_lenguaje(tsx), " ".join(f"({t}) @n" for t in tipos))


@dataclass(frozen=True)
class Fuente:
    """One parsed file: its path relative to the project (`rel`), its bytes and its tree."""

    rel: str
    datos: bytes
    arbol: Any
    error: Optional["NoParsea"] = None  # where the grammar could not read, when it could not
    # what was computed from the tree once (the tree never changes): nodes by type, a function's returns
    _memo: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def raiz(self) -> Any:
        return self.arbol.root_node

    def de_tipo(self, tipos: tuple[str, ...]) -> list[Any]:
        """The named nodes of the file whose type is one of `tipos`, in source order (found once per
        `tipos` by a tree-sitter query, which walks the tree in C)."""
        return self.memo(("de_tipo", tipos), lambda: self._de_tipo(tipos))

    def _de_tipo(self, tipos: tuple[str, ...]) -> list[Any]:
        import tree_sitter

        try:
            consulta = _consulta(not self.rel.endswith(SUFIJOS_TYPESCRIPT), tipos)
        except tree_sitter.QueryError:  # a type the grammar does not have: the tree is walked
            return [n for n in recorrer(self.raiz) if n.type in tipos and n.is_named]
        capturas = tree_sitter.QueryCursor(consulta).captures(self.raiz)
        return sorted({n.id: n for ns in capturas.values() for n in ns}.values(), key=lambda n: (n.start_byte, -n.end_byte))

    def memo(self, clave: Any, calcular: Callable[[], Any]) -> Any:
        """`calcular()` once per `clave` for this file: a fact of its tree, which never changes."""
        if clave not in self._memo:
            self._memo[clave] = calcular()
        return self._memo[clave]

    def posicion(self, nodo: Any) -> tuple[int, int]:
        """(line, column), 1-based, the column counted in characters as editors count them."""
        fila, byte = nodo.start_point
        inicio = self.datos.rfind(b"\n", 0, nodo.start_byte) + 1
        return fila + 1, len(self.datos[inicio:inicio + byte].decode("utf-8", "replace")) + 1


class NoParsea(Exception):
    """A file the grammar cannot read: the message says where."""

    def __init__(self, motivo: str, linea: int, columna: int) -> None:
        super().__init__(motivo)
        self.motivo, self.linea, self.columna = motivo, linea, columna


def parsear(rel: str, datos: bytes) -> Fuente:
    """Parse `datos` with the grammar of `rel`'s suffix (NoParsea when it is not UTF-8 text); a tree
    with errors is kept, its first error or missing node in `error`."""
    try:
        datos.decode("utf-8")
    except UnicodeDecodeError as error:
        linea = datos.count(b"\n", 0, error.start) + 1
        raise NoParsea(f"the file is not UTF-8 text (byte offset {error.start}): it cannot be read", linea, 1) from None
    tsx = not rel.endswith(SUFIJOS_TYPESCRIPT)
    gramatica = "TSX/JavaScript" if tsx else "TypeScript"
    # the grammar's lexer takes a NUL byte for the end of the input: one written inside a string or a
    # comment (`h.update('\0')` with the byte itself) is parsed as a space, and read as written
    fuente = Fuente(rel, datos, _parser(tsx).parse(datos.replace(b"\x00", b" ") if b"\x00" in datos else datos))
    suelto = _nul_suelto(fuente) if b"\x00" in datos else None
    if suelto is not None:
        linea, columna = suelto
        return Fuente(rel, datos, fuente.arbol, NoParsea(
            f"the file does not fully parse as {gramatica} (a NUL byte outside a string or comment at line {linea}, "
            f"column {columna}): the rest of it is read, but a tool registered where the grammar could not read is "
            "not judged", linea, columna))
    if not fuente.raiz.has_error:
        return fuente
    malo = _primer_error(fuente.raiz)
    if malo is None and _hay_hueco(fuente.raiz):
        return fuente  # its only errors are TypeScript the grammar release does not know, with no run-time effect
    linea, columna = fuente.posicion(malo) if malo is not None else (1, 1)
    que = f"`{malo.type}` expected" if malo is not None and malo.is_missing else "unexpected text"
    error = NoParsea(f"the file does not fully parse as {gramatica} ({que} at line {linea}, column {columna}): the rest "
                     "of it is read, but a tool registered where the grammar could not read is not judged", linea, columna)
    return Fuente(rel, datos, fuente.arbol, error)


def _nul_suelto(fuente: Fuente) -> Optional[tuple[int, int]]:
    """(line, column) of the first NUL byte that is not inside a string, a template or a comment."""
    i = fuente.datos.find(b"\x00")
    while i >= 0:
        n = fuente.raiz.descendant_for_byte_range(i, i + 1)
        while n is not None and n.type not in ("string", "template_string", "comment", "regex"):
            n = n.parent
        if n is None:
            fila = fuente.datos.count(b"\n", 0, i)
            inicio = fuente.datos.rfind(b"\n", 0, i) + 1
            return fila + 1, len(fuente.datos[inicio:i].decode("utf-8", "replace")) + 1
        i = fuente.datos.find(b"\x00", i + 1)
    return None


def _primer_error(nodo: Any) -> Optional[Any]:
    """The first ERROR or missing node in source order that is no known gap of the grammar (None if
    the tree only says it has one)."""
    pila = [nodo]
    while pila:
        n = pila.pop()
        if (n.is_error or n.is_missing) and not _hueco_de_la_gramatica(n):
            return n
        if n.has_error and not n.is_error:
            pila.extend(reversed(n.children))
    return None


def _hay_hueco(nodo: Any) -> bool:
    """Whether the tree holds a known gap of the grammar (`_hueco_de_la_gramatica`)."""
    pila = [nodo]
    while pila:
        n = pila.pop()
        if n.is_error and _hueco_de_la_gramatica(n):
            return True
        if n.has_error:
            pila.extend(n.children)
    return False


def exporta_solo_tipos(sentencia: Any) -> bool:
    """Whether an export statement exports types only (`export type { T }`, `export type * from "m"`,
    the latter's `type` an ERROR in this grammar release)."""
    return any(c.type == "type" or _hueco_de_la_gramatica(c) for c in sentencia.children)


def _hueco_de_la_gramatica(n: Any) -> bool:
    """TypeScript 5.0's `export type * from "m"` / `export type * as ns from "m"`: the grammar release
    reads the `type` keyword as an ERROR and the rest as `export * from`; a type-only re-export exports
    nothing at run time, so nothing the analyzer reads is lost."""
    return n.is_error and n.text == b"type" and n.parent is not None and n.parent.type == "export_statement" \
        and n.next_sibling is not None and n.next_sibling.type in ("*", "namespace_export")


def texto(fuente: Fuente, nodo: Any) -> str:
    """The source text of a node."""
    return fuente.datos[nodo.start_byte:nodo.end_byte].decode("utf-8", "replace")


def nombrados(nodo: Any) -> list[Any]:
    """A node's named children, comments left out."""
    return [c for c in nodo.named_children if c.type != "comment"]


def recorrer(nodo: Any) -> Iterator[Any]:
    """Every node under `nodo` (itself included), in source order."""
    pila = [nodo]
    while pila:
        n = pila.pop()
        yield n
        pila.extend(reversed(n.children))


NOMBRES_DE_NODO = ("identifier", "property_identifier", "private_property_identifier",
                   "shorthand_property_identifier", "type_identifier")


def nombres_en(fuente: Fuente, nombre: str) -> Iterator[Any]:
    """Every name node of the file spelled `nombre` (an identifier, a property's name), found at the
    places the bytes say rather than by walking the whole tree; strings and comments holding it are
    not names."""
    palabra = nombre.encode()
    i = fuente.datos.find(palabra)
    while i >= 0:
        nodo = fuente.raiz.descendant_for_byte_range(i, i + len(palabra))
        if nodo is not None and nodo.type in NOMBRES_DE_NODO and nodo.start_byte == i \
                and nodo.end_byte == i + len(palabra):
            yield nodo
        i = fuente.datos.find(palabra, i + len(palabra))


def cadena_literal(fuente: Fuente, nodo: Any) -> Optional[str]:
    """The value of a string literal, or of a template literal without substitutions; None otherwise."""
    if nodo.type in ("string", "template_string"):
        if any(c.type == "template_substitution" for c in nodo.named_children):
            return None
        partes = []
        for c in nodo.named_children:
            if c.type == "string_fragment":
                partes.append(texto(fuente, c))
            elif c.type == "escape_sequence":
                partes.append(valor_de_escape(texto(fuente, c)))
        return "".join(partes)
    return None


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def valor_de_escape(secuencia: str) -> str:
    """The character a JavaScript escape sequence stands for."""
    cuerpo = secuencia[1:]
    if cuerpo in _ESCAPES:
        return _ESCAPES[cuerpo]
    if cuerpo.startswith("u{") and cuerpo.endswith("}"):
        return chr(int(cuerpo[2:-1], 16))
    if cuerpo.startswith(("u", "x")) and len(cuerpo) > 1:
        try:
            return chr(int(cuerpo[1:], 16))
        except ValueError:
            return cuerpo
    if cuerpo.startswith(("\n", "\r")):
        return ""  # a line continuation
    return cuerpo


def numero_literal(fuente: Fuente, nodo: Any) -> Optional[float | int]:
    """The value of a number literal (a unary minus included); None otherwise."""
    signo = 1
    if nodo.type == "unary_expression" and nodo.child_by_field_name("operator") is not None \
            and texto(fuente, nodo.child_by_field_name("operator")) == "-":
        signo, nodo = -1, nodo.child_by_field_name("argument")
    if nodo is None or nodo.type != "number":
        return None
    crudo = texto(fuente, nodo).replace("_", "")
    try:
        if crudo.lower().startswith(("0x", "0o", "0b")):
            return signo * int(crudo, 0)
        valor = float(crudo)
    except ValueError:
        return None
    return signo * (int(valor) if valor.is_integer() and not any(c in crudo for c in ".eE") else valor)


CARPETAS_DE_PRUEBA = ("test", "tests", "__tests__", "__mocks__", "spec")


def de_prueba(rel: str) -> bool:
    """Whether a source is a test (`tests/`, `__tests__/`, `x.test.ts`, `x.spec.ts`): what it registers
    goes into a test's instance, and a class it declares is a test's double, never the server's."""
    partes = rel.split("/")
    nombre = partes[-1].split(".")
    return any(p in CARPETAS_DE_PRUEBA for p in partes[:-1]) or len(nombre) > 2 and nombre[-2] in ("test", "spec")
