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
from collections.abc import Iterator, Mapping
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
        if excepcion[0] is not None:
            return None  # a generation stopped early (`_Listo`): this node's end was never reached
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


class _Listo(Exception):
    """Stops a statement's generation once the node asked about has its answer."""


class _EstadoParcial(Estado):
    """Estado that also keeps the text it generates, to check it against the source, and stops once
    `objetivo` has its range (or only its start, with `solo_inicio`): every node finished before then
    has its final range; the ones still open record nothing."""

    __slots__ = ("partes", "objetivo", "solo_inicio", "esperado", "inicio", "cuerpo", "listo", "sueltos")

    def __init__(self, modulo: cst.Module, objetivo: Optional[cst.CSTNode], solo_inicio: bool,
                 cuerpo: Optional[cst.CSTNode]) -> None:
        super().__init__(modulo)
        self.partes: list[str] = []
        self.objetivo, self.solo_inicio = objetivo, solo_inicio
        self.esperado: Optional[cst.CSTNode] = None  # the node whose start is the objective's (`start_node`)
        self.inicio: Optional[tuple[int, int]] = None
        # The statement's first indented block: its header (decorators, name, parameters) is always
        # generated whole, so the next question about it is answered without generating it again;
        # the block's statements are lines of their own, never generated here unless asked past it.
        self.cuerpo = cuerpo
        self.listo = False
        self.sueltos: dict[cst.CSTNode, tuple[int, int]] = {}

    def before_codegen(self, nodo: cst.CSTNode) -> None:
        if nodo is self.cuerpo:
            if self.listo:
                raise _Listo
            self.cuerpo = None
        self._pila.append((self.line, self.column))

    def _terminar(self) -> None:
        if self.cuerpo is None:
            raise _Listo
        self.listo = True

    def add_token(self, valor: str) -> None:
        self.partes.append(valor)
        Estado.add_token(self, valor)

    def after_codegen(self, nodo: cst.CSTNode) -> None:
        Estado.after_codegen(self, nodo)
        if nodo is self.objetivo:
            self._terminar()
        elif nodo is self.esperado:
            self.inicio = self.calculados[nodo][:2]
            self._terminar()

    def record_syntactic_position(self, node: cst.CSTNode, *, start_node: Optional[cst.CSTNode] = None,
                                  end_node: Optional[cst.CSTNode] = None) -> _Sintactica:
        if start_node is None and node not in self.sueltos:
            self.sueltos[node] = (self.line, self.column)  # where its range starts, even if its end is never reached
        if node is self.objetivo and self.solo_inicio:
            if start_node is None:  # the range will start here, whatever follows
                self.inicio = (self.line, self.column)
                self._terminar()
            else:
                self.esperado = start_node
        return _Sintactica(self, node, start_node, end_node)


# libcst's statement classes, by the letter forma.LETRAS gives the stdlib's (any other is a line of small statements)
LETRAS: dict[type, str] = {cst.FunctionDef: "f", cst.ClassDef: "c", cst.If: "i", cst.For: "o", cst.While: "w",
                           cst.Try: "t", cst.TryStar: "t", cst.With: "h", cst.Match: "m"}


def _bloques(sentencia: cst.CSTNode, sangria: str) -> list[tuple[cst.BaseSuite, tuple[str, ...]]]:
    """The suites a statement holds, in source order (an `elif` is the `If` in its parent's orelse),
    each with the indentation its statement adds before the suite's own (a `match` indents its cases)."""
    salida: list[tuple[cst.BaseSuite, tuple[str, ...]]] = []
    pendientes: list[tuple[Optional[cst.CSTNode], tuple[str, ...]]] = [(sentencia, ())]
    while pendientes:
        nodo, extra = pendientes.pop(0)
        if nodo is None:
            continue
        cuerpo = getattr(nodo, "body", None)
        if isinstance(cuerpo, cst.BaseSuite):
            salida.append((cuerpo, extra))
        if isinstance(nodo, (cst.Try, cst.TryStar)):
            pendientes.extend((n, extra) for n in (*nodo.handlers, nodo.orelse, nodo.finalbody))
        elif isinstance(nodo, cst.Match):
            casos = (sangria if nodo.indent is None else nodo.indent,)
            pendientes.extend((c, casos) for c in nodo.cases)
        elif isinstance(nodo, (cst.If, cst.For, cst.While)):
            pendientes.append((nodo.orelse, extra))
    return salida


def renglones(modulo: cst.Module) -> list[tuple[cst.BaseStatement, tuple[str, ...]]]:
    """Every statement that stands on lines of its own (in the module's body or an indented block),
    in source order, with the indentation of the blocks around it."""
    salida: list[tuple[cst.BaseStatement, tuple[str, ...]]] = []
    pila: list[tuple[cst.BaseStatement, tuple[str, ...]]] = [(s, ()) for s in reversed(modulo.body)]
    while pila:
        sentencia, sangrias = pila.pop()
        salida.append((sentencia, sangrias))
        hijos: list[tuple[cst.BaseStatement, tuple[str, ...]]] = []
        for bloque, extra in _bloques(sentencia, modulo.default_indent):
            if isinstance(bloque, cst.IndentedBlock):
                interior = (*sangrias, *extra, modulo.default_indent if bloque.indent is None else bloque.indent)
                hijos.extend((s, interior) for s in bloque.body)
        pila.extend(reversed(hijos))
    return salida


class Perezosas(Mapping[cst.CSTNode, Rango]):
    """`posiciones(modulo)`, computed one statement at a time: a node's range comes from the code
    generation of the statement line it is in alone, started at that statement's first line.

    The first lines come from the stdlib parse the syntax check already did (forma.sentencias, one
    per statement that starts its own line, with its kind); the statement's generated text must be
    the source's at that line, or the whole module is generated as `posiciones` does. A row's line
    then costs the code generation of the statement it names, not of the whole module. Exactly
    PositionProvider's ranges either way (tests/linter/test_posiciones.py asks every node)."""

    def __init__(self, modulo: cst.Module, texto: str, sentencias: Optional[list[str]]) -> None:
        self.modulo, self.texto, self.sentencias = modulo, texto, sentencias
        self.calculados: dict[cst.CSTNode, Rango] = {}
        self.entera = sentencias is None  # True once the whole module was generated (or must be)
        self._unidad: Optional[dict[cst.CSTNode, int]] = None
        self._renglones: list[tuple[cst.BaseStatement, tuple[str, ...]]] = []
        self._primeras: list[int] = []
        self._inicios: list[int] = []
        self._hechas: set[int] = set()  # statement lines generated whole
        self._parciales: set[int] = set()  # statement lines generated at least in part
        self._inicios_sueltos: dict[cst.CSTNode, tuple[int, int]] = {}  # starts of nodes whose end was not reached

    def get(self, nodo: cst.CSTNode, defecto: Any = None) -> Any:  # type: ignore[override]
        rango = self.calculados.get(nodo)
        if rango is None and self._preguntar(nodo, False):
            rango = self.calculados.get(nodo)
        return rango if rango is not None else defecto

    def inicio(self, nodo: cst.CSTNode) -> Optional[tuple[int, int]]:
        """Where `nodo` starts (line, column): its statement is generated only up to that point."""
        rango = self.calculados.get(nodo)
        if rango is not None:
            return rango[:2]
        inicio = self._inicios_sueltos.get(nodo)
        if inicio is None and self._preguntar(nodo, True):
            rango = self.calculados.get(nodo)
            inicio = rango[:2] if rango is not None else self._inicios_sueltos.get(nodo)
        return inicio

    def _preguntar(self, nodo: cst.CSTNode, solo_inicio: bool) -> bool:
        """Compute what is asked of `nodo`: its statement line alone, else the whole module."""
        if not self.entera:
            i = self._indice().get(nodo)
            if i is not None and i not in self._hechas and self._generar(i, nodo, solo_inicio):
                if nodo in self.calculados or (solo_inicio and nodo in self._inicios_sueltos):
                    return True
        self._entera()
        return True

    def __getitem__(self, nodo: cst.CSTNode) -> Rango:
        rango = self.get(nodo)
        if rango is None:
            raise KeyError(nodo)
        return rango  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[cst.CSTNode]:
        self._entera()
        return iter(self.calculados)

    def __len__(self) -> int:
        self._entera()
        return len(self.calculados)

    def _entera(self) -> None:
        if not self.entera or not self.calculados:
            self.calculados = posiciones(self.modulo)
            self.entera = True

    def _indice(self) -> dict[cst.CSTNode, int]:
        """Each node (trivia aside) mapped to the statement line it is in; {} when the stdlib's
        statements are not libcst's (then every question generates the whole module)."""
        if self._unidad is None:
            self._unidad = {}
            renglones_ = renglones(self.modulo)
            letras, primeras = self.sentencias or ("", "")
            if len(renglones_) != len(letras) or "".join(LETRAS.get(type(s), "s") for s, _ in renglones_) != letras:
                return self._unidad
            try:
                deltas = [int(x) for x in primeras.split()]
            except ValueError:
                return self._unidad
            if len(deltas) != len(letras):
                return self._unidad
            acumulado = 0
            for d in deltas:
                acumulado += d
                self._primeras.append(acumulado)
            self._renglones = renglones_
            self._inicios = [0, *(m.end() for m in NUEVA_LINEA.finditer(self.texto))]
            self._unidad = _unidades(renglones_)
        return self._unidad

    def _generar(self, i: int, objetivo: cst.CSTNode, solo_inicio: bool) -> bool:
        """Generate statement line `i` alone, up to what is asked of `objetivo`; False when the text it
        generated is not the source's at its line."""
        sentencia, sangrias = self._renglones[i]
        inicio = self._primeras[i] - len(sentencia.leading_lines)
        if not 1 <= inicio <= len(self._inicios):
            return False
        # A statement asked about again is generated whole: stopping at each node of one long statement
        # (a list of forty tools, a match of forty cases) would generate its beginning forty times. A
        # compound statement's header is generated whole on the first question (`_EstadoParcial.cuerpo`),
        # so a second question about it is answered without generating anything.
        bloques = _bloques(sentencia, self.modulo.default_indent)
        cuerpo = bloques[0][0] if bloques and isinstance(bloques[0][0], cst.IndentedBlock) else None
        estado = _EstadoParcial(self.modulo, None if i in self._parciales else objetivo, solo_inicio, cuerpo)
        self._parciales.add(i)
        estado.line = inicio
        estado.indent_tokens = list(sangrias)
        try:
            sentencia._codegen(estado)  # type: ignore[arg-type]
            entera = True
        except _Listo:
            entera = False
        if not self.texto.startswith("".join(estado.partes), self._inicios[inicio - 1]):
            return False
        for nodo, rango in estado.calculados.items():
            self.calculados.setdefault(nodo, rango)
        if estado.inicio is not None:
            self._inicios_sueltos[objetivo] = estado.inicio
        if not entera:  # nodes still open when it stopped (the statement itself): where they start
            for nodo, inicio in estado.sueltos.items():
                if nodo not in estado.calculados:
                    self._inicios_sueltos.setdefault(nodo, inicio)
        if entera:
            self._hechas.add(i)
        return True


def _unidades(renglones_: list[tuple[cst.BaseStatement, tuple[str, ...]]]) -> dict[cst.CSTNode, int]:
    """Every node of each statement line (its fields that can hold names and expressions, `recorrido`'s
    walk) mapped to that line's index; the statements of a nested indented block are lines of their own."""
    from .recorrido import CLASES_DE_NODO, campos

    unidad: dict[cst.CSTNode, int] = {}
    planes: dict[type, tuple[str, ...]] = {}
    for i, (sentencia, _) in enumerate(renglones_):
        pila: list[Any] = [sentencia]
        while pila:
            nodo = pila.pop()
            unidad[nodo] = i
            clase = type(nodo)
            if clase is cst.IndentedBlock:
                continue  # its statements are lines of their own
            nombres = planes.get(clase)
            if nombres is None:
                nombres = planes[clase] = campos(clase)
            for campo in nombres:
                valor = getattr(nodo, campo)
                tipo = type(valor)
                if tipo in CLASES_DE_NODO:
                    pila.append(valor)
                elif tipo is tuple or tipo is list:
                    pila.extend(v for v in valor if type(v) in CLASES_DE_NODO)
    return unidad
