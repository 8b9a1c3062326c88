"""`oracle medida desafiar` and `oracle caso listar`: JSON against seed 001's schema, text, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

import oracle_lint.nucleo.medida

from oracle_lint import nucleo
from ayuda_desafio import (  # noqa: F401 (fixture)
    datos_caso,
    escribir,
    escribir_caso,
    filas,
    medida_toml,
    proyecto,
    rules_falsas,
)
from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.cli import main
from oracle_lint.nucleo.version import VERSION

ESQUEMA = json.loads((Path(__file__).resolve().parents[1] / "fixtures" / "esquemas" / "desafio.json").read_text())

pytestmark = pytest.mark.usefixtures("rules_falsas")


def oracle(*args: str):
    return CliRunner().invoke(main, list(args))


def validar(salida: str) -> dict:
    datos = json.loads(salida)
    jsonschema.Draft202012Validator(ESQUEMA).validate(datos)
    return datos


@pytest.fixture
def raiz(tmp_path: Path) -> Path:
    raiz = proyecto(tmp_path / "p", medidas={"m.toml": medida_toml("p.uno", tabla=True)})
    escribir_caso(raiz, "corpus", "verde.json", datos_caso("v", "p.uno", "verde", filas("bien")))
    escribir_caso(raiz, "diferencial", "rojo.json", datos_caso("r", "p.uno", "rojo", filas("mal"), vence="2999-01-01"))
    escribir_caso(raiz, "corpus", "otra.json", datos_caso("o", "p.otra", "rojo", filas("mal")))
    return raiz.resolve()


def test_json_por_id_valida_contra_el_esquema(raiz: Path) -> None:
    r = oracle("medida", "desafiar", "p.uno", "--proyecto", str(raiz), "--json")
    assert r.exit_code == 0, r.output
    datos = validar(r.stdout)
    assert datos["esquema"] == "oracle.mcp/desafio/v1" and datos["oracle_version"] == VERSION
    assert datos["proyecto"] == str(raiz) and datos["medida"] == "p.uno"
    assert datos["conclusion"] == "todos_detectados_por_conducta"
    assert datos["casos"] == {"total": 2, "del_proyecto": 2, "efimeros": 0, "esperan_verde": 1, "esperan_rojo": 1}
    assert list(datos) == ["esquema", "oracle_version", "proyecto", "entrada_sha256", "medida", "conclusion", "casos",
                           "discordancias", "mutacion", "advertencias"]


def test_texto_y_sobrevivientes_salen_con_1(raiz: Path, tmp_path: Path) -> None:
    texto = escribir(tmp_path / "cand.toml", medida_toml("p.uno", 'r | donde estado = "mal" y n >= 0'))
    r = oracle("medida", "desafiar", "--texto", str(texto), "--proyecto", str(raiz))
    assert r.exit_code == 1, r.output
    lineas = r.stdout.splitlines()
    assert 'survived: m007-quitar-conjuncion@$.cond.args[1] — se quita «n >= 0» de «estado = "mal" y n >= 0»' in lineas
    assert lineas[-1].startswith("p.uno: sobrevivientes (cases 2: 1 expect verde, 1 expect rojo or sin_evidencia")
    datos = validar(oracle("medida", "desafiar", "--texto", str(texto), "--proyecto", str(raiz), "--json").stdout)
    assert datos["conclusion"] == "sobrevivientes"


def test_discordancia_en_texto(raiz: Path, tmp_path: Path) -> None:
    texto = escribir(tmp_path / "cand.toml", medida_toml("p.uno", 'r | donde estado = "bien"'))
    r = oracle("medida", "desafiar", "--texto", str(texto), "--proyecto", str(raiz))
    assert r.exit_code == 1
    assert r.stdout.splitlines()[:2] == ["discordance: v expected verde got rojo", "discordance: r expected rojo got verde"]
    assert "original_no_reproduce" in r.stdout.splitlines()[-1]


def test_sin_evidencia_del_proyecto_y_casos_efimeros(raiz: Path, tmp_path: Path) -> None:
    r = oracle("medida", "desafiar", "p.uno", "--proyecto", str(raiz), "--sin-evidencia-del-proyecto", "--json")
    assert r.exit_code == 1 and validar(r.stdout)["conclusion"] == "faltan_polaridades"
    efimeros = escribir(tmp_path / "casos.json", json.dumps([
        {"id": "e1", "espera": "verde", "evidencia": filas("bien")},
        {"id": "e2", "espera": "sin_evidencia", "evidencia": {}},
    ]))
    r = oracle("medida", "desafiar", "p.uno", "--proyecto", str(raiz), "--sin-evidencia-del-proyecto",
               "--caso", str(efimeros), "--json")
    datos = validar(r.stdout)
    assert datos["casos"] == {"total": 2, "del_proyecto": 0, "efimeros": 2, "esperan_verde": 1, "esperan_rojo": 1}
    assert datos["conclusion"] == "sobrevivientes" and r.exit_code == 1  # sin_evidencia cannot kill a mutant
    r = oracle("medida", "desafiar", "p.uno", "--proyecto", str(raiz), "--caso", str(efimeros), "--json")
    assert validar(r.stdout)["casos"]["total"] == 4


def test_rechazos_sin_sobrevivientes_salen_con_0(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    raiz = proyecto(tmp_path / "u", medidas={"m.toml": medida_toml("p.union", "r | unir s en k1, k2",
                                                                     requiere=("r", "s"), tabla=True)})
    escribir_caso(raiz, "corpus", "chico.json", datos_caso(
        "chico", "p.union", "verde", {"r": [{"k1": 1, "k2": 0}], "s": [{"k1": 2, "k2": 0}]}))
    escribir_caso(raiz, "corpus", "grande.json", datos_caso(
        "grande", "p.union", "rojo", {"r": [{"k1": 1, "k2": i} for i in range(3)],
                                      "s": [{"k1": 1, "k2": j} for j in range(3)]}))
    monkeypatch.setattr(nucleo.medida, "LimitesAlgebra", lambda: LimitesAlgebra(filas_de_union=5))
    r = oracle("medida", "desafiar", "p.union", "--proyecto", str(raiz))
    assert r.exit_code == 0, r.output
    assert "rejected by the algebra: m" in r.stdout
    assert "sin_sobrevivientes_con_rechazos" in r.stdout.splitlines()[-1]


def test_errores_salen_con_2(raiz: Path, tmp_path: Path) -> None:
    repetido = escribir(tmp_path / "rep.json", json.dumps({"id": "v", "espera": "verde", "evidencia": {}}))
    r = oracle("medida", "desafiar", "p.uno", "--proyecto", str(raiz), "--caso", str(repetido))
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == (
        f"CASO_REPETIDO — «v» is in both corpus/verde.json and {repetido}; neither takes precedence.")
    escribir_caso(raiz, "diferencial", "viejo.json", datos_caso("x", "p.uno", "rojo", {}, vence="2000-01-01"))
    r = oracle("medida", "desafiar", "p.uno", "--proyecto", str(raiz))
    assert r.exit_code == 2 and r.stderr.startswith("EVIDENCIA_INCOMPLETA — ")
    r = oracle("medida", "desafiar", "p.nada", "--proyecto", str(raiz))
    assert r.exit_code == 2 and r.stderr.startswith("MEDIDA_DESCONOCIDA — ")
    assert oracle("medida", "desafiar", "--proyecto", str(raiz)).exit_code == 2  # neither ID nor --texto


def test_caso_listar(raiz: Path) -> None:
    escribir_caso(raiz, "diferencial", "viejo.json", datos_caso("x", "p.uno", "rojo", {}, vence="2000-01-01"))
    r = oracle("caso", "listar", "--proyecto", str(raiz))
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        f"project: {raiz}",
        "cases (4):",
        "  o  p.otra  rojo  corpus/otra.json",
        "  r  p.uno  rojo  diferencial/rojo.json  expires 2999-01-01",
        "  v  p.uno  verde  corpus/verde.json",
        "  x  p.uno  rojo  diferencial/viejo.json  EXPIRED 2000-01-01",
    ]
    datos = json.loads(oracle("caso", "listar", "--proyecto", str(raiz), "--medida", "p.otra", "--json").stdout)
    assert datos == {"proyecto": str(raiz), "total": 1, "casos": [{
        "id": "o", "medida": "p.otra", "espera": "rojo", "clase": "corpus", "origen": "corpus/otra.json",
        "procedencia": "observado en la prueba", "vence": None, "relaciones": {"r": 1}, "vencido": False}]}


def test_caso_listar_falla_cerrado(raiz: Path) -> None:
    escribir(raiz / "corpus" / "roto.json", "[")
    r = oracle("caso", "listar", "--proyecto", str(raiz))
    assert r.exit_code == 2 and r.stderr.startswith("CASO_INVALIDO — corpus/roto.json: invalid JSON")
