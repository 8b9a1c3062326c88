"""The pre-selection read from the stdlib parse: what counts as spelling a word, and that it keeps
every file a recognizer reads (evidence identical with and without the pre-filter)."""

from __future__ import annotations

import ast
import hashlib
import json
import pathlib

import pytest

from oracle_lint.linter.extraccion import extraer, motor, recolector, servidores
from oracle_lint.linter.extraccion.forma import CAMPOS_IDENTIFICADOR, LISTAS_IDENTIFICADOR, _Nombres, forma, leidos, nodos
from oracle_lint.linter.extraccion.nombres import Palabras
from oracle_lint.linter.extraccion.prefiltro import PALABRAS, entradas

from .corridas import llamadas_a
from .marcas import FIXTURES, RAIZ, fuentes_que_parsean


def identificadores(datos: bytes):
    """A file's identifiers as a worker computes them from its bytes (None when the stdlib cannot parse it)."""
    leido = leidos(datos)
    return leido[0] if leido is not None else None


def _palabras(fuente: str) -> list[str]:
    datos = fuente.encode()
    return forma(ast.parse(fuente), datos)["palabras"]


@pytest.mark.parametrize("fuente, esperadas", [
    ('"""This module is a tool."""\n# @mcp.tool()\nx = "tool"\n', []),  # docstring, comment, a string
    ("for tool in tools:\n    print(tool.name)\ndef f(tool=None): ...\n", []),  # names, not registrations
    ("@mcp.tool()\ndef f(): ...\n", ["tool"]),
    ("mcp.tool(f)\n", ["tool"]),
    ("from fastmcp.tools import tool\n", ["tool"]),
    ("import fastmcp.tools.tool as t\n", ["tool"]),
    ("@mcp.tool\ndef f(): ...\n", ["tool"]),
    ("mcp.tool(name='a')(f)\n", ["tool"]),
    ("@tool\ndef f(): ...\n", ["tool"]),  # fastmcp's standalone decorator
    # a test's mock: read, assigned, or taken as a value, `tool` is no registration
    ("assert mock_mcp.tool.call_count == 2\nmock_mcp.tool = MagicMock()\nd = mcp.tool\n", []),
    ("mcp: FastMCP = crear()\ndef g(s: FastMCP): ...\n", []),  # an annotation builds nothing
    ("mcp = FastMCP('x')\n", ["FastMCP"]),
    ("s = lowlevel.Server('x')\n", ["Server"]),
    ("s3 = session.resource('s3')\n", []),  # boto3, not a resource registration
    ("@mcp.resource('x://y')\ndef r(): ...\n", ["resource"]),
    ("mcp.add_prompt(p)\n", ["add_prompt"]),
    ("n = len(mcp._tool_manager.list_tools())\n", ["_tool_manager"]),
    ("TABLA = [{'name': 'a', 'output' 'Schema': {}}]\n", ["outputSchema"]),  # implicit concatenation joined
    ("x = {'\\x63omplete': True}\n", ["complete"]),  # an escape decoded
    ("return_ = dict(complete=True)\n", ["complete"]),
    ("from mcp.types import Tool\n", ["Tool"]),
    ("s = Server(on_call_tool=h)\n", ["Server", "on_call_tool"]),
])
def test_a_word_counts_only_where_a_recognizer_reads_it(fuente, esperadas):
    assert _palabras(fuente) == esperadas


def test_imports_are_read_at_any_depth_of_the_body():
    fuente = ("import a.b.c as d\n"
              "def f():\n    try:\n        from .x import y\n    except E:\n        from ..z import *\n"
              "    with m:\n        if q:\n            import w\n"
              "match v:\n    case 1:\n        from k import (l, m)\n")
    assert forma(ast.parse(fuente), fuente.encode())["importa"] == sorted(
        ["a", "a.b", "a.b.c", ".x", ".x.y", "..z", "w", "k", "k.l", "k.m"])


# Every construct that binds or reads a name, for the identifier table's check.
SINTAXIS = '''
import a.b as c
from .d import e as f, g
from . import h
global i
def j(k, /, l=1, *m, n, **o) -> p:
    nonlocal q
    try:
        pass
    except r as s:
        pass
    return t.u(v=w)
async def x(): pass
class Y(Z, metaclass=A):
    pass
match B:
    case C(D=E, F=[G, *H]) | {"k": I, **J} as K:
        pass
lambda L: L
[M for N in O if P]
'''


def _generico(arbol: ast.AST) -> set[str]:
    """Every str field of every node but `type_comment`, `Constant.kind` and `TypeIgnore.tag`."""
    vistas: set[str] = set()
    for nodo in ast.walk(arbol):
        if isinstance(nodo, ast.Constant):
            continue
        for campo in nodo._fields:
            valor = getattr(nodo, campo, None)
            if isinstance(valor, str) and campo not in ("type_comment", "kind", "tag"):
                vistas.add(valor)
                vistas.update(valor.split("."))
            elif isinstance(valor, list) and valor and all(isinstance(v, str) for v in valor):
                vistas.update(valor)
    return vistas


FUENTES = fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "server")


def test_the_identifier_table_misses_no_name_of_any_construct():
    arbol = ast.parse(SINTAXIS)
    assert _Nombres(arbol).nombres == _generico(arbol)
    assert {"c", "e", "f", "g", "h", "i", "k", "n", "o", "q", "s", "x", "D", "K", "J", "A", "metaclass"} <= _Nombres(arbol).nombres
    assert set(LISTAS_IDENTIFICADOR) == {ast.Global, ast.Nonlocal, ast.MatchClass}
    assert ast.alias in CAMPOS_IDENTIFICADOR


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_the_identifier_table_reads_every_name_of_real_sources(ruta):
    arbol = ast.parse(ruta.read_bytes())
    assert _Nombres(arbol).nombres == _generico(arbol)


def _sin_ctx(arbol: ast.AST) -> list[int]:
    return sorted(id(n) for n in ast.walk(arbol) if not isinstance(n, ast.expr_context))


def test_the_walk_reaches_every_node_of_every_construct_but_the_shared_ctx_leaves():
    arbol = ast.parse(SINTAXIS)
    vistos = [n for n in nodos(arbol) if isinstance(n, ast.AST)]
    assert sorted(map(id, vistos)) == _sin_ctx(arbol)
    assert len(vistos) == len({id(n) for n in vistos})  # none twice
    assert {type(n) for n in vistos} >= {ast.MatchClass, ast.Global, ast.Lambda, ast.ExceptHandler, ast.MatchOr, ast.ListComp}


@pytest.mark.parametrize("ruta", FUENTES, ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_the_walk_reaches_every_node_of_real_sources(ruta):
    arbol = ast.parse(ruta.read_bytes())
    assert sorted(id(n) for n in nodos(arbol) if isinstance(n, ast.AST)) == _sin_ctx(arbol)


def test_every_word_a_recognizer_compares_with_is_a_prefilter_word():
    palabras = {p.decode() for p in PALABRAS}
    leidas = {*motor.OTROS, *motor.LLAMADAS_OTRAS, *motor.CLASES_SERVIDOR, *servidores.GENERADORES,
              *servidores.CLASES_GENERADORAS, recolector.INTERNO, "tool", "add_tool", "call_tool", "on_call_tool",
              "Tool", "ToolBinding", "complete", "outputSchema", "output_schema", "inputSchema", "input_schema"}
    assert leidas <= palabras, leidas - palabras


def test_a_word_in_a_docstring_does_not_make_a_file_a_caller():
    fuentes = {"a.py": b'"""Call register() to register."""\n', "b.py": b"from x import register\nregister(m)\n",
               "c.py": b"def f(:\n    register\n"}  # c.py does not parse: judged on its bytes
    ids = {r: identificadores(d) for r, d in fuentes.items()}
    palabras = Palabras(sorted(fuentes), fuentes.get, None, ids.get)
    assert palabras.con("register") == ("b.py", "c.py")
    assert Palabras(sorted(fuentes), fuentes.get).con("register") == ("a.py", "b.py", "c.py")  # bytes alone


def _formas(fuentes: dict[str, bytes]) -> dict[str, dict]:
    return {r: forma(ast.parse(d), d) for r, d in fuentes.items()}


def test_the_table_closure_follows_imports_the_way_resolution_does():
    fuentes = {
        "pkg/__init__.py": b"",
        "pkg/elementos.py": b'A = {"name": "a", "outputSchema": {"type": "object"}, "handler": f}\n',
        "pkg/puente.py": b"from .elementos import A\n",
        "registro.py": b"from pkg.puente import A\n\nLISTA = [A]\n",
        "otro.py": b'"""Says elementos and puente, imports neither."""\nimport os\n',
        "server.py": b"from mcp.server import x\n",  # `server` is not a member's module
    }
    nombres = {r: r[:-3].replace("/", ".").removesuffix(".__init__") for r in fuentes}
    assert entradas(fuentes, nombres, _formas(fuentes)) == {"pkg/elementos.py", "pkg/puente.py", "registro.py"}
    # on bytes alone, a file naming a member in a docstring joins: the forma is sharper, never looser
    assert "otro.py" in entradas(fuentes, nombres)


def test_only_the_files_asked_about_are_answered_and_a_word_spares_the_closure():
    fuentes = {
        "pkg/__init__.py": b"",
        "pkg/elementos.py": b'A = {"name": "a", "outputSchema": {"type": "object"}, "handler": f}\n',
        "registro.py": b"from pkg.elementos import A\n\nLISTA = [A]\n",
        "servidor.py": b"from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n\n@mcp.tool()\ndef f() -> int:\n    return 1\n",
        "nada.py": b"x = 1\n",
    }
    nombres = {r: r[:-3].replace("/", ".").removesuffix(".__init__") for r in fuentes}
    formas = _formas(fuentes)
    todas = entradas(fuentes, nombres, formas)
    assert todas == {"pkg/elementos.py", "registro.py", "servidor.py"}
    for buscadas in (["registro.py"], ["nada.py", "servidor.py"], ["registro.py", "servidor.py"], list(fuentes)):
        assert entradas(fuentes, nombres, formas, buscadas=buscadas) == todas & set(buscadas)

    class _SinLeer(dict):
        """Bytes the pre-filter must not read, and only the asked file's forma: no closure is computed."""

        def __getitem__(self, rel):
            raise AssertionError(f"read {rel}")

    solas = _SinLeer(fuentes)
    assert entradas(solas, nombres, {"servidor.py": formas["servidor.py"]}, buscadas=["servidor.py"]) == {"servidor.py"}
    with pytest.raises(AssertionError):  # a file that spells no word needs the closure, which reads the others
        entradas(solas, nombres, {"registro.py": formas["registro.py"]}, buscadas=["registro.py"])


def _escribir(raiz: pathlib.Path, archivos: dict[str, str]) -> list[pathlib.Path]:
    for rel, texto in archivos.items():
        (raiz / rel).parent.mkdir(parents=True, exist_ok=True)
        (raiz / rel).write_text(texto)
    return sorted(raiz.rglob("*.py"))


def _igual(raiz: pathlib.Path, archivos: list[pathlib.Path]) -> dict:
    con = extraer(archivos, raiz, trabajos=1, prefiltro=True)
    sin = extraer(archivos, raiz, trabajos=1, prefiltro=False)
    assert json.dumps(con, sort_keys=True) == json.dumps(sin, sort_keys=True)
    return con


def test_files_read_only_for_their_shape_are_kept(tmp_path):
    archivos = _escribir(tmp_path, {
        "servidor.py": "from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP('s')\n",
        "prompts.py": "from servidor import mcp\n\n@mcp.prompt()\ndef saludo() -> str:\n    return 'hola'\n",
        "privado.py": "from servidor import mcp\n\nn = len(mcp._tool_manager._tools)\n",
        "suelta.py": "from fastmcp.tools import tool\n\n@tool\ndef f(x: int) -> int:\n    return x\n",
        "ruido.py": '"""A tool helper: call_tool, FastMCP, inputSchema."""\n\ndef tool_fila(tool):\n    return tool\n',
    })
    ev = _igual(tmp_path, archivos)
    assert [(f["clase"], f["registros_en_corrida"]) for f in ev["servidor"]] == [("FastMCP", 1)]
    assert any("_tool_manager" in f["motivo"] for f in ev["no_resuelto"])
    fuentes = {p.name: p.read_bytes() for p in archivos}
    assert "ruido.py" not in entradas(fuentes, {r: r[:-3] for r in fuentes}, _formas(fuentes))


def test_either_order_of_the_two_tests_gives_the_same_answer_and_a_worker_parses_only_candidates():
    fuentes = {"a.py": b'"""register"""\n', "b.py": b"register(m)\n", "c.py": b"x = 1\n", "d.py": b"def f(:\n    register\n"}
    pedidos: list[str] = []

    def ids(rel: str):
        pedidos.append(rel)
        return identificadores(fuentes[rel])

    primero = Palabras(sorted(fuentes), fuentes.get, None, ids, identificadores_primero=True).con("register")
    pedidos.clear()
    despues = Palabras(sorted(fuentes), fuentes.get, None, ids).con("register")
    assert primero == despues == ("b.py", "d.py")
    assert pedidos == ["a.py", "b.py", "d.py"]  # c.py's bytes already say no: it is never parsed


def test_an_ascii_files_identifiers_answer_without_its_bytes_and_a_non_ascii_file_is_read():
    """An identifier the parser normalizes (NFKC) may be spelled otherwise in the bytes: only an ASCII
    file's identifiers stand for its bytes, and the answer is the one the bytes-first order gives."""
    fuentes = {"a.py": b"register(m)\n", "b.py": "\uff52egister = 1\n# caf\u00e9\n".encode(), "c.py": b'"""register"""\n',
               "d.py": "register(m)  # caf\u00e9\n".encode()}
    formas = _formas(fuentes)
    assert [formas[r]["literales"] for r in sorted(fuentes)] == [True, False, True, False]
    assert "register" in identificadores(fuentes["b.py"])  # the fullwidth r is normalized away
    leidos: list[str] = []

    def leer(rel: str):
        leidos.append(rel)
        return fuentes[rel]

    ids = {r: frozenset(f["identificadores"].split()) for r, f in formas.items()}
    sin_leer = Palabras(sorted(fuentes), leer, None, ids.get, identificadores_primero=True,
                        literales=lambda r: formas[r]["literales"]).con("register")
    assert leidos == ["b.py", "d.py"]  # the ASCII files' identifiers answer alone
    assert sin_leer == Palabras(sorted(fuentes), fuentes.get, None, ids.get).con("register") == ("a.py", "d.py")


def _parseos_de_identificadores(monkeypatch) -> list[bytes]:
    """The bytes a loader parses for their identifiers, in order (the loader's own function, counted)."""
    from oracle_lint.linter.extraccion import carga

    return llamadas_a(monkeypatch, carga, "leidos", 0)


def test_a_worker_reads_identifiers_from_the_forma_filed_for_those_bytes_and_parses_otherwise(tmp_path, monkeypatch):
    """The main process files each file's forma by content; a worker's word look-up reads its
    identifiers from there instead of parsing the file again, and parses when the filed forma is
    for other bytes (the file changed since) or missing."""
    from oracle_lint.linter.cache import Almacen
    from oracle_lint.linter.extraccion.carga import Cargador
    from oracle_lint.linter.extraccion.verificacion import Formas

    fuentes = {"a.py": b"register(m)\n", "b.py": b"x = 'register'\n", "c.py": b"def register(): pass\n"}
    for rel, datos in fuentes.items():
        (tmp_path / rel).write_bytes(datos)
    formas = Formas(Almacen(tmp_path, "extraccion"), "sal")
    archivadas = {**fuentes, "c.py": b"register = 1\n"}  # c.py's forma is filed for other bytes
    for rel, datos in archivadas.items():
        formas.almacen.escribir(formas.clave(rel, hashlib.sha256(datos).hexdigest()),
                                {"falla": None, "forma": forma(ast.parse(datos), datos)})
    parseados = _parseos_de_identificadores(monkeypatch)
    con = Cargador(tmp_path, sorted(fuentes), {}, formas).con_token("register")
    assert parseados == [fuentes["c.py"]]  # only the file whose filed forma is not for its bytes
    parseados.clear()
    sin = Cargador(tmp_path, sorted(fuentes), {}).con_token("register")
    assert con == sin == ("a.py", "c.py") and len(parseados) == 3


def test_a_worker_takes_identifiers_from_the_table_sent_with_the_work_for_the_same_bytes_only(tmp_path, monkeypatch):
    """The main process sends every checked file's (hash, identifiers, ASCII) with the work; a worker
    uses an entry only when the bytes it read have that hash, parses otherwise, and still reads the
    bytes of a non-ASCII file: there an identifier can be spelled otherwise (NFKC), and such a file
    does not name the word in its bytes. The answer is the one without any table."""
    from oracle_lint.linter.extraccion.carga import Cargador
    from oracle_lint.linter.extraccion.forma import forma
    from oracle_lint.linter.extraccion.verificacion import Formas

    fuentes = {"a.py": b"register(m)\n", "b.py": b"x = 'register'\n", "c.py": b"def register(): pass\n",
               "d.py": "\uff52egister = 1\n".encode()}  # a fullwidth r: the identifier is `register` after NFKC
    for rel, datos in fuentes.items():
        (tmp_path / rel).write_bytes(datos)

    def entrada(datos):
        f = forma(ast.parse(datos), datos)
        return hashlib.sha256(datos).hexdigest(), f["identificadores"], f["literales"], f["llamados"]

    tabla = {rel: entrada(datos) for rel, datos in fuentes.items()}
    tabla["c.py"] = entrada(b"register = 1\n")  # for other bytes: the file changed since the main process read it
    assert tabla["d.py"][1:] == ("register", False, "")
    parseados = _parseos_de_identificadores(monkeypatch)
    leidos = llamadas_a(monkeypatch, Cargador, "_bytes", 1)
    cargador = Cargador(tmp_path, sorted(fuentes), {}, Formas(None, "sal", tabla))
    con = cargador.con_token("register")
    assert parseados == [fuentes["c.py"]]  # only the file whose entry is not for its bytes
    assert cargador.palabras.identificadores_primero and cargador._literal("a.py") and not cargador._literal("d.py")
    assert cargador.con_token("pass") == ()  # a keyword is no identifier
    parseados.clear()
    sin = Cargador(tmp_path, sorted(fuentes), {}).con_token("register")
    assert con == sin == ("a.py", "c.py") and parseados == [fuentes[r] for r in ("a.py", "b.py", "c.py")]  # bytes first


def test_a_file_that_cannot_be_read_counts_and_its_failure_becomes_a_row(tmp_path):
    """A file listed for the run but unreadable when a look-up asks (deleted, or its read fails) is
    never taken as "does not name the word": both orders count it, and the loader that then reads it
    keeps a failure row for the unit's report."""
    from oracle_lint.linter.extraccion.carga import Cargador

    fuentes = {"a.py": b"register(m)\n", "b.py": b"x = 1\n"}
    leer = {**fuentes, "c.py": None}.get
    ids = {"a.py": frozenset({"register", "m"}), "b.py": frozenset({"x"})}
    assert Palabras(["a.py", "b.py", "c.py"], leer, None, ids.get, identificadores_primero=True).con("register") == ("a.py", "c.py")
    assert Palabras(["a.py", "b.py", "c.py"], leer, None, ids.get).con("register") == ("a.py", "c.py")
    (tmp_path / "a.py").write_bytes(fuentes["a.py"])
    cargador = Cargador(tmp_path, ["a.py", "c.py"], {})  # c.py was listed, then deleted
    assert cargador.con_token("register") == ("a.py", "c.py")
    assert cargador.cargar("c.py") is None
    assert cargador.fallas["c.py"]["motivo"].startswith("file cannot be read: ")


def test_a_formas_word_list_answers_for_its_identifiers_exactly_where_the_run_reads_it():
    """`IdentificadoresDeForma` answers a word that counts only as an identifier from the forma's
    word list, without splitting the identifiers: over every fixture and source file, and every such
    word plus words outside the list, the answer is the identifiers' own."""
    from oracle_lint.linter.extraccion.corrida import IdentificadoresDeForma
    from oracle_lint.linter.extraccion.forma import SOLO_IDENTIFICADOR

    assert {"Tool", "call_tool", "on_call_tool", "add_tool"} <= SOLO_IDENTIFICADOR
    assert not SOLO_IDENTIFICADOR & {"tool", "complete", "outputSchema", "FastMCP"}  # other ways in, or a text
    otras = ["tool", "complete", "outputSchema", "register", "self", "mcp", "FastMCP"]
    vistas = {True: 0, False: 0}
    for ruta in fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "server", RAIZ / "examples"):
        datos = ruta.read_bytes()
        f = forma(ast.parse(datos), datos)
        todos = frozenset(f["identificadores"].split())
        perezosos = IdentificadoresDeForma(f)
        for palabra in sorted(SOLO_IDENTIFICADOR):
            assert (palabra in perezosos) == (palabra in todos), (ruta, palabra)
            vistas[palabra in todos] += 1
        assert perezosos._todos is None  # no set was built for those
        for palabra in otras:
            assert (palabra in perezosos) == (palabra in todos), (ruta, palabra)
    assert vistas[True] > 20 and vistas[False] > 20


def _llamados(fuente: str) -> set[str]:
    return set(forma(ast.parse(fuente), fuente.encode())["llamados"].split())


def test_a_files_call_names_are_callees_decorators_and_imported_names_only():
    """`llamados`: the last name of every callee and decorator and every component of an imported
    name; a name only read, assigned, annotated or defined is not one."""
    fuente = ("import a.b as c\nfrom .d import e as f\n"
              "@g\n@h.i\n@j(k)\ndef l(m: n = o.p) -> q:\n    r = s.t\n    return u(v.w(x), y=z)\n"
              "class A(B):\n    @C.D\n    def E(self): F[G]()\n")
    assert _llamados(fuente) == {"a", "b", "c", "d", "e", "f", "g", "i", "j", "u", "w", "D"}


def _nombres_de_llamada(m) -> set[str]:
    """What `Programa._invoca` compares with a function's name in module `m`: the last name of each
    call's callee and of each decorator, and the imported name an alias stands for."""
    import libcst as cst

    def ultimo(expr):
        return expr.value if isinstance(expr, cst.Name) else expr.attr.value if isinstance(expr, cst.Attribute) else None

    nombres = {ultimo(c.func) for c in m.llamadas} | {ultimo(d.decorator) for _, d in m.decoradas}
    for tabla in [m.importados, *(info.importados for info in m.info.values())]:
        nombres |= {(atributo or origen).rsplit(".", 1)[-1] for origen, atributo in tabla.values()}
    return nombres - {None}


@pytest.mark.parametrize("ruta", fuentes_que_parsean(FIXTURES, RAIZ / "linter", RAIZ / "server", RAIZ / "examples"),
                         ids=lambda r: r.relative_to(RAIZ).as_posix())
def test_every_call_site_resolution_accepts_is_among_the_files_call_names(ruta):
    """The call-site search parses only files whose `llamados` hold the function's name: that is
    sound only if every name a call site can be accepted by is among them."""
    from oracle_lint.linter.extraccion.fuente import parsear

    datos = ruta.read_bytes()
    modulo = recolector.recolectar(ruta.name, ruta.stem, parsear(datos, ruta.name))
    assert _nombres_de_llamada(modulo) <= set(forma(ast.parse(datos), datos)["llamados"].split())


def test_a_call_site_search_keeps_only_the_files_that_can_call_the_name():
    fuentes = {"a.py": b"register(m)\n", "b.py": b"x.register(m)\n", "c.py": b"@register\ndef f(): ...\n",
               "d.py": b"from t import register as r\nr(m)\n", "e.py": b"print(t.register.__doc__)\n",
               "f.py": b"def register(m): ...\n", "g.py": b"def f(:\n    register(m)\n",  # g.py: only libcst parses it
               "h.py": b"registrar(m)\n"}
    formas = {r: forma(ast.parse(d), d) for r, d in fuentes.items() if r != "g.py"}
    ids = {r: frozenset(f["identificadores"].split()) for r, f in formas.items()}
    llamados = {r: frozenset(f["llamados"].split()) for r, f in formas.items()}
    palabras = Palabras(sorted(fuentes), fuentes.get, None, ids.get, llamados=llamados.get)
    assert palabras.con("register") == ("a.py", "b.py", "c.py", "d.py", "e.py", "f.py", "g.py")
    assert palabras.llaman("register") == ("a.py", "b.py", "c.py", "d.py", "g.py")  # unknown call names count
    assert Palabras(sorted(fuentes), fuentes.get, None, ids.get).llaman("register") == palabras.con("register")


def test_a_file_edited_to_call_a_function_it_already_named_recomputes_the_unit(tmp_path, monkeypatch):
    """A call-site search does not parse a file that names the function without calling it, so the
    unit does not depend on that file's bytes: it depends on the search's answer, and an edit that
    makes the file a caller changes that answer and recomputes the unit."""
    from .corridas import HERRAMIENTAS, SERVIDOR, evidencia, parseos

    (tmp_path / "herramientas.py").write_text(HERRAMIENTAS)
    (tmp_path / "servidor.py").write_text(SERVIDOR)
    arranque = tmp_path / "arranque.py"
    arranque.write_text("import herramientas\nfrom servidor import mcp\n\nAYUDA = herramientas.register.__doc__\n")
    parseados = parseos(monkeypatch)

    antes = evidencia(tmp_path)
    assert "arranque.py" not in parseados and antes["herramienta"] == []
    arranque.write_text(arranque.read_text() + "herramientas.register(mcp)\n")
    despues = evidencia(tmp_path)
    assert "arranque.py" in parseados
    assert [(h["herramienta"], h["archivo"]) for h in despues["herramienta"]] == [("saludo", "herramientas.py")]
    assert json.dumps(despues, sort_keys=True) == json.dumps(evidencia(tmp_path, cache=False), sort_keys=True)


def test_the_call_site_search_finds_what_the_word_search_finds(monkeypatch):
    """Over the whole fixture project, evidence with the call-site search cut to the files that can
    call the name and lie in the function's import-graph component equals evidence with every file
    that names it searched (resolution itself decides which calls count), and each cut did leave
    files out."""
    from oracle_lint.linter.cache import DIRECTORIO

    carpeta = FIXTURES
    archivos = sorted(p for p in carpeta.rglob("*.py") if DIRECTORIO not in p.parts)
    cortada = extraer(archivos, carpeta, trabajos=1)
    por_llamados: list[str] = []
    por_grafo: list[str] = []
    original = Palabras.llaman

    def sin_cortar(self, nombre, desde=None):
        por_llamados.extend(sorted(set(self.con(nombre)) - set(original(self, nombre))))
        por_grafo.extend(sorted(set(original(self, nombre)) - set(original(self, nombre, desde))))
        return self.con(nombre)

    monkeypatch.setattr(Palabras, "llaman", sin_cortar)
    entera = extraer(archivos, carpeta, trabajos=1)
    assert entera["herramienta"] and json.dumps(cortada, sort_keys=True) == json.dumps(entera, sort_keys=True)
    # Each cut left some file out: the comparison is not between two equal searches.
    assert por_llamados and por_grafo
