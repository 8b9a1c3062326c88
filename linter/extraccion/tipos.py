"""Shared value types of the extraction layer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:  # only annotations name libcst: the TypeScript front end and the probe never load it
    import libcst as cst


@dataclass(frozen=True, order=True)
class Pos:
    """A place in an analyzed file (1-based line and column)."""

    archivo: str
    linea: int
    columna: int

    def fila(self) -> dict[str, Any]:
        """The position columns of a row."""
        return {"archivo": self.archivo, "linea": self.linea, "columna": self.columna}


class NoResuelto(Exception):
    """Raised when a construct cannot be followed; carries the English reason."""

    def __init__(self, motivo: str, pos: Optional[Pos] = None) -> None:
        super().__init__(motivo)
        self.motivo = motivo
        self.pos = pos


@dataclass
class Esquema:
    """A published JSON Schema plus where each of its nodes is written."""

    valor: Any
    origen: Pos
    clase: str  # "literal" | "modelo"
    posiciones: dict[str, Pos] = field(default_factory=dict)
    envoltura: bool = False

    def donde(self, puntero: str) -> Pos:
        """Position of the node at `puntero`, or of its nearest written ancestor."""
        p = puntero
        while True:
            if p in self.posiciones:
                return self.posiciones[p]
            if not p:
                return self.origen
            p = p.rsplit("/", 1)[0]


@dataclass
class Emision:
    """A return site of a tool handler and the expression that becomes the structured root."""

    nodo: cst.CSTNode
    valor: Optional[cst.BaseExpression]
    modulo: Any  # Modulo
    funcion: Optional[cst.FunctionDef]


@dataclass
class Herramienta:
    """A published tool as found in source."""

    nombre: str
    pos: Pos
    registro: str
    modulo: Any  # Modulo
    salida: Optional[Esquema] = None
    entrada: Optional[Esquema] = None
    estado_salida: str = "ninguno"
    estado_entrada: str = "ninguno"
    emisiones: list[Emision] = field(default_factory=list)
    funciones: list[cst.FunctionDef] = field(default_factory=list)
    modulos_funciones: list[Any] = field(default_factory=list)  # the Modulo each of `funciones` is in
    identidades: list[tuple[str, int, int]] = field(default_factory=list)
    rangos: list[tuple[str, int, int]] = field(default_factory=list)
    emite_directo: bool = True
    servidor: Optional[Pos] = None  # where the server object it is registered on is built
    version: Optional[str] = None  # fastmcp's `version=`: of one name, the server lists the highest
    pistas: dict[str, str] = field(default_factory=lambda: {"solo_lectura": "ausente", "destructiva": "ausente"})

    def agregar_funcion(self, modulo: Any, fn: cst.FunctionDef) -> None:
        """Record a handler function and its process-independent identity (file, line, column)."""
        self.funciones.append(fn)
        self.modulos_funciones.append(modulo)
        pos = modulo.pos(fn)
        self.identidades.append((pos.archivo, pos.linea, pos.columna))
