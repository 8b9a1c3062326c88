"""Whether a tool's handler provably changes nothing (`valor_emitido.sin_efectos`).

A handler changes nothing when every call it makes is one that cannot change state — a builtin that
computes, a data model's constructor (a pydantic model, TypedDict, dataclass or enum of the project, a
type of the MCP SDK), a function of a standard module that computes (`json`, `math`, `datetime`, ...),
a method of a value the handler built itself or of a string, a notification to the client through its
`Context`, a log line — or a project function of the same kind, and it assigns nothing but its own
locals (no `global`, no item or attribute set on anything it did not build). Such a tool is a read by
construction: demo servers with no backend (`return {"city": city, "temp": 22.5}`), formatters,
calculators. Anything the analyzer cannot place (a method of a parameter, a client, `print`, a call of
a call's result) may change state, and the answer is False.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Optional

import libcst as cst

from .proyecto import Proyecto, termina_en
from .recolector import Asignacion, FuncionInfo, Modulo, todos_los_parametros
from .recorrido import recorrer

# Builtins that compute a value from their arguments (exception classes too: `raise ValueError(...)`).
BUILTINS_PUROS = frozenset({
    "abs", "all", "any", "ascii", "bin", "bool", "bytes", "bytearray", "callable", "chr", "complex", "dict",
    "divmod", "enumerate", "filter", "float", "format", "frozenset", "getattr", "hasattr", "hash", "hex", "int",
    "isinstance", "issubclass", "iter", "len", "list", "map", "max", "min", "next", "oct", "ord", "pow", "range",
    "repr", "reversed", "round", "set", "slice", "sorted", "str", "sum", "tuple", "type", "zip",
}) | frozenset(n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
               and issubclass(getattr(builtins, n), BaseException))
# Of those, the ones whose value may be one of their arguments (or a part of one): a local bound to it
# is no value the handler built itself.
BUILTINS_ALIAS = frozenset({"getattr", "iter", "max", "min", "next"})
# Standard modules (and two async libraries' timers) whose functions compute, convert or wait.
MODULOS_PUROS = ("json", "math", "cmath", "random", "statistics", "datetime", "time", "calendar", "uuid", "re",
                 "string", "textwrap", "itertools", "functools", "operator", "decimal", "fractions", "base64",
                 "binascii", "hashlib", "hmac", "collections", "copy", "enum", "typing", "dataclasses", "html",
                 "urllib.parse", "unicodedata", "logging", "asyncio.sleep", "anyio.sleep",
                 "anyio.get_cancelled_exc_class", "mcp.types", "mcp_types", "pydantic",
                 "fastmcp.tools.tool.ToolResult", "fastmcp.tools.ToolResult")
# Methods of a string (called on a literal, an f-string, a `str` parameter or a local built as a string).
METODOS_TEXTO = frozenset({
    "capitalize", "casefold", "center", "count", "decode", "encode", "endswith", "expandtabs", "find", "format",
    "index", "isalnum", "isalpha", "isascii", "isdecimal", "isdigit", "islower", "isnumeric", "isspace",
    "istitle", "isupper", "join", "ljust", "lower", "lstrip", "partition", "removeprefix", "removesuffix",
    "rfind", "rindex", "rjust", "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip",
    "swapcase", "title", "upper", "zfill",
})
# Methods of the builtin containers and of a data model that touch nothing but the value itself (called on a
# value the handler built or on the request's own data); a model's own methods may do anything.
METODOS_DE_VALOR = METODOS_TEXTO | frozenset({
    "append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "get", "keys",
    "values", "items", "copy", "add", "discard", "union", "intersection", "difference", "sort", "reverse",
    "model_dump", "model_dump_json", "model_copy", "dict", "json",
})
# What a handler may ask of its client through the MCP `Context`: notifications and questions to the user.
METODOS_CONTEXTO = frozenset({"debug", "info", "warning", "error", "log", "report_progress", "send_log_message",
                              "send_progress_notification", "send_notification", "elicit"})
METODOS_LOG = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})
# Parameter annotations whose values are the request's own data (deserialized for this call).
TIPOS_DE_DATOS = frozenset({"str", "int", "float", "bool", "bytes", "list", "dict", "set", "tuple", "List", "Dict",
                            "Set", "Tuple", "Sequence", "Mapping", "Literal"})
LITERALES = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString, cst.Integer, cst.Float,
             cst.Imaginary, cst.Dict, cst.List, cst.Set, cst.Tuple, cst.DictComp, cst.ListComp, cst.SetComp,
             cst.GeneratorExp)
TEXTOS = (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)
PROFUNDIDAD = 4  # project functions followed from the handler
# The locals one question is reading, by what is asked of them ("propio", "texto", "elementos"): a local
# met again further down is one whose bindings reach it (`s = s.strip()`), and its other bindings decide
# (`Efectos._local`).
Vistos = set[tuple[str, str]]


class Efectos:
    """`sin_efectos(m, fn)`, remembered per function for the unit's tools."""

    def __init__(self, proyecto: Proyecto, tipo_de_clase: Callable[[Modulo, cst.ClassDef], str]) -> None:
        self.proyecto = proyecto
        self.tipo_de_clase = tipo_de_clase  # Derivador.tipo_de_clase: modelo | typeddict | dataclass | enum | otra
        self._hechas: dict[int, bool] = {}
        self._locales: dict[tuple[int, str, str], bool] = {}  # (function, question, local) -> answer (`_local`)
        self._ciclos = 0  # how many times a question met a local it was already reading

    def sin_efectos(self, m: Modulo, fn: cst.FunctionDef, profundidad: int = 0) -> bool:
        """Whether calling `fn` (a function of module `m`) changes nothing (the module docstring)."""
        if id(fn) in self._hechas:
            return self._hechas[id(fn)]
        self._hechas[id(fn)] = False  # a function that reaches itself is not shown to change nothing
        info = m.funcion(fn)
        resultado = info is not None and profundidad <= PROFUNDIDAD and self._cuerpo(m, info, profundidad)
        self._hechas[id(fn)] = resultado
        return resultado

    def _cuerpo(self, m: Modulo, info: FuncionInfo, profundidad: int) -> bool:
        if info.globales:
            return False
        parametros = {p.name.value: p for p in todos_los_parametros(info.nodo.params)}
        for nombre in info.mutaciones:
            if not self._propio(m, info, parametros, nombre, set()):
                return False
        de_la_definicion = llamadas_de_la_definicion(info.nodo)
        cuerpo: Optional[tuple[bool, set[int]]] = None  # the body's walk, made only when it can change the answer
        for llamada in info.llamadas:
            if id(llamada) in de_la_definicion or self._llamada_pura(m, info, parametros, llamada, profundidad):
                continue
            cuerpo = cuerpo or del_cuerpo(info.nodo)
            if id(llamada) not in cuerpo[1]:
                return False
        return not (cuerpo or del_cuerpo(info.nodo))[0]

    # -- what a name holds ---------------------------------------------------------------------------
    def _propio(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param], nombre: str,
                vistos: Vistos) -> bool:
        """Whether local `nombre` only ever holds a value this call built (or the request's own data)."""
        if nombre in parametros:
            return self._de_datos(m, parametros[nombre])

        def cada(ligaduras: list[Asignacion]) -> bool:
            # `n += 1` rebinds the local from itself: what it holds is what its other bindings hold
            propias = [a for a in ligaduras if not isinstance(a.nodo, cst.AugAssign)]
            return bool(propias) and all(
                self._elementos(m, info, parametros, a.nodo.iter, vistos) if isinstance(a.nodo, cst.For)
                else a.valor is not None and self._nuevo(m, info, parametros, a.valor, vistos) for a in propias)

        return self._local(info, "propio", nombre, vistos, cada)

    def _local(self, info: FuncionInfo, clave: str, nombre: str, vistos: Vistos,
               cada: Callable[[list[Asignacion]], bool]) -> bool:
        """`cada(bindings)` of local `nombre` for question `clave`, each answer worked out once per function.
        A local met again while its bindings are being read reaches itself (`datos = datos["items"]`): its
        other bindings decide, so it answers True there, and an answer that leaned on such a True is kept
        only where nothing above it is still being read (the question's root)."""
        ligaduras = info.asignaciones.get(nombre)
        if not ligaduras:
            return False
        llave = (id(info.nodo), clave, nombre)
        if llave in self._locales:
            return self._locales[llave]
        if (clave, nombre) in vistos:
            self._ciclos += 1
            return True
        raiz, antes = not vistos, self._ciclos
        vistos.add((clave, nombre))
        resultado = cada(ligaduras)
        if raiz or not resultado or self._ciclos == antes:
            self._locales[llave] = resultado
        return resultado

    def _elementos(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param], expr: cst.BaseExpression,
                   vistos: Vistos) -> bool:
        """Whether what iterating `expr` yields is the call's own: the items of the request's data, of a
        literal, of `range(...)`, or of `enumerate`/`zip`/`sorted`/... and `.items()`/`.split()` of those (a
        copy of module state, `list(STATE)`, still yields the objects the module holds)."""
        if isinstance(expr, (cst.List, cst.Tuple, cst.Set)):
            return all(isinstance(e.value, LITERALES) for e in expr.elements)
        if isinstance(expr, cst.BooleanOperation):
            return all(self._elementos(m, info, parametros, x, vistos) for x in (expr.left, expr.right))
        if isinstance(expr, cst.Name):
            if expr.value in parametros:
                return self._de_datos(m, parametros[expr.value])
            return self._local(info, "elementos", expr.value, vistos, lambda ligaduras: all(
                a.valor is not None and self._elementos(m, info, parametros, a.valor, vistos) for a in ligaduras))
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Name) and func.value in ("range", "enumerate", "zip", "sorted", "reversed",
                                                             "list", "tuple", "set") \
                    and self._builtin(m, info, parametros, func.value):
                return func.value == "range" or all(self._elementos(m, info, parametros, a.value, vistos)
                                                    for a in expr.args if a.keyword is None)
            if isinstance(func, cst.Attribute) and func.attr.value in ("items", "keys", "values"):
                return self._elementos(m, info, parametros, func.value, vistos)
            return self._metodo_de_texto(m, info, parametros, func, vistos)  # `text.split()`: strings
        return False

    def _nuevo(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param], expr: cst.BaseExpression,
               vistos: Vistos) -> bool:
        """Whether `expr` evaluates to a value of its own (never to an object something else holds)."""
        if isinstance(expr, cst.Await):
            return self._nuevo(m, info, parametros, expr.expression, vistos)
        if isinstance(expr, LITERALES) or isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
            return True
        if isinstance(expr, (cst.BinaryOperation, cst.UnaryOperation, cst.Comparison)):
            return True  # arithmetic, concatenation and tests build a new value
        if isinstance(expr, cst.BooleanOperation):
            return all(self._nuevo(m, info, parametros, x, vistos) for x in (expr.left, expr.right))
        if isinstance(expr, cst.IfExp):
            return all(self._nuevo(m, info, parametros, x, vistos) for x in (expr.body, expr.orelse))
        if isinstance(expr, cst.Name):
            return self._propio(m, info, parametros, expr.value, vistos)
        if isinstance(expr, (cst.Subscript, cst.Attribute)):
            return self._de_la_llamada(m, info, parametros, expr, vistos)  # a part of the request's own data
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Name) and func.value in BUILTINS_ALIAS and self._builtin(m, info, parametros, func.value):
                return False
            return self._constructor_o_puro(m, info, parametros, func) or self._metodo_de_texto(m, info, parametros, func, vistos)
        return False

    def _texto(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param], expr: cst.BaseExpression,
               vistos: Vistos) -> bool:
        """Whether `expr` is a string this call made (a literal, an f-string, `str(x)`, a `str` parameter, a
        string method's result, or a local bound only to those)."""
        if isinstance(expr, TEXTOS):
            return True
        if isinstance(expr, cst.Call):
            func = expr.func
            if isinstance(func, cst.Name) and func.value in ("str", "repr", "format") and self._builtin(m, info, parametros, func.value):
                return True
            return self._metodo_de_texto(m, info, parametros, func, vistos)
        if isinstance(expr, cst.Name):
            if expr.value in parametros:
                anotacion = parametros[expr.value].annotation
                return anotacion is not None and _nombre_de_tipo(anotacion.annotation) == "str"
            return self._local(info, "texto", expr.value, vistos, lambda ligaduras: all(
                a.valor is not None and self._texto(m, info, parametros, a.valor, vistos) for a in ligaduras))
        return False

    def _metodo_de_texto(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param],
                         func: cst.BaseExpression, vistos: Vistos) -> bool:
        return (isinstance(func, cst.Attribute) and func.attr.value in METODOS_TEXTO
                and self._texto(m, info, parametros, func.value, vistos))

    # -- what a call may do --------------------------------------------------------------------------
    def _llamada_pura(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param], llamada: cst.Call,
                      profundidad: int) -> bool:
        func = llamada.func
        if self._constructor_o_puro(m, info, parametros, func) or self._metodo_de_texto(m, info, parametros, func, set()):
            return True
        if isinstance(func, cst.Name):
            anidada = _funcion_local(info, func.value)
            if anidada is not None:
                return self.sin_efectos(m, anidada, profundidad + 1)
            if func.value in parametros or func.value in info.asignaciones:
                return False
            d = self.proyecto.definicion(m, func.value)
            return (d is not None and d.tipo == "funcion" and d.modulo is not None
                    and isinstance(d.nodo, cst.FunctionDef) and self.sin_efectos(d.modulo, d.nodo, profundidad + 1))
        if isinstance(func, cst.Attribute):
            metodo, receptor = func.attr.value, func.value
            if metodo in METODOS_DE_VALOR and self._de_la_llamada(m, info, parametros, receptor, set()) \
                    and not self._metodo_del_modelo(m, info, parametros, receptor, metodo):
                return True  # a method of a value this call built: what it changes is the call's own
            if metodo in METODOS_CONTEXTO and self._del_contexto(m, parametros, receptor):
                return True
            if metodo in METODOS_LOG and self._registrador(m, info, parametros, receptor):
                return True
            d = self.proyecto.resolver(m, func)  # a function of a project module (`utils.formatear(x)`)
            return (d is not None and d.tipo == "funcion" and d.modulo is not None
                    and isinstance(d.nodo, cst.FunctionDef) and self.sin_efectos(d.modulo, d.nodo, profundidad + 1))
        return False

    def _metodo_del_modelo(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param],
                           receptor: cst.BaseExpression, metodo: str) -> bool:
        """Whether `receptor` may be an instance of a project class that defines `metodo` itself: a
        parameter typed with it, or a local bound to its constructor (`n = Nota(...)`). A data model's own
        `update()` may write anywhere; only the container's or pydantic's is the value's own."""
        if not isinstance(receptor, cst.Name):
            return False
        if receptor.value in parametros:
            anotacion = parametros[receptor.value].annotation
            tipos = [anotacion.annotation] if anotacion is not None else []
        else:
            tipos = [a.valor.func for a in info.asignaciones.get(receptor.value, [])
                     if isinstance(a.valor, cst.Call)]
        for tipo in tipos:
            d = self.proyecto.resolver(m, tipo)
            if d is not None and d.tipo == "clase" and d.modulo is not None \
                    and metodo in d.modulo.metodos.get(id(d.nodo), {}):
                return True
        return False

    def _de_la_llamada(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param],
                       expr: cst.BaseExpression, vistos: Vistos) -> bool:
        """Whether `expr` is a value this call built or the request's own data, or a part of one
        (`args["city"]`, `params.arguments`, `(params.arguments or {}).get("city")`). `vistos`: the locals
        whose bindings are being read (`_local`)."""
        while True:
            if isinstance(expr, (cst.Subscript, cst.Attribute)):
                expr = expr.value
            elif isinstance(expr, cst.BooleanOperation):
                if not self._nuevo(m, info, parametros, expr.right, vistos):
                    return False
                expr = expr.left
            elif isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "get":
                expr = expr.func.value
            else:
                break
        if isinstance(expr, cst.Name):
            return self._propio(m, info, parametros, expr.value, vistos)
        return isinstance(expr, LITERALES)

    def _constructor_o_puro(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param],
                            func: cst.BaseExpression) -> bool:
        """A builtin that computes, a data model's constructor, or a pure standard module's function."""
        if isinstance(func, cst.Name):
            if func.value in BUILTINS_PUROS and self._builtin(m, info, parametros, func.value):
                return True
            if func.value in parametros or func.value in info.asignaciones:
                return False
        elif not isinstance(func, cst.Attribute):
            return False
        d = self.proyecto.resolver(m, func)
        if d is not None and d.tipo == "clase" and d.modulo is not None and isinstance(d.nodo, cst.ClassDef):
            return self.tipo_de_clase(d.modulo, d.nodo) != "otra"
        if d is not None and d.tipo == "externo" and not d.relativa:
            return any(d.nombre == p or d.nombre.startswith(p + ".") for p in MODULOS_PUROS)
        return False

    def _builtin(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param], nombre: str) -> bool:
        """Whether `nombre` in this function is the builtin (not a parameter, local or module name)."""
        return (nombre not in parametros and nombre not in info.asignaciones and nombre not in info.importados
                and self.proyecto.definicion(m, nombre) is None and nombre not in m.ligados_modulo)

    def _de_datos(self, m: Modulo, parametro: cst.Param) -> bool:
        """Whether a parameter holds the request's own data, deserialized for this call: annotated with a
        builtin value type (`str`, `list[str]`, `dict[str, Any]`), a data model of the project, or an
        optional, union or `Annotated` of those."""
        return parametro.annotation is not None and self._tipo_de_datos(m, parametro.annotation.annotation, 0)

    def _tipo_de_datos(self, m: Modulo, expr: cst.BaseExpression, profundidad: int) -> bool:
        if profundidad > 4:
            return False
        if isinstance(expr, cst.Name) and expr.value == "None":
            return True
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):  # `str | None`
            return all(self._tipo_de_datos(m, x, profundidad + 1) for x in (expr.left, expr.right))
        nombre = _nombre_de_tipo(expr)
        if nombre in ("Optional", "Union", "Annotated") and isinstance(expr, cst.Subscript):
            elementos = [e.slice.value for e in expr.slice if isinstance(e.slice, cst.Index)]
            return bool(elementos) and all(self._tipo_de_datos(m, x, profundidad + 1)
                                           for x in (elementos[:1] if nombre == "Annotated" else elementos))
        if nombre in TIPOS_DE_DATOS:
            return True
        d = self.proyecto.resolver(m, expr.value if isinstance(expr, cst.Subscript) else expr)
        if d is not None and d.tipo == "externo":  # a request type of the SDK (`types.CallToolRequestParams`)
            return d.nombre.startswith(("mcp.types.", "mcp_types."))
        return (d is not None and d.tipo == "clase" and d.modulo is not None and isinstance(d.nodo, cst.ClassDef)
                and self.tipo_de_clase(d.modulo, d.nodo) != "otra")

    def _del_contexto(self, m: Modulo, parametros: dict[str, cst.Param], receptor: cst.BaseExpression) -> bool:
        """Whether `receptor` is the handler's MCP `Context` parameter or an attribute chain from it."""
        while isinstance(receptor, cst.Attribute):
            receptor = receptor.value
        if not isinstance(receptor, cst.Name) or receptor.value not in parametros:
            return False
        anotacion = parametros[receptor.value].annotation
        if anotacion is None:
            return False
        nombres = self.proyecto.calificados(m, anotacion.annotation)
        return any(n.split(".")[0] in ("mcp", "fastmcp") and n.endswith(".Context") for n in nombres)

    def _registrador(self, m: Modulo, info: FuncionInfo, parametros: dict[str, cst.Param],
                     receptor: cst.BaseExpression) -> bool:
        """Whether `receptor` is a logger: `logging.getLogger(...)` bound at module level, or `logging`."""
        if not isinstance(receptor, cst.Name) or receptor.value in parametros or receptor.value in info.asignaciones:
            return False
        valor = m.constantes.get(receptor.value)
        if isinstance(valor, cst.Call):
            return termina_en(self.proyecto.calificados(m, valor.func), "logging.getLogger")
        return termina_en(self.proyecto.calificados(m, receptor), "logging")


def _funcion_local(info: FuncionInfo, nombre: str) -> Optional[cst.FunctionDef]:
    """The nested def `nombre` is bound to, when that is its only binding in the function."""
    ligaduras = info.asignaciones.get(nombre, [])
    if len(ligaduras) == 1 and isinstance(ligaduras[0].nodo, cst.FunctionDef):
        return ligaduras[0].nodo
    return None


def llamadas_de_la_definicion(fn: cst.FunctionDef) -> set[int]:
    """Ids of the calls in a def's decorators, defaults and annotations: run once where it is defined,
    never by a call of it."""
    apartadas: set[int] = set()

    class _Llamadas:
        def visit_Call(self, node: cst.Call) -> None:
            apartadas.add(id(node))

    for parte in (*fn.decorators, fn.params, fn.returns):
        if parte is not None:
            recorrer(parte, _Llamadas())
    return apartadas


def del_cuerpo(fn: cst.FunctionDef) -> tuple[bool, set[int]]:
    """Of the function's own statements (nested defs aside): whether one declares a `nonlocal` (it then
    rebinds an outer call's local), and the ids of the calls that build the exception a `raise` raises
    (`raise ToolError(...)` changes nothing)."""
    nonlocal_ = False
    lanzadas: set[int] = set()

    class _Buscar:
        def visit_Nonlocal(self, node: cst.Nonlocal) -> None:
            nonlocal nonlocal_
            nonlocal_ = True

        def visit_Raise(self, node: cst.Raise) -> None:
            if isinstance(node.exc, cst.Call):
                lanzadas.add(id(node.exc))

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return False  # a nested def's statements are its own

    recorrer(fn.body, _Buscar())
    return nonlocal_, lanzadas


def _nombre_de_tipo(expr: cst.BaseExpression) -> Optional[str]:
    """`str` of `str`, `list` of `list[str]`, `Optional` of `Optional[int]` (the subscripted name)."""
    if isinstance(expr, cst.Subscript):
        expr = expr.value
    if isinstance(expr, cst.Attribute):
        return expr.attr.value
    return expr.value if isinstance(expr, cst.Name) else None


