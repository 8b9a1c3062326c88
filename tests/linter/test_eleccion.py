"""`valor_emitido.solo_elige`: an argument the handler only compares (and tests, logs, raises with, or
hands to a project function that does the same) chooses what the call does; any other read sends it."""

from __future__ import annotations

import textwrap

import libcst as cst

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.eleccion import _parametro_de

CABEZA = '''\
import logging
from typing import Any
from mcp.server.mcpserver import MCPServer

app = MCPServer("eleccion")
api = object()
log = logging.getLogger(__name__)
'''


def eligen(tmp_path, cuerpo: str, **otros: str) -> dict[tuple[str, str], bool]:
    """(tool, argument) -> solo_elige, over every value row from a plain argument."""
    (tmp_path / "srv.py").write_text(CABEZA + textwrap.dedent(cuerpo), encoding="utf-8")
    for nombre, texto in otros.items():
        (tmp_path / f"{nombre}.py").write_text(textwrap.dedent(texto), encoding="utf-8")
    ev = extraer(sorted(tmp_path.glob("*.py")), tmp_path)
    salida: dict[tuple[str, str], bool] = {}
    for f in ev["valor_emitido"]:
        if f["origen"] == "argumento":
            assert salida.setdefault((f["herramienta"], f["argumento"]), f["solo_elige"]) == f["solo_elige"]
    return salida


def test_comparisons_tests_logs_and_raises_only_choose(tmp_path):
    assert eligen(tmp_path, '''
        @app.tool()
        def comparado(body: str, mode: str = "a") -> dict[str, Any]:
            log.info(f"mode={mode}")
            if mode not in ("a", "b"):
                raise ValueError(f"bad mode {mode}")
            r = api.send(body, everyone=mode == "b")
            return {"id": r.id, "mode": mode, "body": body}

        @app.tool()
        def derivado(scope: str | None = None) -> dict[str, Any]:
            s = scope.lower().strip() if scope else "global"
            match s:
                case "session":
                    api.session()
            return {"scope": s}

        @app.tool()
        def enviado(mode: str) -> dict[str, Any]:
            if mode == "x":
                api.touch()
            api.save(mode=mode)
            return {"mode": mode}

        @app.tool()
        def probado(enabled: bool) -> dict[str, Any]:
            if enabled:
                api.on()
            return {"enabled": enabled}

        @app.tool()
        def solo_eco(title: str) -> dict[str, Any]:
            api.touch()
            return {"title": title}

        @app.tool()
        def en_texto_enviado(mode: str) -> dict[str, Any]:
            if mode == "x":
                api.touch()
            api.comment(f"in {mode} mode")
            return {"mode": mode}

        @app.tool()
        def numerico(n: int) -> dict[str, Any]:
            if n < 0 or n == 0:
                api.touch()
            return {"total": n}

        @app.tool()
        def invertido(kind: str) -> dict[str, Any]:
            if "a" == kind:
                api.touch()
            return {"kind": kind}

        @app.tool()
        def contra_variable(kind: str, other: str) -> dict[str, Any]:
            if kind == other:
                api.touch()
            return {"kind": kind}

        @app.tool()
        def casos_sin_nombre(kind: str) -> dict[str, Any]:
            match kind:
                case str():
                    api.touch()
            return {"kind": kind}

        @app.tool()
        def casos_nombrados(kind: str) -> dict[str, Any]:
            match kind:
                case "a" | "b":
                    api.touch()
            return {"kind": kind}

        @app.tool()
        def aritmetica(limit: int) -> dict[str, Any]:
            if limit > 10:
                api.touch()
            return {"limit": limit, "next": limit + 1}
    ''') == {
        ("comparado", "mode"): True,
        ("comparado", "body"): False,          # sent to the API
        ("derivado", "scope"): True,           # through a conversion bound to a local, a `match` subject
        ("enviado", "mode"): False,            # compared, and also sent
        ("probado", "enabled"): False,         # only tested for truth: no choice among named options
        ("solo_eco", "title"): False,          # never read but where the response writes it
        ("en_texto_enviado", "mode"): False,   # said in a text the API receives, not a log line
        ("numerico", "n"): False,              # compared with numbers: no named option
        ("invertido", "kind"): True,
        ("contra_variable", "kind"): False,     # compared with another value, not a named option
        ("casos_sin_nombre", "kind"): False,
        ("casos_nombrados", "kind"): True,
        ("aritmetica", "limit"): False,        # computed with
    }


def test_project_functions_it_is_passed_to_are_read_alike(tmp_path):
    assert eligen(tmp_path, '''
        from ayudas import cuerpo, con_tipo, responder

        @app.tool()
        def a_funcion(body: str, content_type: str = "plain") -> dict[str, Any]:
            r = api.draft(cuerpo(body, content_type=content_type))
            return {"id": r.id, "content_type": content_type}

        @app.tool()
        def a_funcion_que_envia(body: str, content_type: str = "plain") -> dict[str, Any]:
            if content_type == "html":
                api.touch()
            r = api.draft(con_tipo(body, content_type))
            return {"id": r.id, "content_type": content_type}

        @app.tool()
        def por_ayudante(body: str, reply_mode: str = "all") -> dict[str, Any]:
            return responder(body, reply_mode)

        @app.tool()
        def a_metodo(body: str, content_type: str = "plain") -> dict[str, Any]:
            if content_type == "html":
                api.touch()
            r = api.draft(api.build(body, content_type))
            return {"id": r.id, "content_type": content_type}
    ''', ayudas='''
        from typing import Any

        api = object()

        def cuerpo(body: str, content_type: str) -> dict:
            if content_type == "html":
                return {"html": body}
            return {"text": body}

        def con_tipo(body: str, content_type: str) -> dict:
            return {"body": body, "type": content_type}

        def responder(body: str, reply_mode: str) -> dict[str, Any]:
            r = api.reply(body, everyone=reply_mode == "all")
            return {"id": r.id, "reply_mode": reply_mode}
    ''') == {
        ("a_funcion", "content_type"): True,
        ("a_funcion_que_envia", "content_type"): False,  # the function puts it in what it returns
        ("por_ayudante", "reply_mode"): True,            # the helper that writes the response only compares it
        ("a_metodo", "content_type"): False,             # a method of an object the analyzer does not follow
    }


def test_the_parameter_an_argument_fills():
    fn = cst.parse_statement("def f(a, b, /, c, *rest, d=1, **kw): ...")
    assert isinstance(fn, cst.FunctionDef)

    def cual(llamada: str, i: int):
        call = cst.parse_expression(llamada)
        assert isinstance(call, cst.Call)
        return _parametro_de(call, call.args[i], fn)

    assert [cual("f(x, y, z)", 0), cual("f(x, y, z)", 1), cual("f(x, y, z)", 2)] == ["a", "b", "c"]
    assert cual("f(x, d=y)", 1) == "d"
    assert cual("f(x, c=y)", 1) == "c"
    assert cual("f(x, e=y)", 1) is None        # caught by **kw: no named parameter
    assert cual("f(*xs, y)", 1) is None        # after a star: the position is not known
    assert cual("f(x, y, z, w)", 3) is None    # caught by *rest
