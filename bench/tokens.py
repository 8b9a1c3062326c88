"""o200k_base token counts of oracle-mcp's surface and answers, beside seed 001's published figures.

    .venv/bin/python bench/tokens.py

Everything is measured on what the real server writes over stdio (`python -m oracle_lint.server`,
2026-07-28 envelope): the `tools/list` definitions (and their descriptions alone), and one
answer per tool against `examples/proyecto`; the challenge and a successful tracker read use
a temporary copy of that project with a two-case corpus (one red, one green case of
`ejemplo.herramienta_documentada`) and the tracker of the conversation corpus. The catalog
index of this repository itself is measured too, because that is the project the seed
measured. For each answer: the domain object (structuredContent, compact JSON), its text
copy in `content`, and the whole modern result that carries both. It prints; it asserts
nothing. Counts use the exact UTF-8 text, as the seed does.

The tokenizer file is read from `TIKTOKEN_CACHE_DIR` or, when it is unset, from
`../shared/data/tiktoken-cache` next to the repository; nothing is downloaded.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from cliente_stdio import RAIZ, ClienteStdio, compacto

EJEMPLO = RAIZ / "examples" / "proyecto"
COPIA_COMPARTIDA = RAIZ.parent / "shared" / "data" / "tiktoken-cache"
TAREAS_DE_PRUEBA = RAIZ / "tests" / "fixtures" / "mcp" / "proyectos" / "efectivo" / "tareas"
MEDIDA = "ejemplo.herramienta_documentada"

# Seed 001, "Costo de contexto": (tokens of the domain object, tokens of the modern result duplicating it).
SEMILLA: dict[str, tuple[int | None, int | None]] = {
    "catalogo_indice": (1897, 3933),
    "catalogo_detalle_un_id": (369, 769),
    "evaluacion_roja": (331, 692),
    "desafio_dos_polaridades": (481, 998),
}


def codificador() -> Any:
    """o200k_base as oracle-lint loads it (`linter.tokenizador`: the local cache only, its file checked);
    a clear failure, never a download, when it cannot."""
    from oracle_lint.linter.tokenizador import codificador_o200k
    from oracle_lint.nucleo.errores import ErrorOracle

    entorno = dict(os.environ)
    if not entorno.get("TIKTOKEN_CACHE_DIR") and COPIA_COMPARTIDA.is_dir():
        entorno["TIKTOKEN_CACHE_DIR"] = str(COPIA_COMPARTIDA)  # this repository's copy, beside the checkout
    try:
        return codificador_o200k(entorno)
    except ErrorOracle as error:
        sys.exit(f"bench/tokens.py: {error.texto('en')}")


def proyecto_de_casos(destino: Path) -> Path:
    """examples/proyecto plus a red and a green case of MEDIDA and a small tracker."""
    raiz = destino / "proyecto"
    shutil.copytree(EJEMPLO, raiz)
    (raiz / "corpus").mkdir()
    for caso, espera, archivo in (("documentada-rojo", "rojo", "rojo.json"), ("documentada-verde", "verde", "verde.json")):
        evidencia = json.loads((EJEMPLO / "evidencia" / archivo).read_text(encoding="utf-8"))
        (raiz / "corpus" / f"{caso}.json").write_text(
            compacto({"id": caso, "medida": MEDIDA, "espera": espera, "evidencia": evidencia,
                      "procedencia": "bench/tokens.py"}) + "\n",
            encoding="utf-8",
        )
    shutil.copytree(TAREAS_DE_PRUEBA, raiz / "tareas")
    return raiz


def main() -> int:
    enc = codificador()

    def tok(texto: str) -> int:
        return len(enc.encode(texto))

    filas: list[tuple[str, int, int | None, int | None, int | None, str]] = []

    def respuesta(nombre: str, resultado: dict[str, Any], nota: str = "") -> None:
        if resultado.get("isError"):
            texto = resultado["content"][0]["text"]
            filas.append((nombre, tok(texto), None, tok(compacto(resultado)), len(texto.encode()),
                          "error: " + texto.splitlines()[0][:60]))
            return
        objeto = resultado["structuredContent"]
        texto = resultado["content"][0]["text"]
        filas.append((nombre, tok(compacto(objeto)), tok(texto), tok(compacto(resultado)),
                      len(compacto(objeto).encode()), nota))

    evidencia_roja = json.loads((EJEMPLO / "evidencia" / "rojo.json").read_text(encoding="utf-8"))
    with ClienteStdio(EJEMPLO) as cliente:
        definiciones = cliente.pedir("tools/list")["tools"]
        indice = cliente.llamar("oracle_catalogo_efectivo", {})
        respuesta("catalogo_indice", indice, f"{indice['structuredContent']['total']} medidas (examples/proyecto)")
        respuesta("catalogo_detalle_un_id", cliente.llamar("oracle_catalogo_efectivo", {"ids": ["ejemplo.raiz_estricta"]}),
                  "ejemplo.raiz_estricta")
        roja = cliente.llamar("oracle_evaluar", {"medida": {"id": MEDIDA}, "evidencia": evidencia_roja})
        sc = roja["structuredContent"]
        respuesta("evaluacion_roja", roja, f"estado={sc['estado']} testigos={len(sc['testigos'])}+{sc['testigos_omitidos']}")
        juicio = cliente.llamar("oracle_juzgar", {"evidencia": evidencia_roja})
        respuesta("juzgar", juicio, f"ok={juicio['structuredContent']['ok']} (evidencia/rojo.json)")
        respuesta("tareas_sin_tracker", cliente.llamar("oracle_tareas", {"accion": "listar"}))

    with tempfile.TemporaryDirectory() as tmp:
        casos = proyecto_de_casos(Path(tmp))
        with ClienteStdio(casos) as cliente:
            desafio = cliente.llamar("oracle_desafiar", {"medida": {"id": MEDIDA}})
            sc = desafio["structuredContent"]
            respuesta("desafio_dos_polaridades", desafio,
                      f"conclusion={sc['conclusion']} mutantes={sc['mutacion']['generados']}")
            listado = cliente.llamar("oracle_tareas", {"accion": "listar"})
            respuesta("tareas_listar", listado, f"{len(listado['structuredContent']['resultado'])} tareas abiertas")
            respuesta("tareas_ver", cliente.llamar("oracle_tareas", {"accion": "ver", "id": "0001"}), "0001")

    with ClienteStdio(RAIZ) as cliente:
        propio = cliente.llamar("oracle_catalogo_efectivo", {})
        respuesta("catalogo_indice (este repositorio)", propio, f"{propio['structuredContent']['total']} medidas")

    descripciones = [d["description"] for d in definiciones]
    print("o200k_base tokens (tiktoken, exact UTF-8 text); seed = seed 001, 'Costo de contexto'\n")
    print(f"{'surface':<44}{'here':>8}{'seed':>8}{'diff':>8}")
    # The seed prints 200 for "its three descriptions" and 1,940 for the whole definitions; both
    # subsets are shown beside both figures, because the seed's sentence does not say which array
    # (three or five tools) each figure was taken over.
    superficie = [
        ("descripciones, 3 primeras herramientas", tok("\n".join(descripciones[:3])), 200),
        (f"descripciones, {len(descripciones)} herramientas", tok("\n".join(descripciones)), 200),
        ("definiciones tools/list, 3 primeras", tok(compacto(definiciones[:3])), 1940),
        (f"definiciones tools/list, {len(definiciones)} herramientas", tok(compacto(definiciones)), 1940),
    ]
    for nombre, valor, semilla in superficie:
        print(f"{nombre:<44}{valor:>8}{semilla:>8}{valor - semilla:>+8d}")
    por_herramienta = ", ".join(f"{d['name']} {tok(compacto(d))}" for d in definiciones)
    print(f"  per tool: {por_herramienta}\n")

    print(f"{'answer':<38}{'object':>8}{'seed':>7}{'diff':>7}{'text':>7}{'result':>8}{'seed':>7}{'diff':>7}{'bytes':>7}  note")
    for nombre, objeto, texto, resultado, octetos, nota in filas:
        s_obj, s_res = SEMILLA.get(nombre, (None, None))
        print(
            f"{nombre:<38}{objeto:>8}{s_obj if s_obj is not None else '':>7}"
            f"{(f'{objeto - s_obj:+d}' if s_obj is not None else ''):>7}{texto if texto is not None else '':>7}"
            f"{resultado if resultado is not None else '':>8}{s_res if s_res is not None else '':>7}"
            f"{(f'{resultado - s_res:+d}' if s_res is not None and resultado is not None else ''):>7}"
            f"{octetos if octetos is not None else '':>7}  {nota}"
        )
    print(
        "\nobject = structuredContent as compact JSON; text = the content[0].text copy; result = the whole\n"
        "2026-07-28 result (content + structuredContent + isError + resultType); an error carries only its text.\n"
        "The seed measured the Oracle repository of its date (57 measures, its own cases); these rows measure\n"
        "examples/proyecto and a two-case copy of it, so only the shape of the cost is comparable."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
