"""A server that publishes prompts or resources and no tool was looked at, not missed
(`analisis.servidor_sin_herramientas`, ORC402): mcp 2.x's low-level `Server(on_list_prompts=...)`,
mcp 1.x's resource and prompt decorators in a file of their own, and fastmcp's skills providers
(resources only) count as registrations; a server with none of them still fails the run."""

from __future__ import annotations

import asyncio
import inspect
import textwrap
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.motor import ARGUMENTOS_OTROS

ORC402 = ("{archivo}: ORC402 a {clase} server is built here, but the analyzed files register no tool, prompt or "
          "resource the analyzer recognises: nothing was checked (see the README for the registration forms it "
          "follows) (server-without-tools)\n")


def _proyecto(tmp_path: Path, archivos: dict[str, str]) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    for nombre, texto in archivos.items():
        (tmp_path / nombre).write_text(textwrap.dedent(texto), encoding="utf-8")
    return tmp_path


def _check(raiz: Path) -> tuple[int, str]:
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    return r.exit_code, r.output


def _registros(raiz: Path) -> list[tuple[str, int, int]]:
    return [(f["clase"], f["herramientas_en_corrida"], f["registros_en_corrida"])
            for f in extraer(sorted(raiz.glob("*.py")), raiz, trabajos=1)["servidor"]]


BAJO_NIVEL_2 = '''
from mcp.server.lowlevel import Server


async def listar(ctx, params):
    return None


async def leer(ctx, params):
    return None


server = Server("prompts", {argumentos})
'''


def test_mcp2_low_level_prompt_and_resource_handlers_are_registrations(tmp_path):
    raiz = _proyecto(tmp_path, {"servidor.py": BAJO_NIVEL_2.format(argumentos="on_list_prompts=listar, on_get_prompt=leer")})
    assert _registros(raiz) == [("Server", 0, 2)]
    assert _check(raiz) == (0, "0 findings (1 file, 0 tools analyzed).\n")


def test_mcp2_low_level_server_with_only_a_logging_handler_still_fails(tmp_path):
    """The near miss: `on_set_logging_level` publishes no tool, prompt or resource."""
    raiz = _proyecto(tmp_path, {"servidor.py": BAJO_NIVEL_2.format(argumentos="on_set_logging_level=listar")})
    assert _registros(raiz) == [("Server", 0, 0)]
    assert _check(raiz) == (1, ORC402.format(archivo="servidor.py:13:10", clase="Server")
                            + "1 finding in 1 file (1 file, 0 tools analyzed).\n")


def test_the_arguments_counted_are_the_real_servers_prompt_and_resource_handlers():
    """Every name counted is a parameter of mcp 2.x's low-level Server, and a prompt or resource one."""
    from mcp.server.lowlevel import Server

    parametros = set(inspect.signature(Server.__init__).parameters)
    assert set(ARGUMENTOS_OTROS) <= parametros
    assert all("prompt" in n or "resource" in n for n in ARGUMENTOS_OTROS)


SERVIDOR_1 = '''
from mcp.server.lowlevel import Server

server = Server("recursos")
'''

MANEJADORES_1 = '''
from servidor import server


@server.{decorador}()
async def manejar(uri):
    return "texto"
'''


def test_mcp1_resource_decorators_in_another_file_are_registrations(tmp_path):
    raiz = _proyecto(tmp_path, {"servidor.py": SERVIDOR_1, "manejadores.py": MANEJADORES_1.format(decorador="read_resource")})
    assert _registros(raiz) == [("Server", 0, 1)]
    assert _check(raiz) == (0, "0 findings (2 files, 0 tools analyzed).\n")


def test_mcp1_logging_decorator_is_not_a_registration(tmp_path):
    raiz = _proyecto(tmp_path, {"servidor.py": SERVIDOR_1, "manejadores.py": MANEJADORES_1.format(decorador="set_logging_level")})
    assert _registros(raiz) == [("Server", 0, 0)]
    assert _check(raiz) == (1, ORC402.format(archivo="servidor.py:4:10", clase="Server")
                            + "1 finding in 1 file (2 files, 0 tools analyzed).\n")


SKILLS = '''
from pathlib import Path

from fastmcp import FastMCP
from fastmcp.server.providers.skills import SkillsDirectoryProvider
{importacion}

{cuerpo}
'''


def test_a_skills_provider_adds_resources_and_no_tool(tmp_path):
    formas = {
        "llamada.py": 'mcp = FastMCP("a")\nmcp.add_provider(SkillsDirectoryProvider(roots=Path("skills")))',
        "nombre.py": 'proveedor = SkillsDirectoryProvider(roots=Path("skills"))\nmcp = FastMCP("b")\nmcp.add_provider(proveedor)',
        "lista.py": 'mcp = FastMCP("c", providers=[SkillsDirectoryProvider(roots=Path("skills"))])',
    }
    for archivo, cuerpo in formas.items():
        raiz = tmp_path / archivo[:-3]
        raiz.mkdir()
        _proyecto(raiz, {archivo: SKILLS.format(importacion="", cuerpo=cuerpo)})
        assert _registros(raiz) == [("FastMCP", 0, 1)], archivo
        assert _check(raiz) == (0, "0 findings (1 file, 0 tools analyzed).\n"), archivo


def test_another_provider_still_adds_tools_the_source_cannot_name(tmp_path):
    """The near miss: a provider of the project's own is not known to add no tool."""
    raiz = _proyecto(tmp_path, {"servidor.py": SKILLS.format(
        importacion="from proveedores import Propio",
        cuerpo='mcp = FastMCP("a")\nmcp.add_provider(Propio(roots=Path("skills")))')})
    assert _check(raiz) == (1, ORC402.format(archivo="servidor.py:8:7", clase="FastMCP") + (
        "servidor.py:9:1: ORC401 could not analyze: `mcp.add_provider(Propio(roots=Path(\"skills\")))`: a provider adds "
        "tools at run time; their names and schemas cannot be read from the source; it stands for an unknown number of "
        "tools (made at run time) (unresolved)\n"
        "2 findings in 1 file (1 file, 0 tools analyzed).\n"))


def test_the_new_skills_provider_path_counts_too(tmp_path):
    raiz = _proyecto(tmp_path, {"servidor.py": 'from fastmcp import FastMCP\nfrom fastmcp.skills.provider import '
                                               'SkillsDirectoryProvider\n\nmcp = FastMCP("a")\n'
                                               'mcp.add_provider(SkillsDirectoryProvider(["skills"]))\n'})
    assert _registros(raiz) == [("FastMCP", 0, 1)]


def test_fastmcp_skills_providers_publish_resources_and_no_tool(tmp_path):
    """What the count rests on, asked of the real fastmcp: both providers' paths."""
    import warnings

    from fastmcp import FastMCP
    from fastmcp.server.providers.skills import SkillsDirectoryProvider as Anterior
    from fastmcp.skills.provider import SkillsDirectoryProvider

    skill = tmp_path / "skills" / "saludo"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: saludo\ndescription: Says hello.\n---\n\nSay hello.\n", encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the older path is deprecated in fastmcp 4.x, still served
        proveedores = [Anterior(roots=tmp_path / "skills"), SkillsDirectoryProvider([str(tmp_path / "skills")])]
    for proveedor in proveedores:
        mcp = FastMCP("s")
        mcp.add_provider(proveedor)

        async def listar():
            return await mcp.list_tools(), await mcp.list_resources()

        herramientas, recursos = asyncio.run(listar())
        assert herramientas == [], type(proveedor)
        assert len(recursos) >= 1, type(proveedor)
