"""Catalog sources and jurisdiction: order, origins, ambito, duplicates, failures never partial."""

from __future__ import annotations

from pathlib import Path

import pytest

from ayuda_proyectos import escribir, instalar, medida_toml, proyecto, rules_falsas  # noqa: F401 (fixtures)
from oracle_lint.nucleo.catalogo import Origen, catalogo_cargado, catalogo_efectivo
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import Proyecto

pytestmark = pytest.mark.usefixtures("rules_falsas")


def error_de(fn, *args) -> ErrorOracle:
    with pytest.raises(ErrorOracle) as info:
        fn(*args)
    return info.value


def test_fuentes_en_orden_con_su_origen(tmp_path: Path, rules_falsas: Path, instalar) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("base.uno"))
    escribir(rules_falsas / "perfiles" / "gemini.toml", medida_toml("perfil.uno"))
    instalar("terceros-x", "tx", {"m.toml": medida_toml("lib.uno")})
    raiz = proyecto(
        tmp_path / "p",
        oracle='perfiles = ["gemini"]\nbibliotecas = ["tx"]\n',
        medidas={"b.toml": medida_toml("propia.dos"), "a.toml": medida_toml("propia.uno")},
    )
    cargado = catalogo_cargado(Proyecto(raiz))
    assert [(e.medida.id, str(e.origen)) for e in cargado.entradas] == [
        ("base.uno", "catalogo_base:oracle"),
        ("perfil.uno", "perfil:gemini"),
        ("lib.uno", "biblioteca:tx"),
        ("propia.uno", "proyecto"),
        ("propia.dos", "proyecto"),
    ]
    assert cargado.entradas[0].origen == Origen("catalogo_base", "oracle", "oracle-lint")
    assert cargado.entradas[2].origen == Origen("biblioteca", "tx", "terceros-x")
    assert cargado.entradas[3].ruta == raiz.resolve() / "medidas" / "a.toml"
    assert raiz.resolve() / "pyproject.toml" in cargado.archivos
    assert rules_falsas / "base.toml" in cargado.archivos


def test_catalogo_efectivo_se_itera_ordenado(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("z.z") + medida_toml("a.a") + medida_toml("m.m")})
    catalogo = catalogo_efectivo(Proyecto(raiz))
    assert list(catalogo) == ["a.a", "m.m", "z.z"]
    assert len(catalogo) == 3
    assert catalogo["m.m"].medida.id == "m.m"
    assert catalogo.obtener("a.a") is catalogo["a.a"]


def test_catalogo_vacio_es_valido(tmp_path: Path) -> None:
    catalogo = catalogo_efectivo(Proyecto(tmp_path))
    assert len(catalogo) == 0 and catalogo.excluidas == {}


def test_perfil_desconocido(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "perfiles" / "gemini.toml", medida_toml("perfil.uno"))
    raiz = proyecto(tmp_path, oracle='perfiles = ["claude"]\n')
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — perfil:claude: el perfil «claude» no existe; perfiles disponibles: gemini. "
        "No se devolvió un catálogo parcial."
    )


def test_perfil_conocido(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "perfiles" / "gemini.toml", medida_toml("perfil.uno"))
    raiz = proyecto(tmp_path, oracle='perfiles = ["gemini"]\n')
    assert list(catalogo_efectivo(Proyecto(raiz))) == ["perfil.uno"]


def test_id_duplicado_entre_fuentes_nombra_ambas(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("comun.id"))
    raiz = proyecto(tmp_path / "p", medidas={"m.toml": medida_toml("comun.id")})
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        f"CATALOGO_INVALIDO — proyecto: el id «comun.id» está en catalogo_base:oracle ({rules_falsas}/base.toml) "
        "y en proyecto (medidas/m.toml); ninguno tiene precedencia. No se devolvió un catálogo parcial."
    )


def test_id_duplicado_entre_archivos_del_proyecto(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("x.y"), "b.toml": medida_toml("x.y")})
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — proyecto: el id «x.y» está en proyecto (medidas/a.toml) "
        "y en proyecto (medidas/b.toml); ninguno tiene precedencia. No se devolvió un catálogo parcial."
    )


def test_ids_distintos_no_chocan(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("comun.id"))
    raiz = proyecto(tmp_path, medidas={"m.toml": medida_toml("comun.otro")})
    assert list(catalogo_efectivo(Proyecto(raiz))) == ["comun.id", "comun.otro"]


def test_fuente_rota_nunca_da_un_catalogo_vacio(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("base.uno"))
    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("propia.uno"), "b.toml": "[[medida]]\nid = \n"})
    error = error_de(catalogo_efectivo, Proyecto(raiz))
    assert error.codigo == "MEDIDA_INVALIDA"
    assert "medidas/b.toml" in error.linea()


def test_base_rota_tampoco(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", '[[medida]]\nid = "base.uno"\n')
    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("propia.uno")})
    assert error_de(catalogo_efectivo, Proyecto(raiz)).codigo == "MEDIDA_INVALIDA"


def test_archivo_ilegible_es_catalogo_invalido(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path)
    (raiz / "medidas").mkdir()
    (raiz / "medidas" / "a.toml").write_bytes(b"\xff\xfe")
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — proyecto: no se pudo leer medidas/a.toml (UnicodeDecodeError). "
        "No se devolvió un catálogo parcial."
    )


def test_directorio_que_no_se_puede_listar_es_catalogo_invalido(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("propia.uno")})
    p = Proyecto(raiz)
    listar = os.scandir

    def sin_permiso(ruta: object) -> object:
        if str(ruta) == str(p.dir_medidas):
            raise PermissionError(13, "Permission denied")
        return listar(ruta)

    monkeypatch.setattr(os, "scandir", sin_permiso)
    assert error_de(catalogo_efectivo, p).linea() == (
        f"CATALOGO_INVALIDO — proyecto: no se pudo listar {p.dir_medidas} (PermissionError). "
        "No se devolvió un catálogo parcial."
    )


def test_directorio_de_medidas_ausente_es_un_catalogo_sin_medidas_propias(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("base.uno"))
    assert list(catalogo_efectivo(Proyecto(proyecto(tmp_path)))) == ["base.uno"]


def test_directorio_de_la_base_que_desaparece_es_catalogo_invalido(tmp_path: Path, rules_falsas: Path) -> None:
    (rules_falsas / "perfiles").rmdir()
    rules_falsas.rmdir()
    assert error_de(catalogo_efectivo, Proyecto(proyecto(tmp_path))).linea() == (
        f"CATALOGO_INVALIDO — catalogo_base:oracle: el directorio del paquete rules ({rules_falsas}) ya no existe. "
        "No se devolvió un catálogo parcial."
    )


def test_macros_del_proyecto_llegan_a_todas_las_fuentes(tmp_path: Path, rules_falsas: Path) -> None:
    macros = {"x.toml": '[[macro]]\nnombre = "malas"\nexpresion = "herramienta | donde documentada = falso"\n'}
    escribir(rules_falsas / "base.toml", medida_toml("base.uno", testigos="malas"))
    raiz = proyecto(tmp_path, macros=macros, medidas={"a.toml": medida_toml("propia.uno", testigos="malas")})
    catalogo = catalogo_efectivo(Proyecto(raiz))
    assert catalogo["base.uno"].medida.forma == catalogo["propia.uno"].medida.forma
    assert catalogo["base.uno"].medida.forma["op"] == "donde"
    assert raiz.resolve() / "macros" / "x.toml" in catalogo.archivos


def test_macro_repetida_entre_archivos(tmp_path: Path) -> None:
    macro = '[[macro]]\nnombre = "malas"\nexpresion = "herramienta"\n'
    raiz = proyecto(tmp_path, macros={"a.toml": macro, "b.toml": macro})
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — proyecto: la macro «malas» está en macros/a.toml y en macros/b.toml. "
        "No se devolvió un catálogo parcial."
    )


# -- ambito -----------------------------------------------------------------------------------


def _con_bibliotecas(tmp_path: Path, instalar, nombre: str) -> Proyecto:
    instalar(
        "terceros-x",
        "tx",
        {
            "m.toml": medida_toml("lib.universal", ambito="universal")
            + medida_toml("lib.propia", ambito="del_origen")
            + medida_toml("lib.sin_declarar", ambito=None)
        },
    )
    raiz = proyecto(tmp_path / "p", nombre=nombre, oracle='bibliotecas = ["tx"]\n',
                    medidas={"a.toml": medida_toml("propia.del_origen", ambito="del_origen")})
    return Proyecto(raiz)


def test_del_origen_ajena_queda_excluida(tmp_path: Path, instalar) -> None:
    p = _con_bibliotecas(tmp_path, instalar, "consumidor")
    catalogo = catalogo_efectivo(p)
    assert list(catalogo) == ["lib.sin_declarar", "lib.universal", "propia.del_origen"]
    assert [e.medida.id for e in catalogo.excluidas_ordenadas()] == ["lib.propia"]
    error = error_de(catalogo.obtener, "lib.propia")
    assert error.linea() == (
        f"MEDIDA_NO_EFECTIVA — «lib.propia» existe en biblioteca:tx, pero su ambito «del_origen» "
        f"no obliga a «{p.raiz}»."
    )


def test_del_origen_propia_queda_incluida(tmp_path: Path, instalar) -> None:
    p = _con_bibliotecas(tmp_path, instalar, "Terceros_X")
    catalogo = catalogo_efectivo(p)
    assert list(catalogo) == ["lib.propia", "lib.sin_declarar", "lib.universal", "propia.del_origen"]
    assert catalogo.excluidas == {}
    assert catalogo.obtener("lib.propia").origen.distribucion == "terceros-x"


def test_id_desconocido(tmp_path: Path, instalar) -> None:
    catalogo = catalogo_efectivo(_con_bibliotecas(tmp_path, instalar, "consumidor"))
    assert error_de(catalogo.obtener, "lib.otra").linea() == (
        "MEDIDA_DESCONOCIDA — «lib.otra» no aparece en las fuentes seleccionadas; "
        "consultá oracle_catalogo_efectivo sin ids."
    )


def test_del_origen_de_la_base_obliga_solo_a_oracle_lint(tmp_path: Path, rules_falsas: Path) -> None:
    escribir(rules_falsas / "base.toml", medida_toml("base.propia", ambito="del_origen"))
    ajeno = catalogo_efectivo(Proyecto(proyecto(tmp_path / "a", nombre="otro")))
    assert list(ajeno) == [] and list(ajeno.excluidas) == ["base.propia"]
    propio = catalogo_efectivo(Proyecto(proyecto(tmp_path / "b", nombre="Oracle_Lint")))
    assert list(propio) == ["base.propia"]


# -- libraries --------------------------------------------------------------------------------


def test_biblioteca_no_instalada(tmp_path: Path, instalar) -> None:
    raiz = proyecto(tmp_path, oracle='bibliotecas = ["fantasma"]\n')
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — biblioteca:fantasma: no hay una biblioteca instalada con ese nombre en el grupo "
        "oracle.bibliotecas. No se devolvió un catálogo parcial."
    )


def test_biblioteca_que_falla_al_cargar(tmp_path: Path, instalar) -> None:
    instalar("rota", "rota", {"m.toml": medida_toml("rota.uno")}, codigo="raise RuntimeError('no')\n")
    raiz = proyecto(tmp_path / "p", oracle='bibliotecas = ["rota"]\n')
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — biblioteca:rota: no se pudo cargar rota_medidas (RuntimeError: no). "
        "No se devolvió un catálogo parcial."
    )


def test_biblioteca_que_apunta_a_una_ruta(tmp_path: Path, instalar) -> None:
    directorio = tmp_path / "catalogos"
    escribir(directorio / "m.toml", medida_toml("ruta.uno"))
    instalar("por-ruta", "pr", {}, codigo=f"DIRECTORIO = {str(directorio)!r}\n", objeto="por_ruta_medidas:DIRECTORIO")
    raiz = proyecto(tmp_path / "p", oracle='bibliotecas = ["pr"]\n')
    catalogo = catalogo_efectivo(Proyecto(raiz))
    assert list(catalogo) == ["ruta.uno"]
    assert catalogo["ruta.uno"].ruta == directorio / "m.toml"


def test_biblioteca_sin_catalogos(tmp_path: Path, instalar) -> None:
    directorio = instalar("vacia", "vacia", {})
    raiz = proyecto(tmp_path / "p", oracle='bibliotecas = ["vacia"]\n')
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        f"CATALOGO_INVALIDO — biblioteca:vacia: {directorio} no contiene archivos *.toml. "
        "No se devolvió un catálogo parcial."
    )


def test_biblioteca_que_no_es_modulo_ni_ruta(tmp_path: Path, instalar) -> None:
    instalar("rara", "rara", {}, codigo="OBJ = 3\n", objeto="rara_medidas:OBJ")
    raiz = proyecto(tmp_path / "p", oracle='bibliotecas = ["rara"]\n')
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        "CATALOGO_INVALIDO — biblioteca:rara: rara_medidas:OBJ no es un módulo ni una ruta a un directorio "
        "de catálogos. No se devolvió un catálogo parcial."
    )


# -- scalars ----------------------------------------------------------------------------------

ESCALAR = medida_toml("propia.escalar", testigos="herramienta | donde es_rara(herramienta) = verdadero")


def test_escalar_no_confiada_falla_todo_el_catalogo(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("propia.uno"), "b.toml": ESCALAR})
    escribir(raiz / "escalares.py", "def es_rara(x):\n    return x == 'rara'\n")
    assert error_de(catalogo_efectivo, Proyecto(raiz)).linea() == (
        f"ESCALARES_NO_AUTORIZADAS — {raiz.resolve()}/escalares.py es código externo; autorizalo en la "
        "configuración de arranque del servidor, no en esta llamada."
    )


def test_escalar_confiada_carga(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path, medidas={"a.toml": medida_toml("propia.uno"), "b.toml": ESCALAR})
    escribir(raiz / "escalares.py", "def es_rara(x):\n    return x == 'rara'\n")
    catalogo = catalogo_efectivo(Proyecto(raiz, confiar_escalares=True))
    assert list(catalogo) == ["propia.escalar", "propia.uno"]
    assert raiz.resolve() / "escalares.py" in catalogo.archivos


def test_escalar_de_oracle_no_necesita_confianza(tmp_path: Path) -> None:
    texto = medida_toml("propia.builtin", testigos='herramienta | donde empieza_con(herramienta, "x") = verdadero')
    raiz = proyecto(tmp_path, medidas={"a.toml": texto})
    escribir(raiz / "escalares.py", "def es_rara(x):\n    return True\n")
    assert list(catalogo_efectivo(Proyecto(raiz))) == ["propia.builtin"]
