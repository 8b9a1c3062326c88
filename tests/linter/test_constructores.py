"""Call sites of a constructor: a class that registers tools in `__init__` gets its server from
the calls that build it, and only a call that spells the class's name, or one through an import
that renames it, can build it (`programa._renombra`)."""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from oracle_lint.linter.extraccion import extraer

from .corridas import parseos

MANEJADOR = '''\
class Manejador:
    def __init__(self, mcp):
        mcp.tool(name="saludo")(self.saludo)

    def saludo(self) -> dict:
        return {"ok": True}
'''
SERVIDOR = "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n"


def _correr(raiz: pathlib.Path, archivos: dict[str, str]) -> dict:
    for rel, texto in {"paquete/__init__.py": "", "paquete/manejador.py": MANEJADOR, **archivos}.items():
        ruta = raiz / rel
        ruta.parent.mkdir(parents=True, exist_ok=True)
        ruta.write_text(textwrap.dedent(texto))
    return extraer(sorted(raiz.rglob("*.py")), raiz, trabajos=1)


CASOS = {
    "by_its_name": {"app.py": SERVIDOR + "from paquete.manejador import Manejador\n\nManejador(mcp)\n"},
    "through_its_module": {"app.py": SERVIDOR + "from paquete import manejador\n\nmanejador.Manejador(mcp)\n"},
    "renamed_by_the_caller": {"app.py": SERVIDOR + "from paquete.manejador import Manejador as M\n\nM(mcp)\n"},
    "renamed_inside_a_function": {"app.py": SERVIDOR + (
        "def montar():\n    from paquete.manejador import Manejador as M\n    M(mcp)\n\nmontar()\n")},
    # the rename is in the package the caller imports from, which the caller never reads as `Manejador`
    "renamed_by_a_reexport": {
        "paquete/__init__.py": "from paquete.manejador import Manejador as Publico\n",
        "app.py": SERVIDOR + "from paquete import Publico\nfrom paquete.manejador import Manejador\n\nPublico(mcp)\n"},
    "renamed_by_a_reexport_read_as_an_attribute": {
        "paquete/__init__.py": "from paquete.manejador import Manejador as Publico\n",
        "app.py": SERVIDOR + "import paquete\nfrom paquete.manejador import Manejador\n\npaquete.Publico(mcp)\n"},
    # the caller names the class, but neither calls nor imports it: found once a file renames it
    "renamed_by_a_reexport_the_caller_reads_as_an_attribute": {
        "paquete/__init__.py": "from paquete.manejador import Manejador as Publico\n",
        "app.py": SERVIDOR + "import paquete.manejador\nfrom paquete import Publico\n\n"
                             "assert paquete.manejador.Manejador\nPublico(mcp)\n"},
}


@pytest.mark.parametrize("caso", sorted(CASOS))
def test_a_constructor_call_gives_the_class_its_server(tmp_path, caso):
    e = _correr(tmp_path, CASOS[caso])
    assert [(h["herramienta"], h["archivo"]) for h in e["herramienta"]] == [("saludo", "paquete/manejador.py")]
    assert e["no_resuelto"] == []


NO_LA_CONSTRUYEN = {
    # a local alias by assignment is not followed (as for functions): the call is not a constructor call
    "alias_by_assignment": {"app.py": SERVIDOR + "from paquete.manejador import Manejador\n\nOtro = Manejador\nOtro(mcp)\n"},
    # a caller that names the class nowhere in its code is not searched (a comment is not code)
    "renamed_by_a_reexport_the_caller_never_names": {
        "paquete/__init__.py": "from paquete.manejador import Manejador as Publico\n",
        "app.py": SERVIDOR + "from paquete import Publico  # Manejador\n\nPublico(mcp)\n"},
    # a call of another class
    "another_class": {"app.py": SERVIDOR + "from paquete.manejador import Manejador\n\nclass Ajena:\n    def __init__(self, m):\n"
                                          "        pass\n\nAjena(mcp)\n"},
}


@pytest.mark.parametrize("caso", sorted(NO_LA_CONSTRUYEN))
def test_a_call_that_does_not_build_the_class_leaves_it_unresolved(tmp_path, caso):
    e = _correr(tmp_path, NO_LA_CONSTRUYEN[caso])
    assert e["herramienta"] == []
    assert [(n["archivo"], n["linea"]) for n in e["no_resuelto"]] == [("paquete/manejador.py", 3)]


def test_calls_that_cannot_build_the_class_are_not_followed(tmp_path, monkeypatch):
    """Without a renaming import, a call that does not spell the class is not resolved, so the
    module its callee comes from is never parsed for the constructor's search; nor is a file that
    builds a class of the same name in another import-graph component."""
    parseados = parseos(monkeypatch)
    e = _correr(tmp_path, {
        "ayuda.py": "def preparar():\n    return None\n",
        "app.py": SERVIDOR + "from ayuda import preparar\nfrom paquete.manejador import Manejador\n\npreparar()\nManejador(mcp)\n",
        "lejos/manejador.py": "class Manejador:\n    pass\n",
        "lejos/usa.py": "from lejos.manejador import Manejador\n\nManejador()\n"})
    assert [h["herramienta"] for h in e["herramienta"]] == ["saludo"]
    assert sorted(parseados) == ["app.py", "paquete/manejador.py"]
