"""leer_texto reads exactly what text mode with universal newlines reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle_lint.nucleo.lectura import leer_texto


@pytest.mark.parametrize(
    "contenido",
    [b"", b"a\nb\n", b"a\r\nb\r\n", b"a\rb\r", b"mixto\r\nuno\rdos\n\r\n", "ñandú\r\n".encode(), b"\xef\xbb\xbfbom\n"],
)
def test_igual_que_el_modo_texto(tmp_path: Path, contenido: bytes) -> None:
    ruta = tmp_path / "f.toml"
    ruta.write_bytes(contenido)
    assert leer_texto(ruta) == ruta.read_text(encoding="utf-8")
    assert "\r" not in leer_texto(ruta)


def test_utf8_invalido_y_ausente_levantan_como_el_modo_texto(tmp_path: Path) -> None:
    ruta = tmp_path / "f.toml"
    ruta.write_bytes(b"\xff\xfe")
    with pytest.raises(UnicodeDecodeError):
        leer_texto(ruta)
    with pytest.raises(FileNotFoundError):
        leer_texto(tmp_path / "no.toml")


def test_leer_bytes_lee_todo_aunque_sea_mas_grande_que_un_bloque(tmp_path: Path) -> None:
    from oracle_lint.nucleo.lectura import leer_bytes

    grande = bytes(range(256)) * 1000
    ruta = tmp_path / "grande.bin"
    ruta.write_bytes(grande)
    assert leer_bytes(ruta) == grande
    (tmp_path / "vacio").write_bytes(b"")
    assert leer_bytes(tmp_path / "vacio") == b""
    with pytest.raises(IsADirectoryError):
        leer_bytes(tmp_path)


def test_leer_bytes_de_algo_que_no_es_un_archivo_regular_lee_hasta_el_final(tmp_path: Path) -> None:
    import os
    import threading

    from oracle_lint.nucleo.lectura import leer_bytes

    tubo = tmp_path / "tubo"
    os.mkfifo(tubo)
    partes = [b"uno ", b"dos ", b"tres"]

    def escribir() -> None:
        with open(tubo, "wb", buffering=0) as escritor:
            for parte in partes:
                escritor.write(parte)

    hilo = threading.Thread(target=escribir)
    hilo.start()
    try:
        assert leer_bytes(tubo) == b"uno dos tres"  # fstat says 0 bytes for a pipe: reading goes on to its end
    finally:
        hilo.join(timeout=10)
