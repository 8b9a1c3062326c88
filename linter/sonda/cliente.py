"""Ask a running MCP server for its `tools/list`, through the MCP Python SDK's own client.

The I/O edge of the probe: a server started over stdio exactly as a client would start it, or a
Streamable HTTP URL. Every failure (the SDK missing, a command that does not start, a crash,
garbage on stdout, no answer within the timeout) is one `ErrorOracle` with a stable code; the
server process is always ended, since the SDK's stdio client owns it and closes it on exit.
"""

from __future__ import annotations

import logging
import os
import shlex
import tempfile
from dataclasses import dataclass
from typing import Any, Optional, Sequence, Union

from oracle_lint.nucleo.errores import ErrorOracle

EXTRA = "oracle-lint[probe]"
MAX_PAGINAS = 1000


@dataclass(frozen=True)
class Servidor:
    """How to reach the server: a command (stdio) or a URL (Streamable HTTP)."""

    comando: tuple[str, ...] = ()
    url: Optional[str] = None
    cwd: Optional[str] = None

    def origen(self) -> str:
        """What stands in a finding where a static one names a file."""
        return self.url if self.url else shlex.join(self.comando)


@dataclass(frozen=True)
class Listado:
    """What the server said: its tools (as published JSON), protocol version and name, and the
    result of each sample call (the published JSON, or why there is none)."""

    herramientas: tuple[dict[str, Any], ...]
    protocolo: str
    servidor: str
    resultados: tuple[tuple[Any, Union[dict[str, Any], str]], ...] = ()


def _sdk() -> Any:
    try:
        import anyio  # noqa: F401
        from mcp import ClientSession  # noqa: F401
    except ImportError as error:
        raise ErrorOracle(
            "SONDA_SIN_SDK",
            f"probing a live server needs the MCP Python SDK, which is not installed ({error.name} is missing).",
            correccion=f"install the extra: pip install '{EXTRA}'",
        ) from None
    import mcp

    return mcp


ERAS = ("auto", "modern", "legacy")


def listar(servidor: Servidor, timeout: float, era: str = "auto", llamadas: Sequence[Any] = (),
           crudo: bool = False) -> Listado:
    """Open a session in `era`, page through `tools/list`, make the sample `llamadas`, close; raise
    `ErrorOracle` on any failure of the session (a call the server answers with an error is a result).

    `crudo`: the tools exactly as the server wrote them (its key order, every key it sent), checked
    against the protocol but not re-serialized by the SDK's models, for counting their tokens."""
    _sdk()
    import anyio

    ruido: list[str] = []  # stdout lines that are not JSON-RPC, as the SDK's transport reports them
    registro = logging.getLogger("mcp")
    nivel, propaga = registro.level, registro.propagate
    registro.setLevel(logging.CRITICAL + 1)  # the SDK logs each bad line with a traceback: it is reported below instead
    registro.propagate = False
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            return anyio.run(_listar, servidor, timeout, errlog, era, ruido, tuple(llamadas), crudo)
        except ErrorOracle:
            raise
        except TimeoutError:
            raise _fallo(servidor, f"no answer within {timeout:g} s", errlog, ruido) from None
        except BaseException as error:  # noqa: BLE001 — any failure of the session is the server's, reported
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            propio = _propio(error)
            if propio is not None:  # raised inside the SDK's task groups: our own error, as it was written
                raise propio from None
            raise _fallo(servidor, _describir(error), errlog, ruido) from None
        finally:
            registro.setLevel(nivel)
            registro.propagate = propaga


async def _listar(servidor: Servidor, timeout: float, errlog: Any, era: str, ruido: list[str],
                  llamadas: tuple[Any, ...], crudo: bool = False) -> Listado:
    import anyio
    from mcp import ClientSession
    from mcp.types import PaginatedRequestParams

    with anyio.fail_after(timeout):
        async with _transporte(servidor, errlog) as flujos:
            leer, escribir = flujos[0], flujos[1]
            async def recibir(mensaje: Any) -> None:
                if isinstance(mensaje, Exception):
                    ruido.append(_linea_de(mensaje))

            async with ClientSession(leer, escribir, message_handler=recibir) as sesion:
                protocolo, nombre = await _negociar(sesion, servidor, era)
                herramientas: list[dict[str, Any]] = []
                cursor: Optional[str] = None
                for _ in range(MAX_PAGINAS):
                    parametros = PaginatedRequestParams(cursor=cursor) if cursor else None
                    if crudo:
                        pagina_cruda = await _pagina_cruda(sesion, parametros)
                        herramientas.extend(pagina_cruda.get("tools") or [])
                        cursor = pagina_cruda.get("nextCursor")
                    else:
                        pagina = await sesion.list_tools(params=parametros)
                        herramientas.extend(t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in pagina.tools)
                        cursor = pagina.next_cursor
                    if not cursor:
                        break
                else:
                    raise ErrorOracle("SONDA_FALLO", f"{servidor.origen()}: tools/list kept returning a next cursor "
                                      f"after {MAX_PAGINAS} pages.", correccion="fix the server's pagination")
                resultados = [(l, await _llamar(sesion, l)) for l in llamadas]
                return Listado(tuple(herramientas), protocolo, nombre, tuple(resultados))


async def _pagina_cruda(sesion: Any, parametros: Any) -> dict[str, Any]:
    """One `tools/list` page as the server's JSON: the SDK checks it against the negotiated protocol,
    and the tools stay the dicts parsed from the wire (key order and all), not its models' dump."""
    import mcp.types as types
    from pydantic import TypeAdapter

    return await sesion.send_request(types.ListToolsRequest(params=parametros), TypeAdapter(dict[str, Any]))


async def _llamar(sesion: Any, llamada: Any) -> Union[dict[str, Any], str]:
    """One `tools/call`, unvalidated (the probe judges the raw result): its JSON, or the protocol error."""
    import mcp.types as types
    from mcp.shared.exceptions import MCPError

    pedido = types.CallToolRequest(params=types.CallToolRequestParams(name=llamada.herramienta,
                                                                      arguments=dict(llamada.argumentos)))
    try:
        resultado = await sesion.send_request(pedido, types.CallToolResult)
    except MCPError as error:
        return f"the server answered with the JSON-RPC error {error.error.code}: {error.error.message}"
    return resultado.model_dump(by_alias=True, exclude_none=True, mode="json")


async def _negociar(sesion: Any, servidor: Servidor, era: str) -> tuple[str, str]:
    """Open the session in the asked era: `modern` (server/discover, 2026-07-28 and later), `legacy`
    (the initialize handshake) or `auto` (discover, and the handshake when the server refuses it)."""
    from mcp.shared.exceptions import MCPError
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    if era in ("auto", "modern"):
        try:
            descubierto = await sesion.discover()
        except MCPError as error:
            if era == "modern":
                raise ErrorOracle("SONDA_FALLO", f"`{servidor.origen()}` refused the modern era (server/discover): "
                                  f"{error.error.message} ({error.error.code}).",
                                  correccion="probe it with --protocol legacy (the initialize handshake)") from None
        else:
            version = [v for v in MODERN_PROTOCOL_VERSIONS if v in descubierto.supported_versions][-1]
            info = (descubierto.meta or {}).get("io.modelcontextprotocol/serverInfo") or {}
            return version, str(info.get("name", "")) if isinstance(info, dict) else ""
    inicio = await sesion.initialize()
    return str(inicio.protocol_version), getattr(inicio.server_info, "name", "") or ""


def _transporte(servidor: Servidor, errlog: Any) -> Any:
    if servidor.url:
        from mcp.client.streamable_http import streamable_http_client

        return streamable_http_client(servidor.url)
    from mcp import StdioServerParameters
    from mcp.client.stdio import stdio_client

    parametros = StdioServerParameters(command=servidor.comando[0], args=list(servidor.comando[1:]),
                                       env=dict(os.environ), cwd=servidor.cwd)
    return stdio_client(parametros, errlog=errlog)


def _propio(error: BaseException) -> Optional[ErrorOracle]:
    """The `ErrorOracle` an exception group carries (the first, depth first), if any."""
    if isinstance(error, ErrorOracle):
        return error
    for sub in getattr(error, "exceptions", ()):
        encontrado = _propio(sub)
        if encontrado is not None:
            return encontrado
    return None


def _describir(error: BaseException) -> str:
    """The innermost causes of an (exception-group) failure, one line."""
    if hasattr(error, "exceptions"):  # an ExceptionGroup of the task group (3.10: the backport)
        return "; ".join(dict.fromkeys(_describir(e) for e in error.exceptions))  # type: ignore[attr-defined]
    texto = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {texto}" if texto else type(error).__name__


def _linea_de(error: Exception) -> str:
    """The offending stdout line of a transport parse error (pydantic keeps it as the input)."""
    errores = getattr(error, "errors", None)
    try:
        entrada = errores()[0].get("input") if callable(errores) else None
    except Exception:  # noqa: BLE001 — any other exception: its text
        entrada = None
    texto = entrada if isinstance(entrada, str) else str(error).splitlines()[0]
    return texto if len(texto) <= 80 else texto[:77] + "..."


def _fallo(servidor: Servidor, causa: str, errlog: Any, ruido: Sequence[str] = ()) -> ErrorOracle:
    errlog.flush()
    errlog.seek(0)
    cola = [l for l in errlog.read().splitlines() if l.strip()][-5:]
    if ruido:
        causa += (f"; it wrote {len(ruido)} line{'s' if len(ruido) != 1 else ''} on stdout that "
                  f"{'are' if len(ruido) != 1 else 'is'} not JSON-RPC (first: {ruido[0]!r}): stdout is the protocol channel, "
                  "logs belong on stderr")
    return ErrorOracle(
        "SONDA_FALLO",
        f"could not list the tools of `{servidor.origen()}`: {causa}.",
        detalles=[f"server stderr: {l}" for l in cola],
        correccion="check that the command starts an MCP server on stdio (or that the URL serves Streamable HTTP) "
                   "and answers initialize and tools/list; raise --timeout if it is slow to start",
    )


def comando(argumentos: Sequence[str]) -> tuple[str, ...]:
    """The server command after `--`; at least the program."""
    if not argumentos:
        raise ErrorOracle("ARGUMENTOS_INVALIDOS", "probe needs the server command after `--`, or --url.",
                          correccion="oracle-lint probe -- python server.py")
    return tuple(argumentos)
