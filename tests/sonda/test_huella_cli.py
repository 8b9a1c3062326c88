"""`oracle-lint probe --tokens` and `oracle-lint footprint`: real servers started as subprocesses, their
tools/list counted and the budget judged. The counting function is a real tiktoken Encoding over the
256 bytes (it counts UTF-8 bytes, so every figure is checked by hand), put in place of the o200k_base
loader in this process; o200k_base itself is used only when its file is cached."""

from __future__ import annotations

import json
import shlex
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter import tokenizador
from oracle_lint.linter.cli import main
from oracle_lint.linter.sonda.cliente import Servidor, listar

RAIZ = Path(__file__).resolve().parents[2]
SONDA = RAIZ / "tests" / "fixtures" / "sonda"
BAJO = [sys.executable, str(SONDA / "servidor_bajo_nivel.py")]
ORACLE = [sys.executable, "-m", "oracle_lint.server", "--proyecto", str(RAIZ)]

# What the low-level fixture server writes for its two tools (the SDK's server writes the keys sorted: the
# slots follow that wire order), and their UTF-8 byte counts by hand:
# {"inputSchema":{"type":"object"},"name":"roto","outputSchema":{"type":"object","properties":{"n":{"type":"entero"}}}}
#   "name":"roto" 6+1+6 = 13, "inputSchema":{"type":"object"} 13+1+17 = 31, "outputSchema":{...} 14+1+54 = 69;
#   13+31+69 + 2 braces + 2 commas = 117
# {"inputSchema":{"type":"object","properties":{"q":{"type":"string"}}},"name":"limpio",
#  "outputSchema":{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}}
#   "name":"limpio" 15, "inputSchema" 13+1+54 = 68, "outputSchema" 14+1+84 = 99; 15+68+99+4 = 186
# listing: {"tools":[ 10 + 117 + , 1 + 186 + ]} 2 = 316; indented (indent=2): 638 bytes
LINEAS_BAJO = [
    f"tools/list footprint of `{shlex.join(BAJO)}` (2 tools; o200k_base tokens of each tool's compact JSON, its "
    "description's text, and each top-level slot `\"key\":value`):",
    "  roto: 117 (description 0; inputSchema 31, name 13, outputSchema 69)",
    "  limpio: 186 (description 0; inputSchema 68, name 15, outputSchema 99)",
    'listing {"tools": [...]}: 316 tokens as compact JSON, 638 indented (indent=2): indentation costs 322 more.',
]


@pytest.fixture
def por_bytes(monkeypatch):
    tiktoken = pytest.importorskip("tiktoken", reason="tiktoken is in the test extra: pip install -e '.[test]'")
    codificador = tiktoken.Encoding(name="bytes", pat_str=r"[\s\S]",
                                    mergeable_ranks={bytes([i]): i for i in range(256)}, special_tokens={})
    monkeypatch.setattr(tokenizador, "cargar_o200k", lambda entorno=None: lambda texto: len(codificador.encode(texto)))


def proyecto(raiz: Path, presupuesto: object = None) -> Path:
    raiz.mkdir(parents=True, exist_ok=True)
    linea = "" if presupuesto is None else f"presupuesto_tokens = {presupuesto}\n"
    (raiz / "pyproject.toml").write_text(f"[tool.oracle]\n{linea}", encoding="utf-8")
    return raiz


def correr(*args: str, raiz: Path) -> tuple[int, str, str]:
    r = CliRunner().invoke(main, [args[0], "--project", str(raiz), *args[1:]])
    return r.exit_code, r.stdout, r.stderr


def test_probe_tokens_prints_each_tool_its_slots_and_the_totals(tmp_path, por_bytes):
    codigo, salida, _ = correr("probe", "--tokens", "--", *BAJO, raiz=proyecto(tmp_path))
    assert (codigo, salida.splitlines()) == (0, [
        *LINEAS_BAJO, "no budget: set presupuesto_tokens = 316 in [tool.oracle] so the footprint can only shrink."])


@pytest.mark.parametrize(("presupuesto", "codigo", "ultima"), [
    (316, 0, "the listing costs 316 tokens, exactly its budget."),
    (317, 1, f"{shlex.join(BAJO)}: the footprint has slack: the listing costs 316 tokens, below the budget 317; "
             "lower presupuesto_tokens to 316."),
    (315, 1, f"{shlex.join(BAJO)}: the footprint is over its budget: the listing costs 316 tokens, over the budget "
             "315; shrink the tools' descriptions or schemas, or raise presupuesto_tokens knowingly."),
])
def test_the_budget_passes_only_when_it_is_the_footprint(tmp_path, por_bytes, presupuesto, codigo, ultima):
    resultado = correr("probe", "--tokens", "--", *BAJO, raiz=proyecto(tmp_path, presupuesto))
    assert (resultado[0], resultado[1].splitlines()) == (codigo, [*LINEAS_BAJO, ultima])


def test_probe_tokens_json(tmp_path, por_bytes):
    codigo, salida, _ = correr("probe", "--tokens", "--format", "json", "--protocol", "legacy", "--", *BAJO,
                               raiz=proyecto(tmp_path, 306))
    origen = shlex.join(BAJO)
    mensaje = ("the footprint is over its budget: the listing costs 316 tokens, over the budget 306; shrink the tools' "
               "descriptions or schemas, or raise presupuesto_tokens knowingly")
    assert codigo == 1
    assert json.loads(salida) == {
        "version": 1, "server": origen, "protocol": "2025-11-25", "tokenizer": "o200k_base",
        "tools": [{"name": "roto", "total": 117, "description": 0, "slots": {"name": 13, "inputSchema": 31, "outputSchema": 69}},
                  {"name": "limpio", "total": 186, "description": 0,
                   "slots": {"name": 15, "inputSchema": 68, "outputSchema": 99}}],
        "total": 316, "total_indented": 638, "indentation": 322,
        "budget": {"tokens": 306, "state": "over", "message": mensaje},
        "findings": [{"server": origen, "message": mensaje}]}
    assert [list(t["slots"]) for t in json.loads(salida)["tools"]] == [["inputSchema", "name", "outputSchema"]] * 2


def test_without_the_tokenizer_file_nothing_is_started(tmp_path, monkeypatch):
    pytest.importorskip("tiktoken", reason="tiktoken is in the test extra: pip install -e '.[test]'")
    vacio = tmp_path / "cache"
    vacio.mkdir()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(vacio))
    no_existe = str(tmp_path / "no-existe")  # were it started, the error would be SONDA_FALLO
    for orden in (["probe", "--tokens", "--", no_existe], ["footprint"]):
        codigo, salida, error = correr(*orden, raiz=proyecto(tmp_path / "p"))
        assert (codigo, salida) == (2, "")
        assert error.splitlines() == [
            f"TOKENIZADOR_NO_DISPONIBLE — the o200k_base tokenizer file is missing: {vacio.resolve()}/"
            f"{tokenizador.ARCHIVO_O200K}.",
            f"fix: set TIKTOKEN_CACHE_DIR to a directory holding the o200k_base file, named {tokenizador.ARCHIVO_O200K} "
            f"(the SHA-1 of {tokenizador.URL_O200K}); oracle-lint never downloads it"]


def test_tokens_takes_no_calls_and_prints_text_or_json(tmp_path, por_bytes):
    llamadas = tmp_path / "llamadas.toml"
    llamadas.write_text('[[call]]\ntool = "roto"\n', encoding="utf-8")
    raiz = proyecto(tmp_path / "p")
    codigo, _, error = correr("probe", "--tokens", "--calls", str(llamadas), "--", *BAJO, raiz=raiz)
    assert (codigo, error.splitlines()[0]) == (2, "ARGUMENTOS_INVALIDOS — --tokens measures tools/list only; it takes no --calls.")
    codigo, _, error = correr("probe", "--tokens", "--format", "sarif", "--", *BAJO, raiz=raiz)
    assert (codigo, error.splitlines()[0]) == (2, "ARGUMENTOS_INVALIDOS — --tokens prints text or json, not sarif.")


@pytest.mark.parametrize("valor", ["0", "-3", "true", '"300"', "1.5"])
def test_the_budget_must_be_a_positive_integer(tmp_path, por_bytes, valor):
    raiz = proyecto(tmp_path, valor)
    codigo, _, error = correr("probe", "--tokens", "--", *BAJO, raiz=raiz)
    leido = {"0": "0", "-3": "-3", "true": "True", '"300"': "'300'", "1.5": "1.5"}[valor]
    assert codigo == 2
    assert error.splitlines() == [
        f"PROYECTO_INVALIDO — {raiz.resolve()}: pyproject.toml [tool.oracle]: «presupuesto_tokens» must be a positive "
        f"integer, not {leido}.",
        "field: proyecto",
        "fix: write presupuesto_tokens = N with the o200k_base tokens tools/list costs today "
        "(`oracle-lint probe --tokens -- <server command>` measures it)."]


def test_the_raw_listing_is_what_the_server_wrote_key_order_included():
    from oracle_lint.server.herramientas import definiciones

    crudo = listar(Servidor(comando=tuple(ORACLE)), 30, crudo=True).herramientas
    assert list(crudo) == definiciones()
    assert [list(t) for t in crudo] == [list(d) for d in definiciones()]  # annotations before inputSchema, as written
    modelos = listar(Servidor(comando=tuple(ORACLE)), 30).herramientas
    assert [list(t) for t in modelos] != [list(t) for t in crudo]  # what the SDK's models dump: another order


def test_footprint_counts_the_names_and_schemas_the_analyzer_derives(tmp_path, por_bytes):
    raiz = proyecto(tmp_path, 316)
    shutil.copy(SONDA / "servidor_bajo_nivel.py", raiz / "servidor.py")
    codigo, salida, _ = correr("footprint", "--no-cache", raiz=raiz)
    assert codigo == 0
    # the same bytes as the live listing (the server publishes no description): 316, per tool and in total
    assert salida.splitlines() == [
        "Static tools/list footprint of the 2 tools found in the source (o200k_base tokens of each tool's compact JSON: "
        "its name and the input/output schemas the analyzer derives, keys sorted):",
        "  limpio: 186 (name 15, inputSchema 68, outputSchema 99)",
        "  roto: 117 (name 13, inputSchema 31, outputSchema 69)",
        'listing {"tools": [...]}: 316 tokens as compact JSON, 638 indented (indent=2): indentation costs 322 more.',
        "Not included: descriptions, titles and annotations (the analyzer does not extract them), so the live listing "
        "costs more; `oracle-lint probe --tokens -- <server command>` measures it.",
        "The budget (presupuesto_tokens = 316) is judged by `oracle-lint probe --tokens` on the live listing, not by "
        "this static figure."]
    codigo, salida, _ = correr("footprint", "--no-cache", "--format", "json", raiz=proyecto(raiz))
    datos = json.loads(salida)
    assert codigo == 0
    assert datos["tools"] == [{"name": "limpio", "total": 186, "slots": {"name": 15, "inputSchema": 68, "outputSchema": 99}},
                              {"name": "roto", "total": 117, "slots": {"name": 13, "inputSchema": 31, "outputSchema": 69}}]
    assert {k: datos[k] for k in ("static", "total", "total_indented", "indentation", "counted", "not_counted",
                                  "not_derived", "budget", "budget_judged_by")} == {
        "static": True, "total": 316, "total_indented": 638, "indentation": 322,
        "counted": ["name", "inputSchema", "outputSchema"], "not_counted": ["description", "title", "annotations"],
        "not_derived": [], "budget": None, "budget_judged_by": "oracle-lint probe --tokens"}


def test_the_bundled_server_costs_what_bench_tokens_counts(tmp_path):
    if not (tokenizador.directorio_de_cache() / tokenizador.ARCHIVO_O200K).is_file():
        pytest.skip(f"the o200k_base file is not cached in {tokenizador.directorio_de_cache()} (set TIKTOKEN_CACHE_DIR)")
    sys.path.insert(0, str(RAIZ / "bench"))
    try:
        import tokens as banco
        from cliente_stdio import ClienteStdio, compacto
    finally:
        sys.path.remove(str(RAIZ / "bench"))
    codificador = banco.codificador()
    with ClienteStdio(RAIZ) as cliente:
        definiciones = cliente.pedir("tools/list")["tools"]
    codigo, salida, _ = correr("probe", "--tokens", "--format", "json", "--", *ORACLE, raiz=proyecto(tmp_path))
    datos = json.loads(salida)
    assert codigo == 0
    assert [(t["name"], t["total"]) for t in datos["tools"]] == [
        (d["name"], len(codificador.encode(compacto(d)))) for d in definiciones]
    assert datos["total"] == len(codificador.encode(compacto({"tools": definiciones})))
    assert [t["description"] for t in datos["tools"]] == [len(codificador.encode(d["description"])) for d in definiciones]
