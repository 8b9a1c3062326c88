"""oracle-mcp latency: start-up to the first tools/list answer, and oracle_evaluar over stdio vs in-process.

    .venv/bin/python bench/server_latency.py [--arranques 15] [--llamadas 1000]

Start-up: wall time from spawning `python -m oracle_lint.server --proyecto examples/proyecto` to reading
the answer of a `tools/list` written immediately (median of several starts), beside the bare
interpreter start-up (`python -c pass`) as the floor nothing can go below. It is measured as an
installed server runs: the repository's packages are byte-compiled first (`compileall`, what
`pip install` does, and what Python does itself on a first run unless PYTHONDONTWRITEBYTECODE
is set); the start-up that compiles every module from source on each start (bytecode writing
disabled and an empty bytecode cache) is printed beside it.

Calls: 1,000 sequential `oracle_evaluar` calls (2026-07-28 envelope) on one server over
stdio, each measured from writing the request line to reading the response line; beside
them, the same call in-process through `server.eras.ejecutar` (the whole server-side work:
argument validation, the project read afresh from the root, catalog, evaluation, output
schema check) and through the adapter alone (`server.adaptador.evaluar`). The transport's
overhead ratio is round trip / in-process `ejecutar`. It prints; it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bytecode import compilar
from cliente_stdio import META, RAIZ, comando_servidor, compacto, entorno

EJEMPLO = RAIZ / "examples" / "proyecto"
MEDIDA = "ejemplo.herramienta_documentada"
OBJETIVO_ARRANQUE = 0.15
OBJETIVO_P50 = 0.001


def _percentil(valores: list[float], p: float) -> float:
    ordenados = sorted(valores)
    indice = min(len(ordenados) - 1, max(0, round(p / 100 * len(ordenados)) - 1))
    return ordenados[indice]


def arranque(veces: int, extra: dict[str, str] | None = None) -> tuple[float, float]:
    """(median start-up to the first tools/list answer, median bare interpreter start-up)."""
    env = {**entorno(), **(extra or {})}
    pedido = (compacto({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": META}}) + "\n").encode()
    tiempos = []
    for _ in range(veces):
        inicio = time.perf_counter()
        proceso = subprocess.Popen(comando_servidor(EJEMPLO), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, cwd=RAIZ, env=env)
        assert proceso.stdin is not None and proceso.stdout is not None
        proceso.stdin.write(pedido)
        proceso.stdin.flush()
        linea = proceso.stdout.readline()
        tiempos.append(time.perf_counter() - inicio)
        assert json.loads(linea)["result"]["tools"], linea
        proceso.stdin.close()
        proceso.wait(timeout=30)
    vacios = []
    for _ in range(veces):
        inicio = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True, env=env)
        vacios.append(time.perf_counter() - inicio)
    return statistics.median(tiempos), statistics.median(vacios)


def ida_y_vuelta(argumentos: dict, llamadas: int) -> list[float]:
    proceso = subprocess.Popen(comando_servidor(EJEMPLO), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, cwd=RAIZ, env=entorno())
    assert proceso.stdin is not None and proceso.stdout is not None
    tiempos = []
    for i in range(llamadas + 20):
        linea = (compacto({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                           "params": {"name": "oracle_evaluar", "arguments": argumentos, "_meta": META}}) + "\n").encode()
        inicio = time.perf_counter()
        proceso.stdin.write(linea)
        proceso.stdin.flush()
        respuesta = proceso.stdout.readline()
        transcurrido = time.perf_counter() - inicio
        resultado = json.loads(respuesta)["result"]
        assert resultado["isError"] is False and resultado["structuredContent"]["estado"] == "rojo", respuesta[:300]
        if i >= 20:  # warm-up calls are not counted
            tiempos.append(transcurrido)
    proceso.stdin.close()
    proceso.wait(timeout=60)
    return tiempos


def en_proceso(argumentos: dict, llamadas: int) -> tuple[list[float], list[float]]:
    """Per-call times of `ejecutar` (whole server side) and of the adapter alone, interleaved.

    The two are timed in alternation, call by call, so both see the same machine state (a shared
    machine's speed drifts over a second; timing one loop after the other would compare drifts).
    """
    sys.path.insert(0, str(RAIZ))
    from oracle_lint.nucleo.proyecto import Proyecto
    from oracle_lint.server.adaptador import Contexto, evaluar
    from oracle_lint.server.eras import ejecutar
    from oracle_lint.server.herramientas import POR_NOMBRE

    raiz = Proyecto(EJEMPLO).raiz
    herramienta = POR_NOMBRE["oracle_evaluar"]
    contexto = Contexto(Proyecto(raiz))
    completos, adaptador = [], []
    for i in range(llamadas + 20):
        inicio = time.perf_counter()
        resultado = ejecutar(herramienta, argumentos, raiz, False)
        medio = time.perf_counter()
        evaluar(contexto, argumentos)
        fin = time.perf_counter()
        assert resultado is not None and resultado["isError"] is False
        if i >= 20:  # warm-up calls are not counted
            completos.append(medio - inicio)
            adaptador.append(fin - medio)
    return completos, adaptador


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arranques", type=int, default=15)
    parser.add_argument("--llamadas", type=int, default=1000)
    a = parser.parse_args(argv)
    evidencia = json.loads((EJEMPLO / "evidencia" / "rojo.json").read_text(encoding="utf-8"))
    argumentos = {"medida": {"id": MEDIDA}, "evidencia": evidencia}

    compilar(("nucleo", "server"))
    mediana_arranque, mediana_python = arranque(a.arranques)
    with tempfile.TemporaryDirectory() as vacio:
        sin_bytecode, _ = arranque(a.arranques, {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": vacio})
    stdio = ida_y_vuelta(argumentos, a.llamadas)
    completos, adaptador = en_proceso(argumentos, a.llamadas)

    ms = 1000.0

    def fila(nombre: str, valores: list[float], objetivo: str = "") -> None:
        print(f"  {nombre:<46} p50 {_percentil(valores, 50) * ms:8.3f} ms   p99 {_percentil(valores, 99) * ms:8.3f} ms"
              f"   {objetivo}")

    print(f"oracle-mcp on {EJEMPLO.relative_to(RAIZ)} (python {sys.version.split()[0]})")
    estado = "met" if mediana_arranque <= OBJETIVO_ARRANQUE else "MISSED"
    print(f"start-up to first tools/list answer: median {mediana_arranque * ms:.1f} ms over {a.arranques} starts"
          f"   target <= {OBJETIVO_ARRANQUE * ms:.0f} ms: {estado}")
    print(f"  bare interpreter (python -c pass): median {mediana_python * ms:.1f} ms; server's own share "
          f"{(mediana_arranque - mediana_python) * ms:.1f} ms")
    print(f"  compiling every module from source on each start (no bytecode): median {sin_bytecode * ms:.1f} ms")
    print(f"oracle_evaluar ({MEDIDA}, evidencia/rojo.json), {a.llamadas} calls each:")
    fila("round trip over stdio", stdio)
    p50_servidor = _percentil(completos, 50)
    fila("in-process server.eras.ejecutar (server-side)", completos,
         f"target p50 <= {OBJETIVO_P50 * ms:.0f} ms: {'met' if p50_servidor <= OBJETIVO_P50 else 'MISSED'}")
    fila("in-process adapter alone (adaptador.evaluar)", adaptador)
    print(f"transport overhead ratio (stdio p50 / ejecutar p50): {_percentil(stdio, 50) / p50_servidor:.2f}x;"
          f" transport cost p50 {(_percentil(stdio, 50) - p50_servidor) * ms:.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
