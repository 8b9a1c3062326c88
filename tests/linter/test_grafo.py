"""The import graph (`grafo.py`): which files a resolution starting in one file can reach, so a
call-site search parses only the function's component. Edges, the unknown graph, soundness against
every look-up resolution makes over the fixtures and the repository, and the cache."""

import ast
import json
import pathlib

import pytest

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.forma import forma
from oracle_lint.linter.extraccion.grafo import alcanzados, componentes
from oracle_lint.linter.extraccion.nombres import Indice, nombre_modulo

from .corridas import HERRAMIENTAS, SERVIDOR, evidencia, parseos
from .marcas import fuentes_que_parsean

RAIZ = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = RAIZ / "tests" / "fixtures"


def _importa(fuente: str) -> list[str]:
    return forma(ast.parse(fuente), fuente.encode())["importa"]


def _grafo(fuentes: dict[str, str]):
    nombres = {r: nombre_modulo(r) for r in fuentes}
    return componentes(nombres, {r: _importa(f) for r, f in fuentes.items()}, Indice(nombres.values()))


def test_attribute_chains_over_an_imported_name_are_looked_up():
    fuente = ("import a\nfrom b import c as d\n\ndef f(x):\n    a.b.c()\n    d.e\n    x.y.z\n    self.q.r\n"
              "    def g():\n        import h\n    return h.i\n")
    assert _importa(fuente) == ["a", "a.b", "a.b.c", "b", "b.c", "d.e", "h", "h.i"]


@pytest.mark.parametrize("fuentes,juntos,aparte", [
    # an import statement, exact and relative
    ({"p/a.py": "import p.b\n", "p/b.py": "", "q.py": ""}, [("p/a.py", "p/b.py")], ["q.py"]),
    ({"p/__init__.py": "from .b import x\n", "p/b.py": "", "q.py": ""}, [("p/__init__.py", "p/b.py")], ["q.py"]),
    # by unique dotted suffix (a monorepo's `src/<server>/pkg/...`)
    ({"s/pkg/a.py": "from pkg.b import x\n", "s/pkg/b.py": "", "t/c.py": ""}, [("s/pkg/a.py", "s/pkg/b.py")], ["t/c.py"]),
    # an attribute chain over an imported name, looked up as a submodule
    ({"a.py": "import pkg\npkg.sub.f()\n", "x/pkg/sub.py": "", "y.py": ""}, [("a.py", "x/pkg/sub.py")], ["y.py"]),
    # a submodule and the analyzed module its name is under, exactly or by suffix
    ({"p/__init__.py": "", "p/b.py": "", "q.py": ""}, [("p/__init__.py", "p/b.py")], ["q.py"]),
    ({"r/x/pkg/mod.py": "", "x/pkg.py": "", "q.py": ""}, [("r/x/pkg/mod.py", "x/pkg.py")], ["q.py"]),
    # a library name is never a project module, so it joins nothing
    ({"a/s.py": "import json\n", "b/t.py": "import json\n", "c/tools/json.py": ""}, [], ["a/s.py", "b/t.py", "c/tools/json.py"]),
])
def test_edges(fuentes, juntos, aparte):
    grafo = _grafo(fuentes)
    for a, b in juntos:
        assert grafo[a] == grafo[b]
    for rel in aparte:
        assert [r for r in fuentes if grafo[r] == grafo[rel]] == [rel]


def test_reach_follows_every_candidate_of_a_look_up_and_packages_both_ways():
    """From `srv/main.py`: `helpers` names two modules by suffix (both reached: each can decide the
    answer), `deep` through one of them, the package `srv` and its other submodule; a reached file
    whose look-ups are unknown (`z/helpers.py`, no forma) is not followed (`nunca.py`); `otro.py`,
    which nothing reaches, is left."""
    fuentes = {"srv/__init__.py": "", "srv/main.py": "from helpers import h\n", "srv/otra.py": "",
               "lib/helpers.py": "import deep\n", "x/deep.py": "", "z/helpers.py": "import nunca\n",
               "nunca.py": "", "otro.py": "import srv.main\n"}
    nombres = {r: nombre_modulo(r) for r in fuentes}
    importa = {r: _importa(f) for r, f in fuentes.items() if r != "z/helpers.py"}
    assert alcanzados(["srv/main.py"], nombres, importa, Indice(nombres.values())) == {
        "srv/__init__.py", "srv/main.py", "srv/otra.py", "lib/helpers.py", "x/deep.py", "z/helpers.py"}
    assert alcanzados(["otro.py"], nombres, importa, Indice(nombres.values())) >= {"otro.py", "srv/main.py", "x/deep.py"}
    assert alcanzados(["nunca.py"], nombres, importa, Indice(nombres.values())) == {"nunca.py"}


def test_a_component_is_named_by_its_first_file_and_transitive():
    grafo = _grafo({"c.py": "import b\n", "b.py": "import a\n", "a.py": "", "z.py": ""})
    assert grafo == {"a.py": "a.py", "b.py": "a.py", "c.py": "a.py", "z.py": "z.py"}


def test_a_file_without_a_forma_leaves_the_graph_unknown():
    nombres = {"a.py": "a", "b.py": "b"}
    assert componentes(nombres, {"a.py": []}, Indice(nombres.values())) is None


@pytest.mark.parametrize("carpeta,partes", [(FIXTURES, (".",)), (RAIZ, ("linter", "server", "nucleo", "examples"))],
                         ids=["fixtures", "repository"])
def test_every_look_up_resolution_makes_stays_in_its_component(carpeta, partes, monkeypatch):
    """The graph is sound only if no look-up leaves the component of the module it is made from:
    over every fixture as one project, and over the repository's own code, each `buscar_modulo`
    that finds a module finds one in the same component."""
    from oracle_lint.linter.extraccion.proyecto import Proyecto

    archivos = fuentes_que_parsean(*(carpeta / parte for parte in partes))
    rels = {p.relative_to(carpeta).as_posix(): p for p in archivos}
    nombres = {r: nombre_modulo(r) for r in rels}
    grafo = componentes(nombres, {r: forma(ast.parse(p.read_bytes()), p.read_bytes())["importa"] for r, p in rels.items()},
                        Indice(nombres.values()))
    assert grafo is not None and len(set(grafo.values())) > 1
    hechas: list[tuple[str, str]] = []
    original = Proyecto.buscar_modulo

    def registrar(self, desde, nombre):
        hallado = original(self, desde, nombre)
        if hallado is not None:
            hechas.append((desde.archivo, hallado.archivo))
        return hallado

    monkeypatch.setattr(Proyecto, "buscar_modulo", registrar)
    extraer(archivos, carpeta, trabajos=1)
    assert hechas
    fuera = [(a, b) for a, b in hechas if grafo[a] != grafo[b]]
    assert fuera == []


def test_an_import_that_joins_a_callers_component_recomputes_the_unit(tmp_path, monkeypatch):
    """The call in `arranque.py` names `register` from the start, but through a module of another
    component: the search from `herramientas.py` does not parse it. An edit of the import line alone
    joins the two components, changes the search's answer and recomputes the unit."""
    (tmp_path / "herramientas.py").write_text(HERRAMIENTAS)
    (tmp_path / "otro.py").write_text("def register(mcp):\n    pass\n")
    (tmp_path / "servidor.py").write_text(SERVIDOR)
    arranque = tmp_path / "arranque.py"
    arranque.write_text("import otro as herramientas\nfrom servidor import mcp\n\nherramientas.register(mcp)\n")
    parseados = parseos(monkeypatch)

    antes = evidencia(tmp_path)
    assert antes["herramienta"] == []
    assert "arranque.py" not in parseados  # another component: never parsed by the unit of herramientas.py
    arranque.write_text(arranque.read_text().replace("import otro as herramientas", "import herramientas"))
    parseados.clear()
    despues = evidencia(tmp_path)
    assert "arranque.py" in parseados
    assert [(h["herramienta"], h["archivo"]) for h in despues["herramienta"]] == [("saludo", "herramientas.py")]
    assert json.dumps(despues, sort_keys=True) == json.dumps(evidencia(tmp_path, cache=False), sort_keys=True)
