"""Find published tools in each registration style and resolve their schemas and handlers."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from . import sdk
from .anotaciones import Derivador
from .literales import Literales, describir
from .proyecto import Proyecto
from .recolector import Modulo, texto_cadena
from .tipos import Emision, Esquema, Herramienta, NoResuelto

CAMPOS_NOMBRE = ("name", "nombre")
CAMPOS_SALIDA = ("outputSchema", "output_schema")
CAMPOS_ENTRADA = ("inputSchema", "input_schema")
CAMPOS_MANEJADOR = ("handler", "manejador", "fn")


def _clase_servidor(nombres: set[str]) -> Optional[str]:
    """Registration style of a server class by qualified name."""
    for n in nombres:
        partes = n.split(".")
        if partes[-1] == "FastMCP" and partes[0] == "fastmcp":
            return "fastmcp"
        if partes[0] == "mcp" and partes[-1] in ("FastMCP", "MCPServer"):
            return "decorador"
        if partes[0] == "mcp" and partes[-1] == "Server" and ("lowlevel" in partes or partes[:2] == ["mcp", "server"]):
            return "lowlevel"
    return None


def es_tool_mcp(nombres: set[str]) -> bool:
    """Whether a call target is the protocol `Tool` type (mcp.types / mcp_types)."""
    return any(n.split(".")[-1] == "Tool" and (n.startswith("mcp.types") or n.startswith("mcp_types")) for n in nombres)


def nombra_tool(m: Modulo) -> bool:
    """Whether module `m` spells the name `Tool` at all: a qualified name ending in `Tool` comes
    from an import or attribute that spells it, so without it no call needs qualified names."""
    return "Tool" in m.identificadores


class Registro:
    """Tool discovery over one module, with cross-file resolution through the project."""

    def __init__(self, proyecto: Proyecto, literales: Literales, derivador: Derivador) -> None:
        self.proyecto, self.literales, self.derivador = proyecto, literales, derivador
        self.problemas: list[tuple[Optional[str], NoResuelto]] = []
        self._manejadores: Optional[list[tuple[Modulo, cst.FunctionDef]]] = None
        self._cuenta_tool: Optional[int] = None

    def _problema(self, herramienta: Optional[str], motivo: str, pos) -> None:
        self.problemas.append((herramienta, NoResuelto(motivo, pos)))

    # -- server instances ------------------------------------------------------
    def estilo_instancia(self, m: Modulo, expr: cst.BaseExpression, saltos: int = 0) -> Optional[str]:
        """Style of the server object `expr` names (an instance of a known server class)."""
        if isinstance(expr, cst.Call):
            return _clase_servidor(self.proyecto.calificados(m, expr.func))
        if not isinstance(expr, cst.Name) or saltos > 8:
            return None
        alcance = m.alcance(expr)
        if alcance is not None:
            try:
                asignaciones = list(alcance[expr.value])
            except Exception:
                asignaciones = []
            for a in asignaciones:
                valor = m.valores.get(id(getattr(a, "node", None)))
                if valor is not None:
                    estilo = self.estilo_instancia(m, valor, saltos + 1)
                    if estilo:
                        return estilo
        d = self.proyecto.definicion(m, expr.value)
        if d is not None and d.tipo == "constante" and d.modulo is not None:
            return self.estilo_instancia(d.modulo, d.nodo, saltos + 1)
        return None

    # -- schemas ---------------------------------------------------------------
    def esquema_literal(self, nombre: str, m: Modulo, expr: Optional[cst.BaseExpression]) -> tuple[str, Optional[Esquema]]:
        """State and schema of a schema written as a value (literal, constant, helper, model_json_schema())."""
        if expr is None or (isinstance(expr, cst.Name) and expr.value == "None"):
            return "ninguno", None
        posiciones: dict = {}
        try:
            valor = self.literales.evaluar(m, expr, posiciones)
        except NoResuelto as e:
            self.problemas.append((nombre, NoResuelto(f"schema of tool `{nombre}`: {e.motivo}", e.pos or m.pos(expr))))
            return "no_resuelto", None
        clase = "modelo" if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "model_json_schema" else "literal"
        return clase, Esquema(valor, m.pos(expr), clase, posiciones)

    # -- styles ----------------------------------------------------------------
    def herramientas(self, m: Modulo) -> list[Herramienta]:
        """Every tool registered in module `m`, in all recognised styles."""
        salida = self._decoradores(m) + self._add_tool(m) + self._lowlevel(m) + self._tablas(m)
        return salida

    def _decoradores(self, m: Modulo) -> list[Herramienta]:
        salida = []
        for fn, dec in m.decoradas:
            expr = dec.decorator
            llamada = expr if isinstance(expr, cst.Call) else None
            objetivo = llamada.func if llamada else expr
            if not (isinstance(objetivo, cst.Attribute) and objetivo.attr.value == "tool"):
                continue
            estilo = self.estilo_instancia(m, objetivo.value)
            if estilo is None or estilo == "lowlevel":
                self._problema(fn.name.value, f"decorator `@{describir(m, expr)}` on `{fn.name.value}`: `{describir(m, objetivo.value)}` is not a known MCP server instance", m.pos(dec))
                continue
            if llamada is None and estilo == "decorador":
                self._problema(fn.name.value, f"`@{describir(m, expr)}` is used without parentheses; the SDK refuses it", m.pos(dec))
                continue
            salida.append(self._funcion(m, fn, list(llamada.args) if llamada else [], estilo, m.pos(dec)))
        return salida

    def _add_tool(self, m: Modulo) -> list[Herramienta]:
        salida = []
        for llamada in m.llamadas:
            f = llamada.func
            if not (isinstance(f, cst.Attribute) and f.attr.value == "add_tool"):
                continue
            estilo = self.estilo_instancia(m, f.value)
            if estilo is None or estilo == "lowlevel":
                self._problema(None, f"`{describir(m, llamada)}`: `{describir(m, f.value)}` is not a known MCP server instance", m.pos(llamada))
                continue
            args = list(llamada.args)
            if not args:
                self._problema(None, "add_tool() without a function", m.pos(llamada))
                continue
            primero = args[0].value
            if isinstance(primero, cst.Call) and isinstance(primero.func, cst.Attribute) and primero.func.attr.value == "from_function" and primero.args:
                args = list(primero.args)
                primero = args[0].value
            d = self.proyecto.resolver(m, primero)
            if d is None or d.tipo != "funcion":
                self._problema(None, f"handler `{describir(m, primero)}` passed to add_tool() not found", m.pos(llamada))
                continue
            salida.append(self._funcion(d.modulo, d.nodo, args[1:], estilo, m.pos(llamada), registrado_en=m))
        return salida

    def _funcion(self, m: Modulo, fn: cst.FunctionDef, args: list[cst.Arg], estilo: str, pos, registrado_en: Optional[Modulo] = None) -> Herramienta:
        """A tool backed by a decorated/added function: name, schemas, emission sites."""
        rm = registrado_en or m
        nombre, estructurada, salida_expr, hay_salida = fn.name.value, None, None, False
        for i, a in enumerate(args):
            clave = a.keyword.value if a.keyword is not None else ("name" if i == 0 else None)
            if clave == "name":
                texto = texto_cadena(a.value)
                if texto is None:
                    try:
                        texto = self.literales.evaluar(rm, a.value)
                    except NoResuelto:
                        texto = None
                if not isinstance(texto, str):
                    self._problema(fn.name.value, f"tool name `{describir(rm, a.value)}` is not a string literal", rm.pos(a))
                else:
                    nombre = texto
            elif clave == "structured_output" and isinstance(a.value, cst.Name) and a.value.value in ("True", "False", "None"):
                estructurada = {"True": True, "False": False, "None": None}[a.value.value]
            elif clave == "output_schema":
                salida_expr, hay_salida = a.value, True
        h = Herramienta(nombre, pos, "fastmcp" if estilo == "fastmcp" else "decorador", rm)
        if hay_salida:
            h.estado_salida, h.salida = self.esquema_literal(nombre, rm, salida_expr)
        else:
            try:
                h.estado_salida, h.salida = sdk.salida(self.derivador, m, fn, estructurada, estilo)
            except NoResuelto as e:
                self.problemas.append((nombre, NoResuelto(f"output schema of tool `{nombre}`: {e.motivo}", e.pos)))
                h.estado_salida = "no_resuelto"
        try:
            h.entrada, h.estado_entrada = sdk.entrada(self.derivador, m, fn, estilo), "modelo"
        except NoResuelto as e:
            self.problemas.append((nombre, NoResuelto(f"input schema of tool `{nombre}`: {e.motivo}", e.pos)))
            h.estado_entrada = "no_resuelto"
        h.agregar_funcion(m, fn)
        info = m.funcion(fn)
        for r in info.retornos if info else []:
            h.emisiones.append(Emision(r, r.value, m, fn))
        return h

    # -- low-level -------------------------------------------------------------
    def _lowlevel(self, m: Modulo) -> list[Herramienta]:
        salida: list[Herramienta] = []
        if not nombra_tool(m):
            return salida
        for llamada in m.llamadas:
            if not es_tool_mcp(self.proyecto.calificados(m, llamada.func)):
                continue
            campos = {a.keyword.value: a.value for a in llamada.args if a.keyword is not None}
            nombre = texto_cadena(campos.get("name", cst.Name("x")))
            if nombre is None:
                try:
                    nombre = self.literales.evaluar(m, campos["name"]) if "name" in campos else None
                except NoResuelto:
                    nombre = None
            if not isinstance(nombre, str):
                self._problema(None, f"Tool(...) without a literal name: `{describir(m, llamada)}`", m.pos(llamada))
                continue
            h = Herramienta(nombre, m.pos(llamada), "lowlevel", m)
            h.estado_salida, h.salida = self.esquema_literal(nombre, m, _campo(campos, CAMPOS_SALIDA))
            h.estado_entrada, h.entrada = self.esquema_literal(nombre, m, _campo(campos, CAMPOS_ENTRADA))
            self._despacho(h)
            salida.append(h)
        return salida

    def manejadores_llamada(self) -> list[tuple[Modulo, cst.FunctionDef]]:
        """Every low-level call_tool handler in the project (computed once per Registro)."""
        if self._manejadores is None:
            self._manejadores = self._buscar_manejadores()
        return self._manejadores

    def cuenta_tool(self) -> int:
        """How many protocol `Tool(...)` calls the project makes (computed once per Registro)."""
        if self._cuenta_tool is None:
            self._cuenta_tool = len([1 for x in self.proyecto.modulos_con("Tool") if nombra_tool(x) for c in x.llamadas
                                     if es_tool_mcp(self.proyecto.calificados(x, c.func))])
        return self._cuenta_tool

    def _buscar_manejadores(self) -> list[tuple[Modulo, cst.FunctionDef]]:
        """Handlers are `@x.call_tool()` functions or `on_call_tool=` arguments: both name `call_tool`."""
        salida = []
        for m in self.proyecto.modulos_con("call_tool"):
            for fn, dec in m.decoradas:
                expr = dec.decorator
                f = expr.func if isinstance(expr, cst.Call) else expr
                if isinstance(f, cst.Attribute) and f.attr.value == "call_tool" and self.estilo_instancia(m, f.value) == "lowlevel":
                    salida.append((m, fn))
            for llamada in m.llamadas:
                if _clase_servidor(self.proyecto.calificados(m, llamada.func)) == "lowlevel":
                    for a in llamada.args:
                        if a.keyword is not None and a.keyword.value == "on_call_tool":
                            d = self.proyecto.resolver(m, a.value)
                            if d is not None and d.tipo == "funcion":
                                salida.append((d.modulo, d.nodo))
        return salida

    def _despacho(self, h: Herramienta) -> None:
        """Attach the returns of the call handler branch that dispatches tool `h`."""
        manejadores = self.manejadores_llamada()
        if not manejadores:
            self._problema(h.nombre, f"handler of low-level tool `{h.nombre}` not found (no call_tool handler)", h.pos)
            return
        for m, fn in manejadores:
            ramas = ramas_de_despacho(m, fn)
            info = m.funcion(fn)
            if not ramas:
                if self.cuenta_tool() == 1:
                    rangos = [(m.pos(fn).linea, m.fin(fn))]
                else:
                    continue
            else:
                rangos = ramas.get(h.nombre, [])
            if not rangos:
                continue
            h.agregar_funcion(m, fn)
            h.rangos.extend((m.archivo, a, b) for a, b in rangos)
            for r in info.retornos if info else []:
                linea = m.pos(r).linea
                if any(a <= linea <= b for a, b in rangos):
                    h.emisiones.append(Emision(r, r.value, m, fn))
            return
        self._problema(h.nombre, f"no branch of the call_tool handler dispatches tool `{h.nombre}`", h.pos)

    # -- declarative tables ------------------------------------------------------
    def _tablas(self, m: Modulo) -> list[Herramienta]:
        salida = []
        for nombre_tabla, valor in m.constantes.items():
            if not isinstance(valor, (cst.List, cst.Tuple, cst.Set, cst.Dict)):
                continue
            elementos = self._elementos(m, valor)
            if not any(_es_entrada(c) for _, _, c, _ in elementos):
                continue
            for nodo, em, campos, clave in elementos:
                salida.extend(self._entrada_tabla(nombre_tabla, m, nodo, em, campos, clave))
        return salida

    def _elementos(self, m: Modulo, valor: cst.BaseExpression) -> list[tuple]:
        """(node, module, fields, dict key) of each element of a candidate table."""
        crudos: list[tuple[cst.BaseExpression, Optional[str]]] = []
        if isinstance(valor, cst.Dict):
            for el in valor.elements:
                if isinstance(el, cst.DictElement):
                    crudos.append((el.value, texto_cadena(el.key)))
        else:
            crudos = [(el.value, None) for el in valor.elements if isinstance(el, cst.Element)]
        salida = []
        for expr, clave in crudos:
            em, nodo = m, expr
            if isinstance(expr, (cst.Name, cst.Attribute)):
                d = self.proyecto.resolver(m, expr)
                if d is not None and d.tipo == "constante":
                    em, nodo = d.modulo, d.nodo
            campos = _campos_de(em, nodo, self.proyecto)
            salida.append((nodo, em, campos, clave))
        return salida

    def _entrada_tabla(self, tabla: str, m: Modulo, nodo: cst.BaseExpression, em: Modulo, campos: Optional[dict], clave: Optional[str]) -> list[Herramienta]:
        """One table element -> one tool (or a reason)."""
        if campos is None:
            self._problema(None, f"element `{describir(em, nodo)}` of tool table `{tabla}` is not a dict literal or a call with keyword fields", em.pos(nodo))
            return []
        expr_nombre = _campo(campos, CAMPOS_NOMBRE)
        nombre = clave
        if expr_nombre is not None:
            try:
                nombre = self.literales.evaluar(em, expr_nombre)
            except NoResuelto:
                nombre = None
        if not isinstance(nombre, str):
            self._problema(None, f"an entry of tool table `{tabla}` has no literal name", em.pos(nodo))
            return []
        h = Herramienta(nombre, em.pos(nodo), "tabla", em)
        h.estado_salida, h.salida = self.esquema_literal(nombre, em, _campo(campos, CAMPOS_SALIDA))
        h.estado_entrada, h.entrada = self.esquema_literal(nombre, em, _campo(campos, CAMPOS_ENTRADA))
        manejador = _campo(campos, CAMPOS_MANEJADOR)
        if manejador is None:
            self._problema(nombre, f"tool `{nombre}` in table `{tabla}` has no handler field", em.pos(nodo))
        elif isinstance(manejador, cst.Lambda):
            h.emisiones.append(Emision(manejador, manejador.body, em, None))
        else:
            d = self.proyecto.resolver(em, manejador)
            if d is None or d.tipo != "funcion":
                self._problema(nombre, f"handler `{describir(em, manejador)}` of tool `{nombre}` not found", em.pos(manejador))
            else:
                h.agregar_funcion(d.modulo, d.nodo)
                info = d.modulo.funcion(d.nodo)
                for r in info.retornos if info else []:
                    h.emisiones.append(Emision(r, r.value, d.modulo, d.nodo))
        return [h]


def _campo(campos: dict, nombres: tuple[str, ...]) -> Optional[cst.BaseExpression]:
    """The first present field among synonyms."""
    for n in nombres:
        if n in campos:
            return campos[n]
    return None


def _es_entrada(campos: Optional[dict]) -> bool:
    """A table element: a name field and a schema field."""
    return campos is not None and _campo(campos, CAMPOS_NOMBRE) is not None and (
        _campo(campos, CAMPOS_SALIDA) is not None or _campo(campos, CAMPOS_ENTRADA) is not None)


def _campos_de(m: Modulo, nodo: cst.BaseExpression, proyecto: Proyecto) -> Optional[dict]:
    """Fields of a dict literal with string keys or of a keyword call (not the protocol Tool)."""
    if isinstance(nodo, cst.Dict):
        campos = {}
        for el in nodo.elements:
            if isinstance(el, cst.DictElement):
                k = texto_cadena(el.key)
                if k is not None:
                    campos[k] = el.value
        return campos
    if isinstance(nodo, cst.Call) and not (nombra_tool(m) and es_tool_mcp(proyecto.calificados(m, nodo.func))):
        return {a.keyword.value: a.value for a in nodo.args if a.keyword is not None}
    return None


def _sujeto(expr: cst.BaseExpression, parametros: list[str]) -> bool:
    """Whether `expr` is the dispatched tool name: a parameter or `<param>.name`."""
    if isinstance(expr, cst.Name):
        return expr.value in parametros
    return isinstance(expr, cst.Attribute) and expr.attr.value == "name" and isinstance(expr.value, cst.Name) and expr.value.value in parametros


def _nombres_comparados(test: cst.BaseExpression, parametros: list[str]) -> list[str]:
    """Tool names an `if` test selects: `x == "a"`, `"a" == x`, `x in ("a", "b")`, joined with `or`."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _nombres_comparados(test.left, parametros) + _nombres_comparados(test.right, parametros)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        op = test.comparisons[0]
        izq, der = test.left, op.comparator
        if isinstance(op.operator, cst.Equal):
            if _sujeto(izq, parametros) and texto_cadena(der) is not None:
                return [texto_cadena(der)]
            if _sujeto(der, parametros) and texto_cadena(izq) is not None:
                return [texto_cadena(izq)]
        if isinstance(op.operator, cst.In) and _sujeto(izq, parametros) and isinstance(der, (cst.Tuple, cst.List, cst.Set)):
            return [t for t in (texto_cadena(e.value) for e in der.elements) if t is not None]
    return []


def _patrones(p: cst.MatchPattern) -> list[str]:
    """Literal strings a `case` pattern matches."""
    if isinstance(p, cst.MatchValue):
        t = texto_cadena(p.value)
        return [t] if t is not None else []
    if isinstance(p, cst.MatchOr):
        return [x for alt in p.patterns for x in _patrones(alt.pattern)]
    if isinstance(p, cst.MatchAs) and p.pattern is not None:
        return _patrones(p.pattern)
    return []


def ramas_de_despacho(m: Modulo, fn: cst.FunctionDef) -> dict[str, list[tuple[int, int]]]:
    """Line ranges of the branches of a call handler, by dispatched tool name."""
    parametros = [p.name.value for p in [*fn.params.posonly_params, *fn.params.params]]
    salida: dict[str, list[tuple[int, int]]] = {}

    def recorrer(sentencias) -> None:
        for s in sentencias:
            if isinstance(s, cst.If):
                actual: Optional[cst.CSTNode] = s
                while isinstance(actual, cst.If):
                    for nombre in _nombres_comparados(actual.test, parametros):
                        salida.setdefault(nombre, []).append((m.pos(actual).linea, m.fin(actual.body)))
                    recorrer(actual.body.body)
                    actual = actual.orelse
                if isinstance(actual, cst.Else):
                    recorrer(actual.body.body)
            elif isinstance(s, cst.Match) and _sujeto(s.subject, parametros):
                for caso in s.cases:
                    for nombre in _patrones(caso.pattern):
                        salida.setdefault(nombre, []).append((m.pos(caso).linea, m.fin(caso)))
            elif isinstance(s, (cst.With, cst.Try, cst.For, cst.While)) and isinstance(getattr(s, "body", None), cst.IndentedBlock):
                recorrer(s.body.body)

    if isinstance(fn.body, cst.IndentedBlock):
        recorrer(fn.body.body)
    return salida
