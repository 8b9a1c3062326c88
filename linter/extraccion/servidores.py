"""Which values are MCP server objects, followed through the program.

A value is a server when it is built by an SDK server class (`mcp` 1.x `FastMCP`, 2.x
`MCPServer` and its `Apps` extension, the low-level `Server`, the `fastmcp` package's `FastMCP` and
`LocalProvider`) or by an analyzed
subclass of one, possibly through a factory's return, an assignment, an attribute
(`self.mcp`), an annotated parameter, or — for an unannotated parameter — the arguments its
call sites pass. The answer is a `Servidor` or the reason the analyzer could not tell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Union

import libcst as cst

from .literales import describir
from .programa import Ligadura, Programa, argumento, es_metodo_estatico, parametros
from .recolector import Modulo, texto_cadena
from .tipos import Pos

MAX_PROFUNDIDAD = 14


@dataclass(frozen=True)
class Servidor:
    """A server object: registration style, SDK family and the class that builds it."""

    estilo: str  # "decorador" (mcp FastMCP/MCPServer) | "fastmcp" | "lowlevel"
    familia: str  # "mcp1" | "mcp2" | "fastmcp" | "mcp" (low-level, either major)
    clase: str  # qualified name of the SDK class
    donde: Lugar = field(compare=False, repr=False)  # where it is built (or the annotation that says so)

    @property
    def origen(self) -> Pos:
        """Where the server is built: located only when asked (most servers resolved are only tested
        for being one, and locating a node costs the module's positions)."""
        return self.donde.pos()


class Lugar:
    """A node of a module, to be located on demand."""

    __slots__ = ("modulo", "nodo")

    def __init__(self, modulo: Modulo, nodo: cst.CSTNode) -> None:
        self.modulo, self.nodo = modulo, nodo

    def pos(self) -> Pos:
        """The node's line and column."""
        return self.modulo.pos(self.nodo)


@dataclass(frozen=True)
class NoServidor:
    """Why a value could not be shown to be a server."""

    motivo: str


Respuesta = Union[Servidor, NoServidor]


# Class methods that build a server whose tools exist only at run time (a proxy, an OpenAPI spec).
GENERADORES = ("as_proxy", "from_openapi", "from_fastapi", "from_client")
# fastmcp classes and functions that build the same kind of server or provider.
CLASES_GENERADORAS = ("FastMCPProxy", "FastMCPOpenAPI", "OpenAPIProvider", "ProxyProvider", "create_proxy")


def generador_sdk(nombres: set[str]) -> Optional[str]:
    """The qualified name of an SDK call that builds a server whose tools are generated at run time."""
    for n in sorted(nombres):
        partes = n.split(".")
        if partes[0] == "fastmcp" and (partes[-1] in CLASES_GENERADORAS
                                       or (len(partes) > 1 and partes[-2] == "FastMCP" and partes[-1] in GENERADORES)):
            return n
    return None


def _una_clase(n: str) -> Optional[tuple[str, str, str]]:
    partes = n.split(".")
    if len(partes) > 2 and partes[-1] in GENERADORES and partes[-2] in ("FastMCP", "MCPServer"):
        partes = partes[:-1]
    if partes[0] == "fastmcp" and partes[-1] in ("FastMCP", "LocalProvider"):
        return "fastmcp", "fastmcp", n  # a LocalProvider holds tools for the servers it is given to
    if partes[0] != "mcp":
        return None
    if partes[-1] == "Apps" and "apps" in partes:
        return "decorador", "mcp2", n  # the mcp 2.x Apps extension: `@apps.tool(...)` like MCPServer's
    if partes[-1] == "FastMCP":
        return "decorador", "mcp1", n
    if partes[-1] == "MCPServer":
        return "decorador", "mcp2", n
    if partes[-1] == "Server" and ("lowlevel" in partes or partes[:2] == ["mcp", "server"]):
        return "lowlevel", "mcp", n
    return None


def clase_sdk(nombres: set[str]) -> Optional[tuple[str, str, str]]:
    """(style, family, qualified name) of an SDK server class, by qualified name.

    A name bound to both majors' classes (`try: from mcp.server.mcpserver import MCPServer as S /
    except ImportError: from mcp.server.fastmcp import FastMCP as S`) has family `mcp`: either major.
    """
    clases = [c for c in (_una_clase(n) for n in sorted(nombres)) if c is not None]
    if not clases:
        return None
    if {c[1] for c in clases} >= {"mcp1", "mcp2"}:
        return "decorador", "mcp", clases[0][2]
    return clases[0]


class Servidores:
    """Server resolution over the analyzed files (one instance per unit of work)."""

    def __init__(self, programa: Programa) -> None:
        self.programa = programa
        self.proyecto = programa.proyecto

    def de(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef]) -> Respuesta:
        """Whether `expr`, read inside `fn` of `m`, is a server object."""
        return self._valor(m, expr, fn, frozenset(), 0)

    def clase(self, m: Modulo, clase: cst.ClassDef, profundidad: int = 0) -> Optional[tuple[str, str, str]]:
        """The SDK server class an analyzed class derives from, if any."""
        if profundidad > MAX_PROFUNDIDAD:
            return None
        for bm, bc, nombres in self.programa.bases(m, clase):
            if bm is not None and bc is not None:
                r = self.clase(bm, bc, profundidad + 1)
            else:
                r = clase_sdk(nombres)
            if r is not None:
                return r
        return None

    def _valor(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef], vistos: frozenset,
               profundidad: int) -> Respuesta:
        if profundidad > MAX_PROFUNDIDAD or (id(expr), id(fn)) in vistos:
            return NoServidor(f"`{describir(m, expr)}` is reached through too many indirections")
        vistos = vistos | {(id(expr), id(fn))}
        if isinstance(expr, cst.Await):
            return self._valor(m, expr.expression, fn, vistos, profundidad + 1)
        if isinstance(expr, cst.Call):
            return self._llamada(m, expr, fn, vistos, profundidad)
        if isinstance(expr, (cst.Name, cst.Attribute)):
            return self._ligaduras(m, expr, self.programa.ligaduras_de(m, expr, fn), vistos, profundidad)
        if isinstance(expr, cst.BooleanOperation):
            for lado in (expr.left, expr.right):
                r = self._valor(m, lado, fn, vistos, profundidad + 1)
                if isinstance(r, Servidor):
                    return r
        return NoServidor(f"`{describir(m, expr)}` is not a server object the analyzer can follow")

    def _llamada(self, m: Modulo, llamada: cst.Call, fn, vistos, profundidad) -> Respuesta:
        sdk = clase_sdk(self.proyecto.calificados(m, llamada.func))
        if sdk is not None:
            return Servidor(*sdk, Lugar(m, llamada))
        if not isinstance(llamada.func, (cst.Name, cst.Attribute)):
            return NoServidor(f"`{describir(m, llamada)}` is not a server constructor")
        motivos = []
        for lig in self.programa.ligaduras_de(m, llamada.func, fn):
            if lig.tipo == "clase" and lig.m is not None:
                r = self.clase(lig.m, lig.nodo)
                if r is not None:
                    return Servidor(*r, Lugar(m, llamada))
                motivos.append(f"`{lig.nombre}` is not a server class")
            elif lig.tipo == "funcion" and lig.m is not None:
                r = self._fabrica(lig.m, lig.nodo, vistos, profundidad)
                if isinstance(r, Servidor):
                    return r
                motivos.append(r.motivo)
            elif lig.tipo == "externo":
                motivos.append(f"`{describir(m, llamada.func)}` is `{lig.nombre}`, neither an analyzed function nor an SDK server class")
            elif lig.motivo:
                motivos.append(lig.motivo)
        return NoServidor(motivos[0] if motivos else f"`{describir(m, llamada)}` is not a server constructor")

    def _fabrica(self, m: Modulo, fn: cst.FunctionDef, vistos, profundidad) -> Respuesta:
        """A factory: a server if one of its returns is."""
        info = m.funcion(fn)
        retornos = [r for r in (info.retornos if info else []) if r.value is not None]
        for r in retornos:
            respuesta = self._valor(m, r.value, fn, vistos, profundidad + 1)
            if isinstance(respuesta, Servidor):
                return respuesta
        return NoServidor(f"`{fn.name.value}()` does not return a server object the analyzer can see")

    def _ligaduras(self, m: Modulo, expr, ligaduras: list[Ligadura], vistos, profundidad) -> Respuesta:
        motivos = []
        for lig in ligaduras:
            r = self._ligadura(lig, vistos, profundidad)
            if isinstance(r, Servidor):
                return r
            motivos.append(r.motivo)
        return NoServidor(motivos[0] if motivos else f"`{describir(m, expr)}` has no binding the analyzer can see")

    def _ligadura(self, lig: Ligadura, vistos, profundidad) -> Respuesta:
        if lig.tipo == "valor" and lig.m is not None:
            return self._valor(lig.m, lig.nodo, lig.fn, vistos, profundidad + 1)
        if lig.tipo == "parametro" and lig.m is not None:
            return self._parametro(lig.m, lig.fn, lig.nodo, vistos, profundidad)
        if lig.tipo == "externo":
            return NoServidor(f"`{lig.nombre}` comes from a module that is not analyzed")
        if lig.tipo in ("funcion", "clase", "modulo", "bucle"):
            return NoServidor(f"`{lig.nombre}` is a {_tipos[lig.tipo]}, not a server object")
        return NoServidor(lig.motivo or f"`{lig.nombre}` cannot be followed")

    def _parametro(self, m: Modulo, fn: cst.FunctionDef, param: cst.Param, vistos, profundidad) -> Respuesta:
        """A parameter: its annotation says, or else the arguments of every call site."""
        nombre = param.name.value
        if param.annotation is not None:
            r = self._anotacion(m, param.annotation.annotation, Lugar(m, param))
            if r is not None:
                return r
        propio = self._propio(m, fn, param)
        if propio is not None:
            return propio
        llamadas = self.programa.llamadas_a(m, fn)
        motivos = []
        for llamada in llamadas:
            arg = argumento(llamada, fn, nombre)
            if arg is None:
                continue
            r = self._valor(llamada.m, arg, llamada.fn, vistos, profundidad + 1)
            if isinstance(r, Servidor):
                return r
            motivos.append(r.motivo)
        if not llamadas:
            return NoServidor(f"`{nombre}` is a parameter of `{fn.name.value}()`, which no analyzed file calls")
        return NoServidor(f"no call of `{fn.name.value}()` passes a server object as `{nombre}`"
                          + (f" ({motivos[0]})" if motivos else ""))

    def _propio(self, m: Modulo, fn: cst.FunctionDef, param: cst.Param) -> Optional[Servidor]:
        """`self` of a method of a subclass of an SDK server class (`class S(FastMCP)`): the server
        itself, built where the one call of the class is (the class statement when there are several)."""
        info = m.funcion(fn)
        posicionales = parametros(fn)
        if info is None or info.clase is None or not posicionales or posicionales[0] is not param or es_metodo_estatico(fn) \
                or any(isinstance(d.decorator, cst.Name) and d.decorator.value == "classmethod" for d in fn.decorators):
            return None
        r = self.clase(m, info.clase)
        if r is None:
            return None
        init = m.metodos.get(id(info.clase), {}).get("__init__")
        llamadas = [l for l in self.programa.llamadas_a(m, init) if isinstance(l.nodo, cst.Call)] if init is not None else []
        return Servidor(*r, Lugar(llamadas[0].m, llamadas[0].nodo) if len(llamadas) == 1 else Lugar(m, info.clase))

    def _anotacion(self, m: Modulo, ann: cst.BaseExpression, donde: Lugar) -> Optional[Servidor]:
        """A server type named by an annotation (`FastMCP`, `"FastMCP"`, `Optional[FastMCP]`, `FastMCP | None`)."""
        if isinstance(ann, (cst.SimpleString, cst.ConcatenatedString)):
            texto = texto_cadena(ann)
            try:
                ann = cst.parse_expression(texto) if texto else ann
            except Exception:
                return None
        if isinstance(ann, cst.BinaryOperation) and isinstance(ann.operator, cst.BitOr):
            return self._anotacion(m, ann.left, donde) or self._anotacion(m, ann.right, donde)
        if isinstance(ann, cst.Subscript):
            for el in ann.slice:
                if isinstance(el.slice, cst.Index):
                    r = self._anotacion(m, el.slice.value, donde)
                    if r is not None:
                        return r
            return None
        if not isinstance(ann, (cst.Name, cst.Attribute)):
            return None
        sdk = clase_sdk(self.proyecto.calificados(m, ann))
        if sdk is not None:
            return Servidor(*sdk, donde)
        d = self.proyecto.resolver(m, ann)
        if d is not None and d.tipo == "clase" and d.modulo is not None:
            r = self.clase(d.modulo, d.nodo)
            if r is not None:
                return Servidor(*r, donde)
        return None


_tipos = {"funcion": "function", "clase": "class", "modulo": "module", "bucle": "loop variable"}
