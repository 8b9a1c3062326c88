"""`[tool.oracle] venv`: the types a tool's schemas name are read from the project's virtual
environment (a dataclass a parameter is typed with, `Annotated` metadata pydantic ignores), and only
those: a call into an installed package stays foreign, modelled packages and the standard library are
never read there, and a venv that is not there stops the run."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.analisis import reunir_evidencia
from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion.instalados import Instalados, sitios_de
from oracle_lint.nucleo.proyecto import Proyecto

from .sdk_real import importar
from .sdk_real import publicadas as publicadas_sdk

SITIO = ".venv/lib/python3.11/site-packages"

PAQUETE = {
    "extpkg/__init__.py": """
        from .annotations import Hooked, Logged
        from .tools.config import Proxy


        def build():
            return {"a": 1}
    """,
    "extpkg/tools/__init__.py": "",
    "extpkg/annotations.py": """
        import abc


        class Annotation(abc.ABC):
            _cache = {}

            @classmethod
            def annotated(cls, signature):
                return {}


        class Logged(Annotation):
            def __init__(self, length_only: bool = False) -> None:
                self.length_only = length_only


        class Hooked:
            @classmethod
            def __get_pydantic_json_schema__(cls, core_schema, handler):
                return {"type": "string"}
    """,
    "extpkg/tools/config.py": """
        from dataclasses import dataclass
        from typing import List, Optional


        @dataclass
        class Upstream:
            server: str
            port: int
            patterns: Optional[List[str]] = None


        @dataclass
        class Proxy:
            proxies: List[Upstream]
            bypass: Optional[List[str]] = None
    """,
    # a package the analyzer models: never read from the venv, whatever it says
    "pydantic/__init__.py": "class BaseModel:\n    pass\n",
    "ajeno/__init__.py": "class Cosa:\n    x: int\n",
}

SERVIDOR = """
    from typing import Annotated

    from mcp.server.fastmcp import FastMCP
    from pydantic import BaseModel

    from extpkg import Hooked, Logged, Proxy, build
    from .ajeno import Cosa

    mcp = FastMCP("vt")


    class Salida(BaseModel):
        n: int


    @mcp.tool()
    def espera(duration: Annotated[int, Logged], veces: Annotated[int, Logged(length_only=True)]) -> Salida:
        return Salida(n=duration)


    @mcp.tool()
    def abrir(proxy: Proxy | None = None) -> Salida:
        return Salida(n=1)


    @mcp.tool()
    def gancho(x: Annotated[int, Hooked]) -> Salida:
        return Salida(n=x)


    @mcp.tool()
    def eco() -> dict[str, int]:
        return build()


    @mcp.tool()
    def relativa(c: Cosa) -> Salida:
        return Salida(n=1)
"""

PROXY = {
    "$defs": {
        "Proxy": {"properties": {"bypass": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                                            "default": None, "title": "Bypass"},
                                 "proxies": {"items": {"$ref": "#/$defs/Upstream"}, "title": "Proxies", "type": "array"}},
                  "required": ["proxies"], "title": "Proxy", "type": "object"},
        "Upstream": {"properties": {"patterns": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}],
                                                 "default": None, "title": "Patterns"},
                                    "port": {"title": "Port", "type": "integer"},
                                    "server": {"title": "Server", "type": "string"}},
                     "required": ["server", "port"], "title": "Upstream", "type": "object"},
    },
    "properties": {"proxy": {"anyOf": [{"$ref": "#/$defs/Proxy"}, {"type": "null"}], "default": None}},
    "title": "abrirArguments", "type": "object",
}
ESPERA = {"properties": {"duration": {"title": "Duration", "type": "integer"}, "veces": {"title": "Veces", "type": "integer"}},
          "required": ["duration", "veces"], "title": "esperaArguments", "type": "object"}
HOOKED = ("input schema of tool `gancho`: annotation metadata `Hooked`: class `Hooked` defines "
          "`__get_pydantic_json_schema__`, which changes the schema pydantic publishes in a way that is not modelled")
# a relative import is this project's module (not among the analyzed files): never looked up in the venv,
# though the venv has a package of that name
RELATIVA = "input schema of tool `relativa`: type `Cosa` (.ajeno.Cosa) is not defined in an analyzed file and is not modelled"


def _proyecto(raiz: Path, venv: str | None = '".venv"') -> Path:
    archivos = {"pyproject.toml": "[tool.oracle]\npaths = [\"srv\"]\n" + (f"venv = {venv}\n" if venv else ""),
                "srv/__init__.py": "", "srv/servidor.py": SERVIDOR, ".venv/pyvenv.cfg": "home = /usr/bin\n",
                **{f"{SITIO}/{n}": t for n, t in PAQUETE.items()}}
    for nombre, texto in archivos.items():
        (raiz / nombre).parent.mkdir(parents=True, exist_ok=True)
        (raiz / nombre).write_text(textwrap.dedent(texto), encoding="utf-8")
    return raiz


def _evidencia(raiz: Path, cache: bool = False) -> dict:
    return reunir_evidencia(Proyecto(raiz), None, cache=cache, trabajos=1).evidencia


def _entradas(e: dict) -> dict:
    return {f["herramienta"]: json.loads(f["contenido"]) for f in e["esquema"] if f["lado"] == "entrada"}


def _no_resueltos(e: dict) -> list:
    return sorted((f["herramienta"], f["motivo"]) for f in e["no_resuelto"])


def test_types_of_installed_packages_are_read_from_the_venv(tmp_path):
    e = _evidencia(_proyecto(tmp_path))
    entradas = _entradas(e)
    assert entradas["abrir"] == PROXY  # a dataclass of the venv, with the one it nests
    assert entradas["espera"] == ESPERA  # metadata without a pydantic hook, bare and called: ignored
    assert _no_resueltos(e) == [("gancho", HOOKED), ("relativa", RELATIVA)]
    # rows of a definition read in the venv point at its file there (it exists, beside the project)
    config = f"{SITIO}/extpkg/tools/config.py"
    lugares = {(f["archivo"], f["linea"], f["puntero"]) for f in e["esquema_nodo"] if f["herramienta"] == "abrir"}
    assert lugares == {(config, 7, "/$defs/Upstream"), (config, 10, "/$defs/Upstream/properties/patterns"),
                       (config, 10, "/$defs/Upstream/properties/patterns/anyOf/0"), (config, 14, "/$defs/Proxy"),
                       (config, 15, "/$defs/Proxy/properties/proxies"), (config, 16, "/$defs/Proxy/properties/bypass"),
                       (config, 16, "/$defs/Proxy/properties/bypass/anyOf/0"),
                       ("srv/servidor.py", 13, ""), ("srv/servidor.py", 23, ""), ("srv/servidor.py", 23, "/properties/proxy")}


SERVIDOR_SDK = """
from typing import Annotated

from mcp.server.mcpserver import MCPServer

from extpkg import Logged, Proxy

app = MCPServer("vt")


@app.tool()
def espera(duration: Annotated[int, Logged], veces: Annotated[int, Logged(length_only=True)]) -> str:
    return "ok"


@app.tool()
def abrir(proxy: Proxy | None = None) -> str:
    return "ok"
"""


def test_the_schemas_read_from_the_venv_are_what_the_real_sdk_lists(tmp_path):
    raiz = _proyecto(tmp_path)
    (raiz / "srv/servidor.py").write_text(SERVIDOR_SDK, encoding="utf-8")
    for falso in ("pydantic", "ajeno"):  # the real ones must serve the import
        shutil.rmtree(raiz / SITIO / falso)
    publicadas = publicadas_sdk(importar(raiz / "srv/servidor.py", raiz / SITIO, ("extpkg",)).app)
    e = _evidencia(raiz)
    assert sorted(publicadas) == sorted(_entradas(e)) == ["abrir", "espera"]
    for nombre, herramienta in publicadas.items():
        assert _entradas(e)[nombre] == herramienta["inputSchema"], nombre
    assert e["no_resuelto"] == []


def test_a_call_into_an_installed_package_stays_foreign(tmp_path):
    e = _evidencia(_proyecto(tmp_path))
    raiz = next(f for f in e["raiz"] if f["herramienta"] == "eco")
    assert (raiz["procedencia"], raiz["archivo"], raiz["linea"]) == ("echoed", "srv/servidor.py", 34)


def test_without_venv_the_same_types_are_unread_and_the_row_says_how_to_read_them(tmp_path):
    e = _evidencia(_proyecto(tmp_path, venv=None))
    pista = ("; if an installed package defines it, set `venv` in [tool.oracle] to the project's virtual environment "
             "so oracle-lint reads it")
    assert _no_resueltos(e) == [
        ("abrir", f"input schema of tool `abrir`: type `Proxy` (extpkg.Proxy) is not defined in an analyzed file and is "
                  f"not modelled{pista}"),
        ("espera", f"input schema of tool `espera`: annotation metadata `Logged` is not a module-level constant of an "
                   f"analyzed file{pista}"),
        ("gancho", f"input schema of tool `gancho`: annotation metadata `Hooked` is not a module-level constant of an "
                   f"analyzed file{pista}"),
        ("relativa", RELATIVA),  # no hint: a venv never holds it
    ]
    assert "abrir" not in _entradas(e)


def test_an_edit_in_the_venv_invalidates_the_cached_analysis(tmp_path):
    raiz = _proyecto(tmp_path)
    assert _no_resueltos(_evidencia(raiz, cache=True)) == [("gancho", HOOKED), ("relativa", RELATIVA)]
    anotaciones = raiz / SITIO / "extpkg/annotations.py"
    texto = anotaciones.read_text(encoding="utf-8")
    anotaciones.write_text(texto.replace("self.length_only = length_only",
                                         "self.length_only = length_only\n\n    def __iter__(self):\n        return iter(())"),
                           encoding="utf-8")
    logged = ("input schema of tool `espera`: annotation metadata `Logged`: class `Logged` defines `__iter__`, which "
              "changes the schema pydantic publishes in a way that is not modelled")
    assert _no_resueltos(_evidencia(raiz, cache=True)) == [("espera", logged), ("gancho", HOOKED), ("relativa", RELATIVA)]
    # a module that appears in the venv answers a lookup that found nothing before
    (raiz / SITIO / "extpkg/annotations.py").write_text(texto, encoding="utf-8")
    assert _no_resueltos(_evidencia(raiz, cache=True)) == [("gancho", HOOKED), ("relativa", RELATIVA)]


def test_lookups_are_exact_and_never_reach_modelled_packages_or_the_standard_library(tmp_path):
    raiz = _proyecto(tmp_path)
    sitio = raiz / SITIO
    (sitio / "rapido.py").write_text("x = 1\n", encoding="utf-8")
    (sitio / "rapido.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # Python imports the extension
    (sitio / "json").mkdir()
    (sitio / "json/__init__.py").write_text("", encoding="utf-8")
    instalados = Instalados(sitios_de(str(raiz / ".venv")), str(raiz.resolve()))
    assert instalados.rel("extpkg") == f"{SITIO}/extpkg/__init__.py"
    assert instalados.rel("extpkg.tools.config") == f"{SITIO}/extpkg/tools/config.py"
    assert [instalados.rel(n) for n in ("pydantic", "json", "rapido", "extpkg.nada", "tools", "config")] == [None] * 6
    assert instalados.nombres == {f"{SITIO}/extpkg/__init__.py": "extpkg",
                                  f"{SITIO}/extpkg/tools/config.py": "extpkg.tools.config"}
    assert not Instalados((), str(raiz)) and instalados


def test_a_venv_outside_the_project_is_named_by_its_absolute_path(tmp_path):
    raiz = _proyecto(tmp_path / "p", venv=f'"{(tmp_path / "fuera").as_posix()}"')
    (raiz / ".venv").rename(tmp_path / "fuera")
    e = _evidencia(raiz)
    assert _entradas(e)["abrir"] == PROXY
    sitio = (tmp_path / "fuera/lib/python3.11/site-packages").resolve().as_posix()
    assert {f["archivo"] for f in e["esquema_nodo"] if f["herramienta"] == "abrir"} >= {f"{sitio}/extpkg/tools/config.py"}


def test_a_venv_that_is_not_there_stops_the_run(tmp_path):
    for valor, linea in (('"nada"', f"«venv» names {tmp_path / 'a' / 'nada'}, which is not a virtual environment with a "
                                    "site-packages directory (lib/python3.X/site-packages)."),
                         ('""', "pyproject.toml [tool.oracle]: «venv» must be a non-empty string (the path of the "
                                "project's virtual environment).")):
        raiz = _proyecto(tmp_path / "a", venv=valor)
        r = CliRunner().invoke(main, ["check", "--project", str(raiz)])
        assert r.exit_code == 2
        assert r.output.splitlines()[0] == f"PROYECTO_INVALIDO — {raiz.resolve()}: {linea}"
        assert not (raiz / ".oracle-cache").exists()  # nothing written
