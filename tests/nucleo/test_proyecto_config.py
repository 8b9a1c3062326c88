"""Project resolution, configuration and confinement (PROYECTO_INVALIDO both ways)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from ayuda_proyectos import escribir, proyecto
from oracle_lint.nucleo.config import Config, normalizar_nombre
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.proyecto import Proyecto, encontrar_raiz
from oracle_lint.nucleo.sombras import Sombra


def primera_linea(fn, *args, **kwargs) -> str:
    with pytest.raises(ErrorOracle) as info:
        fn(*args, **kwargs)
    return info.value.linea()


def test_sin_configuracion_usa_los_valores_por_omision(tmp_path: Path) -> None:
    p = Proyecto(tmp_path)
    assert p.config == Config()
    assert p.nombre == tmp_path.name
    assert p.archivos_config == ()
    assert p.dir_medidas == tmp_path.resolve() / "medidas"


def test_tool_oracle_se_lee_y_el_nombre_se_normaliza(tmp_path: Path) -> None:
    raiz = proyecto(
        tmp_path / "p",
        nombre="Mi_Proyecto.X",
        oracle="""
        paths = ["src"]
        exclude = ["src/viejo"]
        perfiles = ["gemini"]
        medidas = "reglas"
        [tool.oracle.sombras."a.b"]
        desde = 2026-11-30
        porque = "deuda"
        cota = 3
        """,
    )
    (raiz / "src").mkdir()
    (raiz / "reglas").mkdir()
    p = Proyecto(raiz)
    assert p.nombre == "mi-proyecto-x"
    assert p.config.paths == ("src",)
    assert p.config.exclude == ("src/viejo",)
    assert p.config.perfiles == ("gemini",)
    assert p.dir_medidas == raiz.resolve() / "reglas"
    assert p.config.sombras == {"a.b": Sombra("2026-11-30", "deuda", 3)}
    assert p.archivos_config == (raiz.resolve() / "pyproject.toml",)


def test_oracle_json_con_nombre(tmp_path: Path) -> None:
    escribir(tmp_path / "oracle.json", json.dumps({"nombre": "Otro.Nombre", "perfiles": ["x"]}))
    p = Proyecto(tmp_path)
    assert p.nombre == "otro-nombre"
    assert p.config.perfiles == ("x",)
    assert p.archivos_config == (tmp_path.resolve() / "oracle.json",)


def test_ambas_configuraciones_se_rechazan(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle="")
    escribir(tmp_path / "oracle.json", "{}")
    raiz = tmp_path.resolve()
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {raiz}: hay configuración en pyproject.toml [tool.oracle] y en oracle.json."
    )


def test_pyproject_sin_tool_oracle_y_oracle_json_es_valido(tmp_path: Path) -> None:
    escribir(tmp_path / "pyproject.toml", '[project]\nname = "uno"\n')
    escribir(tmp_path / "oracle.json", '{"medidas": "medidas"}')
    (tmp_path / "medidas").mkdir()
    p = Proyecto(tmp_path)
    assert p.nombre == "uno"
    assert len(p.archivos_config) == 2


def test_clave_desconocida_nombra_la_clave_y_la_correccion(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='pahts = ["src"]\n')
    with pytest.raises(ErrorOracle) as info:
        Proyecto(tmp_path)
    assert info.value.linea() == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: pyproject.toml [tool.oracle]: clave desconocida «pahts»."
    )
    assert "paths" in info.value.correccion


def test_clave_conocida_no_es_error(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='exclude = ["x"]\n')
    assert Proyecto(tmp_path).config.exclude == ("x",)


def test_tipo_incorrecto(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='paths = "src"\n')
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: pyproject.toml [tool.oracle]: "
        "«paths» debe ser una lista de cadenas no vacías."
    )


def test_directorio_de_tipo_incorrecto(tmp_path: Path) -> None:
    escribir(tmp_path / "oracle.json", '{"medidas": ["a"]}')
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: oracle.json: "
        "«medidas» debe ser una cadena no vacía (una ruta relativa a la raíz)."
    )


def test_oracle_json_clave_desconocida(tmp_path: Path) -> None:
    escribir(tmp_path / "oracle.json", '{"perfil": []}')
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: oracle.json: clave desconocida «perfil»."
    )


def test_toml_malformado_dice_la_linea(tmp_path: Path) -> None:
    escribir(tmp_path / "pyproject.toml", "[tool.oracle]\npaths = [1,,]\n")
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: pyproject.toml no es TOML válido: "
        "Invalid value (at line 2, column 12)."
    )


def test_json_malformado_dice_la_linea(tmp_path: Path) -> None:
    escribir(tmp_path / "oracle.json", '{\n"paths": }')
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: oracle.json no es JSON válido: "
        "Expecting value (línea 2, columna 10)."
    )


def test_oracle_json_que_no_es_objeto(tmp_path: Path) -> None:
    escribir(tmp_path / "oracle.json", "[]")
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: oracle.json debe ser una tabla (un objeto)."
    )


def test_raiz_que_no_es_directorio(tmp_path: Path) -> None:
    archivo = escribir(tmp_path / "a.txt", "x")
    assert primera_linea(Proyecto, archivo) == (
        f"PROYECTO_INVALIDO — {archivo.resolve()}: la raíz no es un directorio."
    )


def test_raiz_inexistente(tmp_path: Path) -> None:
    assert primera_linea(Proyecto, tmp_path / "no") == (
        f"PROYECTO_INVALIDO — {tmp_path / 'no'}: la raíz no existe o no se puede resolver (FileNotFoundError)."
    )


def test_la_raiz_se_resuelve_una_vez(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "enlace").symlink_to(tmp_path / "real")
    p = Proyecto(tmp_path / "enlace")
    assert p.raiz == (tmp_path / "real").resolve()
    with pytest.raises(AttributeError):
        p.raiz = tmp_path  # type: ignore[misc]


def test_directorio_configurado_fuera_de_la_raiz(tmp_path: Path) -> None:
    (tmp_path / "afuera").mkdir()
    raiz = proyecto(tmp_path / "p", oracle='medidas = "../afuera"\n')
    assert primera_linea(Proyecto, raiz) == (
        f"PROYECTO_INVALIDO — {raiz.resolve()}: ../afuera resuelve a "
        f"{tmp_path.resolve()}/afuera, fuera de la raíz."
    )


def test_directorio_configurado_dentro_de_la_raiz(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", oracle='medidas = "sub/../reglas"\n')
    (raiz / "reglas").mkdir()
    (raiz / "sub").mkdir()
    assert Proyecto(raiz).dir_medidas == raiz.resolve() / "reglas"


def test_directorio_explicito_inexistente(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='corpus = "casos"\n')
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: corpus: «casos» no es un directorio existente."
    )


def test_directorio_por_omision_puede_faltar(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='listas = "allowlists"\n')
    p = Proyecto(tmp_path)
    assert not p.dir_corpus.exists() and not p.dir_listas.exists()


def test_symlink_que_sale_de_la_raiz(tmp_path: Path) -> None:
    (tmp_path / "afuera.toml").write_text("", encoding="utf-8")
    raiz = proyecto(tmp_path / "p", medidas={"a.toml": ""})
    (raiz / "medidas" / "robada.toml").symlink_to(tmp_path / "afuera.toml")
    assert primera_linea(Proyecto, raiz) == (
        f"PROYECTO_INVALIDO — {raiz.resolve()}: medidas/robada.toml resuelve a "
        f"{tmp_path.resolve()}/afuera.toml, fuera de la raíz."
    )


def test_symlink_de_directorio_que_sale_de_la_raiz(tmp_path: Path) -> None:
    (tmp_path / "afuera").mkdir()
    raiz = proyecto(tmp_path / "p", macros={"a.toml": ""})
    (raiz / "macros" / "sub").symlink_to(tmp_path / "afuera")
    with pytest.raises(ErrorOracle) as info:
        Proyecto(raiz)
    assert info.value.codigo == "PROYECTO_INVALIDO"
    assert "macros/sub resuelve a" in info.value.linea()


def test_symlink_que_queda_dentro_de_la_raiz(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", medidas={"a.toml": ""})
    (raiz / "medidas" / "b.toml").symlink_to(raiz / "medidas" / "a.toml")
    Proyecto(raiz)


def test_pyproject_enlazado_fuera_de_la_raiz(tmp_path: Path) -> None:
    escribir(tmp_path / "otro.toml", "[tool.oracle]\n")
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "pyproject.toml").symlink_to(tmp_path / "otro.toml")
    with pytest.raises(ErrorOracle) as info:
        Proyecto(tmp_path / "p")
    assert info.value.linea().startswith(f"PROYECTO_INVALIDO — {(tmp_path / 'p').resolve()}: pyproject.toml resuelve a")


@pytest.mark.parametrize(
    ("cuerpo", "motivo"),
    [
        ('[tool.oracle.sombras."a.b"]\ndesde = "x"\nporque = "y"\ncota = -1\n', "sombras.«a.b»: «cota» debe ser un entero no negativo"),
        ('[tool.oracle.sombras."a.b"]\ndesde = "x"\nporque = "y"\ncota = true\n', "sombras.«a.b»: «cota» debe ser un entero no negativo"),
        ('[tool.oracle.sombras."a.b"]\ndesde = "x"\n', "sombras.«a.b»: «porque» falta o está vacío"),
        ('[tool.oracle.sombras."a.b"]\nporque = "y"\n', "sombras.«a.b»: «desde» falta o no es una cadena"),
        ('[tool.oracle.sombras."a.b"]\ndesde = "x"\nporque = "y"\nhasta = "z"\n', "sombras.«a.b»: clave desconocida «hasta»"),
        ('[tool.oracle.sombras.ab]\ndesde = "x"\nporque = "y"\n', "sombras.«ab» no es un id de medida"),
        ('perfiles = ["../x"]\n', "«perfiles» tiene un nombre malformado «../x»"),
        ('perfiles = ["a", "a"]\n', "«perfiles» repite elementos"),
    ],
)
def test_sombras_y_listas_mal_declaradas(tmp_path: Path, cuerpo: str, motivo: str) -> None:
    proyecto(tmp_path, oracle=cuerpo)
    assert primera_linea(Proyecto, tmp_path) == (
        f"PROYECTO_INVALIDO — {tmp_path.resolve()}: pyproject.toml [tool.oracle]: {motivo}."
    )


def test_sombra_sin_cota_es_valida(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='[tool.oracle.sombras."a.b"]\ndesde = "2026-01-01"\nporque = "y"\n')
    assert Proyecto(tmp_path).config.sombras["a.b"] == Sombra("2026-01-01", "y", None)


def test_normalizar_nombre() -> None:
    assert normalizar_nombre("Oracle_Lint") == "oracle-lint"
    assert normalizar_nombre("a..b--c") == "a-b-c"


def test_encontrar_raiz_sube_hasta_tool_oracle(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", oracle="")
    escribir(raiz / "sub" / "pyproject.toml", '[project]\nname = "sin-oracle"\n')
    (raiz / "sub" / "hondo").mkdir()
    assert encontrar_raiz(raiz / "sub" / "hondo") == raiz.resolve()


def test_encontrar_raiz_acepta_oracle_json(tmp_path: Path) -> None:
    escribir(tmp_path / "p" / "oracle.json", "{}")
    (tmp_path / "p" / "a").mkdir()
    assert encontrar_raiz(tmp_path / "p" / "a") == (tmp_path / "p").resolve()


def test_encontrar_raiz_sin_configuracion_es_el_directorio(tmp_path: Path) -> None:
    if any((d / "oracle.json").exists() for d in tmp_path.resolve().parents):
        pytest.skip("a parent of tmp_path is configured")
    assert encontrar_raiz(tmp_path) == tmp_path.resolve()


def test_confinar_y_presentar_ruta(tmp_path: Path) -> None:
    p = Proyecto(tmp_path)
    assert p.confinar(Path("a/b")) == tmp_path.resolve() / "a" / "b"
    assert p.presentar_ruta(tmp_path.resolve() / "a" / "b") == "a/b"
    assert p.presentar_ruta(Path("/usr/lib")) == "/usr/lib"
    with pytest.raises(ErrorOracle):
        p.confinar(Path(os.sep) / "etc")


def test_paths_inexistente(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle='paths = ["servidor"]\n')
    assert primera_linea(Proyecto, tmp_path) == f"PROYECTO_INVALIDO — {tmp_path.resolve()}: paths: «servidor» no existe."
    (tmp_path / "servidor").mkdir()
    assert Proyecto(tmp_path).paths == (tmp_path.resolve() / "servidor",)


def test_exclude_fuera_de_la_raiz(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", oracle='exclude = ["../otro"]\n')
    assert primera_linea(Proyecto, raiz) == (
        f"PROYECTO_INVALIDO — {raiz.resolve()}: ../otro resuelve a {tmp_path.resolve()}/otro, fuera de la raíz."
    )


def test_presupuesto_tokens_es_un_entero_positivo_opcional(tmp_path: Path) -> None:
    proyecto(tmp_path, oracle="presupuesto_tokens = 1940\n")
    assert Proyecto(tmp_path).config.presupuesto_tokens == 1940
    proyecto(tmp_path / "sin", oracle='paths = ["."]\n')
    assert Proyecto(tmp_path / "sin").config.presupuesto_tokens is None
    proyecto(tmp_path / "cero", oracle="presupuesto_tokens = 0\n")
    assert primera_linea(Proyecto, tmp_path / "cero") == (
        f"PROYECTO_INVALIDO — {(tmp_path / 'cero').resolve()}: pyproject.toml [tool.oracle]: "
        "«presupuesto_tokens» debe ser un entero positivo, no 0."
    )


def test_un_directorio_esta_configurado_solo_con_tool_oracle_u_oracle_json(tmp_path: Path) -> None:
    from oracle_lint.nucleo.proyecto import configurada

    casos = {
        "ruff": ("pyproject.toml", "[tool.ruff]\nline-length = 100\n", False),
        "menciona": ("pyproject.toml", '[project]\nname = "oracle-fan"\n', False),  # says oracle, holds no table
        "tabla": ("pyproject.toml", "[tool.oracle]\n", True),
        "citada": ("pyproject.toml", '[tool."oracle"]\n', True),
        "json": ("oracle.json", "{}", True),
        "roto": ("pyproject.toml", "[tool.oracle\n", True),  # unreadable counts as configured: its error is shown
        "vacio": (None, "", False),
    }
    for nombre, (archivo, texto, esperado) in casos.items():
        d = tmp_path / nombre
        d.mkdir()
        if archivo:
            (d / archivo).write_text(texto, encoding="utf-8")
        assert configurada(d) is esperado, nombre
