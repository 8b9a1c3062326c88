"""Ground-truth probe for bench/real_world.py; runs inside a target venv, never in oracle-lint's.

    python sonda.py SPEC.json OUT.json

SPEC: {"sys_path": [dir, ...], "pasos": [{"tipo": "script"|"modulo"|"modulo_main"|"archivo", "objetivo": ...}],
"plazo": seconds per step}. It records every MCP server instance created while the steps run
(`mcp.server.fastmcp.FastMCP`, `mcp.server.mcpserver.MCPServer`, `mcp.server.lowlevel.Server`,
`fastmcp.FastMCP`), with `run()` and friends neutralised, then asks each instance for `tools/list`
through its SDK's own in-memory client. Tool calls (client and server side) are made to fail, so an
example's `__main__` demo cannot run a tool either. OUT is rewritten after every phase,
so a run killed by its timeout still leaves what it learnt. Network is refused in-process.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.metadata
import inspect
import json
import os
import runpy
import signal
import socket
import sys
import sysconfig
import traceback
from pathlib import Path
from typing import Any, AsyncIterator, Callable

CLASES = (
    ("mcp.server.fastmcp", "FastMCP", "mcp1"),
    ("mcp.server.mcpserver", "MCPServer", "mcp2"),
    ("mcp.server.lowlevel", "Server", "lowlevel"),
    ("fastmcp", "FastMCP", "fastmcp"),
)
METODOS_RUN = ("run", "run_async", "run_stdio_async", "run_sse_async", "run_streamable_http_async",
               "run_http_async")
PLAZO_LISTADO = 30


class Plazo(BaseException):
    """A step ran out of time (BaseException: user code's `except Exception` must not eat it)."""


def _version(paquete: str) -> str | None:
    try:
        return importlib.metadata.version(paquete)
    except importlib.metadata.PackageNotFoundError:
        return None


def _error(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:600]


def _local(host: object) -> bool:
    texto = host.decode() if isinstance(host, bytes) else str(host)
    return texto in ("localhost", "", "::1", "0.0.0.0") or texto.startswith("127.") or texto.startswith("/")


def bloquear_red() -> None:
    """Refuse name resolution and connections to anything but loopback (fake credentials only)."""
    original_getaddrinfo = socket.getaddrinfo
    original_connect = socket.socket.connect
    original_connect_ex = socket.socket.connect_ex

    def getaddrinfo(host, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not _local(host):
            raise socket.gaierror(socket.EAI_NONAME, "network disabled by the oracle real-world probe")
        return original_getaddrinfo(host, *args, **kwargs)

    def _destino(direccion: Any) -> object:
        return direccion[0] if isinstance(direccion, tuple) else direccion

    def connect(self, direccion):  # type: ignore[no-untyped-def]
        if not _local(_destino(direccion)):
            raise OSError(101, "network disabled by the oracle real-world probe")
        return original_connect(self, direccion)

    def connect_ex(self, direccion):  # type: ignore[no-untyped-def]
        if not _local(_destino(direccion)):
            return 101
        return original_connect_ex(self, direccion)

    socket.getaddrinfo = getaddrinfo  # type: ignore[assignment]
    socket.socket.connect = connect  # type: ignore[method-assign]
    socket.socket.connect_ex = connect_ex  # type: ignore[method-assign]


class Sonda:
    """Records server instances, neutralises and restores `run`, lists tools."""

    def __init__(self, salida: Path) -> None:
        self.salida = salida
        self.clases: list[tuple[type, str]] = []
        self.instancias: list[dict[str, Any]] = []
        self.vistas: set[int] = set()
        self.pasos: list[dict[str, Any]] = []
        self.originales: list[tuple[object, str, object]] = []
        self.dirs_sdk: list[str] = []
        self.stdlib = sysconfig.get_paths()["stdlib"]
        self.llamadas_bloqueadas = 0

    # -- recording ----------------------------------------------------------------------

    def preparar(self) -> None:
        """Import the SDK server classes present in this venv and wrap their `__init__`."""
        for modulo, nombre, familia in CLASES:
            try:
                clase = getattr(importlib.import_module(modulo), nombre)
            except Exception:  # noqa: BLE001 - an SDK major without this class
                continue
            self.clases.append((clase, familia))
            self._envolver_init(clase, familia)
        for paquete in ("mcp", "fastmcp"):
            try:
                self.dirs_sdk.append(str(Path(importlib.import_module(paquete).__file__).parent))
            except Exception:  # noqa: BLE001
                pass

    def _envolver_init(self, clase: type, familia: str) -> None:
        original = clase.__init__
        sonda = self

        def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            original(self, *args, **kwargs)
            sonda._registrar(self, clase, familia)

        clase.__init__ = __init__  # type: ignore[misc]

    def _en_stdlib(self, archivo: str) -> bool:
        return archivo.startswith(self.stdlib + os.sep) and "site-packages" not in archivo

    def _en_sdk(self, archivo: str) -> bool:
        return any(archivo.startswith(d + os.sep) for d in self.dirs_sdk)

    def _registrar(self, instancia: object, clase: type, familia: str) -> None:
        if id(instancia) in self.vistas:
            return
        marco = sys._getframe(2)
        while marco is not None and ((marco.f_code.co_name == "__init__" and marco.f_locals.get("self") is instancia)
                                     or self._en_stdlib(marco.f_code.co_filename)):
            marco = marco.f_back  # a subclass's super().__init__ chain, typing's Generic[...] call
        creado_en_sdk = marco is not None and self._en_sdk(marco.f_code.co_filename)
        if familia == "lowlevel" and creado_en_sdk:
            return  # the low-level Server inside a FastMCP/MCPServer/fastmcp instance
        sitio = marco
        while sitio is not None and (self._en_sdk(sitio.f_code.co_filename) or self._en_stdlib(sitio.f_code.co_filename)):
            sitio = sitio.f_back
        self.vistas.add(id(instancia))
        mcp_mayor = (_version("mcp") or "0").split(".")[0]
        if familia == "lowlevel":
            familia = f"lowlevel{mcp_mayor}"
        elif familia == "fastmcp":
            familia = f"fastmcp{(_version('fastmcp') or '0').split('.')[0]}"
        self.instancias.append({
            "objeto": instancia, "clase": f"{type(instancia).__module__}.{type(instancia).__qualname__}",
            "familia": familia,
            "archivo": sitio.f_code.co_filename if sitio else None, "linea": sitio.f_lineno if sitio else None,
            "interna": creado_en_sdk,
        })

    # -- neutralising run() ---------------------------------------------------------------

    def neutralizar(self) -> None:
        """Replace run() and its async siblings (and uvicorn's) with no-ops."""
        objetivos: list[tuple[object, str]] = [(c, m) for c, _ in self.clases for m in METODOS_RUN if m in vars(c)]
        try:
            import uvicorn
            objetivos += [(uvicorn, "run"), (uvicorn.Server, "serve"), (uvicorn.Server, "run")]
        except Exception:  # noqa: BLE001
            pass
        try:
            import mcp.server.stdio as stdio  # its context waits for the streams run() would close
            objetivos.append((stdio, "stdio_server"))
        except Exception:  # noqa: BLE001
            pass
        for dueño, nombre in objetivos:
            original = getattr(dueño, nombre, None)
            if original is None:
                continue
            self.originales.append((dueño, nombre, inspect.getattr_static(dueño, nombre)))
            if nombre == "stdio_server":
                setattr(dueño, nombre, _stdio_falso)
            else:
                setattr(dueño, nombre, _nada_async if inspect.iscoroutinefunction(original) else _nada)

    def bloquear_llamadas(self) -> None:
        """Make every tool call fail, client side and server side: an example's `__main__` demo
        may call tools in memory; the probe only lists them."""
        objetivos: list[tuple[object, str]] = [(c, "call_tool") for c, f in self.clases
                                               if f != "lowlevel" and "call_tool" in vars(c)]
        for modulo, clase, metodos in (("mcp.client.session", "ClientSession", ("call_tool",)),
                                       ("mcp.client.client", "Client", ("call_tool",)),
                                       ("fastmcp", "Client", ("call_tool", "call_tool_mcp"))):
            try:
                objeto = getattr(importlib.import_module(modulo), clase)
            except Exception:  # noqa: BLE001
                continue
            objetivos += [(objeto, m) for m in metodos if hasattr(objeto, m)]
        sonda = self

        async def llamada_bloqueada(*args: object, **kwargs: object) -> None:
            sonda.llamadas_bloqueadas += 1
            raise RuntimeError("tool calls are disabled by the oracle real-world probe")

        for dueño, nombre in objetivos:
            setattr(dueño, nombre, llamada_bloqueada)

    def restaurar(self) -> None:
        """Put back every method `neutralizar` replaced."""
        for dueño, nombre, original in reversed(self.originales):
            setattr(dueño, nombre, original)
        self.originales.clear()

    # -- steps --------------------------------------------------------------------------

    def ejecutar(self, paso: dict[str, Any], plazo: int) -> None:
        """Run one step (call an entry point, import a module, run a file as __main__) within `plazo`."""
        registro: dict[str, Any] = {"paso": paso, "error": None}
        self.pasos.append(registro)
        objetivo = paso["objetivo"]
        sys.argv = [Path(objetivo.split(":")[0]).name]
        signal.signal(signal.SIGALRM, _plazo_agotado)
        signal.alarm(plazo)
        try:
            if paso["tipo"] == "script":
                modulo, _, atributo = objetivo.partition(":")
                funcion: Any = importlib.import_module(modulo)
                for parte in atributo.split("."):
                    funcion = getattr(funcion, parte)
                resultado = funcion()
                if inspect.iscoroutine(resultado):
                    asyncio.run(resultado)
            elif paso["tipo"] == "modulo":
                importlib.import_module(objetivo)
            elif paso["tipo"] == "modulo_main":
                runpy.run_module(objetivo, run_name="__main__", alter_sys=True)
            else:
                sys.path.insert(0, str(Path(objetivo).parent))
                runpy.run_path(objetivo, run_name="__main__")
        except SystemExit as exc:
            registro["salida"] = str(exc.code)
        except BaseException as exc:  # noqa: BLE001 - everything the user code raises is recorded
            registro["error"] = _error(exc)
            registro["traza"] = traceback.format_exc()[-2500:]
        finally:
            signal.alarm(0)

    # -- listing ------------------------------------------------------------------------

    def listar(self) -> None:
        """Ask every recorded instance for tools/list (client first, the server's own list_tools second)."""
        for instancia in self.instancias:
            signal.signal(signal.SIGALRM, _plazo_agotado)
            signal.alarm(PLAZO_LISTADO + 5)
            try:
                self._listar_una(instancia)
            except BaseException as exc:  # noqa: BLE001
                instancia.setdefault("error_listado", _error(exc))
            finally:
                signal.alarm(0)
            self.escribir()

    def _listar_una(self, instancia: dict[str, Any]) -> None:
        objeto = instancia["objeto"]
        try:
            herramientas = asyncio.run(asyncio.wait_for(_por_cliente(objeto, instancia["familia"]), PLAZO_LISTADO))
            instancia["via"] = "cliente"
        except BaseException as exc:  # noqa: BLE001 - e.g. a lifespan that needs a database
            if isinstance(exc, Plazo):
                raise
            instancia["error_cliente"] = _error(exc)
            if _metodo_no_encontrado(exc):  # the server does not serve tools/list: it has no tools
                instancia["via"] = "cliente"
                instancia["herramientas"] = []
                return
            herramientas = asyncio.run(asyncio.wait_for(_directo(objeto, instancia["familia"]), PLAZO_LISTADO))
            instancia["via"] = "directo"
        instancia["herramientas"] = [_con_manejador(objeto, h) for h in herramientas]

    def escribir(self) -> None:
        """Write what is known so far (atomically)."""
        datos = {
            "versiones": {p: _version(p) for p in ("mcp", "fastmcp", "pydantic")},
            "python": sys.version.split()[0],
            "pasos": self.pasos,
            "llamadas_bloqueadas": self.llamadas_bloqueadas,
            "instancias": [{k: v for k, v in i.items() if k != "objeto"} for i in self.instancias],
        }
        temporal = self.salida.with_suffix(".tmp")
        temporal.write_text(json.dumps(datos, default=str, indent=1), encoding="utf-8")
        temporal.replace(self.salida)


def _nada(*args: object, **kwargs: object) -> None:
    return None


async def _nada_async(*args: object, **kwargs: object) -> None:
    return None


@contextlib.asynccontextmanager
async def _stdio_falso(*args: object, **kwargs: object) -> AsyncIterator[tuple[Any, Any]]:
    """stdio_server() without stdin/stdout: two idle in-memory streams."""
    import anyio
    envia, recibe = anyio.create_memory_object_stream(1)
    yield recibe, envia


def _plazo_agotado(signum: int, frame: object) -> None:
    raise Plazo("step timed out")


def _metodo_no_encontrado(exc: BaseException) -> bool:
    """A JSON-RPC "Method not found" (-32601), possibly inside an exception group."""
    for sub in getattr(exc, "exceptions", ()):
        if _metodo_no_encontrado(sub):
            return True
    error = getattr(exc, "error", None)
    return getattr(error, "code", None) == -32601 or "Method not found" in str(exc)


def _volcar(herramienta: Any) -> dict[str, Any]:
    """A tool as it goes on the wire (camelCase keys)."""
    datos = herramienta.model_dump(by_alias=True, mode="json", exclude_none=True)
    return {"name": datos.get("name"), "inputSchema": datos.get("inputSchema"), "outputSchema": datos.get("outputSchema")}


async def _paginar(listar: Callable[..., Any]) -> list[dict[str, Any]]:
    herramientas: list[dict[str, Any]] = []
    cursor = None
    for _ in range(100):
        pagina = await listar(cursor)
        herramientas += [_volcar(t) for t in pagina.tools]
        cursor = getattr(pagina, "nextCursor", None) or getattr(pagina, "next_cursor", None)
        if not cursor:
            break
    return herramientas


async def _por_cliente(objeto: Any, familia: str) -> list[dict[str, Any]]:
    """tools/list through the SDK's in-memory client."""
    if familia.startswith("fastmcp"):
        import fastmcp
        async with fastmcp.Client(objeto) as cliente:
            return [_volcar(t) for t in await cliente.list_tools()]
    if familia in ("mcp2", "lowlevel2"):
        from mcp import Client
        async with Client(objeto) as cliente:
            return await _paginar(lambda c: cliente.list_tools(cursor=c))
    from mcp.shared.memory import create_connected_server_and_client_session
    async with create_connected_server_and_client_session(objeto) as sesion:
        return await _paginar(lambda c: sesion.list_tools(cursor=c))


async def _directo(objeto: Any, familia: str) -> list[dict[str, Any]]:
    """The server's own tool listing, without a session (so without its lifespan)."""
    if familia.startswith("lowlevel"):
        import mcp.types as tipos  # 1.x: the handler registered by @server.list_tools()
        manejador = objeto.request_handlers.get(tipos.ListToolsRequest)
        if manejador is None:
            return []  # no @server.list_tools(): a server without tools
        resultado = await manejador(tipos.ListToolsRequest(method="tools/list"))
        return [_volcar(t) for t in getattr(resultado, "root", resultado).tools]
    for nombre in ("list_tools", "get_tools", "_list_tools"):
        metodo = getattr(objeto, nombre, None)
        if metodo is None:
            continue
        resultado = metodo()
        if inspect.isawaitable(resultado):
            resultado = await resultado
        if isinstance(resultado, dict):
            resultado = list(resultado.values())
        volcadas = []
        for t in resultado:
            if hasattr(t, "to_mcp_tool"):
                t = t.to_mcp_tool()
            volcadas.append(_volcar(t))
        return volcadas
    raise RuntimeError("no list_tools on this instance")


def _fuente(funcion: Any) -> tuple[str | None, int | None]:
    for _ in range(10):
        if hasattr(funcion, "__func__"):
            funcion = funcion.__func__
        elif hasattr(funcion, "func") and callable(funcion.func):
            funcion = funcion.func
        else:
            break
    try:
        funcion = inspect.unwrap(funcion)
        return inspect.getsourcefile(funcion), funcion.__code__.co_firstlineno
    except Exception:  # noqa: BLE001
        return None, None


def _con_manejador(objeto: Any, herramienta: dict[str, Any]) -> dict[str, Any]:
    """Add where the tool's handler is defined, when the server keeps its function."""
    nombre = herramienta["name"]
    funcion = None
    gestor = getattr(objeto, "_tool_manager", None)
    tablas = getattr(gestor, "_tools", None)
    if isinstance(tablas, dict) and nombre in tablas:
        funcion = getattr(tablas[nombre], "fn", None)
    if funcion is None and hasattr(objeto, "get_tool"):
        try:
            obtenida = objeto.get_tool(nombre)
            if inspect.isawaitable(obtenida):
                obtenida = asyncio.run(obtenida)
            funcion = getattr(obtenida, "fn", None)
        except BaseException:  # noqa: BLE001
            funcion = None
    archivo, linea = _fuente(funcion) if funcion is not None else (None, None)
    return {**herramienta, "archivo": archivo, "linea": linea}


def main() -> None:
    """Read the spec, run its steps, list tools, write the result."""
    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    sonda = Sonda(Path(sys.argv[2]))
    bloquear_red()
    for ruta in reversed(spec["sys_path"]):
        sys.path.insert(0, ruta)
    sonda.preparar()
    sonda.neutralizar()
    sonda.bloquear_llamadas()
    sonda.escribir()
    for paso in spec["pasos"]:
        sonda.ejecutar(paso, spec["plazo"])
        sonda.escribir()
    sonda.restaurar()
    sonda.listar()
    sonda.escribir()
    os._exit(0)  # threads left running by user code must not keep the process alive


if __name__ == "__main__":
    main()
