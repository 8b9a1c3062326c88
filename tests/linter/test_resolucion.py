"""Small inline servers: resolution, provenance and complete-evidence edge cases."""

import textwrap

import pytest

from oracle_lint.linter.extraccion import extraer


def correr(tmp_path, **archivos: str) -> dict:
    for nombre, texto in archivos.items():
        (tmp_path / f"{nombre}.py").write_text(textwrap.dedent(texto))
    return extraer(sorted(tmp_path.glob("*.py")), tmp_path)


TABLA = """
from ayuda import respuesta
SALIDA = {"type": "object", "additionalProperties": False, "properties": {"a": {"type": "integer"}}}
def h(args):
    %s
HERRAMIENTAS = [{"name": "t", "outputSchema": SALIDA, "handler": h}]
"""


@pytest.mark.parametrize("cuerpo,procedencia", [
    ("return dict(a=1)", "own"),
    ("base = {'a': 1}\n    return {**base}", "own"),
    ("return respuesta()", "own"),
    ("r = {}\n    r.update(a=1)\n    return r", "opaque"),
    ("r = {}\n    r.setdefault('a', 1)\n    return r", "opaque"),
    ("return args", "opaque"),
    ("return construir()", "opaque"),
    ("return {k: 1 for k in 'a'}", "opaque"),
    ("import yaml\n    return yaml.safe_load(args['doc'])", "echoed"),
    ("return args['cliente'].fetch()['data']", "echoed"),
    ("doc = args['c'].get('/x')\n    return {'a': 1, **doc}", "echoed"),
])
def test_provenance_decision_table(tmp_path, cuerpo, procedencia):
    ev = correr(tmp_path, servidor=TABLA % cuerpo, ayuda="def respuesta():\n    return {'a': 2}\n")
    assert [f["procedencia"] for f in ev["raiz"]] == [procedencia]
    if procedencia == "own":
        assert {f["clave"] for f in ev["clave_emitida"]} == {"a"}
    else:
        assert ev["clave_emitida"] == []


@pytest.mark.parametrize("valor,evidencia", [
    ("n >= (t if t is not None else n)", "por_construccion"),
    ("len(x) >= (meta.get('total') or len(x))", "por_construccion"),
    ("len(x) >= resp.get('total', len(x))", "por_construccion"),
    ("len(x) >= resp['meta']['total_entries']", "meta_api"),
    ("not resp['has_more']", "meta_api"),
    ("len(x) == len(CATALOGO)", "corpus_propio"),
    ("True", "ninguna"),
    ("False", "no_afirma"),
    ("x is y", "desconocida"),
])
def test_complete_evidence_kinds(tmp_path, valor, evidencia):
    fuente = f"""
    CATALOGO = [1, 2]
    def h(args, n, t, x, y, meta, resp):
        return {{"complete": {valor}}}
    """
    ev = correr(tmp_path, s=fuente)
    assert [f["evidencia"] for f in ev["complete"]] == [evidencia]
    assert bool(ev["no_resuelto"]) == (evidencia == "desconocida")


def test_schema_reference_cycle_terminates(tmp_path):
    fuente = """
    S = {"type": "object", "$defs": {"N": {"type": "object", "properties": {"h": {"type": "array", "items": {"$ref": "#/$defs/N"}}}}},
         "properties": {"raiz": {"$ref": "#/$defs/N"}, "otra": {"anyOf": [{"$ref": "#"}, {"type": "null"}]}}}
    HERRAMIENTAS = [{"name": "c", "outputSchema": S, "handler": lambda a: {"raiz": {}}}]
    """
    ev = correr(tmp_path, s=fuente)
    punteros = sorted((f["puntero"], f["tipo"]) for f in ev["esquema_nodo"])
    assert punteros == [("", "objeto"), ("/$defs/N", "objeto"), ("/$defs/N/properties/h", "arreglo"),
                        ("/properties/otra", "union")]
    assert next(f for f in ev["esquema_nodo"] if f["tipo"] == "union")["ramas_estructuradas"] == 1


def test_unmodelled_annotation_is_no_resuelto(tmp_path):
    fuente = """
    from mcp.server.mcpserver import MCPServer as Servidor
    from pydantic import BaseModel, Field
    from terceros import Cosa
    app = Servidor("x")
    class M(BaseModel):
        a: int = Field(0, validation_alias="b")
    @app.tool()
    def uno() -> Cosa:
        return {}
    @app.tool()
    def dos() -> M:
        return M(a=1)
    """
    ev = correr(tmp_path, s=fuente)
    estados = {f["herramienta"]: f["esquema_salida"] for f in ev["herramienta"]}
    assert estados == {"uno": "no_resuelto", "dos": "no_resuelto"}
    motivos = sorted(f["motivo"] for f in ev["no_resuelto"])
    assert motivos == [
        "output schema of tool `dos`: Field argument `validation_alias` is not modelled",
        "output schema of tool `uno`: return annotation `Cosa` of `uno` is not defined in an analyzed file"
        "; if an installed package defines it, set `venv` in [tool.oracle] to the project's virtual environment so oracle-lint reads it",
    ]
    assert ev["raiz"] == []


def test_server_instance_imported_from_another_file(tmp_path):
    ev = correr(
        tmp_path,
        app="from mcp.server.mcpserver import MCPServer\nservidor = MCPServer('x')\n",
        herramientas="from app import servidor\n@servidor.tool(name='hola')\ndef f() -> int:\n    return 1\n",
    )
    assert [(f["herramienta"], f["registro"], f["archivo"]) for f in ev["herramienta"]] == [("hola", "decorador", "herramientas.py")]


def test_table_of_calls_with_spanish_fields(tmp_path):
    fuente = """
    from modelo import Herramienta
    def manejar(args):
        return {"ok": True}
    HERRAMIENTAS = (Herramienta(nombre="x", output_schema={"type": "object", "properties": {"ok": {"type": "boolean"}}}, manejador=manejar),)
    """
    ev = correr(tmp_path, s=fuente)
    assert [(f["herramienta"], f["registro"]) for f in ev["herramienta"]] == [("x", "tabla")]
    assert [(f["procedencia"], f["estricta"]) for f in ev["raiz"]] == [("own", False)]
