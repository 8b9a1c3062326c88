"""Expected findings written beside the code of a corpus: the independent oracle for the rules.

`# expect: rule-a, rule-b` on a line of Python (read with the tokenizer, never a regular
expression) or of a list's TOML; a `<file>.py.expect` sidecar with `line rule-id` rows for a
file that cannot be tokenized. `# exempt: rule` marks a real violation that the corpus's own
lists exempt (the extraction sees it; the check must not report it).
"""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

ESPERA = "# expect:"
EXENTA = "# exempt:"

Marca = tuple[str, int, str]


def _reglas(texto: str) -> list[str]:
    return [r.strip() for r in texto.split("(")[0].split(",") if r.strip()]


def _de_python(archivo: Path, relativo: str, prefijos: tuple[str, ...]) -> set[Marca]:
    lateral = archivo.with_name(archivo.name + ".expect")
    if lateral.exists():
        filas: set[Marca] = set()
        for linea in lateral.read_text(encoding="utf-8").splitlines():
            if linea.strip() and not linea.startswith("#"):
                numero, regla = linea.split()
                filas.add((relativo, int(numero), regla))
        return filas
    filas = set()
    for tok in tokenize.tokenize(io.BytesIO(archivo.read_bytes()).readline):
        if tok.type != tokenize.COMMENT:
            continue
        for prefijo in prefijos:
            if tok.string.startswith(prefijo):
                filas.update((relativo, tok.start[0], r) for r in _reglas(tok.string[len(prefijo) :]))
    return filas


def _de_toml(archivo: Path, relativo: str) -> set[Marca]:
    filas: set[Marca] = set()
    for numero, linea in enumerate(archivo.read_text(encoding="utf-8").splitlines(), start=1):
        if ESPERA in linea:
            filas.update((relativo, numero, r) for r in _reglas(linea.split(ESPERA, 1)[1]))
    return filas


def marcas(raiz: Path, *, con_exentas: bool = False) -> set[Marca]:
    """Every expected (path, line, rule) under `raiz`: Python files and TOML lists."""
    prefijos = (ESPERA, EXENTA) if con_exentas else (ESPERA,)
    filas: set[Marca] = set()
    for archivo in sorted(raiz.rglob("*.py")):
        filas |= _de_python(archivo, archivo.relative_to(raiz).as_posix(), prefijos)
    for archivo in sorted(raiz.rglob("*.toml")):
        if archivo.name != "pyproject.toml":
            filas |= _de_toml(archivo, archivo.relative_to(raiz).as_posix())
    return filas
