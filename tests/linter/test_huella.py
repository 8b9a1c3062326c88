"""The footprint of a tools/list (linter/huella.py) and its tokenizer loader (linter/tokenizador.py).

Counts use a real tiktoken Encoding built offline whose vocabulary is the 256 bytes and no merges:
it counts UTF-8 bytes, so every figure below is checked by hand. o200k_base itself is used only
when its file is in the local cache (tests/sonda/test_huella_cli.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from oracle_lint.linter import huella, tokenizador
from oracle_lint.nucleo import cotas
from oracle_lint.nucleo.errores import ErrorOracle

tiktoken = pytest.importorskip("tiktoken", reason="tiktoken is in the test extra: pip install -e '.[test]'")

POR_BYTES = tiktoken.Encoding(name="bytes", pat_str=r"[\s\S]", mergeable_ranks={bytes([i]): i for i in range(256)},
                              special_tokens={})


def contar(texto: str) -> int:
    return len(POR_BYTES.encode(texto))


A = {"name": "a", "description": "hé", "inputSchema": {"type": "object"}}
B = {"name": "b"}


def test_the_byte_encoder_counts_utf8_bytes():
    assert (contar("hé"), contar('{"a":1}'), contar("")) == (3, 7, 0)


def test_a_tool_counts_its_compact_json_its_description_and_each_slot():
    # {"name":"a","description":"hé","inputSchema":{"type":"object"}}: 64 bytes (é is 2);
    # slots "name":"a" 10, "description":"hé" 19, "inputSchema":{"type":"object"} 31: 60, plus 2 braces and 2 commas
    assert huella.huella_de_herramienta(A, contar) == huella.HuellaHerramienta(
        "a", 64, 3, (("name", 10), ("description", 19), ("inputSchema", 31)))
    assert huella.huella_de_herramienta(B, contar) == huella.HuellaHerramienta("b", 12, 0, (("name", 10),))


def test_slots_follow_the_tools_own_key_order_and_count_every_key():
    tool = {"name": "x", "annotations": {"readOnlyHint": True}, "_meta": {}, "inputSchema": {}}
    h = huella.huella_de_herramienta(tool, contar)
    # "annotations":{"readOnlyHint":true} 13+1+21, "_meta":{} 7+1+2, "inputSchema":{} 13+1+2
    assert h.ranuras == (("name", 10), ("annotations", 35), ("_meta", 10), ("inputSchema", 16))
    assert h.total == 2 + 3 + sum(n for _, n in h.ranuras)


def test_non_ascii_is_counted_as_utf8_never_escaped():
    assert huella.huella_de_herramienta({"name": "ñ"}, contar).total == len('{"name":"ñ"}'.encode())  # 13, not 18 for \u00f1
    assert huella.huella_de_herramienta({"name": "ñ"}, contar).total == 13


def test_a_description_that_is_not_text_counts_as_its_json():
    assert huella.huella_de_herramienta({"name": "a", "description": ["x"]}, contar).descripcion == 5  # ["x"]


def test_the_listing_total_compact_and_indented():
    h = huella.huella([A, B], contar)
    # {"tools":[ 10 + 64 + , 1 + 12 + ]} 2 = 89; indent=2 is 166 bytes (14 lines, 13 newlines)
    assert (h.total, h.total_indentado, h.indentacion) == (89, 166, 77)
    assert [x.nombre for x in h.herramientas] == ["a", "b"]
    assert h.a_dict() == {
        "tools": [{"name": "a", "total": 64, "description": 3, "slots": {"name": 10, "description": 19, "inputSchema": 31}},
                  {"name": "b", "total": 12, "description": 0, "slots": {"name": 10}}],
        "total": 89, "total_indented": 166, "indentation": 77}


def test_an_empty_listing():
    h = huella.huella([], contar)
    assert (h.herramientas, h.total, h.total_indentado) == ((), 12, 17)  # {"tools":[]} and {\n  "tools": []\n}


@pytest.mark.parametrize(("total", "presupuesto", "estado", "falla", "mensaje"), [
    (89, 89, cotas.EXACTA, False, "the listing costs 89 tokens, exactly its budget"),
    (89, 100, cotas.HOLGURA, True,
     "the footprint has slack: the listing costs 89 tokens, below the budget 100; lower presupuesto_tokens to 89"),
    (89, 88, cotas.EXCEDIDA, True,
     "the footprint is over its budget: the listing costs 89 tokens, over the budget 88; shrink the tools' "
     "descriptions or schemas, or raise presupuesto_tokens knowingly"),
    (89, None, cotas.SIN_COTA, False,
     "no budget: set presupuesto_tokens = 89 in [tool.oracle] so the footprint can only shrink"),
])
def test_the_budget_only_shrinks(total, presupuesto, estado, falla, mensaje):
    juicio = huella.juzgar_presupuesto(total, presupuesto)
    assert (juicio.estado, juicio.falla, juicio.mensaje) == (estado, falla, mensaje)


def test_static_definitions_are_names_and_derived_schemas():
    evidencia = {
        "herramienta": [
            {"herramienta": "z", "archivo": "s.py", "linea": 9, "esquema_entrada": "literal", "esquema_salida": "no_resuelto"},
            {"herramienta": "a", "archivo": "s.py", "linea": 3, "esquema_entrada": "modelo", "esquema_salida": "ninguno"},
            {"herramienta": "a", "archivo": "t.py", "linea": 1, "esquema_entrada": "literal", "esquema_salida": "ninguno"},
        ],
        "esquema": [
            {"herramienta": "z", "lado": "entrada", "contenido": '{"type": "object"}', "archivo": "s.py", "linea": 9},
            {"herramienta": "a", "lado": "entrada", "contenido": '{"title": "\\u00f1", "type": "object"}', "archivo": "t.py", "linea": 1},
            {"herramienta": "a", "lado": "entrada", "contenido": '{"type": "object"}', "archivo": "s.py", "linea": 3},
        ],
    }
    definiciones, sin_derivar = huella.definiciones_estaticas(evidencia)
    assert definiciones == [{"name": "a", "inputSchema": {"type": "object"}}, {"name": "z", "inputSchema": {"type": "object"}}]
    assert sin_derivar == [("z", "outputSchema")]


# The loader: o200k_base only from the local cache, never downloaded.

def test_the_cache_directory_is_the_variable_or_the_shared_cache_beside_the_repository(tmp_path):
    assert tokenizador.directorio_de_cache({"TIKTOKEN_CACHE_DIR": str(tmp_path)}) == tmp_path.resolve()
    assert tokenizador.directorio_de_cache({"DATA_GYM_CACHE_DIR": str(tmp_path / "g")}) == (tmp_path / "g").resolve()
    import tempfile  # else where tiktoken keeps it by default, never beside the installed package

    assert tokenizador.directorio_de_cache({}) == (Path(tempfile.gettempdir()) / "data-gym-cache").resolve()
    assert tokenizador.ARCHIVO_O200K == "fb374d419588a4632f3f557e76b4b70aebbca790"


def _error(**entorno: str) -> ErrorOracle:
    with pytest.raises(ErrorOracle) as info:
        tokenizador.cargar_o200k(entorno)
    return info.value


AJUSTE = ("fix: set TIKTOKEN_CACHE_DIR to a directory holding the o200k_base file, named "
          "fb374d419588a4632f3f557e76b4b70aebbca790 (the SHA-1 of "
          "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken); oracle-lint never downloads it")


def test_a_missing_tokenizer_file_names_the_file_and_the_fix(tmp_path):
    error = _error(TIKTOKEN_CACHE_DIR=str(tmp_path))
    assert error.codigo == "TOKENIZADOR_NO_DISPONIBLE"
    assert error.texto("en").splitlines() == [
        f"TOKENIZADOR_NO_DISPONIBLE — the o200k_base tokenizer file is missing: "
        f"{tmp_path.resolve() / tokenizador.ARCHIVO_O200K}.", AJUSTE]


def test_a_file_that_is_not_o200k_is_refused_and_left_alone(tmp_path):
    archivo = tmp_path / tokenizador.ARCHIVO_O200K
    archivo.write_bytes(b"no\n")
    error = _error(TIKTOKEN_CACHE_DIR=str(tmp_path))
    assert error.texto("en").splitlines() == [
        f"TOKENIZADOR_NO_DISPONIBLE — the file {archivo.resolve()} is not the o200k_base tokenizer (SHA-256 "
        "564739ea8fa5926d4fa5c9734fed462061960a22e6b8d5c06e94969d97891bf2, expected "
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d).", AJUSTE]
    assert archivo.read_bytes() == b"no\n"  # tiktoken would have deleted it and downloaded another


def test_without_tiktoken_the_error_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "tiktoken", None)
    error = _error(TIKTOKEN_CACHE_DIR=str(tmp_path))
    assert error.texto("en").splitlines() == [
        "TOKENIZADOR_NO_DISPONIBLE — counting tokens needs tiktoken, which is not installed.",
        "fix: install the extra: pip install 'oracle-lint[tokens]'"]


def test_o200k_from_the_cache_when_it_is_there(monkeypatch):
    directorio = tokenizador.directorio_de_cache()
    if not (directorio / tokenizador.ARCHIVO_O200K).is_file():
        pytest.skip(f"the o200k_base file is not cached in {directorio} (set TIKTOKEN_CACHE_DIR)")
    antes = dict(os.environ)
    contar_o200k = tokenizador.cargar_o200k()
    assert dict(os.environ) == antes  # TIKTOKEN_CACHE_DIR is set only while tiktoken loads
    assert contar_o200k("hello world") == 2
    assert contar_o200k("<|endoftext|>") > 1  # special-token text is counted as ordinary text, never refused
