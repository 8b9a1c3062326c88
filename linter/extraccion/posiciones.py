"""Line and column of every node of a module, as libcst's PositionProvider gives them, computed faster.

PositionProvider runs the module's code generation with a state that records, for each node, where
its tokens start and end. Most of its cost is that state: a regular-expression split of every
token, a position object per node and a generator-based context manager per syntactic range.
`Estado` does the same bookkeeping with plain tuples, a newline check before the split and a slot
class for the context manager; the code generation itself is libcst's. The ranges are exactly
PositionProvider's (tests/linter/test_posiciones.py compares every node of real sources).
"""

from __future__ import annotations

import re
from typing import Any, Optional

import libcst as cst

NUEVA_LINEA = re.compile(r"\r\n?|\n")  # as libcst.metadata.position_provider.NEWLINE_RE

Rango = tuple[int, int, int, int]  # start line (1-based), start column (0-based), end line, end column


class _Cuenta:
    """Stands for the token list: libcst's Module asks only whether any token was added."""

    __slots__ = ("n",)

    def __init__(self) -> None:
        self.n = 0

    def __len__(self) -> int:
        return self.n

    def pop(self) -> None:
        self.n -= 1


class _Sintactica:
    """`with state.record_syntactic_position(node, ...)`: the node's range is where its syntax starts
    and ends (or the start of `start_node` / the end of `end_node`), overriding the token range."""

    __slots__ = ("estado", "nodo", "inicio", "fin", "desde")

    def __init__(self, estado: "Estado", nodo: cst.CSTNode, inicio: Optional[cst.CSTNode], fin: Optional[cst.CSTNode]) -> None:
        self.estado, self.nodo, self.inicio, self.fin = estado, nodo, inicio, fin
        self.desde = (estado.line, estado.column)

    def __enter__(self) -> None:
        return None

    def __exit__(self, *excepcion: Any) -> None:
        e = self.estado
        calculados = e.calculados
        sl, sc = (calculados[self.inicio][:2]) if self.inicio is not None else self.desde
        el, ec = (calculados[self.fin][2:]) if self.fin is not None else (e.line, e.column)
        calculados[self.nodo] = (sl, sc, el, ec)


class Estado:
    """The code-generation state libcst's nodes write to, keeping only positions."""

    __slots__ = ("default_indent", "default_newline", "provider", "indent_tokens", "tokens", "line", "column",
                 "_pila", "calculados")

    def __init__(self, modulo: cst.Module) -> None:
        self.default_indent = modulo.default_indent
        self.default_newline = modulo.default_newline
        self.provider = None
        self.indent_tokens: list[str] = []
        self.tokens = _Cuenta()
        self.line, self.column = 1, 0
        self._pila: list[tuple[int, int]] = []
        self.calculados: dict[cst.CSTNode, Rango] = {}

    def increase_indent(self, valor: str) -> None:
        self.indent_tokens.append(valor)

    def decrease_indent(self) -> None:
        self.indent_tokens.pop()

    def add_indent_tokens(self) -> None:
        for token in self.indent_tokens:
            self.add_token(token)

    def add_token(self, valor: str) -> None:
        self.tokens.n += 1
        if "\n" in valor or "\r" in valor:
            partes = NUEVA_LINEA.split(valor)
            self.line += len(partes) - 1
            self.column = len(partes[-1])
        else:
            self.column += len(valor)

    def before_codegen(self, nodo: cst.CSTNode) -> None:
        self._pila.append((self.line, self.column))

    def after_codegen(self, nodo: cst.CSTNode) -> None:
        sl, sc = self._pila.pop()
        if nodo not in self.calculados:  # a syntactic range, recorded inside, is kept
            self.calculados[nodo] = (sl, sc, self.line, self.column)

    def pop_trailing_newline(self) -> None:
        self.tokens.pop()  # the last token is a newline: no position was recorded after it

    def record_syntactic_position(self, node: cst.CSTNode, *, start_node: Optional[cst.CSTNode] = None,
                                  end_node: Optional[cst.CSTNode] = None) -> _Sintactica:
        return _Sintactica(self, node, start_node, end_node)


def posiciones(modulo: cst.Module) -> dict[cst.CSTNode, Rango]:
    """(start line, start column, end line, end column) of every node, as PositionProvider's CodeRange."""
    estado = Estado(modulo)
    modulo._codegen(estado)  # type: ignore[arg-type]
    return estado.calculados
