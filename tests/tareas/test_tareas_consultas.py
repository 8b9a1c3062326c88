"""listar, ver, buscar: plain JSON-able results, the seed's errors, and no writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ayuda_tareas import instantanea, proyecto_con, texto_tarea, tres_tareas
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.tareas import buscar, hechos, listar, ver


def _ids(filas):
    return [f["id"] for f in filas]


def test_listar_por_omision_abiertas_sin_cuerpo(tmp_path: Path):
    filas = listar(tres_tareas(tmp_path))
    assert _ids(filas) == ["0001", "0003"]
    assert filas[0] == {
        "id": "0001",
        "referencia": "tareas/0001",
        "titulo": "Primera tarea",
        "estado": "ABIERTA",
        "etiquetas": ["deuda"],
        "creada": "2026-01-01T10:00:00Z",
        "cerrada": None,
        "actualizada": "2026-01-01T10:00:00Z",
        "cantidad_notas": 0,
        "archivo": "tareas/0001-primera.md",
    }
    assert json.loads(json.dumps(filas)) == filas


def test_listar_filtra_por_estado_y_etiqueta(tmp_path: Path):
    p = tres_tareas(tmp_path)
    assert _ids(listar(p, "CERRADA")) == ["0002"]
    assert _ids(listar(p, None)) == ["0001", "0002", "0003"]
    assert _ids(listar(p, None, "deuda")) == ["0001", "0002"]
    assert _ids(listar(p, "ABIERTA", "servidor")) == []
    assert _ids(listar(p, None, "deu")) == []  # exact label only
    cerrada = listar(p, "CERRADA")[0]
    assert (cerrada["cerrada"], cerrada["actualizada"], cerrada["cantidad_notas"]) == (
        "2026-02-01T10:00:00Z", "2026-02-01T10:00:00Z", 1)


def test_listar_estado_invalido(tmp_path: Path):
    with pytest.raises(ErrorOracle) as e:
        listar(tres_tareas(tmp_path), "abierta")
    assert e.value.linea() == "ARGUMENTOS_INVALIDOS — estado: 'abierta'; se esperaba \"ABIERTA\" o \"CERRADA\"."


def test_ver_con_cuerpo_y_notas(tmp_path: Path):
    d = ver(tres_tareas(tmp_path), "0002")
    assert d["cuerpo"] == ""
    assert d["notas"] == [{"fecha": "2026-01-05T09:00:00Z", "texto": "una nota: HOLA otra vez", "linea": 8}]
    assert {k: d[k] for k in ("id", "estado", "etiquetas")} == {"id": "0002", "estado": "CERRADA",
                                                                 "etiquetas": ["deuda", "servidor"]}
    assert ver(tres_tareas(tmp_path), "0001")["cuerpo"] == "El cuerpo dice Hola."


@pytest.mark.parametrize("consulta", ["0003", "tareas/0003", "0003-t", "0003-tercera", "3", " 0003 "])
def test_ver_por_id_referencia_prefijo_o_sufijo(tmp_path: Path, consulta: str):
    assert ver(tres_tareas(tmp_path), consulta)["id"] == "0003"


def test_ver_id_exacto_gana_a_un_prefijo(tmp_path: Path):
    p = proyecto_con(tmp_path, {"1000.md": texto_tarea("1000"), "10000.md": texto_tarea("10000")})
    assert ver(p, "1000")["id"] == "1000"


def test_ver_no_encontrada(tmp_path: Path):
    with pytest.raises(ErrorOracle) as e:
        ver(tres_tareas(tmp_path), "0009")
    assert e.value.linea() == "TAREA_NO_ENCONTRADA — no se encontró ninguna tarea con prefijo «0009»."


def test_ver_ambiguo(tmp_path: Path):
    with pytest.raises(ErrorOracle) as e:
        ver(tres_tareas(tmp_path), "000")
    assert e.value.linea() == "ID_AMBIGUO — el prefijo «000» coincide con 3 tareas: 0001, 0002, 0003."


@pytest.mark.parametrize("consulta", ["", " ", "tareas/"])
def test_ver_id_vacio(tmp_path: Path, consulta: str):
    with pytest.raises(ErrorOracle) as e:
        ver(tres_tareas(tmp_path), consulta)
    assert e.value.linea() == (
        f"ARGUMENTOS_INVALIDOS — id: {consulta!r}; se esperaba un id canónico o un prefijo no vacío."
    )


def test_buscar_literal_sin_mayusculas_en_titulos_cuerpos_y_notas(tmp_path: Path):
    r = buscar(tres_tareas(tmp_path), "hola")
    assert r == {
        "texto": "hola",
        "total": 2,
        "coincidencias": [
            {"id": "0001", "titulo": "Primera tarea", "estado": "ABIERTA", "archivo": "tareas/0001-primera.md",
             "linea": 7, "donde": "cuerpo", "fecha_nota": None, "extracto": "El cuerpo dice Hola."},
            {"id": "0002", "titulo": "Segunda", "estado": "CERRADA", "archivo": "tareas/0002-segunda.md",
             "linea": 10, "donde": "nota", "fecha_nota": "2026-01-05T09:00:00Z", "extracto": "una nota: HOLA otra vez"},
        ],
        "omitidos": 0,
    }
    assert [c["donde"] for c in buscar(tres_tareas(tmp_path), "TERCERA")["coincidencias"]] == ["titulo"]


def test_buscar_es_literal_y_no_mira_la_cabecera(tmp_path: Path):
    p = tres_tareas(tmp_path)
    assert buscar(p, "h.la")["total"] == 0
    assert buscar(p, "abierta")["total"] == 0
    assert buscar(p, "deuda")["total"] == 0


def test_buscar_corta_en_veinte_y_cuenta_omitidos(tmp_path: Path):
    cuerpo = "\n".join(f"aguja {i}" for i in range(15))
    p = proyecto_con(tmp_path, {"0001.md": texto_tarea("0001", cuerpo=cuerpo), "0002.md": texto_tarea("0002", cuerpo=cuerpo)})
    r = buscar(p, "AGUJA")
    assert (r["total"], len(r["coincidencias"]), r["omitidos"]) == (30, 20, 10)
    assert [c["id"] for c in r["coincidencias"]].count("0001") == 15


def test_buscar_sin_coincidencias_y_texto_vacio(tmp_path: Path):
    p = tres_tareas(tmp_path)
    assert buscar(p, "inexistente") == {"texto": "inexistente", "total": 0, "coincidencias": [], "omitidos": 0}
    with pytest.raises(ErrorOracle) as e:
        buscar(p, "  ")
    assert e.value.linea() == "ARGUMENTOS_INVALIDOS — texto: '  '; se esperaba un texto no vacío."


@pytest.mark.parametrize("operacion", [
    lambda p: listar(p), lambda p: listar(p, None), lambda p: ver(p, "0002"), lambda p: buscar(p, "a"),
    lambda p: hechos(p),
])
def test_las_lecturas_no_escriben(tmp_path: Path, operacion):
    p = tres_tareas(tmp_path)
    antes = instantanea(tmp_path)
    operacion(p)
    assert instantanea(tmp_path) == antes


@pytest.mark.parametrize("operacion", [lambda p: listar(p), lambda p: ver(p, "1"), lambda p: buscar(p, "x"),
                                       lambda p: hechos(p)])
def test_toda_lectura_falla_cerrado(tmp_path: Path, operacion):
    p = proyecto_con(tmp_path, con_tracker=False)
    with pytest.raises(ErrorOracle) as e:
        operacion(p)
    assert e.value.codigo == "TRACKER_AUSENTE"
    (tmp_path / "tareas").mkdir()
    (tmp_path / "tareas" / "0001.md").write_text("roto\n", encoding="utf-8")
    with pytest.raises(ErrorOracle) as e:
        operacion(p)
    assert e.value.codigo == "TRACKER_INVALIDO"
