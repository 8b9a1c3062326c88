"""`listas.deuda_sin_tarea_abierta`: debt entries must name an open task; red and green."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ayuda_tareas import proyecto_con, texto_tarea
from oracle_lint.nucleo.catalogo import catalogo_efectivo, directorio_rules
from oracle_lint.nucleo.juicio import juzgar
from oracle_lint.nucleo.medida import Medida, medidas_de_catalogo
from oracle_lint.nucleo.tareas import hechos, leer_tracker

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ID = "listas.deuda_sin_tarea_abierta"
RAIZ_DEL_REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def regla() -> Medida:
    ruta = Path(str(directorio_rules())) / "tareas.toml"
    (medida,) = medidas_de_catalogo(ruta.read_text(encoding="utf-8"), fuente="rules/tareas.toml")
    assert medida.id == ID and medida.ambito == "universal" and "tarea" in medida.requiere
    return medida


def entrada(herramienta: str, issue: object, lista: str = "opaque_root") -> dict[str, object]:
    return {"lista": lista, "herramienta": herramienta, "issue": issue, "porque": "deuda",
            "archivo": f"allowlists/{lista}.toml", "linea": 2, "columna": 1, "en_alcance": True}


TAREAS = [
    {"tarea": "0001", "issue": "tareas/0001", "estado": "ABIERTA"},
    {"tarea": "0002", "issue": "tareas/0002", "estado": "CERRADA"},
]


@pytest.mark.parametrize("lista", ["opaque_root", "underdeclared", "structural_union"])
def test_verde_cuando_apunta_a_una_tarea_abierta(regla: Medida, lista: str):
    v = regla.evaluar({"lista": [entrada("h", "tareas/0001", lista)], "tarea": TAREAS})
    assert (v.estado, v.valor) == ("verde", 0)


@pytest.mark.parametrize(("issue", "motivo"), [("tareas/0002", "cerrada"), ("tareas/0009", "inexistente"),
                                               ("tareas/1", "no canónica")])
@pytest.mark.parametrize("lista", ["opaque_root", "underdeclared", "structural_union"])
def test_rojo_cuando_la_tarea_falta_o_esta_cerrada(regla: Medida, lista: str, issue: str, motivo: str):
    v = regla.evaluar({"lista": [entrada("h", issue, lista), entrada("ok", "tareas/0001", lista)], "tarea": TAREAS})
    assert (v.estado, v.valor) == ("rojo", 1), motivo
    (testigo,) = v.testigos
    assert (testigo["herramienta"], testigo["archivo"], testigo["linea"]) == ("h", f"allowlists/{lista}.toml", 2)
    assert regla.mensaje_para(testigo) == (
        f"entry for «h» in the {lista} list points at {issue}, which is not an open task in tareas/: "
        "reopen or create the task, or point the entry at an open one"
    )


def test_rojo_con_un_tracker_vacio(regla: Medida):
    assert regla.evaluar({"lista": [entrada("h", "tareas/0001")], "tarea": []}).estado == "rojo"


def test_no_juzga_listas_de_diseno_ni_otros_trackers_ni_entradas_sin_issue(regla: Medida):
    filas = [entrada("e", "tareas/0009", "echoed_root"), entrada("x", "https://example.org/issues/7"),
             entrada("n", None), entrada("v", "")]
    assert regla.evaluar({"lista": filas, "tarea": TAREAS}).estado == "verde"


def test_sin_tracker_es_sin_evidencia_nunca_rojo(regla: Medida):
    v = regla.evaluar({"lista": [entrada("h", "tareas/0009")]})
    assert (v.estado, v.faltan) == ("sin_evidencia", ("tarea",))


def test_los_ejemplos_tienen_el_estado_que_dicen(regla: Medida):
    assert "estado: CERRADA" in regla.ejemplos["rojo"] and "estado: ABIERTA" in regla.ejemplos["verde"]


def test_juzgar_une_la_lista_con_los_hechos_de_un_tracker_real(tmp_path: Path):
    p = proyecto_con(tmp_path, {"0001-a.md": texto_tarea("0001"), "0002-b.md": texto_tarea("0002", estado="CERRADA")})
    assert ID in catalogo_efectivo(p)
    evidencia = {"lista": [entrada("abierta", "tareas/0001"), entrada("cerrada", "tareas/0002", "underdeclared")],
                 **hechos(p)}
    juicio = juzgar(p, evidencia, [ID])
    (j,) = juicio.medidas
    assert j.veredicto.estado == "rojo" and not juicio.ok
    assert [t["herramienta"] for t in j.veredicto.testigos] == ["cerrada"]
    evidencia["lista"] = evidencia["lista"][:1]
    assert juzgar(p, evidencia, [ID]).ok


def test_la_deuda_de_este_repositorio_apunta_a_tareas_abiertas():
    from oracle_lint.nucleo.proyecto import Proyecto

    abiertas = {t.referencia for t in leer_tracker(Proyecto(RAIZ_DEL_REPO)).tareas if t.estado == "ABIERTA"}
    assert abiertas, "this repository keeps its own debt in tareas/"
    for lista in sorted((RAIZ_DEL_REPO / "allowlists").glob("*.toml")):
        if lista.stem == "echoed_root":
            continue
        for fila in tomllib.loads(lista.read_text(encoding="utf-8")).get("entrada", []):
            issue = fila.get("issue", "")
            assert issue in abiertas, f"{lista.name}: {fila.get('herramienta')} points at {issue!r}, not an open task"
