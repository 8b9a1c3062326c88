"""Find published tools in each registration style and resolve their schemas and handlers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

import libcst as cst

from . import pistas, sdk
from .anotaciones import Derivador
from .literales import Entorno, Literales, describir
from .despacho import Despacho, Destino, ramas
from .cobertura import cobertura
from .patron import patron
from .programa import Llamada, Programa, argumento, nombres_leidos, padre as _padre, parametros
from .proyecto import Proyecto
from .recolector import Modulo, texto_cadena
from .rutas import contiene, ruta
from .servidores import CLASES_GENERADORAS, GENERADORES, Lugar, NoServidor, Respuesta, Servidor, Servidores, generador_sdk
from .tipos import Emision, Esquema, Herramienta, NoResuelto

# the mcp SDK's tool() and add_tool() (after the function) take these positionally, in this order (1.x and 2.x)
POSICIONALES_SDK = ("name", "title", "description", "annotations", "icons", "meta", "structured_output")
CAMPOS_NOMBRE = ("name", "nombre")
CAMPOS_SALIDA = ("outputSchema", "output_schema")
CAMPOS_ENTRADA = ("inputSchema", "input_schema")
CAMPOS_MANEJADOR = ("handler", "manejador", "fn")


def termina_en_proveedor(nombres: set[str]) -> bool:
    """Whether a call target is fastmcp's FileSystemProvider."""
    return any(n.startswith("fastmcp.") and n.endswith(".FileSystemProvider") for n in nombres)


def proveedor_de_recursos(nombres: set[str]) -> bool:
    """Whether a call target is one of fastmcp's skills providers, which publish each skill's files as
    resources and no tool (`_list_resources` only: fastmcp.server.providers.skills, and fastmcp.skills
    from 4.x, which serves them through the skills extension too)."""
    return any(n.startswith(("fastmcp.server.providers.skills.", "fastmcp.skills.")) and n.endswith("Provider")
               for n in nombres)


def es_tool_mcp(nombres: set[str]) -> bool:
    """Whether a call target is the protocol `Tool` type (mcp.types / mcp_types)."""
    return any(n.split(".")[-1] == "Tool" and (n.startswith("mcp.types") or n.startswith("mcp_types")) for n in nombres)


def llama_a_tool(proyecto: Proyecto, m: Modulo, callee: cst.BaseExpression) -> bool:
    """Whether a call with this callee builds the protocol `Tool` type."""
    return es_tool_mcp(proyecto.calificados_entre(m, callee, ("Tool",)))


def nombra_tool(m: Modulo) -> bool:
    """Whether module `m` spells the name `Tool` at all: a qualified name ending in `Tool` comes
    from an import or attribute that spells it, so without it no call needs qualified names."""
    return "Tool" in m.identificadores


def importa_sdk(m: Modulo) -> bool:
    """Whether module `m` imports an MCP SDK package (mcp, mcp_types, fastmcp)."""
    return any(origen.lstrip(".").split(".")[0] in SDK and not origen.startswith(".") for origen, _ in m.importados.values())


SDK = ("mcp", "mcp_types", "fastmcp")


@dataclass(frozen=True)
class Manejador:
    """A function a registration publishes, with the names its registration arguments may read
    (a wrapper's parameters, a loop's variables) bound to the expressions that give them."""

    m: Modulo
    fn: cst.FunctionDef
    entorno: Entorno


class Registro:
    """Tool discovery over one module, with cross-file resolution through the project."""

    def __init__(self, proyecto: Proyecto, literales: Literales, derivador: Derivador) -> None:
        self.proyecto, self.literales, self.derivador = proyecto, literales, derivador
        self.programa = Programa(proyecto)
        literales.miembro_de_instancia = self.miembro_de_instancia
        self.servidores = Servidores(self.programa)
        self.problemas: list[tuple[Optional[str], NoResuelto]] = []
        self._manejadores: Optional[list[tuple[Modulo, cst.FunctionDef]]] = None
        self._cuenta_tool: Optional[int] = None
        self._carpetas: Optional[list[tuple[Servidor, str, cst.Call, Modulo]]] = None
        self._consumidos: set[int] = set()  # dict literals a `Tool(**spec)` reads: tools of that call, not of a table
        self.recursos_de_proveedores = 0  # resource-only providers given to a server (`_generados`): registrations seen

    def _problema(self, herramienta: Optional[str], motivo: str, pos) -> None:
        self.problemas.append((herramienta, NoResuelto(motivo, pos)))

    def _sin_nombre(self, motivo: str, m: Modulo, nodo: cst.CSTNode, bajo_nivel: bool = False,
                    generadas: Optional[str] = None) -> None:
        """An unnamed row at a registration site, saying what it stands for (cobertura.py): how many
        registrations, which function reaches it, and (for a low-level listing) the names its
        server's call handler dispatches as literals."""
        ctx = m.contexto.get(id(nodo)) if id(nodo) in m.contexto else _encierra(m, nodo)
        nombres = (lambda: self._nombres_despachados(m)) if bajo_nivel else (lambda: [])
        self._problema(None, f"{motivo}; it {cobertura(self.programa, m, nodo, ctx, nombres, generadas)}", m.pos(nodo))

    def _nombres_despachados(self, m: Modulo) -> list[str]:
        """The tool names the call handlers of module `m` dispatch as literals (the project's one
        call handler when `m` has none)."""
        manejadores = self.manejadores_llamada()
        propios = [(hm, fn) for hm, fn in manejadores if hm is m] or (manejadores if len(manejadores) == 1 else [])
        return sorted({n for hm, fn in propios for n in ramas(hm, fn, self._texto)})

    def _pistas(self, h: Herramienta, m: Modulo, anotaciones: Optional[cst.BaseExpression], entorno: Optional[Entorno] = None,
                ctx: Optional[cst.FunctionDef] = None) -> None:
        """The tool's readOnlyHint / destructiveHint as its registration (read in `ctx`) writes them."""
        h.pistas, problema = pistas.leer(self.literales, m, anotaciones, entorno or None, lambda lm, n: self._local(lm, n, ctx))
        if problema is not None:
            self.problemas.append((h.nombre, problema))

    def _local(self, m: Modulo, nombre: cst.Name, ctx: Optional[cst.FunctionDef]) -> Optional[tuple[Modulo, cst.BaseExpression] | str]:
        """The one value a local variable of `ctx` is bound to, or why it has none the source spells
        (None: `nombre` is not a local variable there)."""
        if ctx is None:
            return None
        ligaduras = [l for l in self.programa.ligaduras(m, ctx, nombre.value) if l.fn is not None and l.m is m]
        if not ligaduras:
            return None
        if len(ligaduras) > 1 or ligaduras[0].tipo != "valor":
            return f"`{nombre.value}` is bound more than once in `{ctx.name.value}()`" if len(ligaduras) > 1 \
                else f"`{nombre.value}` is a {'parameter' if ligaduras[0].tipo == 'parametro' else 'loop variable or other binding'} of `{ctx.name.value}()`"
        if self.programa.mutado(m, nombre, ctx):
            return f"`{nombre.value}` is changed after it is bound in `{ctx.name.value}()`"
        return m, ligaduras[0].nodo

    # -- server instances ------------------------------------------------------
    def servidor(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef]) -> Respuesta:
        """Whether `expr` (read inside `fn` of `m`) is a server object."""
        return self.servidores.de(m, expr, fn)

    # -- schemas ---------------------------------------------------------------
    def esquema_literal(self, nombre: str, m: Modulo, expr: Optional[cst.BaseExpression],
                        entorno: Optional[Entorno] = None) -> tuple[str, Optional[Esquema]]:
        """State and schema of a schema written as a value (literal, constant, helper, model_json_schema());
        `entorno` binds a helper's parameters to one call site's arguments."""
        if expr is None or (isinstance(expr, cst.Name) and expr.value == "None" and not (entorno and "None" in entorno)):
            return "ninguno", None
        if isinstance(expr, cst.Name) and entorno and expr.value in entorno:
            em, ee, _ = entorno[expr.value]
            if isinstance(ee, cst.Name) and ee.value == "None":
                return "ninguno", None
        posiciones: dict = {}
        try:
            valor = self.literales.evaluar(m, expr, posiciones, entorno=entorno or None)
        except NoResuelto as e:
            self.problemas.append((nombre, NoResuelto(f"schema of tool `{nombre}`: {e.motivo}", e.pos or m.pos(expr))))
            return "no_resuelto", None
        clase = "modelo" if isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "model_json_schema" else "literal"
        return clase, Esquema(valor, m.pos(expr), clase, posiciones)

    # -- styles ----------------------------------------------------------------
    def herramientas(self, m: Modulo) -> list[Herramienta]:
        """Every tool registered in module `m`, in all recognised styles."""
        salida = _ultimas_versiones(self._decoradores(m) + self._llamadas(m) + self._lowlevel(m) + self._tablas(m))
        self._generados(m)
        self._manejadores_sin_servidor(m)
        self._registro_privado(m, salida)
        return salida

    def _registro_privado(self, m: Modulo, herramientas: list[Herramienta]) -> None:
        """`server._tool_manager...`: code that reaches into the SDK's private tool registry can rename a
        tool, replace its schemas or add tools; none of that can be read from the source, but for one
        form read as it is written: the input schema of a tool this module registered, replaced at
        module level after it (`mcp._tool_manager._tools["t"].parameters = SCHEMA`, the MCP SDK's own
        example of a schema its decorator cannot express)."""
        for nodo in m.internos:
            servidor = self.servidor(m, nodo.value, m.contexto.get(id(nodo)))
            if isinstance(servidor, Servidor) and not self._entrada_sustituida(m, nodo, servidor, herramientas):
                self._sin_nombre(f"`{describir(m, nodo)}` reaches into the SDK's private tool registry: tools changed "
                                 "there (names, schemas, new tools) cannot be read from the source", m, nodo,
                                 generadas="changed at run time")

    def _entrada_sustituida(self, m: Modulo, nodo: cst.Attribute, servidor: Servidor,
                            herramientas: list[Herramienta]) -> bool:
        """Whether `nodo` (`x._tool_manager`) is `x._tool_manager._tools["t"].parameters = valor`, a statement
        of the module's body after the registration of `t` on the same mcp server in this module: then
        `t`'s input schema is `valor`, read as a schema literal (a row of its own when it cannot be)."""
        if servidor.familia not in ("mcp1", "mcp2"):
            return False  # the MCP SDK's `_tool_manager._tools` of Tool objects whose `parameters` is the input schema
        # searched down from the module's statements, not up through a whole-module parent map
        asignacion = next((a for linea in m.arbol.body if isinstance(linea, cst.SimpleStatementLine)
                           for a in linea.body if isinstance(a, cst.Assign) and len(a.targets) == 1
                           and _sustituye_parametros(a.targets[0].target, nodo)), None)
        if asignacion is None:
            return False
        sub = asignacion.targets[0].target.value  # type: ignore[attr-defined]
        nombre = texto_cadena(sub.slice[0].slice.value)
        donde = m.pos(asignacion).linea
        elegidas = [h for h in herramientas if h.nombre == nombre and h.modulo is m and h.servidor == servidor.origen
                    and h.registro == "decorador" and h.pos.linea < donde]
        if len(elegidas) != 1:
            return False
        h = elegidas[0]
        h.estado_entrada, h.entrada = self.esquema_literal(h.nombre, m, asignacion.value)
        if h.estado_entrada == "ninguno":
            h.estado_entrada = "no_resuelto"
            self._problema(h.nombre, f"the input schema of tool `{h.nombre}` is replaced by `{describir(m, asignacion.value)}`, "
                                     "which is not a schema", m.pos(asignacion.value))
        return True

    def _manejadores_sin_servidor(self, m: Modulo) -> None:
        """A low-level call handler the analyzer cannot tie to a server (`@x.call_tool()` on an unknown
        `x`, `Server(on_call_tool=h)` with an `h` it cannot follow) in a file that imports an MCP SDK:
        the tools it serves would have no emission sites, so it is a reason of its own."""
        if not importa_sdk(m):
            return
        for fn, dec in m.decoradas:
            f = dec.decorator.func if isinstance(dec.decorator, cst.Call) else dec.decorator
            if isinstance(f, cst.Attribute) and f.attr.value == "call_tool":
                r = self.servidor(m, f.value, _padre(m, fn))
                if not _bajo_nivel(r):
                    porque = r.motivo if isinstance(r, NoServidor) else "it is not a low-level Server"
                    self._problema(None, f"call handler `@{describir(m, dec.decorator)}` on `{fn.name.value}`: "
                                   f"`{describir(m, f.value)}` is not a known low-level MCP server ({porque})", m.pos(dec))
        for c in m.llamadas:
            for a in c.args:
                if a.keyword is not None and a.keyword.value == "on_call_tool" and not self._funciones_simples(m, a.value, m.contexto.get(id(c))):
                    self._problema(None, f"call handler `{describir(m, a.value)}` passed as on_call_tool= cannot be followed", m.pos(a))

    def _generados(self, m: Modulo) -> None:
        """Servers whose tools exist only at run time (a proxy of a remote server, an OpenAPI
        document): a reason at the call that builds one, never silence."""
        for c in m.llamadas:
            if not isinstance(c.func, (cst.Name, cst.Attribute)):
                continue
            corto = c.func.value if isinstance(c.func, cst.Name) else c.func.attr.value
            if corto in ("add_transform", "add_provider") and isinstance(c.func, cst.Attribute):
                s = self.servidor(m, c.func.value, m.contexto.get(id(c)))
                legible = corto == "add_provider" and c.args and self._carpeta_legible(m, c.args[0].value, m.contexto.get(id(c)))
                if corto == "add_provider" and c.args and self._de_recursos(m, c.args[0].value, m.contexto.get(id(c))):
                    self.recursos_de_proveedores += isinstance(s, Servidor)
                elif isinstance(s, Servidor) and s.estilo == "fastmcp" and not legible:
                    self._sin_nombre(f"`{describir(m, c)}`: a {corto[4:]} adds tools at run time; "
                                     "their names and schemas cannot be read from the source", m, c, generadas="made at run time")
                continue
            if corto in ("FastMCP", "MCPServer"):
                ctx = m.contexto.get(id(c))
                proveedores = [el.value for a in c.args if a.keyword is not None and a.keyword.value == "providers"
                               and isinstance(a.value, (cst.List, cst.Tuple)) for el in a.value.elements
                               if isinstance(el, cst.Element)]
                de_recursos = sum(self._de_recursos(m, p, ctx) for p in proveedores)
                if de_recursos and isinstance(self.servidor(m, c, ctx), Servidor):
                    self.recursos_de_proveedores += de_recursos
            if corto in ("FastMCP", "MCPServer") and any(a.keyword is not None and a.keyword.value in ("providers", "transforms")
                                                        and not self._proveedores_conocidos(m, a.value, m.contexto.get(id(c)))
                                                        for a in c.args):
                if isinstance(self.servidor(m, c, m.contexto.get(id(c))), Servidor):
                    self._sin_nombre(f"`{describir(m, c)}`: providers and transforms add tools at run time; "
                                     "their names and schemas cannot be read from the source", m, c, generadas="made at run time")
                continue
            if corto not in GENERADORES and corto not in CLASES_GENERADORAS:
                continue
            nombre = generador_sdk(self.proyecto.calificados(m, c.func))
            if nombre is not None:
                self._sin_nombre(f"`{describir(m, c)}` builds a server whose tools are generated at run time ({nombre}): "
                                 "their names and schemas cannot be read from the source", m, c, generadas="made at run time")

    def _proveedores_conocidos(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef]) -> bool:
        """Whether a `providers=[...]` list holds only providers whose tools the analyzer reads
        (LocalProvider, a FileSystemProvider over a folder the source names)."""
        if not isinstance(expr, (cst.List, cst.Tuple)):
            return False
        return all(isinstance(el, cst.Element) and (isinstance(self.servidor(m, el.value, ctx), Servidor)
                                                    or self._carpeta_legible(m, el.value, ctx)
                                                    or self._de_recursos(m, el.value, ctx)) for el in expr.elements)

    def _proveedor(self, m: Modulo, expr: cst.BaseExpression,
                   ctx: Optional[cst.FunctionDef]) -> Optional[tuple[Modulo, cst.Call]]:
        """The call that builds a provider given to a server: the expression itself, or the one value
        a name is bound to (None otherwise)."""
        if isinstance(expr, (cst.Name, cst.Attribute)):
            ligaduras = self.programa.ligaduras_de(m, expr, ctx)
            if len(ligaduras) != 1 or ligaduras[0].tipo != "valor" or ligaduras[0].m is None:
                return None
            m, expr = ligaduras[0].m, ligaduras[0].nodo
        return (m, expr) if isinstance(expr, cst.Call) else None

    def _de_recursos(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef]) -> bool:
        """Whether a provider is a skills provider: it adds resources and no tool, so the server it is
        given to was looked at, not missed."""
        llamada = self._proveedor(m, expr, ctx)
        return llamada is not None and proveedor_de_recursos(self.proyecto.calificados(llamada[0], llamada[1].func))

    def _carpeta_legible(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef]) -> bool:
        carpeta = self._carpeta(m, expr, ctx)
        return carpeta is not None and carpeta[2] is not None

    # -- fastmcp FileSystemProvider --------------------------------------------
    def _decorador_suelto(self, m: Modulo, objetivo: cst.BaseExpression) -> bool:
        """fastmcp's standalone `@tool` (fastmcp.tools.tool): it marks a function for a provider to load."""
        if not (isinstance(objetivo, cst.Name) and objetivo.value == "tool"
                or isinstance(objetivo, cst.Attribute) and objetivo.attr.value == "tool"):
            return False
        return bool(self.proyecto.calificados(m, objetivo) & {"fastmcp.tools.tool", "fastmcp.tools.function_tool.tool",
                                                               "fastmcp.tools.tool.tool"})

    def _carpeta(self, m: Modulo, expr: cst.BaseExpression,
                 ctx: Optional[cst.FunctionDef]) -> Optional[tuple[cst.Call, Modulo, Optional[str]]]:
        """`FileSystemProvider(root=...)` (the call, or a name bound to it): the call, its module and
        the project-relative folder it loads (None when the folder is computed at run time)."""
        llamada = self._proveedor(m, expr, ctx)
        if llamada is None or not termina_en_proveedor(self.proyecto.calificados(llamada[0], llamada[1].func)):
            return None
        m, expr = llamada
        raiz = next((a.value for a in expr.args if a.keyword is not None and a.keyword.value == "root"),
                    expr.args[0].value if expr.args and expr.args[0].keyword is None else None)
        return expr, m, ruta(m, raiz, self.proyecto.calificados) if raiz is not None else None

    def carpetas(self) -> list[tuple[Servidor, str, cst.Call, Modulo]]:
        """Every FileSystemProvider given to a server (`providers=[p]`, `s.add_provider(p)`): the
        server, the folder it loads, the provider call (computed once per Registro)."""
        if self._carpetas is None:
            self._carpetas = []
            vistos = set()
            for m in self.proyecto.modulos_con("FileSystemProvider"):
                for c in m.llamadas:
                    if id(c) in vistos:
                        continue
                    vistos.add(id(c))
                    ctx = m.contexto.get(id(c))
                    usos = []
                    if isinstance(c.func, cst.Attribute) and c.func.attr.value == "add_provider" and c.args:
                        usos.append((self.servidor(m, c.func.value, ctx), c.args[0].value))
                    for a in c.args:
                        if a.keyword is not None and a.keyword.value == "providers" and isinstance(a.value, (cst.List, cst.Tuple)):
                            servidor = self.servidor(m, c, ctx)
                            usos.extend((servidor, el.value) for el in a.value.elements if isinstance(el, cst.Element))
                    for servidor, valor in usos:
                        carpeta = self._carpeta(m, valor, ctx) if isinstance(servidor, Servidor) else None
                        if carpeta is None:
                            continue
                        llamada, pm, directorio = carpeta
                        if directorio is not None:  # else the server's call is a reason (`_generados`)
                            self._carpetas.append((servidor, directorio, llamada, pm))
        return self._carpetas

    def _de_carpeta(self, m: Modulo, fn: cst.FunctionDef, dec: cst.Decorator, args: list[cst.Arg]) -> list[Herramienta]:
        """A function marked by the standalone `@tool`: a tool of every server whose FileSystemProvider
        loads its file (a public module-level function of a file other than `__init__.py`)."""
        if fn.name.value.startswith("_") or m.funcion(fn) is None or m.funcion(fn).padre is not None \
                or m.archivo.rsplit("/", 1)[-1] == "__init__.py" or m.funciones.get(fn.name.value) is not fn:
            return []
        salida = []
        for servidor, directorio, _, _ in self.carpetas():
            if contiene(directorio, m.archivo):
                h = self._funcion(m, fn, args, servidor, m.pos(dec), sitio=f"@{describir(m, dec.decorator)}")
                if h is not None:
                    salida.append(h)
        return salida

    def montajes(self, m: Modulo) -> list[dict]:
        """`parent.mount(sub, namespace=...)` / `import_server(sub, prefix)` of fastmcp servers in `m`:
        the sub-server's tools are published by the parent as `<namespace>_<name>`."""
        salida = []
        for c in m.llamadas:
            if not (isinstance(c.func, cst.Attribute) and c.func.attr.value in ("mount", "import_server")):
                continue
            ctx = m.contexto.get(id(c))
            padre = self.servidor(m, c.func.value, ctx)
            if not isinstance(padre, Servidor) or padre.estilo != "fastmcp":
                continue
            hijo_expr, espacio = None, None
            for i, a in enumerate(c.args):
                clave = a.keyword.value if a.keyword is not None else None
                if clave in ("server",) or (clave is None and texto_cadena(a.value) is None and hijo_expr is None):
                    hijo_expr = a.value
                elif clave in ("namespace", "prefix") or (clave is None and texto_cadena(a.value) is not None):
                    espacio = a.value
            if hijo_expr is None:
                continue
            hijo = self.servidor(m, hijo_expr, ctx)
            if not isinstance(hijo, Servidor):
                generado = isinstance(hijo_expr, cst.Call) and generador_sdk(self.proyecto.calificados(m, hijo_expr.func))
                self._sin_nombre(f"`{describir(m, c)}` mounts `{describir(m, hijo_expr)}`, which is not a server the analyzer can "
                                 f"follow ({hijo.motivo}): the tools it publishes cannot be listed" if not generado else
                                 f"`{describir(m, c)}` mounts a server whose tools are generated at run time", m, c,
                                 generadas="those of the mounted server" if not generado else "made at run time")
                continue
            nombre = None
            if espacio is not None and not (isinstance(espacio, cst.Name) and espacio.value == "None"):
                nombre = self._texto(m, espacio)
                if nombre is None:
                    self._sin_nombre(f"`{describir(m, c)}`: the namespace `{describir(m, espacio)}` is computed at run time", m, c)
                    continue
            if nombre:
                salida.append({"hijo": list(hijo.origen.fila().values()), "espacio": nombre})
        return salida

    def _decoradores(self, m: Modulo) -> list[Herramienta]:
        salida = []
        for fn, dec in m.decoradas:
            expr = dec.decorator
            llamada = expr if isinstance(expr, cst.Call) else None
            objetivo = llamada.func if llamada else expr
            if self._decorador_suelto(m, objetivo):
                salida.extend(self._de_carpeta(m, fn, dec, list(llamada.args) if llamada else []))
                continue
            if not (isinstance(objetivo, cst.Attribute) and objetivo.attr.value == "tool"):
                continue
            servidor = self.servidor(m, objetivo.value, _padre(m, fn))
            if not isinstance(servidor, Servidor) or servidor.estilo == "lowlevel":
                porque = servidor.motivo if isinstance(servidor, NoServidor) else "a low-level Server has no tool()"
                self._problema(fn.name.value, f"decorator `@{describir(m, expr)}` on `{fn.name.value}`: `{describir(m, objetivo.value)}` is not a known MCP server instance ({porque})", m.pos(dec))
                continue
            if llamada is None and servidor.estilo == "decorador":
                self._problema(fn.name.value, f"`@{describir(m, expr)}` is used without parentheses; the SDK refuses it", m.pos(dec))
                continue
            args = list(llamada.args) if llamada else []
            for entorno in self._por_parametros(m, _padre(m, fn), [a.value for a in args], {}):
                herramienta = self._funcion(m, fn, args, servidor, m.pos(dec), entorno=entorno, sitio=f"@{describir(m, expr)}",
                                            ctx=_padre(m, fn))
                if herramienta is not None:
                    salida.append(herramienta)
        return salida

    def _llamadas(self, m: Modulo) -> list[Herramienta]:
        """Registrations written as calls: `s.tool(...)(fn)`, fastmcp's `s.tool(fn)`, `s.add_tool(...)`."""
        decoradores = {id(d.decorator) for _, d in m.decoradas}
        aplicadas = {id(c.func) for c in m.llamadas if isinstance(c.func, cst.Call)}
        salida: list[Herramienta] = []
        for c in m.llamadas:
            if id(c) in decoradores:
                continue
            f = c.func
            if isinstance(f, cst.Call) and isinstance(f.func, cst.Attribute) and f.func.attr.value == "tool":
                salida.extend(self._sitio(m, c, f.func.value, list(f.args), _primero(c), "call"))
            elif isinstance(f, cst.Attribute) and f.attr.value == "tool" and id(c) not in aplicadas:
                primero = _primero(c)
                if primero is not None and texto_cadena(primero) is None:
                    salida.extend(self._sitio(m, c, f.value, [a for a in c.args if a.value is not primero], primero, "direct"))
                elif importa_sdk(m):
                    self._sin_nombre(f"`{describir(m, c)}` builds a tool decorator that is not applied where it is built", m, c)
            elif isinstance(f, cst.Attribute) and f.attr.value == "add_tool":
                salida.extend(self._add_tool(m, c))
            elif (f.value if isinstance(f, cst.Name) else f.attr.value if isinstance(f, cst.Attribute) else None) == "ToolBinding":
                salida.extend(self._vinculo(m, c))
        return salida

    def _vinculo(self, m: Modulo, llamada: cst.Call) -> list[Herramienta]:
        """mcp 2.x extensions: `ToolBinding(fn=f, kwargs={"name": ...})` contributes a tool to every
        server built with that extension (its kwargs go to add_tool)."""
        nombres = self.proyecto.calificados(m, llamada.func)
        if not any(n.split(".")[0] == "mcp" and n.endswith(".ToolBinding") for n in nombres):
            return []
        fn_expr = next((a.value for a in llamada.args if a.keyword is not None and a.keyword.value == "fn"), _primero(llamada))
        kwargs = next((a.value for a in llamada.args if a.keyword is not None and a.keyword.value == "kwargs"), None)
        args: list[cst.Arg] = []
        if isinstance(kwargs, cst.Dict):
            for el in kwargs.elements:
                clave = texto_cadena(el.key) if isinstance(el, cst.DictElement) else None
                if clave is None:
                    self._sin_nombre(f"`{describir(m, llamada)}`: its kwargs are not a dict with literal keys", m, llamada)
                    return []
                args.append(cst.Arg(value=el.value, keyword=cst.Name(clave)))
        elif kwargs is not None:
            self._sin_nombre(f"`{describir(m, llamada)}`: its kwargs are not a dict with literal keys", m, llamada)
            return []
        if fn_expr is None:
            self._sin_nombre(f"`{describir(m, llamada)}` registers no function", m, llamada)
            return []
        servidor = Servidor("decorador", "mcp2", sorted(nombres)[0], Lugar(m, llamada))
        ctx = m.contexto.get(id(llamada))
        encontrados = self._funciones_de(m, fn_expr, ctx, {}, 0)
        if isinstance(encontrados, str):
            self._sin_nombre(f"`{describir(m, llamada)}`: the registered function cannot be enumerated statically: {encontrados}", m, llamada)
            return []
        salida = []
        for h in encontrados:
            herramienta = self._funcion(h.m, h.fn, args, servidor, m.pos(llamada), registrado_en=m, entorno=h.entorno,
                                        sitio=describir(m, llamada), ctx=ctx)
            if herramienta is not None:
                salida.append(herramienta)
        return salida

    def _add_tool(self, m: Modulo, llamada: cst.Call) -> list[Herramienta]:
        args = list(llamada.args)
        if not args:
            self._sin_nombre("add_tool() without a function", m, llamada)
            return []
        primero = args[0].value
        if isinstance(primero, cst.Call) and isinstance(primero.func, cst.Attribute) and primero.func.attr.value == "from_function" and primero.args:
            args = list(primero.args)
            primero = args[0].value
        return self._sitio(m, llamada, llamada.func.value, args[1:], primero, "add_tool")

    def _reenvia(self, m: Modulo, llamada: cst.Call, receptor: cst.BaseExpression, ctx: Optional[cst.FunctionDef]) -> bool:
        """Whether `super().add_tool(tool)` sits in the override of that same method in a subclass of an
        SDK server (`def add_tool(self, tool): ...; super().add_tool(tool)`): a forward, not a tool."""
        if not (isinstance(receptor, cst.Call) and isinstance(receptor.func, cst.Name) and receptor.func.value == "super"
                and not receptor.args and isinstance(llamada.func, cst.Attribute) and ctx is not None
                and ctx.name.value == llamada.func.attr.value):
            return False
        info = m.funcion(ctx)
        clase = info.clase if info is not None else None
        return isinstance(clase, cst.ClassDef) and self.servidores.clase(m, clase) is not None

    def _sitio(self, m: Modulo, llamada: cst.Call, receptor: cst.BaseExpression, args: list[cst.Arg],
               manejador: Optional[cst.BaseExpression], forma: str) -> list[Herramienta]:
        """The tools one registration call publishes (several when it sits in a loop or a wrapper)."""
        ctx = m.contexto.get(id(llamada))
        que = describir(m, llamada)
        if self._reenvia(m, llamada, receptor, ctx):
            return []  # an override forwarding to the SDK: its callers are the registrations
        servidor = self.servidor(m, receptor, ctx)
        if not isinstance(servidor, Servidor) or servidor.estilo == "lowlevel":
            porque = servidor.motivo if isinstance(servidor, NoServidor) else "a low-level Server has no tool()"
            self._sin_nombre(f"`{que}`: `{describir(m, receptor)}` is not a known MCP server instance ({porque})", m, llamada)
            return []
        if forma == "direct" and servidor.estilo != "fastmcp":
            self._sin_nombre(f"`{que}`: the mcp SDK's tool() takes a name, not a function; use `{describir(m, receptor)}.tool()(fn)`", m, llamada)
            return []
        if manejador is None:
            self._sin_nombre(f"`{que}` registers no function", m, llamada)
            return []
        salida = []
        entornos = self.programa.iteraciones(m, ctx, llamada, [manejador, *(a.value for a in args)])
        entornos = [e for base in entornos for e in self._por_parametros(m, ctx, [a.value for a in args], base)]
        for entorno in entornos:
            encontrados = self._funciones_de(m, manejador, ctx, entorno, 0)
            if isinstance(encontrados, str):
                self._sin_nombre(f"`{que}`: the registered function cannot be enumerated statically: {encontrados}", m, llamada)
                continue
            for h in encontrados:
                herramienta = self._funcion(h.m, h.fn, args, servidor, m.pos(llamada), registrado_en=m, entorno=h.entorno, sitio=que,
                                            ctx=ctx)
                if herramienta is not None:
                    salida.append(herramienta)
        return salida

    def _por_parametros(self, m: Modulo, ctx: Optional[cst.FunctionDef], exprs: list[cst.BaseExpression],
                        entorno: Entorno) -> list[Entorno]:
        """When the registration's arguments (its name, say) read parameters of the enclosing
        function, one environment per call site of that function, binding them to its arguments."""
        if ctx is None:
            return [entorno]
        leidos = {n.value for e in exprs for n in nombres_leidos(e)} - set(entorno)
        propios = [p.name.value for p in [*parametros(ctx), *ctx.params.kwonly_params]]
        if not leidos & set(propios):
            return [entorno]
        llamadas = self.programa.llamadas_a(m, ctx)
        salida = []
        for llamada in llamadas:
            nuevo = dict(entorno)
            for nombre in propios:
                valor = argumento(llamada, ctx, nombre)
                if valor is not None:
                    nuevo[nombre] = (llamada.m if not _es_defecto(ctx, nombre, valor) else m, valor, {})
            salida.append(nuevo)
        return salida or [entorno]

    def _funciones_de(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef], entorno: Entorno,
                     profundidad: int) -> Union[list[Manejador], str]:
        """The functions `expr` denotes, or why they cannot be enumerated."""
        if profundidad > 10:
            return f"`{describir(m, expr)}` is reached through too many indirections"
        if isinstance(expr, cst.Name) and expr.value in entorno:
            em, ee, _ = entorno[expr.value]
            return self._funciones_de(em, ee, em.contexto.get(id(ee)) if isinstance(ee, cst.Call) else None, entorno, profundidad + 1)
        if isinstance(expr, cst.Lambda):
            return "a lambda"
        atributo = self._getattr(m, expr, ctx, entorno)
        if atributo is not None:
            return self._funciones_de(*atributo, entorno, profundidad + 1)
        campo = self._campo_de_tool(m, expr, ctx, entorno, "fn")
        if campo is not None:
            # the field is read where the object is built; the registration's own arguments, where it is written
            r = self._funciones_de(campo[0], campo[1], campo[2], campo[3], profundidad + 1)
            return r if isinstance(r, str) else [Manejador(x.m, x.fn, entorno) for x in r]
        if isinstance(expr, cst.Call):
            pasada = self._envuelta_por_llamada(m, expr, ctx)
            if pasada is not None:  # `wrap(fn)` of a project function that returns `fn` (or a functools.wraps wrapper of it)
                return self._funciones_de(m, pasada, ctx, entorno, profundidad + 1)
            fabricada = self._fabricada(m, expr, ctx)
            if fabricada is not None:  # `build(client)` returning the tool function it defines
                return [Manejador(fabricada[0], fabricada[1], entorno)]
            return f"`{describir(m, expr)}` computes the function at run time"
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            return f"`{describir(m, expr)}` is not a function the analyzer can follow"
        salida: list[Manejador] = []
        motivos = []
        for lig in self.programa.ligaduras_de(m, expr, ctx):
            envuelta = _envuelve(lig.nodo) if lig.tipo == "funcion" else None
            if envuelta is not None and lig.m is not None:
                # `@functools.wraps(f) def wrapper(*a, **k): return await f(*a, **k)`: the SDK reads f's signature
                r = self._funciones_de(lig.m, envuelta, _padre(lig.m, lig.nodo), entorno, profundidad + 1)
                salida.extend(r) if not isinstance(r, str) else motivos.append(r)
            elif lig.tipo == "funcion" and lig.m is not None:
                salida.append(Manejador(lig.m, lig.nodo, entorno))
            elif lig.tipo == "valor" and lig.m is not None:
                r = self._funciones_de(lig.m, lig.nodo, lig.fn, entorno, profundidad + 1)
                salida.extend(r) if not isinstance(r, str) else motivos.append(r)
            elif lig.tipo == "parametro" and lig.m is not None:
                r = self._por_llamadas(lig, entorno, profundidad)
                salida.extend(r) if not isinstance(r, str) else motivos.append(r)
            elif lig.tipo == "bucle":
                motivos.append(f"`{lig.nombre}` iterates over a value that is not a literal sequence")
            elif lig.tipo == "externo":
                motivos.append(f"`{describir(m, expr)}` comes from a module that is not analyzed ({lig.nombre})")
            else:
                motivos.append(lig.motivo or f"`{describir(m, expr)}` is not a function")
        if salida:
            return salida
        return motivos[0] if motivos else f"`{describir(m, expr)}` is not a function the analyzer can follow"

    def _envuelta_por_llamada(self, m: Modulo, llamada: cst.Call, ctx: Optional[cst.FunctionDef]) -> Optional[cst.BaseExpression]:
        """The argument `llamada` passes to a project function (not a method) whose every return is
        one parameter `p`, or a local `@functools.wraps(p)` wrapper of it: the function it returns
        stands for that argument. Also through a decorator factory (`audit(name)(fn)`: the factory's
        every return is one local function that returns its parameter so)."""
        funcion = self._funcion_llamada(m, llamada.func, ctx)
        if funcion is not None:
            param = _devuelve_su_parametro(*funcion)
            return argumento(Llamada(m, llamada, ctx, 0), funcion[1], param) if param is not None else None
        if isinstance(llamada.func, cst.Call):  # `factory(args)(fn)`
            fabrica = self._funcion_llamada(m, llamada.func.func, ctx)
            decorador = _funcion_local_devuelta(*fabrica) if fabrica is not None else None
            param = _devuelve_su_parametro(fabrica[0], decorador) if decorador is not None else None
            return argumento(Llamada(m, llamada, ctx, 0), decorador, param) if param is not None else None
        return None

    def _fabricada(self, m: Modulo, llamada: cst.Call, ctx: Optional[cst.FunctionDef]) -> Optional[tuple[Modulo, cst.FunctionDef]]:
        """The local function a project function (not a method) builds and returns, for a call of it
        (`fn = build(client)` with `def build(client): def tool(...): ...; return tool`)."""
        funcion = self._funcion_llamada(m, llamada.func, ctx)
        local = _funcion_local_devuelta(*funcion) if funcion is not None else None
        return (funcion[0], local) if local is not None and _envuelve(local) is None else None

    def _funcion_llamada(self, m: Modulo, func: cst.BaseExpression, ctx: Optional[cst.FunctionDef]
                         ) -> Optional[tuple[Modulo, cst.FunctionDef]]:
        """The one project function (not a method) a callee names."""
        if not isinstance(func, (cst.Name, cst.Attribute)):
            return None
        ligaduras = self.programa.ligaduras_de(m, func, ctx)
        if len(ligaduras) != 1 or ligaduras[0].tipo != "funcion" or ligaduras[0].m is None:
            return None
        info = ligaduras[0].m.funcion(ligaduras[0].nodo)
        if info is None or info.clase is not None or not info.retornos:
            return None
        return ligaduras[0].m, ligaduras[0].nodo

    def _getattr(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef],
                 entorno: Entorno) -> Optional[tuple[Modulo, cst.Attribute, Optional[cst.FunctionDef]]]:
        """`getattr(base, name)` with a name that evaluates to a string, as the attribute `base.name`
        (read where `base` is written: a loop variable stands for its element)."""
        if not (isinstance(expr, cst.Call) and isinstance(expr.func, cst.Name) and expr.func.value == "getattr"
                and len(expr.args) == 2 and all(a.keyword is None and not a.star for a in expr.args)):
            return None
        base, nombre = expr.args[0].value, self._texto(m, expr.args[1].value, entorno)
        if nombre is None or not nombre.isidentifier():
            return None
        bm, bctx = m, ctx
        while isinstance(base, cst.Name) and base.value in entorno:
            bm, base, _ = entorno[base.value]
            bctx = bm.contexto.get(id(base))  # known for calls; an element name is read where its loop is
        if not isinstance(base, (cst.Name, cst.Attribute)):
            return None
        return bm, cst.Attribute(value=base, attr=cst.Name(nombre)), bctx

    def _campo_de_tool(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef], entorno: Entorno,
                       campo: str) -> Optional[tuple[Modulo, cst.BaseExpression, Optional[cst.FunctionDef], Entorno]]:
        """`t.fn` / `t.name` where `t` is a tool object the SDK builds (`Tool.from_function(f, name=...)`,
        bound to a name or a loop variable), or an object of an analyzed class (a definition a
        registry holds, `Def(name=..., fn=...)`): the expression passed for that field, where it is
        written, with the environment it is read in. The SDK names a tool after its function."""
        if not (isinstance(expr, cst.Attribute) and expr.attr.value == campo):
            return None
        r = self._instancia(m, expr.value, ctx, entorno)
        if r is None:
            return None
        bm, base, bctx, benv = r
        if not (isinstance(base.func, cst.Attribute) and base.func.attr.value == "from_function"):
            return self._campo_construido(bm, base, bctx, benv, campo)
        if not any(q.split(".")[0] in ("mcp", "fastmcp") and q.endswith("Tool.from_function")
                   for q in self.proyecto.calificados(bm, base.func)):
            return None
        posicion = {"fn": 0, "name": 1}[campo]
        posicionales = [a for a in base.args if a.keyword is None]
        for a in base.args:
            if a.keyword is not None and a.keyword.value == campo:
                return bm, a.value, bctx, entorno
        if any(a.star for a in base.args):
            return None
        if posicion < len(posicionales):
            return bm, posicionales[posicion].value, bctx, entorno
        funcion = self._campo_de_tool(bm, cst.Attribute(value=base, attr=cst.Name("fn")), bctx, {}, "fn") if campo == "name" else None
        if funcion is not None:
            funciones = self._funciones_de(funcion[0], funcion[1], funcion[2], {}, 1)
            if not isinstance(funciones, str) and len(funciones) == 1:
                return bm, cst.SimpleString(repr(funciones[0].fn.name.value)), bctx, entorno
        return None

    def _instancia(self, m: Modulo, expr: cst.BaseExpression, ctx: Optional[cst.FunctionDef],
                   entorno: Entorno) -> Optional[tuple[Modulo, cst.Call, Optional[cst.FunctionDef], Entorno]]:
        """The one call that builds the object `expr` denotes (through a loop element's environment
        and single bindings), where it is written, with the environment its names are read in."""
        base, bm, bctx, benv = expr, m, ctx, entorno
        for _ in range(10):
            if isinstance(base, cst.Name) and base.value in benv:
                bm, base, benv = benv[base.value]
                bctx = bm.contexto.get(id(base)) if isinstance(base, cst.Call) else bm.contexto.get(id(base), bctx)
                continue
            if isinstance(base, (cst.Name, cst.Attribute)):
                ligaduras = self.programa.ligaduras_de(bm, base, bctx)
                if len(ligaduras) != 1 or ligaduras[0].tipo != "valor" or ligaduras[0].m is None:
                    return None
                bm, base, bctx, benv = ligaduras[0].m, ligaduras[0].nodo, ligaduras[0].fn, {}
                continue
            break
        return (bm, base, bctx, benv) if isinstance(base, cst.Call) else None

    def miembro_de_instancia(self, m: Modulo, expr: cst.BaseExpression, entorno: Entorno
                             ) -> Optional[tuple[Modulo, cst.BaseExpression, Entorno]]:
        """`t.name` or `t.schema()` (no arguments) where `t` is an object an analyzed class builds: the
        expression that gives it (Literales' hook for a tool registry's instances)."""
        llamado = isinstance(expr, cst.Call)
        attr = expr.func if isinstance(expr, cst.Call) and not expr.args else expr
        if not isinstance(attr, cst.Attribute):
            return None
        r = self._instancia(m, attr.value, _encierra(m, expr), entorno)
        c = self._campo_construido(*r, attr.attr.value, llamado) if r is not None else None
        return (c[0], c[1], c[3]) if c is not None else None

    def _campo_construido(self, m: Modulo, llamada: cst.Call, ctx: Optional[cst.FunctionDef], entorno: Entorno,
                          campo: str, llamado: bool = False) -> Optional[tuple[Modulo, cst.BaseExpression, Optional[cst.FunctionDef], Entorno]]:
        """`obj.campo` where `obj = C(...)` builds an analyzed class: the argument the call passes for
        that field (by keyword, or by position in `__init__` / the dataclass fields), the `__init__`
        default, a class attribute, or the one return of a property of that name (of a method,
        when `llamado`: `obj.campo()`)."""
        if not isinstance(llamada.func, (cst.Name, cst.Attribute)):
            return None
        clases = [l for l in self.programa.ligaduras_de(m, llamada.func, ctx) if l.tipo == "clase" and l.m is not None]
        if len(clases) != 1:
            return None
        cm, clase = clases[0].m, clases[0].nodo
        for a in llamada.args:
            if a.keyword is not None and a.keyword.value == campo:
                return m, a.value, ctx, entorno
        if any(a.star for a in llamada.args):
            return None
        posicionales = [a.value for a in llamada.args if a.keyword is None]
        orden, defecto = self._campos_en_orden(cm, clase, campo)
        if orden is not None and orden < len(posicionales):
            return m, posicionales[orden], ctx, entorno
        if defecto is not None:
            return cm, defecto, None, {}
        for lig in self.programa.miembro(cm, clase, campo, instancia=False):
            if lig.tipo == "valor" and lig.m is not None:
                return lig.m, lig.nodo, None, {}
            propiedad = lig.tipo == "funcion" and any(isinstance(d.decorator, cst.Name) and d.decorator.value == "property"
                                                      for d in lig.nodo.decorators)
            if lig.tipo == "funcion" and lig.m is not None and (llamado or propiedad):
                info = lig.m.funcion(lig.nodo)
                retornos = [r.value for r in (info.retornos if info else []) if r.value is not None]
                if len(retornos) == 1:
                    return lig.m, retornos[0], lig.nodo, {}
        return None

    def _campos_en_orden(self, m: Modulo, clase: cst.ClassDef, campo: str) -> tuple[Optional[int], Optional[cst.BaseExpression]]:
        """(position among the constructor's arguments, default) of field `campo`: the `__init__`
        parameter it is assigned from (`self.campo = p`), or, with no `__init__`, the class body's
        annotated fields in order (a dataclass, a pydantic model, a NamedTuple)."""
        for lm, c in self.programa.linaje(m, clase):
            init = lm.metodos.get(id(c), {}).get("__init__")
            if init is None:
                continue
            info = lm.funcion(init)
            nombres = [p.name.value for p in parametros(init)][1:]
            propio = parametros(init)[0].name.value if parametros(init) else "self"
            fuente = campo
            asignado = info.atributos.get((propio, campo), []) if info is not None else []
            if len(asignado) == 1 and isinstance(asignado[0].valor, cst.Name):
                fuente = asignado[0].valor.value
            param = next((p for p in [*parametros(init), *init.params.kwonly_params] if p.name.value == fuente), None)
            if param is None:
                return None, None
            return (nombres.index(fuente) if fuente in nombres else None), param.default
        campos: list[tuple[str, Optional[cst.BaseExpression]]] = []
        for lm, c in reversed(self.programa.linaje(m, clase)):
            for sentencia in c.body.body:
                for parte in sentencia.body if isinstance(sentencia, cst.SimpleStatementLine) else []:
                    if isinstance(parte, cst.AnnAssign) and isinstance(parte.target, cst.Name):
                        campos = [x for x in campos if x[0] != parte.target.value] + [(parte.target.value, parte.value)]
        nombres = [n for n, _ in campos]
        if campo not in nombres:
            return None, None
        return nombres.index(campo), dict(campos)[campo]

    def _por_llamadas(self, lig, entorno: Entorno, profundidad: int) -> Union[list[Manejador], str]:
        """A wrapper's parameter: the functions its call sites (or decorator uses) pass."""
        fn = lig.fn
        llamadas = self.programa.llamadas_a(lig.m, fn)
        if not llamadas:
            return f"`{lig.nombre}` is a parameter of `{fn.name.value}()`, which no analyzed file calls"
        salida: list[Manejador] = []
        for llamada in llamadas:
            arg = argumento(llamada, fn, lig.nombre)
            if arg is None:  # `register(*pairs)`, `**kw`: this call's function is unknown — a reason, never a skip
                self._sin_nombre(f"`{describir(llamada.m, llamada.nodo)}` passes `{lig.nombre}` of `{fn.name.value}()` in a "
                               "way the analyzer cannot bind (*args/**kwargs)", llamada.m, llamada.nodo)
                continue
            propio = dict(entorno)
            for p in [*parametros(fn), *fn.params.kwonly_params]:
                if p.name.value != lig.nombre:
                    valor = argumento(llamada, fn, p.name.value)
                    if valor is not None:
                        propio[p.name.value] = (llamada.m if p.default is None or valor is not p.default else lig.m, valor, {})
            _ligar_kwargs(propio, fn, llamada)
            fabrica = _padre(lig.m, fn)
            if llamada.exterior is not None and fabrica is not None:  # a decorator factory's own parameters (the name)
                for p in [*parametros(fabrica), *fabrica.params.kwonly_params]:
                    valor = argumento(llamada.exterior, fabrica, p.name.value)
                    if valor is not None and p.name.value not in propio:
                        propio[p.name.value] = (llamada.exterior.m if not _es_defecto(fabrica, p.name.value, valor) else lig.m, valor, {})
                _ligar_kwargs(propio, fabrica, llamada.exterior)
            if llamada.decorador:
                salida.append(Manejador(llamada.m, llamada.nodo, propio))
                continue
            r = self._funciones_de(llamada.m, arg, llamada.fn, propio, profundidad + 1)
            if isinstance(r, str):
                return r
            salida.extend(r)
        return salida or f"no call of `{fn.name.value}()` passes a function as `{lig.nombre}`"

    def _funcion(self, m: Modulo, fn: cst.FunctionDef, args: list[cst.Arg], servidor: Servidor, pos,
                 registrado_en: Optional[Modulo] = None, entorno: Optional[Entorno] = None,
                 sitio: Optional[str] = None, ctx: Optional[cst.FunctionDef] = None) -> Optional[Herramienta]:
        """A tool backed by a decorated/added function: name, schemas, emission sites."""
        rm = registrado_en or m
        estilo = servidor.estilo
        nombre, estructurada, salida_expr, hay_salida = fn.name.value, None, None, False
        version: Optional[str] = None
        anotaciones: Optional[cst.BaseExpression] = None
        modulo_anotaciones = rm
        posicionales = POSICIONALES_SDK if estilo != "fastmcp" else ("name",)
        expandidos = []
        for a in args:
            ligado = f"**{a.value.value}" if a.star == "**" and isinstance(a.value, cst.Name) else None
            if ligado is not None and entorno and ligado in entorno:
                # a wrapper's `**kwargs`, bound to what its call site passes: its annotations, if any, are there
                if f"{ligado}.annotations" in entorno:
                    modulo_anotaciones, anotaciones, _ = entorno[f"{ligado}.annotations"]
            elif a.star:
                expandidos.append(a)
        for i, a in enumerate(args):
            clave = a.keyword.value if a.keyword is not None else (posicionales[i] if i < len(posicionales) and not a.star else None)
            if clave == "name":
                texto = self._texto(rm, a.value, entorno, ctx)
                if texto is None and isinstance(a.value, cst.Name) and a.value.value == "None":
                    continue
                # a name computed at run time is shown as far as the source tells it (`{prefix}read_graph`):
                # the tool is judged all the same, its evidence is the handler's
                nombre = texto if isinstance(texto, str) else patron(
                    rm, a.value, lambda mm, e, en: self._texto(mm, e, en, ctx), self.programa, ctx, entorno)
            elif clave == "structured_output" and isinstance(a.value, cst.Name) and a.value.value in ("True", "False", "None"):
                estructurada = {"True": True, "False": False, "None": None}[a.value.value]
            elif clave == "output_schema":
                salida_expr, hay_salida = a.value, True
            elif clave == "annotations":
                anotaciones, modulo_anotaciones = a.value, rm
            elif clave == "version" and estilo == "fastmcp":
                version = self._texto(rm, a.value) if not isinstance(a.value, (cst.Integer, cst.Float)) else a.value.value
        h = Herramienta(nombre, pos, "fastmcp" if estilo == "fastmcp" else "decorador", rm)
        h.servidor = servidor.origen
        h.version = version
        if expandidos and anotaciones is None:
            # `tool(**opciones)`: the annotations may be in there; unknown, never taken as absent
            h.pistas = dict(pistas.NO_RESUELTAS)
            self._problema(nombre, f"tool `{nombre}`: `{describir(rm, expandidos[0])}` may pass its annotations, which the "
                           "analyzer cannot read", pos)
        else:
            self._pistas(h, modulo_anotaciones, anotaciones, entorno if modulo_anotaciones is rm else None,
                         ctx if modulo_anotaciones is rm else None)
        if hay_salida:
            h.estado_salida, h.salida = self.esquema_literal(nombre, rm, salida_expr)
        else:
            try:
                h.estado_salida, h.salida = sdk.salida(self.derivador, m, fn, estructurada, servidor.familia,
                                                       self.proyecto.versiones)
            except NoResuelto as e:
                self.problemas.append((nombre, NoResuelto(f"output schema of tool `{nombre}`: {e.motivo}", e.pos)))
                h.estado_salida = "no_resuelto"
        try:
            h.entrada, h.estado_entrada = sdk.entrada(self.derivador, m, fn, servidor.familia), "modelo"
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
            if not llama_a_tool(self.proyecto, m, llamada.func):
                continue
            escritos = {a.keyword.value: a.value for a in llamada.args if a.keyword is not None}
            extendidos = [a.value for a in llamada.args if a.star == "**"]
            ctx = m.contexto.get(id(llamada))
            # `Tool(name=name, ...)` inside the project's own helper: one tool per call site of the helper;
            # in a comprehension or a loop over literals, one tool per element (`Tool(**spec)` over dict literals)
            bases: list[Entorno] = [{}]
            if ("name" in escritos and texto_cadena(escritos["name"]) is None) or extendidos:
                bases = self.programa.comprension(m, llamada, ctx) \
                    or self.programa.iteraciones(m, ctx, llamada, [*extendidos, *escritos.values()])
            for entorno in [e for base in bases for e in self._por_parametros(m, ctx, list(escritos.values()), base)]:
                campos = {**self._extendidos(m, extendidos, entorno), **escritos}
                nombre = self._texto(m, campos["name"], entorno) if "name" in campos else None
                if nombre is None:
                    self._sin_nombre(f"Tool(...) without a literal name: `{describir(m, llamada)}`", m, llamada, bajo_nivel=True)
                    continue
                h = Herramienta(nombre, m.pos(llamada), "lowlevel", m)
                self._pistas(h, m, campos.get("annotations"), entorno)
                h.estado_salida, h.salida = self.esquema_literal(nombre, m, _campo(campos, CAMPOS_SALIDA), entorno)
                h.estado_entrada, h.entrada = self.esquema_literal(nombre, m, _campo(campos, CAMPOS_ENTRADA), entorno)
                self._despacho(h)
                salida.append(h)
        return salida

    def _extendidos(self, m: Modulo, extendidos: list[cst.BaseExpression], entorno: Entorno) -> dict[str, cst.BaseExpression]:
        """The fields `**spec` passes, when `spec` is (a loop element that is) a dict literal of this
        module with literal keys; that element is then a tool of this call, not a table of its own."""
        campos: dict[str, cst.BaseExpression] = {}
        for expr in extendidos:
            valor = entorno.get(expr.value) if isinstance(expr, cst.Name) else None
            if valor is None or valor[0] is not m or not isinstance(valor[1], cst.Dict):
                return {}
            claves = {texto_cadena(e.key): e.value for e in valor[1].elements if isinstance(e, cst.DictElement)}
            if None in claves or len(claves) != len(valor[1].elements):
                return {}
            campos.update(claves)
            self._consumidos.add(id(valor[1]))
        return campos

    def manejadores_llamada(self) -> list[tuple[Modulo, cst.FunctionDef]]:
        """Every low-level call_tool handler in the project (computed once per Registro)."""
        if self._manejadores is None:
            self._manejadores = self._buscar_manejadores()
        return self._manejadores

    def unica_tool(self, m: Modulo) -> bool:
        """Whether the project makes exactly one protocol `Tool(...)` call (the one in `m`). Module `m`
        answers first, so a file with several never reads (nor depends on) the others."""
        if self._cuenta_tool is None:
            propias = len([1 for c in m.llamadas if llama_a_tool(self.proyecto, m, c.func)]) if nombra_tool(m) else 0
            if propias != 1:
                self._cuenta_tool = propias
            else:
                self._cuenta_tool = len([1 for x in self.proyecto.modulos_con("Tool") if nombra_tool(x) for c in x.llamadas
                                         if llama_a_tool(self.proyecto, x, c.func)])
        return self._cuenta_tool == 1

    def _buscar_manejadores(self) -> list[tuple[Modulo, cst.FunctionDef]]:
        """Handlers are `@x.call_tool()` functions or `on_call_tool=` arguments: the files that name
        either identifier (`Palabras` compares whole identifiers)."""
        salida = []
        vistos = set(self.proyecto.fuentes.con_token("call_tool"))
        modulos = self.proyecto.modulos_con("call_tool")
        modulos += [m for m in self.proyecto.modulos_con("on_call_tool") if m.archivo not in vistos]
        for m in sorted(modulos, key=lambda m: m.archivo):
            for fn, dec in m.decoradas:
                expr = dec.decorator
                f = expr.func if isinstance(expr, cst.Call) else expr
                if isinstance(f, cst.Attribute) and f.attr.value == "call_tool" and _bajo_nivel(self.servidor(m, f.value, _padre(m, fn))):
                    salida.append((m, fn))
            for llamada in m.llamadas:
                if any(a.keyword is not None and a.keyword.value == "on_call_tool" for a in llamada.args) \
                        and _bajo_nivel(self.servidor(m, llamada, m.contexto.get(id(llamada)))):
                    for a in llamada.args:
                        if a.keyword is not None and a.keyword.value == "on_call_tool":
                            salida.extend(self._funciones_simples(m, a.value, m.contexto.get(id(llamada))))
        return salida

    def _despacho(self, h: Herramienta) -> None:
        """Attach the returns of the code the call handler sends tool `h` to."""
        manejadores = self.manejadores_llamada()
        if not manejadores:
            if h.salida is not None:
                self._problema(h.nombre, f"handler of low-level tool `{h.nombre}` not found (no call_tool handler)", h.pos)
            return
        despacho = Despacho(self.programa, self._texto, self._funciones_simples)
        for m, fn in manejadores:
            destino = despacho.destino(m, fn, h.nombre)
            if destino is None and h.salida is not None and not ramas(m, fn, self._texto) and self.unica_tool(h.modulo):
                destino = Destino([(m, fn, [(m.pos(fn).linea, m.fin(fn))])])
            if destino is None:
                continue
            for dm, dfn, rangos in destino.partes:
                h.agregar_funcion(dm, dfn)
                h.rangos.extend((dm.archivo, a, b) for a, b in rangos)
                info = dm.funcion(dfn)
                for r in info.retornos if info else []:
                    linea = dm.pos(r).linea
                    if any(a <= linea <= b for a, b in rangos):
                        h.emisiones.append(Emision(r, r.value, dm, dfn))
            return
        if h.salida is not None:  # without an outputSchema its returns are judged by no rule
            self._problema(h.nombre, f"no branch of the call_tool handler dispatches tool `{h.nombre}`", h.pos)

    def _texto(self, m: Modulo, expr: cst.BaseExpression, entorno: Optional[Entorno] = None,
               ctx: Optional[cst.FunctionDef] = None) -> Optional[str]:
        """A string an expression evaluates to (literal, constant, Enum member, a parameter bound in
        `entorno`, the name of an SDK tool object read in `ctx`), or None."""
        t = texto_cadena(expr)
        if t is not None:
            return t
        campo = self._campo_de_tool(m, expr, ctx, entorno or {}, "name")
        if campo is not None:
            return self._texto(campo[0], campo[1], campo[3], campo[2])
        try:
            v = self.literales.evaluar(m, expr, entorno=entorno or None)
        except NoResuelto:
            return None
        return v if isinstance(v, str) else None

    def _funciones_simples(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef]) -> list[tuple[Modulo, cst.FunctionDef]]:
        r = self._funciones_de(m, expr, fn, {}, 0)
        return [] if isinstance(r, str) else [(x.m, x.fn) for x in r]

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
                if id(nodo) not in self._consumidos:
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
            self._sin_nombre(f"element `{describir(em, nodo)}` of tool table `{tabla}` is not a dict literal or a call with keyword fields", em, nodo)
            return []
        expr_nombre = _campo(campos, CAMPOS_NOMBRE)
        nombre = clave
        if expr_nombre is not None:
            try:
                nombre = self.literales.evaluar(em, expr_nombre)
            except NoResuelto:
                nombre = None
        if not isinstance(nombre, str):
            self._sin_nombre(f"an entry of tool table `{tabla}` has no literal name", em, nodo)
            return []
        h = Herramienta(nombre, em.pos(nodo), "tabla", em)
        self._pistas(h, em, campos.get("annotations"))
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


def _ligar_kwargs(entorno: Entorno, fn: cst.FunctionDef, llamada: Llamada) -> None:
    """Bind `fn`'s `**kwargs` to the keywords a call passes beyond its named parameters: `**nombre` marks
    it bound (to the call), `**nombre.clave` is each keyword's value. A call that itself passes `**x`
    leaves it unbound (its keywords are unknown)."""
    extra = fn.params.star_kwarg
    if not isinstance(extra, cst.Param) or not isinstance(llamada.nodo, cst.Call) or any(a.star for a in llamada.nodo.args):
        return
    nombrados = {p.name.value for p in (*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params)}
    clave = f"**{extra.name.value}"
    if clave in entorno:
        return
    entorno[clave] = (llamada.m, llamada.nodo, {})
    for a in llamada.nodo.args:
        if a.keyword is not None and a.keyword.value not in nombrados:
            entorno[f"{clave}.{a.keyword.value}"] = (llamada.m, a.value, {})


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
    if isinstance(nodo, cst.Call) and not (nombra_tool(m) and llama_a_tool(proyecto, m, nodo.func)):
        return {a.keyword.value: a.value for a in nodo.args if a.keyword is not None}
    return None


def _clave_version(version: str) -> tuple:
    """`"1.10"` > `"1.9"`: numeric parts compare as numbers, the rest as text."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in str(version).replace("-", ".").split("."))


def _sustituye_parametros(objetivo: cst.BaseExpression, interno: cst.Attribute) -> bool:
    """Whether an assignment target is `<interno>._tools[<one index>].parameters`."""
    if not (isinstance(objetivo, cst.Attribute) and objetivo.attr.value == "parameters"):
        return False
    sub = objetivo.value
    if not (isinstance(sub, cst.Subscript) and len(sub.slice) == 1 and isinstance(sub.slice[0].slice, cst.Index)):
        return False
    tools = sub.value
    return isinstance(tools, cst.Attribute) and tools.attr.value == "_tools" and tools.value is interno


def _ultimas_versiones(herramientas: list[Herramienta]) -> list[Herramienta]:
    """fastmcp lists one tool per name, its highest `version=`: the others of that name and server
    are not published by default, so they are not tools of the listing."""
    mejores: dict[tuple, Herramienta] = {}
    for h in herramientas:
        if h.version is None:
            continue
        clave = (h.nombre, h.servidor)
        if clave not in mejores or _clave_version(h.version) > _clave_version(mejores[clave].version):
            mejores[clave] = h
    return [h for h in herramientas if h.version is None or mejores[(h.nombre, h.servidor)] is h]


def _funcion_local_devuelta(m: Modulo, fn: cst.FunctionDef) -> Optional[cst.FunctionDef]:
    """The one function `fn` defines in its body and every return of `fn` returns (by its name)."""
    info = m.funcion(fn)
    if info is None or not info.retornos:
        return None
    locales = set()
    for r in info.retornos:
        if not isinstance(r.value, cst.Name) or r.value.value in info.parametros():
            return None
        ligados = [a.nodo for a in info.asignaciones.get(r.value.value, [])]
        if len(ligados) != 1 or not isinstance(ligados[0], cst.FunctionDef):
            return None
        locales.add(ligados[0])
    return locales.pop() if len(locales) == 1 else None


def _devuelve_su_parametro(m: Modulo, fn: cst.FunctionDef) -> Optional[str]:
    """The parameter `p` every return of `fn` returns, itself or as a local `@functools.wraps(p)`
    wrapper: calling `fn` stands for the function passed as `p`."""
    info = m.funcion(fn)
    if info is None or not info.retornos:
        return None
    devueltos = set()
    for r in info.retornos:
        valor = r.value
        if isinstance(valor, cst.Name) and valor.value not in info.parametros():
            locales = [a.nodo for a in info.asignaciones.get(valor.value, [])]
            envuelta = _envuelve(locales[0]) if len(locales) == 1 else None
            valor = envuelta if isinstance(envuelta, cst.Name) else None
        if not (isinstance(valor, cst.Name) and valor.value in info.parametros()):
            return None
        devueltos.add(valor.value)
    return devueltos.pop() if len(devueltos) == 1 else None


def _envuelve(fn: Optional[cst.CSTNode]) -> Optional[cst.BaseExpression]:
    """The function a `@functools.wraps(f)` (or `@wraps(f)`) wrapper stands for."""
    if not isinstance(fn, cst.FunctionDef):
        return None
    for dec in fn.decorators:
        d = dec.decorator
        if isinstance(d, cst.Call) and d.args and (
                (isinstance(d.func, cst.Attribute) and d.func.attr.value == "wraps")
                or (isinstance(d.func, cst.Name) and d.func.value == "wraps")):
            return d.args[0].value
    return None


def _encierra(m: Modulo, nodo: cst.CSTNode) -> Optional[cst.FunctionDef]:
    """The function whose body holds `nodo` (None at module level)."""
    actual = m.padres.get(nodo)
    while actual is not None and not isinstance(actual, (cst.FunctionDef, cst.Module)):
        actual = m.padres.get(actual)
    return actual if isinstance(actual, cst.FunctionDef) else None


def _es_defecto(fn: cst.FunctionDef, nombre: str, valor: cst.BaseExpression) -> bool:
    """Whether `valor` is the default written in `fn`'s own signature for parameter `nombre`."""
    return any(p.name.value == nombre and p.default is valor for p in [*parametros(fn), *fn.params.kwonly_params])


def _bajo_nivel(r: Respuesta) -> bool:
    return isinstance(r, Servidor) and r.estilo == "lowlevel"


def _primero(llamada: cst.Call) -> Optional[cst.BaseExpression]:
    """The first positional argument of a call."""
    for a in llamada.args:
        if a.keyword is None and not a.star:
            return a.value
    return None


