"""The mutants seed 001 names, written by hand, each run against the server's tests.

    .venv/bin/python bench/mutantes_dirigidos.py [--solo NOMBRE ...] [--trabajo DIR]

Seed 001 ("Verificación del servidor") asks that the mutation round of the MCP module kill at
least changes of dispatch, field name, schema, state, origin, catalog selector, mutant
classification, the stdout/stderr channel and error suppression. mutmut
(`bench/mutacion_servidor.py`) mutates only inside functions and cannot see a child process,
so several of these never appear among its mutants: the schema tables are module-level
data, the catalog selector is an import, the channel lives in `main`/`proteger_stdout`, and a
swallowed error is a new `except` clause, not an operator swap.

Each mutant below is an exact source patch (the original text must occur exactly once, or
the mutant is reported as `does not apply` and the run fails). The script copies the working
tree to a temporary directory once, and for each mutant applies its patch there, runs
`pytest -x` over `tests/server` (in-process replay first, then the subprocess corpus and the
real MCP client), records killed or survived and the first failing test, and restores the
file. Exit status 0 only when every mutant was killed.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
PRUEBAS = [
    "tests/server/test_conversaciones_en_proceso.py",
    "tests/server/test_contrato_transporte.py",
    "tests/server/test_herramientas.py",
    "tests/server/test_documentacion.py",
    "tests/server/test_arranque.py",
    "tests/server/test_conversaciones.py",
    "tests/server/test_cliente_mcp.py",
]


@dataclass(frozen=True)
class Mutante:
    nombre: str
    clase: str  # the seed's category
    archivo: str
    original: str
    mutado: str
    descripcion: str


CATALOGO_CARGADO = '''from oracle_lint.nucleo.catalogo import Catalogo, Entrada, macros_del_proyecto, catalogo_cargado


def cargar_efectivo(proyecto):  # MUTANT: the loaded catalog stands in for the effective one
    cargado = catalogo_cargado(proyecto)
    return Catalogo(proyecto=str(proyecto.raiz), efectivas={e.medida.id: e for e in cargado.entradas},
                    excluidas={}, archivos=cargado.archivos, escalares=cargado.escalares)
'''

MUTANTES: tuple[Mutante, ...] = (
    Mutante(
        "despacho_herramienta", "dispatch", "server/herramientas.py",
        "POR_NOMBRE: dict[str, Herramienta] = {h.name: h for h in HERRAMIENTAS}",
        "POR_NOMBRE: dict[str, Herramienta] = {h.name: (HERRAMIENTAS[1] if h.name == 'oracle_juzgar' else h) "
        "for h in HERRAMIENTAS}",
        "oracle_juzgar is answered by the oracle_evaluar handler",
    ),
    Mutante(
        "despacho_metodo", "dispatch", "server/eras.py",
        "        elif metodo == \"tools/list\":\n            self._responder(ident, self._lista())",
        "        elif metodo == \"tools/list\":\n            self._responder(ident, self._inicializacion())",
        "legacy tools/list answered with the initialize result",
    ),
    Mutante(
        "despacho_sin_sesion", "dispatch", "server/eras.py",
        "        elif not self.iniciada:",
        "        elif False:",
        "legacy tools/list and tools/call accepted before initialize",
    ),
    Mutante(
        "campo_testigos_omitidos", "field name", "server/adaptador.py",
        '        "testigos_omitidos": omitidos,',
        '        "omitidos": omitidos,',
        "evaluation key testigos_omitidos renamed",
    ),
    Mutante(
        "campo_huella_proyecto", "field name", "server/adaptador.py",
        '        "huella_proyecto": leido["huella"],',
        '        "huella": leido["huella"],',
        "catalog key huella_proyecto renamed",
    ),
    Mutante(
        "esquema_corte_de_testigos", "schema", "server/herramientas.py",
        '_TESTIGOS: dict[str, Any] = {"type": "array", "items": {"type": "object"}, "maxItems": 5}',
        '_TESTIGOS: dict[str, Any] = {"type": "array", "items": {"type": "object"}, "maxItems": 6}',
        "published witnesses cut 5 -> 6 in the output schemas",
    ),
    Mutante(
        "esquema_entrada_abierta", "schema", "server/herramientas.py",
        '_CATALOGO_ENTRADA: dict[str, Any] = {\n    "type": "object",\n    "additionalProperties": False,',
        '_CATALOGO_ENTRADA: dict[str, Any] = {\n    "type": "object",\n    "additionalProperties": True,',
        "oracle_catalogo_efectivo input schema accepts extra properties",
    ),
    Mutante(
        "esquema_estado", "schema", "server/herramientas.py",
        '_ESTADO: dict[str, Any] = {"enum": ["verde", "rojo", "sin_evidencia"]}',
        '_ESTADO: dict[str, Any] = {"enum": ["verde", "rojo"]}',
        "sin_evidencia dropped from the published state enum",
    ),
    Mutante(
        "estado_sin_evidencia_es_rojo", "state", "server/adaptador.py",
        '        "estado": veredicto.estado,',
        '        "estado": "rojo" if veredicto.estado == "sin_evidencia" else veredicto.estado,',
        "sin_evidencia presented as rojo",
    ),
    Mutante(
        "sombra_perdona_siempre", "state", "server/adaptador.py",
        "    return None if sombra is None else sombra.a_dict(veredicto.estado, veredicto.valor)",
        "    return None if sombra is None else {**sombra.a_dict(veredicto.estado, veredicto.valor), 'perdona': True}",
        "a shadow presented as forgiving whatever the state and bound",
    ),
    Mutante(
        "origen_por_clase", "origin", "server/adaptador.py",
        '    fila: dict[str, Any] = {"id": medida.id, "origen": str(entrada.origen), "fijacion": fijacion}',
        '    fila: dict[str, Any] = {"id": medida.id, "origen": entrada.origen.clase, "fijacion": fijacion}',
        "origin reduced to its class (catalogo_base / perfil / biblioteca lose their identifier)",
    ),
    Mutante(
        "selector_catalogo_cargado", "catalog selector", "server/adaptador.py",
        "from oracle_lint.nucleo.catalogo import Catalogo, Entrada, macros_del_proyecto, catalogo_efectivo as cargar_efectivo\n",
        CATALOGO_CARGADO,
        "catalogo_efectivo replaced by catalogo_cargado (no ambito filter)",
    ),
    Mutante(
        "rechazo_contado_como_deteccion", "mutant classification", "server/adaptador.py",
        '        "mutacion": desafio["mutacion"],',
        '        "mutacion": {**desafio["mutacion"], "detectados_por_conducta": desafio["mutacion"]["detectados_por_conducta"]'
        ' + desafio["mutacion"]["rechazados_por_el_algebra"], "rechazados_por_el_algebra": 0},',
        "a mutant rejected by the algebra counted as detected by behaviour",
    ),
    Mutante(
        "conclusion_inflada", "mutant classification", "server/adaptador.py",
        '        "conclusion": desafio["conclusion"],',
        '        "conclusion": "todos_detectados_por_conducta" if desafio["conclusion"] == '
        '"sin_sobrevivientes_con_rechazos" else desafio["conclusion"],',
        "sin_sobrevivientes_con_rechazos inflated to todos_detectados_por_conducta",
    ),
    Mutante(
        "canal_sin_proteger", "stdout/stderr channel", "server/transporte.py",
        "    os.dup2(2, 1)\n    sys.stdout = sys.stderr\n",
        "",
        "stdout not protected: a print from a trusted scalar reaches the protocol channel",
    ),
    Mutante(
        "canal_registro_en_stdout", "stdout/stderr channel", "server/principal.py",
        "    salida = Salida(proteger_stdout())\n",
        "    print(f\"oracle-mcp: sirviendo {proyecto.raiz}\", flush=True)\n    salida = Salida(proteger_stdout())\n",
        "a human start-up line written to stdout",
    ),
    Mutante(
        "canal_traza_en_respuesta", "stdout/stderr channel", "server/eras.py",
        "        return resultado_de_error(evaluacion_fallo(type(error).__name__, str(error)))",
        "        return resultado_de_error(evaluacion_fallo(type(error).__name__, traceback.format_exc()))",
        "the traceback sent to the agent instead of stderr",
    ),
    Mutante(
        "error_tragado_en_ejecutar", "swallowed error", "server/eras.py",
        "    except Exception as error:  # never a crash: the traceback goes to stderr, the agent gets a code\n",
        "    except Exception as error:  # never a crash: the traceback goes to stderr, the agent gets a code\n"
        "        return {\"content\": [{\"type\": \"text\", \"text\": \"[]\"}], \"structuredContent\": {}, \"isError\": False}\n",
        "except Exception: an empty success instead of EVALUACION_FALLO",
    ),
    Mutante(
        "error_tragado_catalogo_vacio", "swallowed error", "server/adaptador.py",
        "        catalogo = cargar_efectivo(proyecto)\n        ctx.revisar()\n",
        "        try:\n            catalogo = cargar_efectivo(proyecto)\n        except Exception:\n"
        "            return {\"huella\": \"0\" * 64, \"detalle\": ids is not None, \"total\": 0, \"medidas\": []}\n"
        "        ctx.revisar()\n",
        "except Exception: return [] — a catalog that does not load presented as empty",
    ),
    Mutante(
        "cancelado_respondido", "cancellation", "server/eras.py",
        "            if not self._escribir(respuesta(ident, resultado), descartar=t.cancelado):",
        "            if not self._escribir(respuesta(ident, resultado)):",
        "a response written for a cancelled id",
    ),
    Mutante(
        "raiz_movida_aceptada", "root", "server/eras.py",
        "    if proyecto.raiz != raiz:",
        "    if False:",
        "a call reads a root other than the one fixed at start-up",
    ),
)


def _copiar(destino: Path) -> None:
    ignorar = shutil.ignore_patterns(".git", ".venv", "build", "dist", "mutants", "__pycache__", ".pytest_cache",
                                     ".hypothesis", ".oracle-cache", "*.egg-info")
    def ignorar_con_rules(directorio: str, nombres: list[str]) -> set[str]:
        # The top-level `rules/` (data only) stays where the editable install points: a second
        # copy on sys.path would make the `rules` namespace package span two directories.
        propios = {"rules"} if Path(directorio) == RAIZ else set()
        return set(ignorar(directorio, nombres)) | propios

    shutil.copytree(RAIZ, destino, ignore=ignorar_con_rules, symlinks=True)


def _correr_pruebas(copia: Path, tiempo: float) -> tuple[bool, str]:
    """(killed, first failing test or reason)."""
    entorno = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MUTANT_UNDER_TEST")}
    entorno["PYTHONDONTWRITEBYTECODE"] = "1"
    comando = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", *PRUEBAS]
    try:
        hecho = subprocess.run(comando, cwd=copia, env=entorno, capture_output=True, text=True, timeout=tiempo)
    except subprocess.TimeoutExpired:
        return True, f"timeout after {tiempo:.0f} s"
    if hecho.returncode == 0:
        return False, ""
    fallida = re.search(r"^FAILED (\S+)", hecho.stdout, re.M) or re.search(r"^ERROR (\S+)", hecho.stdout, re.M)
    return True, fallida.group(1) if fallida else f"pytest exit {hecho.returncode}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--solo", nargs="*", default=None, help="run only these mutants")
    parser.add_argument("--tiempo", type=float, default=300.0, help="seconds per mutant before it counts as a timeout")
    argumentos = parser.parse_args(argv)
    elegidos = [m for m in MUTANTES if argumentos.solo is None or m.nombre in argumentos.solo]

    resultados: list[tuple[Mutante, str, str, float]] = []
    with tempfile.TemporaryDirectory(prefix="oracle-mutantes-") as tmp:
        copia = Path(tmp) / "repo"
        _copiar(copia)
        vivo, motivo = _correr_pruebas(copia, argumentos.tiempo)
        if vivo:
            print(f"the unmutated copy fails its tests ({motivo}): nothing to measure", file=sys.stderr)
            return 2
        for mutante in elegidos:
            archivo = copia / mutante.archivo
            original = archivo.read_text(encoding="utf-8")
            if original.count(mutante.original) != 1:
                resultados.append((mutante, "does not apply", "original text not found exactly once", 0.0))
                continue
            archivo.write_text(original.replace(mutante.original, mutante.mutado), encoding="utf-8")
            inicio = time.monotonic()
            try:
                muerto, quien = _correr_pruebas(copia, argumentos.tiempo)
            finally:
                archivo.write_text(original, encoding="utf-8")
            resultados.append((mutante, "killed" if muerto else "SURVIVED", quien, time.monotonic() - inicio))
            print(f"{mutante.nombre}: {resultados[-1][1]} {quien}", flush=True)

    print(f"\n{'mutant':<32}{'seed category':<24}{'result':<16}{'seconds':>8}  killed by")
    for mutante, estado, quien, segundos in resultados:
        print(f"{mutante.nombre:<32}{mutante.clase:<24}{estado:<16}{segundos:>8.1f}  {quien}")
    muertos = sum(1 for _, e, _, _ in resultados if e == "killed")
    print(f"\n{muertos}/{len(resultados)} killed")
    return 0 if muertos == len(resultados) else 1


if __name__ == "__main__":
    raise SystemExit(main())
