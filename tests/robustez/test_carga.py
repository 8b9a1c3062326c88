"""Load: 500 pipelined `tools/call` requests and 50 cancellations, written to one server in one go, then EOF.

What this test guarantees, precisely:

- Every request that was not cancelled (450) is answered exactly once, and its answer is its
  own: each request names something only it asks for (a measure id `carga.m<n>` evaluated over
  `n % 7` witnesses, a juzgar over `n % 5` undocumented tools, a catalog detail of one id or the
  index, a challenge of measure `carga.d<n>`), and the response under its id must say exactly that.
- No cancelled id (50) is ever answered. The cancelled requests are challenge rounds whose
  measure calls the project's `lento` scalar (0.25 s per evaluation, `--confiar-escalares`),
  and each `notifications/cancelled` is the line right after its request. No answer for such a
  request can exist before its first `lento` call returns, while the reader reaches the very
  next line in microseconds; so the cancellation is in the server before any response could
  be written (stderr confirms it: `pedido <id> cancelado` for every one of them). The test does
  not claim anything about a cancellation that races a response already being written: there
  MCP allows either outcome.
- The process exits 0 at end of input, after the in-flight calls, within the timeout; its
  memory stays bounded; the project is byte-identical afterwards.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.robustez.protocolo import META_MODERNA
from tests.robustez.servidor import MEMORIA_MAXIMA_KB, ServidorVivo, copiar_proyecto, foto

PEDIDOS = 500
CANCELADOS = 50
TIEMPO = 300.0


def _medida(ident: str, testigos: str) -> str:
    return (
        f'id = "{ident}"\nsegun = "carga"\nporque = "carga"\nalcance = "cada herramienta"\n'
        f'requiere = ["herramienta"]\ntestigos = "{testigos}"\numbral = {{ operador = "==", valor = 0 }}\n'
    )


def _filas(n: int, documentada: bool) -> list[dict[str, Any]]:
    return [{"herramienta": f"h{i}", "documentada": documentada} for i in range(n)]


def _llamada(ident: Any, herramienta: str, argumentos: dict[str, Any], moderna: bool) -> dict[str, Any]:
    params: dict[str, Any] = {"name": herramienta, "arguments": argumentos}
    if moderna:
        params["_meta"] = META_MODERNA
    return {"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": params}


Verificador = Callable[[dict[str, Any]], None]


def _pedido(n: int) -> tuple[Any, dict[str, Any], Verificador | None]:
    """Request number n: its id, the message, and the check of its answer (None: it will be cancelled)."""
    ident: Any = n if n % 2 == 0 else f"c{n}"
    moderna = n % 3 == 0
    if n % 10 == 5:  # slow: cancelled right after it is sent
        casos = [{"id": f"c{i}", "espera": "rojo" if i % 2 == 0 else "verde",
                  "evidencia": {"herramienta": [{"herramienta": "b" if i % 2 == 0 else "a"}]}} for i in range(8)]
        argumentos = {"medida": {"texto": _medida(f"carga.lenta{n}", 'herramienta | donde lento(herramienta) = \\"b\\"'),
                                 "formato": "oracle"}, "usar_evidencia_del_proyecto": False, "casos": casos}
        return ident, _llamada(ident, "oracle_desafiar", argumentos, moderna), None
    clase = n % 10
    if clase in (0, 1, 2, 3, 4):
        k = n % 7
        argumentos = {"medida": {"texto": _medida(f"carga.m{n}", "herramienta | donde documentada = falso"), "formato": "oracle"},
                      "evidencia": {"herramienta": _filas(k, False) + _filas(2, True)}}

        def evaluar(r: dict[str, Any]) -> None:
            assert (r["medida"], r["valor"], r["estado"]) == (f"carga.m{n}", k, "rojo" if k else "verde"), r

        return ident, _llamada(ident, "oracle_evaluar", argumentos, moderna), evaluar
    if clase in (6, 7):
        k = n % 5
        argumentos = {"evidencia": {"herramienta": _filas(k, False)}, "ids": ["propio.sin_documentar"]}

        def juzgar(r: dict[str, Any]) -> None:
            (medida,) = r["medidas"]
            assert (medida["id"], medida["valor"], r["ok"]) == ("propio.sin_documentar", k, k == 0), r

        return ident, _llamada(ident, "oracle_juzgar", argumentos, moderna), juzgar
    if clase == 8:
        detalle = n % 20 == 8
        argumentos = {"ids": ["propio.sin_documentar"]} if detalle else {}

        def catalogo(r: dict[str, Any]) -> None:
            assert r["detalle"] is detalle and "propio.sin_documentar" in [m["id"] for m in r["medidas"]], r
            if detalle:
                assert [m["id"] for m in r["medidas"]] == ["propio.sin_documentar"] and "fuente" in r["medidas"][0]

        return ident, _llamada(ident, "oracle_catalogo_efectivo", argumentos, moderna), catalogo
    casos = [{"id": "v", "espera": "verde", "evidencia": {"herramienta": _filas(1, True)}},
             {"id": "r", "espera": "rojo", "evidencia": {"herramienta": _filas(1 + n % 3, False)}}]
    argumentos = {"medida": {"texto": _medida(f"carga.d{n}", "herramienta | donde documentada = falso"), "formato": "oracle"},
                  "usar_evidencia_del_proyecto": False, "casos": casos}

    def desafiar(r: dict[str, Any]) -> None:
        assert r["medida"] == f"carga.d{n}", r
        assert (r["casos"]["efimeros"], r["casos"]["esperan_verde"], r["casos"]["esperan_rojo"]) == (2, 1, 1), r

    return ident, _llamada(ident, "oracle_desafiar", argumentos, moderna), desafiar


def test_carga_con_cancelaciones(tmp_path: Path) -> None:
    raiz = copiar_proyecto("confiado", tmp_path)
    antes = foto(raiz)
    lineas: list[bytes] = [
        b'{"jsonrpc":"2.0","id":"ini","method":"initialize","params":{"protocolVersion":"2025-11-25",'
        b'"capabilities":{},"clientInfo":{"name":"carga","version":"1"}}}',
        b'{"jsonrpc":"2.0","method":"notifications/initialized"}',
    ]
    verificadores: dict[str, Verificador] = {}
    modernos: dict[str, bool] = {}
    cancelados: list[Any] = []
    for n in range(PEDIDOS):
        ident, mensaje, verificador = _pedido(n)
        lineas.append(json.dumps(mensaje, separators=(",", ":")).encode())
        modernos[json.dumps(ident)] = "_meta" in mensaje["params"]
        if verificador is None:
            cancelados.append(ident)
            lineas.append(json.dumps({"jsonrpc": "2.0", "method": "notifications/cancelled",
                                      "params": {"requestId": ident, "reason": "carga"}}).encode())
        else:
            verificadores[json.dumps(ident)] = verificador
    assert len(cancelados) == CANCELADOS and len(verificadores) == PEDIDOS - CANCELADOS

    inicio = time.monotonic()
    servidor = ServidorVivo(raiz, "--confiar-escalares")
    try:
        servidor.enviar(b"\n".join(lineas) + b"\n")
        codigo = servidor.cerrar(tiempo=TIEMPO)
    except BaseException:
        servidor.matar()
        raise
    duracion = time.monotonic() - inicio
    assert codigo == 0, servidor.stderr[-3000:]
    assert duracion < TIEMPO
    assert not servidor.invalidas, servidor.invalidas[:3]
    assert "Traceback" not in servidor.stderr, servidor.stderr[-4000:]

    cuenta = Counter(json.dumps(m["id"]) for m in servidor.mensajes)
    assert cuenta.pop('"ini"') == 1
    for ident in cancelados:
        assert json.dumps(ident) not in cuenta, f"cancelled id {ident!r} was answered"
        assert f"pedido {json.dumps(ident)} cancelado" in servidor.stderr, f"the cancellation of {ident!r} found no call in flight"
    assert set(cuenta) == set(verificadores), set(cuenta) ^ set(verificadores)
    assert all(v == 1 for v in cuenta.values()), [k for k, v in cuenta.items() if v != 1]
    for mensaje in servidor.mensajes:
        clave = json.dumps(mensaje["id"])
        if clave == '"ini"':
            continue
        resultado = mensaje["result"]
        assert resultado["isError"] is False, resultado
        assert (resultado.get("resultType") == "complete") == modernos[clave]
        assert json.loads(resultado["content"][0]["text"]) == resultado["structuredContent"]
        verificadores[clave](resultado["structuredContent"])
    assert servidor.memoria_maxima_kb < MEMORIA_MAXIMA_KB, servidor.memoria_maxima_kb
    assert foto(raiz) == antes
