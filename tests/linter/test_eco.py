"""`valor_emitido` (where each emitted value comes from) and the hint columns of `herramienta`."""

from __future__ import annotations

import textwrap

from oracle_lint.linter.extraccion import extraer

CABEZA = '''\
from typing import Any
from mcp.server.mcpserver import Context, MCPServer
from mcp.types import ToolAnnotations
from pydantic import BaseModel

app = MCPServer("eco")
api = object()

class Req(BaseModel):
    name: str
'''


def evidencia(tmp_path, cuerpo: str, **otros: str) -> dict:
    (tmp_path / "srv.py").write_text(CABEZA + textwrap.dedent(cuerpo), encoding="utf-8")
    for nombre, texto in otros.items():
        (tmp_path / f"{nombre}.py").write_text(textwrap.dedent(texto), encoding="utf-8")
    return extraer(sorted(tmp_path.glob("*.py")), tmp_path)


def origenes(ev: dict, herramienta: str) -> list[tuple]:
    return sorted((f["ruta"], f["origen"], f["argumento"], f["literal"]) for f in ev["valor_emitido"]
                  if f["herramienta"] == herramienta)


def test_parameters_reads_conversions_and_locals_flow_from_the_arguments(tmp_path):
    ev = evidencia(tmp_path, '''
        @app.tool()
        def t(name: str, req: Req, args: dict, n: int, ctx: Context) -> dict[str, Any]:
            limpio = name.strip()
            name = name.lower()
            return {"a": name, "b": req.name, "c": args["id"], "d": args.get("k"), "e": args.get("k", "x"),
                    "f": str(n), "g": limpio, "h": ctx.request_id, "i": args.get("k") or api.k,
                    "j": name if n else "y", "k": int(args["n"]), "l": len(name), "m": args[n]}
    ''')
    assert origenes(ev, "t") == [
        ("a", "argumento", "name", None),
        ("b", "argumento", "req.name", None),
        ("c", "argumento", "args.id", None),
        ("d", "argumento", "args.k", None),
        ("e", "argumento", "args.k", None),
        ("f", "argumento", "n", None),
        ("g", "argumento", "name", None),
        ("h", "otro", None, None),          # the Context is the framework's, not the caller's
        ("i", "otro", None, None),          # a fallback to what the API says is not a straight echo
        ("j", "argumento", "name", None),
        ("k", "argumento", "args.n", None),
        ("l", "otro", None, None),          # computed from an argument, not the argument
        ("m", "argumento", "args", None),   # a computed index into an argument is still the argument
    ]


def test_api_results_literals_constants_and_fstrings(tmp_path):
    ev = evidencia(tmp_path, '''
        ESTADO = "updated"

        @app.tool()
        def t(name: str) -> dict[str, Any]:
            resp = api.rename(name)
            hecho = "deleted"
            fase = "error" if resp is None else "applied"
            return {"a": resp["name"], "b": resp.name, "c": "updated", "d": hecho, "e": ESTADO,
                    "f": f"renamed {name}", "g": api.get(name), "h": 3, "i": fase, "j": "x" if resp else "x"}
    ''')
    assert origenes(ev, "t") == [
        ("a", "otro", None, None), ("b", "otro", None, None),
        ("c", "literal", None, "updated"), ("d", "literal", None, "deleted"),
        ("e", "otro", None, None), ("f", "otro", None, None), ("g", "otro", None, None), ("h", "otro", None, None),
        ("i", "literal", None, "applied"), ("i", "literal", None, "error"),  # one row per string it may be
        ("j", "literal", None, "x"),
    ]
    primeras = sorted((f["literal"], f["primera"]) for f in ev["valor_emitido"] if f["ruta"] == "i")
    assert primeras == [("applied", True), ("error", True)]


def test_nested_dicts_models_and_helpers_give_paths(tmp_path):
    ev = evidencia(tmp_path, '''
        class Dato(BaseModel):
            nombre: str

        class Out(BaseModel):
            dato: Dato
            estado: dict

        def _estado(s):
            return {"status": s}

        @app.tool()
        def t(name: str) -> Out:
            api.save(name)
            cuerpo = {"nombre": name}
            return Out(dato=Dato(nombre=name), estado=_estado("saved"))

        @app.tool()
        def u(name: str) -> dict[str, Any]:
            cuerpo = {"nombre": name, "a.b": "ok"}
            return {"data": cuerpo, **{"extra": name}, "raw": api.get(name)}
    ''')
    assert origenes(ev, "t") == [("dato.nombre", "argumento", "name", None), ("estado.status", "literal", None, "saved")]
    assert origenes(ev, "u") == [("data.a\\.b", "literal", None, "ok"), ("data.nombre", "argumento", "name", None),
                                 ("extra", "argumento", "name", None), ("raw", "otro", None, None)]
    claves = {f["ruta"]: f["clave"] for f in ev["valor_emitido"] if f["herramienta"] == "u"}
    assert claves["data.a\\.b"] == "a.b"


def test_a_helper_parameter_stands_for_what_the_call_passes_across_files(tmp_path):
    ev = evidencia(tmp_path, '''
        from ayuda import respuesta

        @app.tool()
        def t(name: str) -> dict[str, Any]:
            r = api.save(name)
            return respuesta(name, r["id"])
    ''', ayuda='''
        def respuesta(nombre, ident):
            return {"name": nombre, "id": ident}
    ''')
    assert origenes(ev, "t") == [("id", "otro", None, None), ("name", "argumento", "name", None)]
    fila = next(f for f in ev["valor_emitido"] if f["ruta"] == "name")
    assert (fila["archivo"], fila["linea"], fila["primera"], fila["motivo"]) == ("ayuda.py", 3, True, "the argument `name`")


def test_methods_self_and_low_level_ctx_are_not_arguments(tmp_path):
    (tmp_path / "bajo.py").write_text(textwrap.dedent('''
        from mcp.server import Server
        from mcp_types import CallToolResult, ListToolsResult, Tool

        SALIDA = {"type": "object", "properties": {"ruta": {"type": "string"}, "pedido": {"type": "string"}}}

        async def listar(ctx, params):
            return ListToolsResult(tools=[Tool(name="b", input_schema={"type": "object"}, output_schema=SALIDA)])

        async def llamar(ctx, params):
            if params.name == "b":
                return CallToolResult(content=[], structured_content={"ruta": params.arguments["ruta"], "pedido": ctx.request_id})
            return CallToolResult(content=[], is_error=True)

        servidor = Server("b", on_list_tools=listar, on_call_tool=llamar)
    '''), encoding="utf-8")
    ev = evidencia(tmp_path, '''
        class Servicio:
            def __init__(self):
                self.nombre = "s"

            def t(self, name: str) -> dict[str, Any]:
                return {"de_self": self.nombre, "name": name}

        s = Servicio()
        app.add_tool(s.t)
    ''')
    assert origenes(ev, "b") == [("pedido", "otro", None, None), ("ruta", "argumento", "params.arguments.ruta", None)]
    assert origenes(ev, "t") == [("de_self", "otro", None, None), ("name", "argumento", "name", None)]


def test_a_table_lambda_reads_its_arguments(tmp_path):
    (tmp_path / "tabla.py").write_text(textwrap.dedent('''
        api = object()
        TOOLS = [{"name": "l", "inputSchema": {"type": "object"},
                  "outputSchema": {"type": "object", "properties": {"id": {"type": "string"}, "v": {"type": "string"}}},
                  "handler": lambda args: {"id": args["id"], "v": api.get(args["id"])}}]
    '''), encoding="utf-8")
    ev = extraer([tmp_path / "tabla.py"], tmp_path)
    assert origenes(ev, "l") == [("id", "argumento", "args.id", None), ("v", "otro", None, None)]


def test_echoed_and_opaque_roots_have_no_values(tmp_path):
    ev = evidencia(tmp_path, '''
        @app.tool()
        def eco(name: str) -> dict[str, Any]:
            return api.get(name)

        @app.tool()
        def opaca(name: str) -> dict[str, Any]:
            out = {"name": name}
            out["x"] = 1
            return out
    ''')
    assert origenes(ev, "eco") == [] and origenes(ev, "opaca") == []


def pistas(ev: dict) -> dict:
    return {f["herramienta"]: (f["solo_lectura"], f["destructiva"]) for f in ev["herramienta"]}


def test_hints_in_every_spelling(tmp_path):
    ev = evidencia(tmp_path, '''
        from comun import LECTURA, lectura

        SOLO = {"readOnlyHint": True}
        TITULO = " ".join(["a", "b"])  # a title the analyzer does not evaluate: the hints beside it are still read

        def _anot(ro, d=None):
            return ToolAnnotations(readOnlyHint=ro, destructiveHint=d)

        @app.tool(annotations=ToolAnnotations(readOnlyHint=True, destructiveHint=False, title=TITULO))
        def a() -> Req: ...

        @app.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True))
        def b() -> Req: ...

        @app.tool(annotations={"readOnlyHint": False, "title": TITULO})
        def c() -> Req: ...

        @app.tool(annotations=SOLO)
        def d() -> Req: ...

        @app.tool(annotations=LECTURA)
        def e() -> Req: ...

        @app.tool(annotations=lectura("t"))
        def f() -> Req: ...

        @app.tool(annotations=_anot(False, True))
        def g() -> Req: ...

        @app.tool(annotations=None)
        def h() -> Req: ...

        @app.tool()
        def i() -> Req: ...

        def j() -> Req: ...
        app.add_tool(j, annotations=ToolAnnotations(readOnlyHint=True))

        @app.tool("k", "K", "a tool", ToolAnnotations(readOnlyHint=True))    # the SDK's positional order
        def k() -> Req: ...

        def l() -> Req: ...
        app.add_tool(l, "l", None, None, {"destructiveHint": True})

        def _por_defecto(ro=True):
            return {"readOnlyHint": ro}

        @app.tool(annotations=_por_defecto())
        def m() -> Req: ...
    ''', comun='''
        from mcp.types import ToolAnnotations
        LECTURA = ToolAnnotations(readOnlyHint=True, destructiveHint=False)

        def lectura(titulo):
            return ToolAnnotations(title=titulo, readOnlyHint=True)
    ''')
    assert pistas(ev) == {
        "a": ("verdadero", "falso"), "b": ("falso", "verdadero"), "c": ("falso", "ausente"),
        "d": ("verdadero", "ausente"), "e": ("verdadero", "falso"), "f": ("verdadero", "ausente"),
        "g": ("falso", "verdadero"), "h": ("ausente", "ausente"), "i": ("ausente", "ausente"), "j": ("verdadero", "ausente"),
        "k": ("verdadero", "ausente"), "l": ("ausente", "verdadero"), "m": ("verdadero", "ausente"),
    }
    assert [f for f in ev["no_resuelto"]] == []


def test_hints_that_cannot_be_read_say_why(tmp_path):
    ev = evidencia(tmp_path, '''
        import os
        MODO = os.environ.get("RO") == "1"

        @app.tool(annotations=ToolAnnotations(readOnlyHint=MODO, destructiveHint=False))
        def a() -> Req: ...

        @app.tool(annotations=fabrica())
        def b() -> Req: ...

        @app.tool(annotations=ToolAnnotations(**OPCIONES))
        def c() -> Req: ...

        @app.tool(annotations=["readOnlyHint"])
        def d() -> Req: ...

        def _hecho(*opciones):
            return ToolAnnotations(readOnlyHint=True)

        @app.tool(annotations=_hecho(*OPCIONES))
        def f() -> Req: ...

        @app.tool(**OPCIONES)
        def g() -> Req: ...

        @app.tool(annotations={"readOnlyHint": MODO, "destructiveHint": "no"})
        def e() -> Req: ...
    ''')
    assert pistas(ev) == {"a": ("no_resuelto", "falso"), "b": ("no_resuelto", "no_resuelto"),
                          "c": ("no_resuelto", "no_resuelto"), "d": ("no_resuelto", "no_resuelto"),
                          "e": ("no_resuelto", "no_resuelto"), "f": ("no_resuelto", "no_resuelto"),
                          "g": ("no_resuelto", "no_resuelto")}
    assert sorted((f["herramienta"], f["motivo"]) for f in ev["no_resuelto"]) == [
        ("a", "annotations `ToolAnnotations(readOnlyHint=MODO, destructiveHint=False)`: readOnlyHint is not True, "
              "False or None as written"),
        ("b", "annotations `fabrica()` cannot be read: value is built by a call to fabrica() that cannot be followed"),
        ("c", "annotations `ToolAnnotations(**OPCIONES)` pass arguments without a keyword"),
        ("d", "annotations `[\"readOnlyHint\"]` are not an object"),
        ("e", "annotations `{\"readOnlyHint\": MODO, \"destructiveHint\": \"no\"}`: readOnlyHint and destructiveHint are not "
              "True, False or None as written"),
        ("f", "annotations `_hecho(*OPCIONES)` cannot be read: call to _hecho() passes *args/**kwargs the analyzer cannot bind"),
        ("g", "tool `g`: `**OPCIONES` may pass its annotations, which the analyzer cannot read"),
    ]


def test_hints_passed_through_a_wrapper_factorys_kwargs(tmp_path):
    ev = evidencia(tmp_path, '''
        import functools

        ESCRIBE = {"readOnlyHint": False, "destructiveHint": True}

        def auditada(servidor, nombre, **opciones):
            def decorador(func):
                @functools.wraps(func)
                async def envoltura(*args, **kwargs):
                    return await func(*args, **kwargs)

                servidor.tool(name=nombre, **opciones)(envoltura)
                return envoltura
            return decorador

        @auditada(app, "leer", title="Leer", annotations=ToolAnnotations(readOnlyHint=True))
        async def leer() -> Req: ...

        @auditada(app, "borrar", annotations=ESCRIBE)
        async def borrar() -> Req: ...

        @auditada(app, "sin_pistas", title="nada")
        async def sin_pistas() -> Req: ...

        @auditada(app, "desconocida", **MAS)
        async def desconocida() -> Req: ...
    ''')
    assert pistas(ev) == {"leer": ("verdadero", "ausente"), "borrar": ("falso", "verdadero"),
                          "sin_pistas": ("ausente", "ausente"), "desconocida": ("no_resuelto", "no_resuelto")}
    assert [(f["herramienta"], f["motivo"]) for f in ev["no_resuelto"]] == [
        ("desconocida", "tool `desconocida`: `**opciones` may pass its annotations, which the analyzer cannot read")]


def test_table_and_low_level_hints(tmp_path):
    (tmp_path / "tabla.py").write_text(textwrap.dedent('''
        def h(args):
            return {}
        TOOLS = [{"name": "ro", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": True}, "handler": h},
                 {"name": "rw", "inputSchema": {"type": "object"}, "handler": h}]
    '''), encoding="utf-8")
    (tmp_path / "bajo.py").write_text(textwrap.dedent('''
        from mcp.server import Server
        from mcp_types import ListToolsResult, Tool, ToolAnnotations

        async def listar(ctx, params):
            return ListToolsResult(tools=[Tool(name="x", input_schema={"type": "object"},
                                               annotations=ToolAnnotations(destructiveHint=True))])

        servidor = Server("b", on_list_tools=listar)
    '''), encoding="utf-8")
    ev = extraer(sorted(tmp_path.glob("*.py")), tmp_path)
    assert pistas(ev) == {"ro": ("verdadero", "ausente"), "rw": ("ausente", "ausente"), "x": ("ausente", "verdadero")}
