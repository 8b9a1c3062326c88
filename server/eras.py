"""The dispatcher: both protocol eras in one process, the protocol errors, and `tools/call`.

2026-07-28 ("modern"): a request whose `params._meta` carries
`io.modelcontextprotocol/protocolVersion` is judged on its own — the envelope must also
carry `io.modelcontextprotocol/clientCapabilities`, an unsupported version is -32022 with
`data.supported`, every result says `resultType: "complete"`, `server/discover` and
`tools/list` add `ttlMs` and `cacheScope`, and no session is kept.

2025-11-25 ("legacy"): `initialize` (answered with 2025-11-25 and `tools` as the only
capability), `notifications/initialized`, `ping`, and seed 001's `shutdown`/`exit`: after
`shutdown` only `exit` is accepted; `exit` ends the process (status 0 after `shutdown`, 1
without it, as in LSP, which these two methods come from). `tools/list` and `tools/call`
need a finished `initialize` unless the request carries the modern envelope.

Both eras: `tools/list`, `tools/call`, `notifications/cancelled`. Nothing else: no
resources, prompts, sampling, roots, logging or completions (-32601).
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

from oracle_lint.nucleo.errores import ErrorOracle, evaluacion_fallo, proyecto_invalido
from oracle_lint.nucleo.cancelacion import Cancelado
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.version import VERSION
from .adaptador import Contexto, PoscondicionRota
from .herramientas import POR_NOMBRE, Herramienta, definiciones
from .trabajos import Trabajo, Trabajos
from .transporte import (
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PARSE_ERROR,
    UNSUPPORTED_PROTOCOL_VERSION,
    JsonInvalido,
    Salida,
    decodificar,
    error_jsonrpc,
    registrar,
    respuesta,
    serializar,
)
from .validacion import mostrar

VERSION_MODERNA = "2026-07-28"
VERSION_HEREDADA = "2025-11-25"
VERSIONES_MODERNAS = (VERSION_MODERNA,)
CLAVE_VERSION = "io.modelcontextprotocol/protocolVersion"
CLAVE_CAPACIDADES = "io.modelcontextprotocol/clientCapabilities"
CLAVE_SERVIDOR = "io.modelcontextprotocol/serverInfo"
NOMBRE = "oracle-mcp"
TITULO = "Oracle"
CAPACIDADES: dict[str, Any] = {"tools": {"listChanged": False}}
TTL_MS = 3_600_000
"""`tools/list` and `server/discover` never change while the process lives: one hour of client cache."""
ALCANCE_DE_CACHE = "public"
"""Neither result depends on who asks."""

METODOS_MODERNOS = frozenset({"server/discover", "tools/list", "tools/call"})
METODOS_HEREDADOS = frozenset({"initialize", "ping", "shutdown", "exit", "server/discover", "tools/list", "tools/call"})


class Salir(Exception):
    """`exit` was received: end the process with `codigo`."""

    def __init__(self, codigo: int) -> None:
        super().__init__(codigo)
        self.codigo = codigo


class PedidoInvalido(Exception):
    """A protocol error to answer: code, message and optional data."""

    def __init__(self, codigo: int, mensaje: str, datos: Any = None) -> None:
        super().__init__(mensaje)
        self.codigo = codigo
        self.mensaje = mensaje
        self.datos = datos


def _invalido(detalle: str) -> PedidoInvalido:
    return PedidoInvalido(INVALID_REQUEST, f"pedido JSON-RPC inválido: {detalle}")


def _llamada_invalida(detalle: str) -> PedidoInvalido:
    return PedidoInvalido(INVALID_PARAMS, f"tools/call inválido: {detalle}")


def _tipo_json(valor: Any) -> str:
    if valor is None:
        return "null"
    if isinstance(valor, bool):
        return "un booleano"
    if isinstance(valor, (int, float)):
        return "un número"
    if isinstance(valor, str):
        return "una cadena"
    if isinstance(valor, list):
        return "una lista"
    return "un objeto"


def _es_id(valor: Any) -> bool:
    return isinstance(valor, str) or (isinstance(valor, int) and not isinstance(valor, bool))


def resultado_exitoso(objeto: dict[str, Any]) -> dict[str, Any]:
    """A successful tool result: the object as structuredContent and its compact JSON as text."""
    texto = serializar(objeto).decode("utf-8").rstrip("\n")
    return {"content": [{"type": "text", "text": texto}], "structuredContent": objeto, "isError": False}


def resultado_de_error(error: ErrorOracle) -> dict[str, Any]:
    """A tool error: one text block, `CODIGO — mensaje` then the field and the fix; no structuredContent."""
    return {"content": [{"type": "text", "text": error.texto()}], "isError": True}


def _proyecto_de_la_llamada(raiz: Path, confiar_escalares: bool) -> Proyecto:
    """The project read afresh from the root fixed at start-up (calls share no semantic state)."""
    proyecto = Proyecto(raiz, confiar_escalares=confiar_escalares)
    if proyecto.raiz != raiz:
        raise proyecto_invalido(
            str(raiz),
            f"la raíz fijada al arrancar ahora resuelve a {proyecto.raiz}",
            "reiniciá el servidor con la raíz que corresponda; una llamada no puede moverla.",
        )
    return proyecto


def ejecutar(herramienta: Herramienta, argumentos: dict[str, Any], raiz: Path, confiar_escalares: bool,
             cancelado: Any = lambda: False) -> dict[str, Any] | None:
    """Run one tool call to its MCP result; None when it was cancelled (nothing must be written)."""
    try:
        herramienta.validar_entrada(argumentos)
        contexto = Contexto(_proyecto_de_la_llamada(raiz, confiar_escalares), cancelado)
        contexto.revisar()
        objeto = herramienta.manejador(contexto, argumentos)
        try:
            herramienta.validar_salida(objeto)
        except ErrorOracle as error:
            raise PoscondicionRota(f"la respuesta no cumple su outputSchema ({error.mensaje})") from None
        return resultado_exitoso(objeto)
    except Cancelado:
        return None
    except ErrorOracle as error:
        return resultado_de_error(error)
    except Exception as error:  # never a crash: the traceback goes to stderr, the agent gets a code
        registrar(f"excepción en {herramienta.name}:\n{traceback.format_exc().rstrip()}")
        return resultado_de_error(evaluacion_fallo(type(error).__name__, str(error)))


class Despachador:
    """Reads one message at a time; answers protocol methods inline and runs tool calls on workers."""

    def __init__(self, raiz: Path, confiar_escalares: bool, salida: Salida, trabajos: Trabajos) -> None:
        self.raiz = raiz
        self.confiar_escalares = confiar_escalares
        self.salida = salida
        self.trabajos = trabajos
        self.iniciada = False
        self.apagada = False
        self._definiciones = definiciones()

    # -- input ------------------------------------------------------------------------------

    def recibir(self, linea: bytes) -> None:
        """Handle one raw input line (blank lines are skipped). May raise `Salir`."""
        if not linea.strip():
            return
        try:
            mensaje = decodificar(linea)
        except JsonInvalido as error:
            self._escribir(error_jsonrpc(None, PARSE_ERROR, f"JSON inválido: {error}"))
            return
        self.mensaje(mensaje)

    def mensaje(self, mensaje: Any) -> None:
        """Handle one decoded message. May raise `Salir`."""
        ident = mensaje.get("id") if isinstance(mensaje, dict) and _es_id(mensaje.get("id")) else None
        try:
            self._mensaje(mensaje)
        except PedidoInvalido as error:
            self._escribir(error_jsonrpc(ident, error.codigo, error.mensaje, error.datos))

    def _mensaje(self, mensaje: Any) -> None:
        if not isinstance(mensaje, dict):
            raise _invalido(f"el mensaje es {_tipo_json(mensaje)}; se esperaba un objeto")
        if mensaje.get("jsonrpc") != "2.0":
            raise _invalido(f"jsonrpc es {mostrar(mensaje.get('jsonrpc'))}; se esperaba \"2.0\"")
        if "method" not in mensaje:
            if "id" in mensaje and ("result" in mensaje or "error" in mensaje):
                registrar(f"se ignora una respuesta al id {mostrar(mensaje['id'])}: este servidor no hace pedidos")
                return
            raise _invalido("falta method")
        metodo = mensaje["method"]
        if not isinstance(metodo, str):
            raise _invalido(f"method es {_tipo_json(metodo)}; se esperaba una cadena")
        if "id" in mensaje and not _es_id(mensaje["id"]):
            raise _invalido(f"id es {_tipo_json(mensaje['id'])}; se esperaba una cadena o un entero")
        params = mensaje.get("params")
        if "params" in mensaje and not isinstance(params, dict):
            raise _invalido(f"params es {_tipo_json(params)}; se esperaba un objeto")
        if "id" not in mensaje:
            self._notificacion(metodo, params or {})
        else:
            self._pedido(mensaje["id"], metodo, params or {})

    # -- notifications ----------------------------------------------------------------------

    def _notificacion(self, metodo: str, params: dict[str, Any]) -> None:
        if metodo == "notifications/cancelled":
            ident = params.get("requestId")
            if _es_id(ident) and self.trabajos.cancelar(ident):
                registrar(f"pedido {mostrar(ident)} cancelado: no se escribirá su respuesta")
            return
        if metodo == "notifications/initialized":
            return
        if metodo == "exit":
            raise Salir(0 if self.apagada else 1)
        registrar(f"se ignora la notificación {metodo}")

    # -- requests ---------------------------------------------------------------------------

    def _pedido(self, ident: Any, metodo: str, params: dict[str, Any]) -> None:
        if metodo == "exit":
            raise Salir(0 if self.apagada else 1)
        if self.apagada:
            raise _invalido("el servidor recibió shutdown; sólo se admite exit")
        meta = params.get("_meta")
        moderno = metodo != "initialize" and isinstance(meta, dict) and CLAVE_VERSION in meta
        if moderno:
            self._pedido_moderno(ident, metodo, params, meta)
        else:
            self._pedido_heredado(ident, metodo, params)

    def _pedido_moderno(self, ident: Any, metodo: str, params: dict[str, Any], meta: dict[str, Any]) -> None:
        version = meta[CLAVE_VERSION]
        if not isinstance(version, str):
            raise _invalido(f"params._meta[\"{CLAVE_VERSION}\"] es {_tipo_json(version)}; se esperaba una cadena")
        if not isinstance(meta.get(CLAVE_CAPACIDADES), dict):
            raise _invalido(f"falta params._meta[\"{CLAVE_CAPACIDADES}\"] (un objeto, aunque esté vacío)")
        if version not in VERSIONES_MODERNAS:
            raise PedidoInvalido(
                UNSUPPORTED_PROTOCOL_VERSION,
                f"versión de protocolo no soportada: {version}",
                {"supported": list(VERSIONES_MODERNAS), "requested": version},
            )
        if metodo not in METODOS_MODERNOS:
            raise PedidoInvalido(METHOD_NOT_FOUND, f"método no soportado: {metodo}")
        if metodo == "server/discover":
            self._responder(ident, self._descubrimiento())
        elif metodo == "tools/list":
            self._responder(ident, {**self._lista(), "ttlMs": TTL_MS, "cacheScope": ALCANCE_DE_CACHE,
                                    "resultType": "complete"})
        else:
            self._llamada(ident, params, moderna=True)

    def _pedido_heredado(self, ident: Any, metodo: str, params: dict[str, Any]) -> None:
        if metodo not in METODOS_HEREDADOS:
            raise PedidoInvalido(METHOD_NOT_FOUND, f"método no soportado: {metodo}")
        if metodo == "initialize":
            if self.iniciada:
                raise _invalido("initialize ya se recibió en esta sesión")
            self.iniciada = True
            self._responder(ident, self._inicializacion())
        elif metodo == "ping":
            self._responder(ident, {})
        elif metodo == "shutdown":
            self.apagada = True
            self._responder(ident, {})
        elif metodo == "server/discover":
            raise _invalido(
                f"server/discover exige params._meta con \"{CLAVE_VERSION}\" y \"{CLAVE_CAPACIDADES}\" "
                f"(versión {VERSION_MODERNA})"
            )
        elif not self.iniciada:
            raise _invalido(
                f"{metodo} antes de initialize: iniciá la sesión {VERSION_HEREDADA} o enviá el sobre "
                f"{VERSION_MODERNA} en params._meta"
            )
        elif metodo == "tools/list":
            self._responder(ident, self._lista())
        else:
            self._llamada(ident, params, moderna=False)

    # -- results ----------------------------------------------------------------------------

    def _info(self) -> dict[str, Any]:
        return {"name": NOMBRE, "title": TITULO, "version": VERSION}

    def _inicializacion(self) -> dict[str, Any]:
        return {"protocolVersion": VERSION_HEREDADA, "capabilities": CAPACIDADES, "serverInfo": self._info()}

    def _descubrimiento(self) -> dict[str, Any]:
        return {
            "supportedVersions": list(VERSIONES_MODERNAS),
            "capabilities": CAPACIDADES,
            "ttlMs": TTL_MS,
            "cacheScope": ALCANCE_DE_CACHE,
            "resultType": "complete",
            "_meta": {CLAVE_SERVIDOR: self._info()},
        }

    def _lista(self) -> dict[str, Any]:
        return {"tools": self._definiciones}

    def _llamada(self, ident: Any, params: dict[str, Any], *, moderna: bool) -> None:
        nombre = params.get("name")
        if not isinstance(nombre, str):
            raise _llamada_invalida(f"params.name es {_tipo_json(nombre)}; se esperaba el nombre de una herramienta")
        herramienta = POR_NOMBRE.get(nombre)
        if herramienta is None:
            raise _llamada_invalida(f"herramienta desconocida: {nombre}")
        argumentos = params.get("arguments", {})
        if not isinstance(argumentos, dict):
            raise _llamada_invalida(f"params.arguments es {_tipo_json(argumentos)}; se esperaba un objeto")
        if self.trabajos.en_curso(ident):
            raise _invalido(f"el id {mostrar(ident)} ya está en curso")

        def trabajo(t: Trabajo) -> None:
            resultado = ejecutar(herramienta, argumentos, self.raiz, self.confiar_escalares, t.cancelado)
            if resultado is None:
                registrar(f"pedido {mostrar(ident)}: trabajo detenido tras la cancelación")
                return
            if moderna:
                resultado["resultType"] = "complete"
            if not self._escribir(respuesta(ident, resultado), descartar=t.cancelado):
                registrar(f"respuesta de {mostrar(ident)} descartada: el pedido fue cancelado")

        self.trabajos.lanzar(ident, trabajo)

    # -- output -----------------------------------------------------------------------------

    def _responder(self, ident: Any, resultado: dict[str, Any]) -> None:
        self._escribir(respuesta(ident, resultado))

    def _escribir(self, mensaje: dict[str, Any], descartar: Any = None) -> bool:
        try:
            return self.salida.escribir(mensaje, descartar=descartar)
        except (BrokenPipeError, ValueError, OSError) as error:
            registrar(f"no se pudo escribir en stdout ({type(error).__name__})")
            return False
