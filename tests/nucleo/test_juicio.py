"""juzgar: applicable measures, ids, shadows and bounds, never an empty green."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ayuda_proyectos import filas, medida_toml, proyecto, rules_falsas  # noqa: F401 (fixture)
from oracle_lint.nucleo.algebra import LimitesAlgebra
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.juicio import CATALOGO_VACIO, SIN_MEDIDAS, juzgar
from oracle_lint.nucleo.medida import Medida
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.sombras import HOLGURA, OBSOLETA

pytestmark = pytest.mark.usefixtures("rules_falsas")

MEDIDAS = {
    "m.toml": medida_toml("demo.herramienta", requiere=("herramienta",))
    + medida_toml("demo.raiz", requiere=("raiz",))
    + medida_toml("demo.ajena_no", requiere=("herramienta", "spread"))
}


def _proyecto(tmp_path: Path, sombras: str = "", medidas: dict[str, str] | None = None) -> Proyecto:
    return Proyecto(proyecto(tmp_path / "p", oracle=sombras, medidas=MEDIDAS if medidas is None else medidas))


def _sombra(ident: str, cota: int | None) -> str:
    linea_cota = "" if cota is None else f"cota = {cota}\n"
    return f'[tool.oracle.sombras."{ident}"]\ndesde = "2026-01-01"\nporque = "deuda"\n{linea_cota}'


def linea(fn, *args, **kwargs) -> str:
    with pytest.raises(ErrorOracle) as info:
        fn(*args, **kwargs)
    return info.value.linea()


def test_sin_ids_juzga_las_aplicables_y_lista_las_demas(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), filas("herramienta", True, True))
    assert juicio.ok is True
    assert [j.id for j in juicio.medidas] == ["demo.herramienta"]
    assert juicio.medidas[0].veredicto.estado == "verde"
    assert juicio.no_aplicadas == (
        {"id": "demo.ajena_no", "faltan": ("spread",)},
        {"id": "demo.raiz", "faltan": ("raiz",)},
    )
    assert juicio.no_juzgaron == () and juicio.advertencias == () and juicio.fallas_de_sombra == ()


def test_un_rojo_no_es_ok(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), filas("herramienta", True, False))
    assert juicio.ok is False
    assert juicio.medidas[0].veredicto.estado == "rojo"
    assert juicio.medidas[0].veredicto.valor == 1


def test_relacion_vacia_esta_presente(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), {"herramienta": []})
    assert juicio.ok is True and [j.id for j in juicio.medidas] == ["demo.herramienta"]


def test_nada_aplica_no_es_verde(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), {"otra": [{"a": 1}]})
    assert juicio.ok is False
    assert juicio.medidas == ()
    assert [n["id"] for n in juicio.no_aplicadas] == ["demo.ajena_no", "demo.herramienta", "demo.raiz"]
    assert juicio.advertencias == (SIN_MEDIDAS,)


def test_catalogo_vacio_no_es_verde(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, medidas={}), {"herramienta": []})
    assert juicio.ok is False and juicio.advertencias == (CATALOGO_VACIO,)


def test_sin_evidencia_nunca_es_rojo(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), filas("raiz", False, False))
    assert [j.id for j in juicio.medidas] == ["demo.raiz"]
    assert all(j.veredicto.estado != "sin_evidencia" for j in juicio.medidas)
    assert {n["id"] for n in juicio.no_aplicadas} == {"demo.herramienta", "demo.ajena_no"}


def test_evidencia_invalida(tmp_path: Path) -> None:
    assert linea(juzgar, _proyecto(tmp_path), {"herramienta": [1]}) == (
        "EVIDENCIA_INVALIDA — $.evidencia.herramienta[0]: la fila es int; se esperaba un objeto."
    )


def test_evidencia_valida_no_falla(tmp_path: Path) -> None:
    juzgar(_proyecto(tmp_path), {"herramienta": [{"herramienta": "a", "documentada": True}]})


# -- with ids ---------------------------------------------------------------------------------


def test_con_ids_juzga_solo_esas(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), {**filas("herramienta", True), "raiz": []}, ["demo.raiz"])
    assert [j.id for j in juicio.medidas] == ["demo.raiz"]
    assert juicio.no_aplicadas == () and juicio.ok is True


def test_con_ids_se_ordenan_por_id(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), {**filas("herramienta", True), "raiz": []}, ["demo.raiz", "demo.herramienta"])
    assert [j.id for j in juicio.medidas] == ["demo.herramienta", "demo.raiz"]


@pytest.mark.parametrize(
    ("ids", "esperada"),
    [
        (
            ["demo.raiz", "demo.raiz"],
            'ARGUMENTOS_INVALIDOS — $.ids[1]: "demo.raiz"; se esperaba ids distintos (este ya fue pedido).',
        ),
        (
            ["Demo.Raiz"],
            'ARGUMENTOS_INVALIDOS — $.ids[0]: "Demo.Raiz"; se esperaba un id de medida que cumpla '
            "^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$.",
        ),
        (
            [],
            "ARGUMENTOS_INVALIDOS — $.ids: []; se esperaba una lista no vacía de ids distintos que cumplan "
            "^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$.",
        ),
        (
            "demo.raiz",
            'ARGUMENTOS_INVALIDOS — $.ids: "demo.raiz"; se esperaba una lista no vacía de ids distintos que cumplan '
            "^[a-z][a-z0-9_]*(?:\\.[a-z][a-z0-9_]*)+$.",
        ),
    ],
)
def test_ids_invalidos(tmp_path: Path, ids: object, esperada: str) -> None:
    assert linea(juzgar, _proyecto(tmp_path), filas("raiz", True), ids) == esperada


def test_id_desconocido(tmp_path: Path) -> None:
    assert linea(juzgar, _proyecto(tmp_path), filas("raiz", True), ["demo.otra"]) == (
        "MEDIDA_DESCONOCIDA — «demo.otra» no aparece en las fuentes seleccionadas; "
        "consultá oracle_catalogo_efectivo sin ids."
    )


def test_id_no_efectivo(tmp_path: Path, rules_falsas: Path) -> None:
    (rules_falsas / "base.toml").write_text(medida_toml("base.ajena", ambito="del_origen"), encoding="utf-8")
    p = _proyecto(tmp_path)
    assert linea(juzgar, p, filas("herramienta", True), ["base.ajena"]) == (
        f"MEDIDA_NO_EFECTIVA — «base.ajena» existe en catalogo_base:oracle, pero su ambito «del_origen» "
        f"no obliga a «{p.raiz}»."
    )
    # without ids the excluded measure is simply not part of the judgement
    assert [j.id for j in juzgar(p, filas("herramienta", True)).medidas] == ["demo.herramienta"]


def test_id_no_aplicable(tmp_path: Path) -> None:
    assert linea(juzgar, _proyecto(tmp_path), filas("herramienta", True), ["demo.ajena_no", "demo.herramienta"]) == (
        "MEDIDA_NO_APLICABLE — «demo.ajena_no» requiere las relaciones spread, no presentes en la evidencia."
    )


# -- not judged -------------------------------------------------------------------------------


def test_limite_de_algebra_va_a_no_juzgaron(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), filas("herramienta", True, True), limites=LimitesAlgebra(filas_por_relacion=1))
    assert juicio.ok is False and juicio.medidas == ()
    assert len(juicio.no_juzgaron) == 1
    assert juicio.no_juzgaron[0]["id"] == "demo.herramienta"
    assert juicio.no_juzgaron[0]["motivo"].startswith("LIMITE_DE_ALGEBRA — ")
    assert "\n" not in juicio.no_juzgaron[0]["motivo"]


def test_excepcion_inesperada_es_evaluacion_fallo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def explota(self, *args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(Medida, "evaluar", explota)
    juicio = juzgar(_proyecto(tmp_path), filas("herramienta", True))
    assert juicio.ok is False
    assert juicio.no_juzgaron == (
        {"id": "demo.herramienta", "motivo": "EVALUACION_FALLO — RuntimeError: boom. No se produjo un veredicto."},
    )


# -- shadows ----------------------------------------------------------------------------------


def test_rojo_perdonado_dentro_de_la_cota(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, _sombra("demo.herramienta", 2)), filas("herramienta", False, False))
    assert juicio.ok is True
    assert juicio.medidas[0].perdonada is True
    assert juicio.a_dict()["medidas"][0]["sombra"] == {"desde": "2026-01-01", "porque": "deuda", "cota": 2, "perdona": True}


def test_rojo_perdonado_sin_cota(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, _sombra("demo.herramienta", None)), filas("herramienta", False, False, False))
    assert juicio.ok is True and juicio.fallas_de_sombra == ()


def test_rojo_por_encima_de_la_cota(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, _sombra("demo.herramienta", 2)), filas("herramienta", False, False, False))
    assert juicio.ok is False
    assert juicio.medidas[0].perdonada is False
    assert juicio.fallas_de_sombra == ()


def test_holgura_en_la_cota_es_falla(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, _sombra("demo.herramienta", 2)), filas("herramienta", False, True))
    assert juicio.medidas[0].perdonada is True
    assert juicio.ok is False
    assert [f.clase for f in juicio.fallas_de_sombra] == [HOLGURA]
    assert juicio.advertencias == (
        "la cota de «demo.herramienta» tiene holgura: el valor 1 está por debajo de la cota 2; bajá la cota a 1.",
    )


def test_sombra_obsoleta_es_falla(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, _sombra("demo.herramienta", 2)), filas("herramienta", True))
    assert juicio.ok is False
    assert [f.clase for f in juicio.fallas_de_sombra] == [OBSOLETA]
    assert juicio.advertencias == ("la sombra de «demo.herramienta» está obsoleta: la medida dio verde; quitá la sombra.",)


def test_sombra_de_medida_no_aplicada_no_se_juzga(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path, _sombra("demo.raiz", 2)), filas("herramienta", True))
    assert juicio.ok is True and juicio.fallas_de_sombra == ()


def test_sombra_de_id_fuera_del_catalogo(tmp_path: Path) -> None:
    p = _proyecto(tmp_path, _sombra("demo.fantasma", 1))
    assert linea(juzgar, p, filas("herramienta", True)) == (
        f"PROYECTO_INVALIDO — {p.raiz}: la sombra «demo.fantasma» nombra una medida que no está en el catálogo efectivo."
    )


# -- presentation -----------------------------------------------------------------------------


def test_a_dict_corta_testigos_en_cinco_y_el_objeto_los_guarda(tmp_path: Path) -> None:
    juicio = juzgar(_proyecto(tmp_path), filas("herramienta", *([False] * 7)))
    assert len(juicio.medidas[0].veredicto.testigos) == 7
    datos = juicio.a_dict()
    medida = datos["medidas"][0]
    assert len(medida["testigos"]) == 5 and medida["testigos_omitidos"] == 2
    assert medida["umbral"] == {"operador": "<=", "valor": 0, "segun": "prueba", "porque": "porque sí"}
    assert medida["alcance"] == "todo"
    assert list(datos) == [
        "esquema", "oracle_version", "proyecto", "entrada_sha256", "ok",
        "medidas", "no_aplicadas", "no_juzgaron", "advertencias",
    ]
    assert datos["esquema"] == "oracle.mcp/juzgar/v1"
    assert datos["no_aplicadas"] == [{"id": "demo.ajena_no", "faltan": ["spread"]}, {"id": "demo.raiz", "faltan": ["raiz"]}]
    assert re.fullmatch(r"[0-9a-f]{64}", datos["entrada_sha256"])
    json.dumps(datos)


def test_entrada_sha256_no_depende_del_orden_de_las_filas(tmp_path: Path) -> None:
    p = _proyecto(tmp_path)
    ev = filas("herramienta", True, False, True)
    invertida = {"herramienta": list(reversed(ev["herramienta"]))}
    assert juzgar(p, ev).entrada_sha256 == juzgar(p, invertida).entrada_sha256
    assert juzgar(p, ev).entrada_sha256 != juzgar(p, filas("herramienta", True)).entrada_sha256
    assert juzgar(p, ev).entrada_sha256 != juzgar(p, ev, ["demo.herramienta"]).entrada_sha256


def _esquema_de_salida() -> dict:
    """The published outputSchema of oracle_juzgar, from the verbatim copy of seed 001's array."""
    copia = Path(__file__).resolve().parents[1] / "fixtures" / "mcp" / "tools_list_semilla.json"
    herramientas = json.loads(copia.read_text(encoding="utf-8"))
    return next(h["outputSchema"] for h in herramientas if h["name"] == "oracle_juzgar")


def test_a_dict_cumple_el_esquema_publicado(tmp_path: Path) -> None:
    import jsonschema

    esquema = _esquema_de_salida()
    p = _proyecto(tmp_path, _sombra("demo.herramienta", 9))
    for ev in (filas("herramienta", *([False] * 7)), {"otra": []}, filas("raiz", True)):
        jsonschema.validate(juzgar(p, ev).a_dict(), esquema)
