"""What a file's code spells, read from the stdlib parse the syntax check already pays for.

Four facts per file, its longest chain (`cadena`), whether it is ASCII and where its statements
begin (`sentencias`, for positions one statement at a time), all plain data (they cross process
boundaries and live in the cache):

- `palabras`: the pre-filter's words (`prefiltro.PALABRAS`) the code spells where a recognizer
  would read them: most as any identifier (a name, an attribute, a keyword argument, a
  parameter, a definition, an import), some only as an attribute, an import, a decorator or the
  callee of a call (`prefiltro` says which), the table fields and `complete` also as the whole value of a
  string literal. Comments never count, and neither does a word inside a longer string (a
  docstring saying "this tool"): the recognizers compare identifiers and string keys for
  equality, never search inside text. The stdlib parse has already decoded escapes and joined
  implicit concatenations, so `"\\x63omplete"` and `"output" "Schema"` count as what they spell.
- `importa`: every module name the file's code can make the analyzer look up, at any depth of the
  body: those of its import statements (`import a.b` -> `a`, `a.b`; `from .x import y` -> `.x`,
  `.x.y`), and every attribute chain over a name an import binds (`import a` ... `a.b.c()` ->
  `a.b`, `a.b.c`), which resolution looks up as a submodule. The import graph (`grafo.py`) is
  built from these.
- `identificadores`: every identifier the code spells, space-separated: which files can call a
  function or build a class by name (`nombres.Palabras`), without libcst.
- `llamados`: the names through which the code can call a function, space-separated: the last
  name of every callee (`f(...)`, `x.f(...)`) and of every decorator (`@f`, `@x.f`), and every
  component of an imported name (`import x.f as g` calls `f` through `g`). A call site resolves
  to a function only through one of these (`Programa._invoca`), so a file whose `llamados` lack
  a function's name holds no call of it and a call-site search need not parse it.
"""

from __future__ import annotations

import ast
from typing import Any, Optional

from . import prefiltro

def _texto(palabras: tuple[bytes, ...]) -> frozenset[str]:
    return frozenset(p.decode() for p in palabras)


GENERALES = _texto(prefiltro.IDENTIFICADORES) | _texto(prefiltro.TEXTOS)  # as any identifier
LLAMADA_DECORADOR_O_IMPORTACION = _texto(prefiltro.LLAMADA_DECORADOR_O_IMPORTACION)
SOLO_ATRIBUTOS = _texto(prefiltro.SOLO_ATRIBUTOS)
SOLO_DECORADORES = _texto(prefiltro.SOLO_DECORADORES) | SOLO_ATRIBUTOS  # motor.OTROS holds both
SOLO_LLAMADAS = _texto(prefiltro.SOLO_LLAMADAS)
TEXTOS = _texto(prefiltro.TEXTOS)  # also as a whole string value
# Words a forma lists exactly when they are among its identifiers: every other way into `palabras`
# (an attribute, an import, a callee, a decorator) spells an identifier too, and these are no TEXTOS.
SOLO_IDENTIFICADOR = GENERALES - TEXTOS
BLOQUES = ("body", "orelse", "finalbody", "handlers", "cases")  # where statements nest


def forma(arbol: ast.Module, datos: bytes) -> dict[str, Any]:
    """The words and identifiers the code of a parsed file spells, and the module names its imports look up."""
    v = _Nombres(arbol)
    palabras = ((v.nombres & GENERALES) | (v.textos & TEXTOS) | (v.atributos & SOLO_ATRIBUTOS)
                | ((v.llamados | v.decoradores | v.decoradores_simples | v.importados) & LLAMADA_DECORADOR_O_IMPORTACION)
                | (v.llamados & SOLO_LLAMADAS) | (v.decoradores & SOLO_DECORADORES))
    # An ASCII file spells each identifier as it is (the parser's NFKC normalization changes nothing
    # there): a word among its identifiers is then in its bytes too, and `Palabras` need not read them.
    ligados: set[str] = set()
    importa = _importa(arbol.body, set(), ligados)
    importa.update(_cadenas(v.cadenas, ligados))
    return {"palabras": sorted(palabras), "importa": sorted(importa),
            "identificadores": " ".join(sorted(v.nombres)), "literales": datos.isascii(),
            "llamados": " ".join(sorted(v.invocables())), "cadena": cadena_de(arbol, datos),
            "sentencias": sentencias(arbol, datos)}


# One letter per kind of statement that stands on lines of its own (posiciones.Perezosas checks libcst's
# statements against them); any other kind is "s".
LETRAS = {ast.FunctionDef: "f", ast.AsyncFunctionDef: "f", ast.ClassDef: "c", ast.If: "i", ast.For: "o",
          ast.AsyncFor: "o", ast.While: "w", ast.Try: "t", ast.With: "h", ast.AsyncWith: "h",
          **{getattr(ast, n): l for n, l in (("TryStar", "t"), ("Match", "m")) if hasattr(ast, n)}}  # 3.11, 3.10
# The statement lists each compound statement holds, in the order the source writes them
BLOQUES_DE: dict[type, tuple[str, ...]] = {
    ast.FunctionDef: ("body",), ast.AsyncFunctionDef: ("body",), ast.ClassDef: ("body",), ast.With: ("body",),
    ast.AsyncWith: ("body",), ast.If: ("body", "orelse"), ast.For: ("body", "orelse"), ast.AsyncFor: ("body", "orelse"),
    ast.While: ("body", "orelse"), ast.Try: ("body", "handlers", "orelse", "finalbody"),
    **{getattr(ast, n): c for n, c in (("TryStar", ("body", "handlers", "orelse", "finalbody")), ("Match", ("cases",)))
       if hasattr(ast, n)}}
DECORABLES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef})


def sentencias(arbol: ast.Module, datos: bytes) -> Optional[list[str]]:
    """Where each statement that starts its own line begins, in source order: [kinds, first lines].

    `kinds` has one letter per such statement (LETRAS); `first lines` the line where its own text
    starts (its first decorator's, for a decorated one), as space-separated differences from the
    previous one. Statements after a `;` or after a compound's colon on the same line belong to the
    one the line starts with, as in libcst, whose line-statements these are: they let a module's
    positions be computed one statement at a time (posiciones.Perezosas). None when the layout is
    one this reading does not vouch for (a decorator or an `elif` it cannot place)."""
    lineas = datos.splitlines()
    n = len(lineas)
    letras: list[str] = []
    primeras: list[str] = []
    anterior = 0
    letra_de, bloques_de, decorables, If, stmt = LETRAS, BLOQUES_DE, DECORABLES, ast.If, ast.stmt

    def recorrer(cuerpo: list[Any]) -> bool:
        nonlocal anterior
        for sentencia in cuerpo:
            tipo = type(sentencia)
            linea = sentencia.lineno
            if tipo in decorables and sentencia.decorator_list:
                linea = sentencia.decorator_list[0].lineno
                texto = lineas[linea - 1] if 0 < linea <= n else b""
                if not texto.lstrip().startswith(b"@"):
                    return False
                primera = linea
            elif 0 < linea <= n and not lineas[linea - 1][:sentencia.col_offset].strip():
                primera = linea
            else:
                primera = 0  # after a `;` or a colon on its line: part of the statement that line starts
            if primera:
                letras.append(letra_de.get(tipo, "s"))
                primeras.append(str(primera - anterior))
                anterior = primera
            campos = bloques_de.get(tipo)
            if campos is None:
                continue  # a simple statement
            for campo in campos:
                hijos = getattr(sentencia, campo)
                if not hijos:
                    continue
                if campo == "orelse" and tipo is If and len(hijos) == 1 and type(hijos[0]) is If \
                        and lineas[hijos[0].lineno - 1].lstrip().startswith(b"elif"):
                    if not recorrer_elif(hijos[0]):  # an `elif` is no statement of its own in libcst
                        return False
                elif isinstance(hijos[0], stmt):
                    if not recorrer(hijos):
                        return False
                else:
                    for hijo in hijos:  # an except handler's or a match case's body
                        if not recorrer(hijo.body):
                            return False
        return True

    def recorrer_elif(nodo: ast.If) -> bool:
        if not recorrer(nodo.body):
            return False
        resto = nodo.orelse
        if len(resto) == 1 and type(resto[0]) is If and lineas[resto[0].lineno - 1].lstrip().startswith(b"elif"):
            return recorrer_elif(resto[0])
        return recorrer(resto)

    try:
        return ["".join(letras), " ".join(primeras)] if recorrer(arbol.body) else None
    except (IndexError, RecursionError):
        return None


def cadena_de(arbol: ast.Module, datos: bytes) -> int:
    """The longest left-nested chain of the file (fuente.CADENA_MAXIMA bounds what libcst parses in
    bounded time); 0 for a file with too few brackets, dots and operators to hold a long one.
    Measured here, on the tree the stdlib check already built, so parsing never builds it again."""
    if (datos.count(b"(") < CADENA_MAXIMA and datos.count(b".") < CADENA_MAXIMA and datos.count(b"[") < CADENA_MAXIMA
            and sum(datos.count(o) for o in OPERADORES) < CADENA_MAXIMA):
        return 0
    return cadena_mas_larga(arbol)[0]


def _tipos(*nombres: str) -> tuple[type, ...]:
    return tuple(getattr(ast, n) for n in nombres if hasattr(ast, n))  # TypeVar and kin exist from 3.12


# The node fields that hold an identifier, by class (the ASDL `identifier` fields); every other str
# field (`type_comment`, `Constant.kind`) is not a name. tests/linter/test_preseleccion.py checks this
# table against a walk that reads every str field of every node.
CAMPOS_IDENTIFICADOR: dict[type, tuple[str, ...]] = {
    **{t: ("name",) for t in _tipos("FunctionDef", "AsyncFunctionDef", "ClassDef", "ExceptHandler", "MatchAs",
                                     "MatchStar", "TypeVar", "ParamSpec", "TypeVarTuple")},
    ast.alias: ("name", "asname"), ast.arg: ("arg",), ast.keyword: ("arg",), ast.ImportFrom: ("module",),
    ast.MatchMapping: ("rest",),
}
LISTAS_IDENTIFICADOR: dict[type, str] = {t: c for t, c in ((ast.Global, "names"), (ast.Nonlocal, "names"),
                                                              (ast.MatchClass, "kwd_attrs"))}


def _hijos() -> dict[type, tuple[str, ...]]:
    """The fields of each node class that can hold nodes: all but `ctx` (a shared Load/Store/Del
    leaf), the identifier fields and a constant's value."""
    tabla = {}
    for clase in vars(ast).values():
        if isinstance(clase, type) and issubclass(clase, ast.AST):
            fuera = {"ctx", *CAMPOS_IDENTIFICADOR.get(clase, ()), *(("value", "kind") if clase is ast.Constant else ())}
            tabla[clase] = tuple(f for f in clase._fields if f not in fuera)
    return tabla


HIJOS = _hijos()


def nodos(arbol: ast.AST) -> list[Any]:
    """The nodes of `ast.walk(arbol)` but the shared `ctx` leaves of every name (a third of them), in
    another order, as one list: without walk's three layers of generators. A str or None of a list
    field (`Global.names`, `Dict.keys`) is in the list too; it has no fields, and no reader takes it."""
    hijos, AST = HIJOS, ast.AST
    salida = [arbol]
    poner, extender = salida.append, salida.extend
    for nodo in salida:  # the list grows while it is read: breadth first, as ast.walk
        for campo in hijos.get(type(nodo), ()):
            valor = getattr(nodo, campo, None)
            if type(valor) is list:
                extender(valor)
            elif isinstance(valor, AST):
                poner(valor)
    return salida


class _Nombres:
    """One walk of a stdlib tree: every identifier the code spells (dotted ones also by component),
    the attribute names, the names imports bind or read, the names calls call (`f(...)`, `x.f(...)`),
    the attributes decorators name (`@x.f`, `@x.f(...)`), the bare names they name (`@f`), and the
    string values that are pre-filter words."""

    def __init__(self, arbol: ast.AST) -> None:
        self.nombres: set[str] = set()
        self.atributos: set[str] = set()
        self.importados: set[str] = set()
        self.llamados: set[str] = set()
        self.decoradores: set[str] = set()
        self.decoradores_simples: set[str] = set()
        self.textos: set[str] = set()
        self.cadenas: list[ast.Attribute] = []  # every attribute node (`_cadenas` reads the dotted ones)
        nombres, campos, listas = self.nombres, CAMPOS_IDENTIFICADOR, LISTAS_IDENTIFICADOR
        cadena = self.cadenas.append
        Name, Attribute, Constant, Call = ast.Name, ast.Attribute, ast.Constant, ast.Call
        for nodo in nodos(arbol):
            tipo = type(nodo)
            if tipo is Name:
                nombres.add(nodo.id)
            elif tipo is Attribute:
                nombres.add(nodo.attr)
                self.atributos.add(nodo.attr)
                cadena(nodo)
            elif tipo is Constant:
                if type(nodo.value) is str and nodo.value in TEXTOS:
                    self.textos.add(nodo.value)
            elif tipo is Call:
                f = nodo.func
                self.llamados.add(f.id if type(f) is Name else f.attr if type(f) is Attribute else "")
            elif tipo in campos:
                for campo in campos[tipo]:
                    valor = getattr(nodo, campo)
                    if valor:
                        nombres.add(valor)
                        if "." in valor:
                            nombres.update(valor.split("."))
                if tipo is ast.alias:
                    self.importados.update(nodo.name.split("."))
                    if nodo.asname:
                        self.importados.add(nodo.asname)
                elif tipo is ast.ImportFrom and nodo.module:
                    self.importados.update(nodo.module.split("."))
                elif tipo is ast.FunctionDef or tipo is ast.AsyncFunctionDef or tipo is ast.ClassDef:
                    for d in nodo.decorator_list:
                        f = d.func if type(d) is Call else d
                        if type(f) is Attribute:
                            self.decoradores.add(f.attr)
                        elif type(f) is Name:
                            self.decoradores_simples.add(f.id)
            elif tipo in listas:
                nombres.update(getattr(nodo, listas[tipo]))

    def invocables(self) -> set[str]:
        """The names a call of the code can reach a function by (the forma's `llamados`)."""
        return (self.llamados | self.decoradores | self.decoradores_simples | self.importados) - {""}


def leidos(datos: bytes) -> Optional[tuple[frozenset[str], frozenset[str]]]:
    """(identifiers, `llamados`) of a file's code from its bytes, None when the stdlib cannot parse
    it: what a worker computes for itself, equal to those of the file's forma."""
    try:
        arbol = compile(datos.decode("utf-8"), "<oracle>", "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
        v = _Nombres(arbol)
        return frozenset(v.nombres), frozenset(v.invocables())
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None


def _importa(cuerpo: list[Any], nombres: set[str], ligados: set[str]) -> set[str]:
    """Module names the import statements in `cuerpo` (and every block nested in it) look up; the
    names they bind go into `ligados` (`import a.b` binds `a`, `import a.b as c` and `from x import
    y as c` bind `c`)."""
    for sentencia in cuerpo:
        if isinstance(sentencia, ast.Import):
            for alias in sentencia.names:
                partes = alias.name.split(".")
                nombres.update(".".join(partes[: i + 1]) for i in range(len(partes)))
                ligados.add(alias.asname or partes[0])
        elif isinstance(sentencia, ast.ImportFrom):
            origen = "." * sentencia.level + (sentencia.module or "")
            nombres.add(origen)
            for alias in sentencia.names:
                if alias.name != "*":
                    nombres.add(origen + alias.name if origen.endswith(".") else f"{origen}.{alias.name}")
                    ligados.add(alias.asname or alias.name)
        for bloque in BLOQUES:
            hijo = getattr(sentencia, bloque, None)
            if hijo:
                _importa(hijo, nombres, ligados)
    return nombres


def _cadenas(atributos: list[ast.Attribute], ligados: set[str]) -> set[str]:
    """The dotted text of every attribute chain whose head is a name an import binds (`a.b`, `a.b.c`
    of `a.b.c()`): resolution looks such a chain up as a module when the head denotes one
    (`procedencia._modulo_de`), wherever the name is read."""
    salida: set[str] = set()
    Attribute, Name = ast.Attribute, ast.Name
    for nodo in atributos:
        partes = [nodo.attr]
        base = nodo.value
        while type(base) is Attribute:
            partes.append(base.attr)
            base = base.value
        if type(base) is Name and base.id in ligados:
            partes.append(base.id)
            salida.add(".".join(reversed(partes)))
    return salida


def forma_valida(valor: Any) -> bool:
    """A cached `forma` the run can use: two lists of strings, two strings, one boolean and one integer."""
    return (isinstance(valor, dict)
            and set(valor) == {"palabras", "importa", "identificadores", "literales", "llamados", "cadena", "sentencias"}
            and all(isinstance(valor[k], list) and all(isinstance(x, str) for x in valor[k]) for k in ("palabras", "importa"))
            and isinstance(valor["identificadores"], str) and isinstance(valor["literales"], bool)
            and isinstance(valor["llamados"], str) and type(valor["cadena"]) is int
            and (valor["sentencias"] is None or (isinstance(valor["sentencias"], list) and len(valor["sentencias"]) == 2
                                                  and all(isinstance(x, str) for x in valor["sentencias"]))))


# libcst parses a left-nested chain (`1 + 1 + …`, `a.b.c…`, `f()()…`) in quadratic time: 1,000 steps
# take under half a second, 4,000 several seconds, 200,000 hours. Real code chains a few dozen.
CADENA_MAXIMA = 1000
OPERADORES = (b"+", b"-", b"*", b"/", b"%", b"|", b"&", b"^", b"@", b"<<", b">>")


def _eslabon(nodo: object) -> object:
    """The next link down a left-nested chain, or None."""
    if isinstance(nodo, ast.BinOp):
        return nodo.left
    if isinstance(nodo, (ast.Attribute, ast.Subscript)):
        return nodo.value
    if isinstance(nodo, ast.Call):
        return nodo.func
    return None


def cadena_mas_larga(arbol: object) -> tuple[int, object]:
    """The longest left-nested chain in the tree and where it starts (the first such head in
    `ast.walk` order), in one pass (each chain is walked once, from its head)."""
    todos = nodos(arbol)  # ast.walk's nodes in its order, ctx leaves aside (none is a link), without its generators
    eslabones = {id(e) for n in todos if (e := _eslabon(n)) is not None}
    mejor, donde = 0, arbol
    for nodo in todos:
        if id(nodo) in eslabones or _eslabon(nodo) is None:
            continue
        largo, actual = 0, nodo
        while (siguiente := _eslabon(actual)) is not None:
            largo, actual = largo + 1, siguiente
        if largo > mejor:
            mejor, donde = largo, nodo
    return mejor, donde
