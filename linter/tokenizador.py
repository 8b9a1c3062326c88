"""The o200k_base tokenizer, read only from a local cache: never downloaded.

tiktoken looks for an encoding's file in `TIKTOKEN_CACHE_DIR` under the SHA-1 of its URL and, when the
file is absent or its content does not match, downloads it. oracle-lint must not reach the network to
count tokens, so the file is looked for first, where tiktoken itself keeps it — `TIKTOKEN_CACHE_DIR`,
else `DATA_GYM_CACHE_DIR`, else `data-gym-cache` in the temporary directory — and its SHA-256 is
checked before tiktoken is called; any gap is `TOKENIZADOR_NO_DISPONIBLE` (exit 2), naming the fix.
Nothing is looked for beside the installed package: an install has no files of this repository there.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Mapping
from typing import Any
from pathlib import Path

from oracle_lint.nucleo.errores import ErrorOracle

URL_O200K = "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken"
ARCHIVO_O200K = hashlib.sha1(URL_O200K.encode()).hexdigest()  # the name tiktoken gives the cached file
SHA256_O200K = "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"  # the file tiktoken expects
EXTRA = "oracle-lint[tokens]"
CODIGO = "TOKENIZADOR_NO_DISPONIBLE"


def directorio_de_cache(entorno: Mapping[str, str] | None = None) -> Path:
    """Where the o200k_base file is looked for, as tiktoken looks: `TIKTOKEN_CACHE_DIR`, else
    `DATA_GYM_CACHE_DIR`, else `data-gym-cache` in the temporary directory."""
    import tempfile

    variables = os.environ if entorno is None else entorno
    valor = variables.get("TIKTOKEN_CACHE_DIR") or variables.get("DATA_GYM_CACHE_DIR")
    return Path(valor).resolve() if valor else (Path(tempfile.gettempdir()) / "data-gym-cache").resolve()


def _no_disponible(mensaje: str, correccion: str) -> ErrorOracle:
    return ErrorOracle(CODIGO, mensaje, correccion=correccion)


def cargar_o200k(entorno: Mapping[str, str] | None = None) -> Callable[[str], int]:
    """A counting function (text -> o200k_base tokens, special-token text counted as ordinary text),
    or `TOKENIZADOR_NO_DISPONIBLE` when tiktoken or the cached file is missing; never a download."""
    codificador = codificador_o200k(entorno)
    return lambda texto: len(codificador.encode_ordinary(texto))


def codificador_o200k(entorno: Mapping[str, str] | None = None) -> Any:
    """tiktoken's o200k_base `Encoding`, read only from the checked local file (bench/tokens.py uses it too)."""
    try:
        import tiktoken
    except ImportError:
        raise _no_disponible("counting tokens needs tiktoken, which is not installed.",
                             f"install the extra: pip install '{EXTRA}'") from None
    directorio = directorio_de_cache(entorno)
    archivo = directorio / ARCHIVO_O200K
    ajuste = (f"set TIKTOKEN_CACHE_DIR to a directory holding the o200k_base file, named {ARCHIVO_O200K} "
              f"(the SHA-1 of {URL_O200K}); oracle-lint never downloads it")
    if not archivo.is_file():
        raise _no_disponible(f"the o200k_base tokenizer file is missing: {archivo}.", ajuste)
    try:
        contenido = archivo.read_bytes()
    except OSError as error:
        raise _no_disponible(f"the o200k_base tokenizer file cannot be read: {archivo} ({error.strerror}).", ajuste) from None
    digesto = hashlib.sha256(contenido).hexdigest()
    if digesto != SHA256_O200K:  # tiktoken would delete it and download another
        raise _no_disponible(f"the file {archivo} is not the o200k_base tokenizer (SHA-256 {digesto}, expected "
                             f"{SHA256_O200K}).", ajuste)
    previo = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(directorio)
    try:
        return tiktoken.get_encoding("o200k_base")
    finally:
        if previo is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = previo
