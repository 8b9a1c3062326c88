"""`python -m oracle_lint.server.contrato [--check] [--doc PATH]`: the tools/list block of docs/mcp-contrato.md.

The block between `<!-- herramientas-json:inicio -->` and `<!-- herramientas-json:fin -->` is
generated from `server.herramientas.HERRAMIENTAS` (the same table `tools/list` is built
from). Without `--check` the block is rewritten in place; with it, the command exits 1 when
the document differs from the table and 0 when they agree.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .herramientas import definiciones

INICIO = "<!-- herramientas-json:inicio -->"
FIN = "<!-- herramientas-json:fin -->"
DOC = Path(__file__).resolve().parent.parent / "docs" / "mcp-contrato.md"


def bloque() -> str:
    """The generated block, markers included."""
    cuerpo = json.dumps(definiciones(), ensure_ascii=False, indent=2)
    return f"{INICIO}\n```json\n{cuerpo}\n```\n{FIN}"


def con_bloque(texto: str) -> str:
    """`texto` with its block replaced by the generated one (ValueError without exactly one pair of markers)."""
    if texto.count(INICIO) != 1 or texto.count(FIN) != 1 or texto.index(INICIO) > texto.index(FIN):
        raise ValueError(f"the document needs exactly one {INICIO} … {FIN} pair")
    antes = texto[: texto.index(INICIO)]
    despues = texto[texto.index(FIN) + len(FIN):]
    return antes + bloque() + despues


def bloque_del_documento(texto: str) -> list[object]:
    """The tools array written in a document's block (parsed)."""
    inicio = texto.index(INICIO) + len(INICIO)
    contenido = texto[inicio: texto.index(FIN)].strip()
    if not (contenido.startswith("```json\n") and contenido.endswith("\n```")):
        raise ValueError("the block must be a ```json fence")
    return json.loads(contenido[len("```json\n"): -len("\n```")])


def main(argv: list[str] | None = None) -> int:
    """Write (or `--check`) the generated block."""
    parser = argparse.ArgumentParser(prog="python -m oracle_lint.server.contrato", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the document differs from the table")
    parser.add_argument("--doc", type=Path, default=DOC, help=f"the document (default: {DOC})")
    argumentos = parser.parse_args(argv)
    doc: Path = argumentos.doc
    try:
        texto = doc.read_text(encoding="utf-8")
        nuevo = con_bloque(texto)
    except (OSError, ValueError) as error:
        sys.stderr.write(f"{doc}: {error}\n")
        return 1 if argumentos.check else 2
    if argumentos.check:
        if nuevo != texto:
            sys.stderr.write(f"{doc}: the tools/list block differs from server.herramientas; run python -m oracle_lint.server.contrato\n")
            return 1
        return 0
    if nuevo != texto:
        doc.write_text(nuevo, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
