"""The one batched traversal per file: collect every fact later stages need."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional, Union

import libcst as cst
from libcst._metadata_dependent import LazyValue
from libcst.metadata import ParentNodeProvider, ScopeProvider

from .tipos import Pos

if TYPE_CHECKING:
    from .posiciones import Perezosas

INTERNO = "_tool_manager"  # the SDK's private tool registry (a pre-filter word)
# Method calls that mutate their receiver in place.
MUTADORES = frozenset({"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__", "append", "extend", "insert", "remove"})

Funcion = Union[cst.FunctionDef, cst.Lambda]
NOMBRE_METADATO = {ScopeProvider: "alcances", "posiciones": "posiciones", ParentNodeProvider: "padres"}


@dataclass
class Asignacion:
    """One binding of a local name: the statement node and the bound value (None when unknown)."""

    nodo: cst.CSTNode
    valor: Optional[cst.BaseExpression]


def todos_los_parametros(p: cst.Parameters) -> list[cst.Param]:
    """Every parameter of a def or lambda: positional-only, positional, keyword-only, then *args and **kwargs."""
    todos = [*p.posonly_params, *p.params, *p.kwonly_params]
    for extra in (p.star_arg, p.star_kwarg):
        if isinstance(extra, cst.Param):
            todos.append(extra)
    return todos


@dataclass
class FuncionInfo:
    """What one function body contains (nested functions excluded)."""

    nodo: cst.FunctionDef
    padre: Optional[cst.FunctionDef]
    clase: Optional[cst.ClassDef] = None  # the class whose body defines it (a method), if any
    retornos: list[cst.Return] = field(default_factory=list)
    asignaciones: dict[str, list[Asignacion]] = field(default_factory=dict)
    mutaciones: dict[str, list[cst.CSTNode]] = field(default_factory=dict)
    bucles: list[Union[cst.While, cst.For]] = field(default_factory=list)
    llamadas: list[cst.Call] = field(default_factory=list)
    nombres: set[str] = field(default_factory=set)
    globales: set[str] = field(default_factory=set)
    atributos: dict[tuple[str, str], list[Asignacion]] = field(default_factory=dict)  # `base.attr = v` bindings
    importados: dict[str, tuple[str, Optional[str]]] = field(default_factory=dict)  # imports inside the body

    def parametros(self) -> list[str]:
        """Names of every parameter."""
        return [x.name.value for x in todos_los_parametros(self.nodo.params)]


@dataclass
class SitioComplete:
    """A place asserting a `complete` key: the key node, the value, the enclosing function."""

    clave: cst.CSTNode
    valor: cst.BaseExpression
    funcion: Optional[cst.FunctionDef]


@dataclass
class Modulo:
    """One parsed analyzed file with its collected facts; metadata is resolved on first use."""

    archivo: str
    nombre: str
    arbol: cst.Module
    envoltorio: Any  # metadatos.Envoltorio over `arbol` (no copy)
    constantes: dict[str, cst.BaseExpression] = field(default_factory=dict)
    constantes_nodo: dict[str, cst.CSTNode] = field(default_factory=dict)
    reasignadas: set[str] = field(default_factory=set)
    funciones: dict[str, cst.FunctionDef] = field(default_factory=dict)
    clases: dict[str, cst.ClassDef] = field(default_factory=dict)
    importados: dict[str, tuple[str, Optional[str]]] = field(default_factory=dict)
    info: dict[int, FuncionInfo] = field(default_factory=dict)
    clases_anidadas: set[str] = field(default_factory=set)  # names of classes defined in another class's body
    decoradas: list[tuple[cst.FunctionDef, cst.Decorator]] = field(default_factory=list)
    llamadas: list[cst.Call] = field(default_factory=list)
    completes: list[SitioComplete] = field(default_factory=list)
    valores: dict[int, Optional[cst.BaseExpression]] = field(default_factory=dict)
    contexto: dict[int, Optional[cst.FunctionDef]] = field(default_factory=dict)  # call -> enclosing function
    metodos: dict[int, dict[str, cst.FunctionDef]] = field(default_factory=dict)  # class -> its methods
    atributos_clase: dict[int, dict[str, cst.BaseExpression]] = field(default_factory=dict)  # class -> body bindings
    bucles_modulo: dict[str, list[cst.For]] = field(default_factory=dict)  # name -> module-level loops binding it
    clase_de: dict[int, cst.ClassDef] = field(default_factory=dict)  # class node id -> node (every class)
    enlaces: dict[str, list[Asignacion]] = field(default_factory=dict)  # every module-level binding (mutations aside)
    internos: list[cst.Attribute] = field(default_factory=list)  # `x._tool_manager`: the SDK's private registry
    globales_asignadas: dict[str, list[tuple[cst.FunctionDef, Asignacion]]] = field(default_factory=dict)  # `global x; x = v`
    identificadores: set[str] = field(default_factory=set)  # every Name spelled in the module
    # What binds each name, for qualified names without a scope analysis (calificados.py):
    importa_q: dict[str, set[str]] = field(default_factory=dict)  # module-level import binding -> real names
    ligados_modulo: set[str] = field(default_factory=set)  # bound at module level otherwise (def, class, targets)
    ligados_otros: set[str] = field(default_factory=set)  # bound in a nested scope, declared, deleted, or dotted-imported
    subindices: set[int] = field(default_factory=set)  # ids of the tree's subscript nodes (any other is not in it)
    # The bytes parsed and the stdlib check's statement lines (forma.sentencias), when known: positions
    # are then computed one statement at a time (posiciones.Perezosas)
    datos: Optional[bytes] = None
    sentencias: Optional[list[str]] = None
    instalado: bool = False  # a module of the project's venv, read for the types it defines (instalados.py)

    _metadatos: dict[Any, Mapping[cst.CSTNode, Any]] = field(default_factory=dict)

    def _metadato(self, proveedor: Any) -> Mapping[cst.CSTNode, Any]:
        """One metadata provider's mapping, computed the first time a stage asks for it."""
        if proveedor not in self._metadatos:
            from .recorrido import lectura

            with lectura():  # libcst's metadata visitors read the tree without rebuilding it
                self._metadatos[proveedor] = self.envoltorio.resolve(proveedor)
        return self._metadatos[proveedor]

    @property
    def posiciones(self) -> "Perezosas":
        """PositionProvider's ranges as (start line, start column, end line, end column), computed as
        asked: one statement at a time when the check's statement lines are known (posiciones.Perezosas)."""
        if "posiciones" not in self._metadatos:
            from .posiciones import Perezosas

            texto = _texto(self.datos) if self.sentencias is not None else None
            self._metadatos["posiciones"] = Perezosas(self.arbol, texto or "", self.sentencias if texto is not None else None)
        return self._metadatos["posiciones"]

    @property
    def padres(self) -> Mapping[cst.CSTNode, cst.CSTNode]:
        """ParentNodeProvider's mapping, read off the node fields (camino.padres_de), computed once."""
        if ParentNodeProvider not in self._metadatos:
            from .camino import padres_de

            self._metadatos[ParentNodeProvider] = padres_de(self.arbol)
        return self._metadatos[ParentNodeProvider]

    @property
    def alcances(self) -> Mapping[cst.CSTNode, Any]:
        """ScopeProvider's mapping."""
        return self._metadato(ScopeProvider)

    def pos(self, nodo: cst.CSTNode) -> Pos:
        """1-based line and column where `nodo` starts."""
        inicio = self.posiciones.inicio(nodo)
        if inicio is None:
            return Pos(self.archivo, 1, 1)
        return Pos(self.archivo, inicio[0], inicio[1] + 1)

    def fin(self, nodo: cst.CSTNode) -> int:
        """Last line of `nodo`."""
        rango = self.posiciones.get(nodo)
        return rango[2] if rango is not None else 1

    def nombres_calificados(self, nodo: cst.CSTNode) -> set[str]:
        """Qualified names a Name/Attribute refers to, as QualifiedNameProvider gives them.

        That provider maps each node with a scope to `scope.get_qualified_names_for(node)` and
        any other node to nothing; asking the node's scope directly gives the same names
        without the provider's two traversals of the tree.
        """
        alcance = self.alcance(nodo)
        return {q.name for q in alcance.get_qualified_names_for(nodo)} if alcance else set()

    def alcance(self, nodo: cst.CSTNode) -> Any:
        """The scope a node belongs to, if known."""
        valor = self.alcances.get(nodo)
        return valor() if isinstance(valor, LazyValue) else valor

    def metadatos_presentes(self) -> tuple[str, ...]:
        """Which metadata mappings the module holds now ("alcances", "posiciones", "padres")."""
        return tuple(NOMBRE_METADATO[k] for k in self._metadatos)

    def soltar(self) -> None:
        """Forget the metadata, breaking the cycles of its scope analysis: called when the loader drops the
        module, or only its metadata (a later question computes it afresh over the same tree)."""
        from .metadatos import desatar_alcances

        if ScopeProvider in self._metadatos:
            desatar_alcances(self._metadatos[ScopeProvider])
        self._metadatos.clear()
        self.envoltorio.olvidar()  # the wrapper's own copy: a later question resolves afresh

    def funcion(self, nodo: Optional[cst.FunctionDef]) -> Optional[FuncionInfo]:
        """Collected facts of a function node."""
        return self.info.get(id(nodo)) if nodo is not None else None


def _texto(datos: Optional[bytes]) -> Optional[str]:
    """The source text libcst parsed (None when unknown)."""
    if datos is None:
        return None
    try:
        return datos.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _nombre_simple(nodo: cst.CSTNode) -> Optional[str]:
    """The identifier of a bare Name node."""
    return nodo.value if isinstance(nodo, cst.Name) else None


def texto_cadena(nodo: cst.CSTNode) -> Optional[str]:
    """Value of a plain (non f-) string literal, concatenations included."""
    if isinstance(nodo, cst.SimpleString):
        try:
            valor = nodo.evaluated_value
        except Exception:
            return None
        return valor if isinstance(valor, str) else None
    if isinstance(nodo, cst.ConcatenatedString):
        izq, der = texto_cadena(nodo.left), texto_cadena(nodo.right)
        return izq + der if izq is not None and der is not None else None
    return None


class Recolector:
    """Single pass over a module collecting definitions, functions, calls and `complete` sites.

    Walked by `recorrido.recorrer` (read-only: libcst's own visit would rebuild every node). It reads no metadata: positions, qualified names and scopes are resolved later, only for
    modules a stage actually looks into (a file that registers nothing never pays for them).
    """

    def __init__(self, modulo: Modulo) -> None:
        super().__init__()
        self.m = modulo
        self.pila: list[cst.FunctionDef] = []
        self.clases = 0
        self.pila_clases: list[tuple[cst.ClassDef, int]] = []  # (class, function depth where its body is)

    # -- scopes ------------------------------------------------------------
    def _actual(self) -> Optional[FuncionInfo]:
        return self.m.info[id(self.pila[-1])] if self.pila else None

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        """Open a function: record module-level defs and decorated ones."""
        self._liga(node.name.value)
        if not self.pila and not self.clases:
            self.m.funciones[node.name.value] = node
        padre = self.pila[-1] if self.pila else None
        actual = self._actual()
        if actual is not None:
            actual.asignaciones.setdefault(node.name.value, []).append(Asignacion(node, None))
        clase = self._clase_directa()
        self.m.info[id(node)] = FuncionInfo(node, padre, clase)
        if clase is not None:
            self.m.metodos.setdefault(id(clase), {})[node.name.value] = node
        for dec in node.decorators:
            self.m.decoradas.append((node, dec))
        self.pila.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.pila.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self._liga(node.name.value)
        if not self.pila and not self.clases:
            self.m.clases[node.name.value] = node
        if self._clase_directa() is not None:
            self.m.clases_anidadas.add(node.name.value)
        self.m.clase_de[id(node)] = node
        self.m.metodos.setdefault(id(node), {})
        self.m.atributos_clase.setdefault(id(node), {})
        self.clases += 1
        self.pila_clases.append((node, len(self.pila)))

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.clases -= 1
        self.pila_clases.pop()

    def _clase_directa(self) -> Optional[cst.ClassDef]:
        """The class whose body (not a method of it) is being visited."""
        if self.pila_clases and self.pila_clases[-1][1] == len(self.pila):
            return self.pila_clases[-1][0]
        return None

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return True

    # -- module-level definitions -----------------------------------------
    def _modulo_nivel(self) -> bool:
        return not self.pila and not self.clases

    # -- what binds each name (calificados.py) ------------------------------
    def _liga(self, nombre: str, anidado: bool = False) -> None:
        """A binding of `nombre`: at module level (the global scope), or anywhere else."""
        (self.m.ligados_modulo if self._modulo_nivel() and not anidado else self.m.ligados_otros).add(nombre)

    def _liga_objetivo(self, objetivo: cst.CSTNode, anidado: bool = False) -> None:
        """The names a target binds: a name, or the names inside a tuple, list or starred target
        (an attribute or a subscript binds none)."""
        if isinstance(objetivo, cst.Name):
            self._liga(objetivo.value, anidado)
        elif isinstance(objetivo, (cst.Tuple, cst.List)):
            for el in objetivo.elements:
                self._liga_objetivo(el.value, anidado)
        elif isinstance(objetivo, cst.StarredElement):
            self._liga_objetivo(objetivo.value, anidado)

    def _liga_importacion(self, local: str, real: Optional[str]) -> None:
        """An import binding `local` to `real` (None: a dotted `import a.b`, which binds `a` and `a.b`)."""
        if real is not None and self._modulo_nivel():
            self.m.importa_q.setdefault(local, set()).add(real)
        else:
            self.m.ligados_otros.add(local)

    def visit_Subscript(self, node: cst.Subscript) -> None:
        self.m.subindices.add(id(node))

    def visit_Param(self, node: cst.Param) -> None:
        self.m.ligados_otros.add(node.name.value)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._liga_objetivo(node.target, anidado=True)

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        if node.name is not None:
            self._liga_objetivo(node.name.name)

    def visit_ExceptStarHandler(self, node: cst.ExceptStarHandler) -> None:
        if node.name is not None:
            self._liga_objetivo(node.name.name)

    def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
        self.m.ligados_otros.update(n.name.value for n in node.names)

    def visit_MatchAs(self, node: cst.MatchAs) -> None:
        if node.name is not None:
            self.m.ligados_otros.add(node.name.value)

    def visit_MatchStar(self, node: cst.MatchStar) -> None:
        if node.name is not None:
            self.m.ligados_otros.add(node.name.value)

    def visit_MatchMapping(self, node: cst.MatchMapping) -> None:
        if node.rest is not None:
            self.m.ligados_otros.add(node.rest.value)

    def visit_TypeAlias(self, node: cst.TypeAlias) -> None:
        self.m.ligados_otros.add(node.name.value)

    def visit_TypeVar(self, node: cst.TypeVar) -> None:
        self.m.ligados_otros.add(node.name.value)

    def visit_TypeVarTuple(self, node: cst.TypeVarTuple) -> None:
        self.m.ligados_otros.add(node.name.value)

    def visit_ParamSpec(self, node: cst.ParamSpec) -> None:
        self.m.ligados_otros.add(node.name.value)

    def _ligar(self, nombre: str, nodo: cst.CSTNode, valor: Optional[cst.BaseExpression]) -> None:
        clase = self._clase_directa()
        if clase is not None and valor is not None:
            self.m.atributos_clase[id(clase)][nombre] = valor
        if self._modulo_nivel() and isinstance(nodo, cst.For):
            self.m.bucles_modulo.setdefault(nombre, []).append(nodo)
        if self._modulo_nivel():
            self.m.enlaces.setdefault(nombre, []).append(Asignacion(nodo, valor))
            if nombre in self.m.constantes or nombre in self.m.reasignadas or valor is None:
                self.m.reasignadas.add(nombre)
                self.m.constantes.pop(nombre, None)
            else:
                self.m.constantes[nombre] = valor
                self.m.constantes_nodo[nombre] = nodo
        actual = self._actual()
        if actual is not None and clase is None:
            actual.asignaciones.setdefault(nombre, []).append(Asignacion(nodo, valor))
            if nombre in actual.globales:
                self.m.globales_asignadas.setdefault(nombre, []).append((actual.nodo, Asignacion(nodo, valor)))

    def _mutar(self, objetivo: cst.CSTNode, nodo: cst.CSTNode) -> None:
        base = objetivo
        while isinstance(base, (cst.Subscript, cst.Attribute)):
            base = base.value
        nombre = _nombre_simple(base)
        if nombre is None:
            return
        if self._modulo_nivel():
            self.m.reasignadas.add(nombre)
            self.m.constantes.pop(nombre, None)
        actual = self._actual()
        if actual is not None:
            actual.mutaciones.setdefault(nombre, []).append(nodo)

    def _objetivo(self, objetivo: cst.BaseExpression, nodo: cst.CSTNode, valor: Optional[cst.BaseExpression]) -> None:
        if isinstance(objetivo, cst.Name):
            self.m.valores[id(objetivo)] = valor
            self._ligar(objetivo.value, nodo, valor)
        elif isinstance(objetivo, (cst.Tuple, cst.List)):
            for el in objetivo.elements:
                self._objetivo(el.value, nodo, None)
        elif isinstance(objetivo, cst.StarredElement):
            self._objetivo(objetivo.value, nodo, None)
        elif isinstance(objetivo, (cst.Subscript, cst.Attribute)):
            actual = self._actual()
            if isinstance(objetivo, cst.Attribute) and isinstance(objetivo.value, cst.Name) and actual is not None:
                clave = (objetivo.value.value, objetivo.attr.value)
                actual.atributos.setdefault(clave, []).append(Asignacion(nodo, valor))
            self._mutar(objetivo, nodo)

    def visit_Assign(self, node: cst.Assign) -> None:
        for t in node.targets:
            self._liga_objetivo(t.target)
            self._objetivo(t.target, node, node.value)
            if isinstance(t.target, cst.Subscript) and texto_cadena(_indice(t.target) or cst.Name("x")) == "complete":
                self.m.completes.append(SitioComplete(_indice(t.target), node.value, self.pila[-1] if self.pila else None))

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._liga_objetivo(node.target)
        if node.value is not None:
            self._objetivo(node.target, node, node.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._liga_objetivo(node.target)
        if isinstance(node.target, cst.Name):
            self._ligar(node.target.value, node, None)
            self._mutar(node.target, node)
        else:
            self._mutar(node.target, node)

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._liga_objetivo(node.target, anidado=True)  # in a comprehension it binds in the enclosing scope
        self._objetivo(node.target, node, node.value)

    def visit_Del(self, node: cst.Del) -> None:
        self._liga_objetivo(node.target, anidado=True)
        if isinstance(node.target, (cst.Subscript, cst.Attribute)):
            self._mutar(node.target, node)

    def visit_For(self, node: cst.For) -> None:
        self._liga_objetivo(node.target)
        self._objetivo(node.target, node, None)
        actual = self._actual()
        if actual is not None:
            actual.bucles.append(node)

    def visit_While(self, node: cst.While) -> None:
        actual = self._actual()
        if actual is not None:
            actual.bucles.append(node)

    def visit_WithItem(self, node: cst.WithItem) -> None:
        if node.asname is not None:
            self._liga_objetivo(node.asname.name)
            self._objetivo(node.asname.name, node, None)

    def visit_Global(self, node: cst.Global) -> None:
        self.m.ligados_otros.update(n.name.value for n in node.names)
        actual = self._actual()
        if actual is not None:
            actual.globales.update(n.name.value for n in node.names)

    def visit_Import(self, node: cst.Import) -> None:
        for alias in node.names:
            nombre = _dotted(alias.name)
            if nombre is None:
                continue
            if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
                local = alias.asname.name.value
                objetivo = (nombre, None)
                self._liga_importacion(local, nombre)
            else:
                local = nombre.split(".")[0]
                objetivo = (local, None)
                self._liga_importacion(local, None if "." in nombre else nombre)
            self._importar(local, objetivo)

    def _importar(self, local: str, objetivo: tuple[str, Optional[str]]) -> None:
        """An import binds a name at module level, or locally in the function that runs it."""
        if self._modulo_nivel():
            self.m.importados[local] = objetivo
            return
        actual = self._actual()
        if actual is not None and not self._clase_directa():
            actual.importados[local] = objetivo

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if isinstance(node.names, cst.ImportStar):
            return
        modulo = ("." * len(node.relative)) + (_dotted(node.module) or "" if node.module else "")
        for alias in node.names:
            nombre = _dotted(alias.name)
            if nombre is None:
                continue
            local = alias.asname.name.value if alias.asname is not None and isinstance(alias.asname.name, cst.Name) else nombre
            # libcst's ImportAssignment: `from . import a` is `.a`, `from .m import a` is `.m.a`
            self._liga_importacion(local, f"{modulo}{nombre}" if modulo.endswith(".") else f"{modulo}.{nombre}" if modulo else nombre)
            self._importar(local, (modulo, nombre))

    # -- bodies -------------------------------------------------------------
    def visit_Return(self, node: cst.Return) -> None:
        actual = self._actual()
        if actual is not None:
            actual.retornos.append(node)

    def visit_Name(self, node: cst.Name) -> None:
        self.m.identificadores.add(node.value)
        actual = self._actual()
        if actual is not None:
            actual.nombres.add(node.value)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == INTERNO:
            self.m.internos.append(node)
            self.m.contexto[id(node)] = self.pila[-1] if self.pila else None

    def visit_Call(self, node: cst.Call) -> None:
        self.m.llamadas.append(node)
        self.m.contexto[id(node)] = self.pila[-1] if self.pila else None
        actual = self._actual()
        if actual is not None:
            actual.llamadas.append(node)
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in MUTADORES:
            self._mutar(func.value, node)
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value == "complete":
                self.m.completes.append(SitioComplete(arg.keyword, arg.value, self.pila[-1] if self.pila else None))

    def visit_Dict(self, node: cst.Dict) -> None:
        for el in node.elements:
            if isinstance(el, cst.DictElement) and texto_cadena(el.key) == "complete":
                self.m.completes.append(SitioComplete(el.key, el.value, self.pila[-1] if self.pila else None))


def _indice(sub: cst.Subscript) -> Optional[cst.BaseExpression]:
    """The single index expression of `x[i]`."""
    if len(sub.slice) == 1 and isinstance(sub.slice[0].slice, cst.Index):
        return sub.slice[0].slice.value
    return None


def _dotted(nodo: Optional[cst.CSTNode]) -> Optional[str]:
    """`a.b.c` of a Name/Attribute chain."""
    if isinstance(nodo, cst.Name):
        return nodo.value
    if isinstance(nodo, cst.Attribute):
        base = _dotted(nodo.value)
        return f"{base}.{nodo.attr.value}" if base else None
    return None


dotted = _dotted
indice = _indice


def recolectar(archivo: str, nombre: str, arbol: cst.Module, datos: Optional[bytes] = None,
               sentencias: Optional[list[str]] = None, instalado: bool = False) -> Modulo:
    """Run the single collecting traversal over `arbol` (no deep copy; metadata deferred). `datos`
    and `sentencias`: the bytes parsed and their statement lines (forma.sentencias), when known."""
    from .metadatos import envolver
    from .recorrido import recorrer

    modulo = Modulo(archivo, nombre, arbol, envolver(arbol), datos=datos, sentencias=sentencias, instalado=instalado)
    recorrer(arbol, Recolector(modulo))
    return modulo
