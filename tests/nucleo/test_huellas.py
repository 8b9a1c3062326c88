"""Fingerprints: huella_proyecto, entrada_sha256, and the before/after guard."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ayuda_proyectos import escribir, medida_toml, proyecto
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.huellas import archivos_del_arbol, entrada_sha256, entrada_sha256_de_evaluacion, estable, huella_del_arbol, huella_proyecto
from oracle_lint.nucleo.proyecto import Proyecto


def test_huella_proyecto_es_la_composicion_documentada(tmp_path: Path) -> None:
    a = escribir(tmp_path / "a.toml", "uno")
    b = escribir(tmp_path / "b.toml", "dos")
    esperado = hashlib.sha256(
        str(a).encode() + b"\0" + b"uno" + b"\0" + str(b).encode() + b"\0" + b"dos" + b"\0"
    ).hexdigest()
    assert huella_proyecto([b, a, a]) == esperado


def test_huella_proyecto_cambia_con_bytes_y_con_ruta(tmp_path: Path) -> None:
    a = escribir(tmp_path / "a.toml", "uno")
    antes = huella_proyecto([a])
    a.write_text("otro", encoding="utf-8")
    assert huella_proyecto([a]) != antes
    c = escribir(tmp_path / "c.toml", "otro")
    assert huella_proyecto([c]) != huella_proyecto([a])


def test_archivo_ausente_no_es_un_archivo_vacio(tmp_path: Path) -> None:
    vacio = escribir(tmp_path / "v", "")
    vacio.unlink()
    ausente = huella_proyecto([vacio])
    vacio.write_text("", encoding="utf-8")
    assert huella_proyecto([vacio]) != ausente


def test_entrada_sha256_es_json_canonico() -> None:
    obj = {"b": [1, "ñ"], "a": {"y": None, "x": True}}
    texto = json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    assert entrada_sha256(obj) == hashlib.sha256(texto.encode("utf-8")).hexdigest()
    assert entrada_sha256({"a": {"x": True, "y": None}, "b": [1, "ñ"]}) == entrada_sha256(obj)


def test_entrada_sha256_de_evaluacion_es_la_del_objeto_canonico() -> None:
    from oracle_lint.nucleo.medida import medidas_de_catalogo

    [medida] = medidas_de_catalogo(medida_toml("a.b"), fuente="m.toml")
    evidencia = {"herramientas": [{"herramienta": "ñ", "documentada": True}], "otra": []}
    esperada = entrada_sha256({"medida": medida.a_datos(), "evidencia": evidencia})
    assert entrada_sha256_de_evaluacion(medida, evidencia) == esperada
    assert entrada_sha256_de_evaluacion(medida, {}) == entrada_sha256({"medida": medida.a_datos(), "evidencia": {}})
    assert entrada_sha256_de_evaluacion(medida, {}) != esperada


def test_archivos_del_arbol(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path, medidas={"m.toml": medida_toml("a.b")}, macros={"x.toml": ""})
    escribir(raiz / "corpus" / "caso" / "e.json", "{}")
    escribir(raiz / "escalares.py", "")
    p = Proyecto(raiz)
    r = p.raiz
    assert archivos_del_arbol(p) == tuple(
        sorted(
            [
                r / "pyproject.toml",
                r / "escalares.py",
                r / "medidas" / "m.toml",
                r / "macros" / "x.toml",
                r / "corpus" / "caso" / "e.json",
            ],
            key=str,
        )
    )


def test_huella_del_arbol_es_la_huella_de_sus_archivos_sin_seguir_enlaces_a_directorios(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path, medidas={"m.toml": medida_toml("a.b")})
    escribir(raiz / "corpus" / "caso" / "e.json", "{}")
    escribir(raiz / "corpus" / "otro" / "f.json", "[]")
    (raiz / "corpus" / "enlace").symlink_to(raiz / "corpus" / "otro", target_is_directory=True)
    (raiz / "corpus" / "roto.json").symlink_to(raiz / "no-existe.json")
    p = Proyecto(raiz)
    r = p.raiz
    esperados = sorted([r / "pyproject.toml", r / "medidas" / "m.toml", r / "corpus" / "caso" / "e.json",
                        r / "corpus" / "otro" / "f.json"], key=str)
    assert archivos_del_arbol(p) == tuple(esperados)
    assert huella_del_arbol(p) == huella_proyecto(esperados)
    escribir(raiz / "corpus" / "otro" / "f.json", "[1]")
    assert huella_del_arbol(p) == huella_proyecto(esperados) != huella_proyecto([r / "pyproject.toml"])


def test_estable_sin_cambios_devuelve_el_resultado(tmp_path: Path) -> None:
    p = Proyecto(proyecto(tmp_path, medidas={"m.toml": medida_toml("a.b")}))
    assert estable(p, lambda: 42) == 42


def test_estable_rechaza_un_arbol_que_cambio(tmp_path: Path) -> None:
    p = Proyecto(proyecto(tmp_path, medidas={"m.toml": medida_toml("a.b")}))
    inicial = huella_del_arbol(p)

    def operacion() -> None:
        escribir(p.dir_medidas / "n.toml", medida_toml("a.c"))

    with pytest.raises(ErrorOracle) as info:
        estable(p, operacion)
    final = huella_del_arbol(p)
    assert info.value.linea() == (
        f"PROYECTO_CAMBIO_DURANTE_LA_CONSULTA — huella inicial {inicial} y final {final}; "
        "reintentá sobre un estado estable."
    )


def test_un_nombre_de_archivo_que_no_es_utf8_entra_en_la_huella(tmp_path: Path) -> None:
    import os

    raiz = proyecto(tmp_path, medidas={"m.toml": medida_toml("a.b")})
    (raiz / "corpus").mkdir()
    rara = os.fsdecode(bytes(raiz / "corpus") + b"/caso-\xff.json")
    with open(rara, "wb") as archivo:
        archivo.write(b"{}")
    p = Proyecto(raiz)
    antes = huella_del_arbol(p)
    assert Path(rara) in archivos_del_arbol(p)
    assert antes == huella_proyecto(archivos_del_arbol(p))
    with open(rara, "wb") as archivo:
        archivo.write(b"[]")
    assert huella_del_arbol(p) != antes
