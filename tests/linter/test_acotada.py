"""Resolution in bounded time (tests/fixtures/linter/acotada/): each question is answered once
whichever node asks it, every tool reads under a step budget whose breach is a row naming the
construct, and the file's time budget is checked at every resolution step."""

from __future__ import annotations

import itertools
import types

import pytest

from oracle_lint.linter.extraccion import extraer, presupuesto

from .marcas import FIXTURES

ACOTADA = FIXTURES / "acotada"


def _extraer(*archivos: str, limite: float = 0) -> dict:
    return extraer([ACOTADA / a for a in archivos], ACOTADA, trabajos=1, limite=limite)


def _filas(e: dict, relacion: str, *columnas: str) -> list[tuple]:
    return sorted(tuple(f[c] for c in columnas) for f in e[relacion])


def test_a_value_rebound_from_itself_24_times_takes_a_few_hundred_steps(monkeypatch):
    # keyed by the node that reads it, each read of `resource` re-explores every binding: 24 bindings
    # nest 24 deep, past any budget (the search that took minutes on a real server)
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", 400)
    e = _extraer("copias.py")
    assert e["no_resuelto"] == []
    assert _filas(e, "raiz", "herramienta", "linea", "procedencia", "motivo") == [
        ("directo", 87, "own", "helper _cargar() returns a literal"),
        ("refinado", 81, "opaque", "`resource` is bound to values of different provenance (opaque, own)"),
    ]


def test_a_dict_rebuilt_from_itself_20_times_is_read_once_per_binding_not_20_chains(monkeypatch):
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", 400)
    e = _extraer("acumulado.py")
    assert e["no_resuelto"] == []
    # each `d = {**d, "kN": N}` spreads what `d`'s other binding holds, read once: own, every key seen
    assert _filas(e, "raiz", "herramienta", "linea", "procedencia", "motivo") == [
        ("acumulado", 53, "own", "written key by key")]
    assert _filas(e, "clave_emitida", "clave") == sorted([("a",)] + [(f"k{n}",) for n in range(20)])


def test_a_tool_past_its_step_budget_is_a_row_naming_the_construct_and_the_others_are_judged(monkeypatch):
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", 5)
    e = _extraer("copias.py")
    assert _filas(e, "no_resuelto", "herramienta", "archivo", "linea", "motivo") == [
        ("refinado", "copias.py", 29, "reading tool `refinado` took more than 5 resolution steps (the tool's budget) "
         "while resolving the provenance of `r` (copias.py:26); the rest of it was not judged"),
    ]
    # the tool is still a tool (its schemas are judged); the tool within its budget is read whole
    assert _filas(e, "herramienta", "herramienta") == [("directo",), ("refinado",)]
    assert _filas(e, "raiz", "herramienta", "procedencia") == [("directo", "own")]


def test_the_budget_message_counts_one_step_in_the_singular(monkeypatch):
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", 1)
    e = _extraer("en_clase.py")
    assert e["herramienta"] == []
    assert _filas(e, "no_resuelto", "herramienta", "linea", "motivo") == [
        (None, 1, "finding the tools of this file took more than 1 resolution step (the budget) while resolving `self` "
         "(en_clase.py:13); its tools were not judged"),
    ]


def test_finding_tools_through_an_instance_runs_under_the_budget_and_fits_in_it(monkeypatch):
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", 2)
    assert _filas(_extraer("en_clase.py"), "no_resuelto", "motivo") == [
        ("finding the tools of this file took more than 2 resolution steps (the budget) while resolving `self.sumar` "
         "(en_clase.py:13); its tools were not judged",)]
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", 3)
    e = _extraer("en_clase.py")
    assert (e["no_resuelto"], _filas(e, "herramienta", "herramienta", "linea")) == ([], [("sumar", 13)])


def test_the_file_time_budget_is_checked_at_every_resolution_step(monkeypatch):
    """A clock that advances one second per look: the file's safe points before resolution (loading
    it, reaching each tool) are a handful, so only checks inside resolution spend a 30 s budget."""
    reloj = itertools.count()
    monkeypatch.setattr(presupuesto, "time", types.SimpleNamespace(monotonic=lambda: float(next(reloj))))
    e = _extraer("copias.py", limite=30)
    assert _filas(e, "no_resuelto", "archivo", "linea", "motivo") == [
        ("copias.py", 1, "the analysis of this file took longer than its budget of 30 s (--file-timeout); it was not judged")]
    assert e["herramienta"] == []


@pytest.mark.parametrize("limite", [0, 10_000])
def test_no_step_budget_and_a_large_one_give_the_evidence_of_the_default_one(monkeypatch, limite):
    por_defecto = _extraer("copias.py", "en_clase.py", "acumulado.py")
    assert por_defecto["no_resuelto"] == [] and len(por_defecto["herramienta"]) == 4
    monkeypatch.setattr(presupuesto, "PASOS_POR_HERRAMIENTA", limite)
    assert _extraer("copias.py", "en_clase.py", "acumulado.py") == por_defecto


def test_a_node_whose_id_keys_an_answer_is_kept_alive_with_it():
    """Answers are keyed by the id of the node asked about when it is no name: a node built for one
    question (`TOOLS[name].run` resolved as `Charla().run`) freed after it would give its id to the
    next such node, which would get the first one's answer (a flaky wrong method, seen on the
    instance-registry fixture). The key's node lives as long as the answer."""
    import sys

    import libcst as cst

    from oracle_lint.linter.extraccion.programa import Programa
    from oracle_lint.linter.extraccion.recolector import recolectar

    programa = Programa(None)  # type: ignore[arg-type]
    preguntas = []
    programa._atributo = lambda m, expr, fn, profundidad: preguntas.append(expr) or []  # type: ignore[method-assign]
    m = recolectar("a.py", "a", cst.parse_module("x = 1\n"))
    temporal = cst.Attribute(value=cst.Call(func=cst.Name("Charla")), attr=cst.Name("run"))
    antes = sys.getrefcount(temporal)
    assert programa.atributo(m, temporal, None) == [] and preguntas == [temporal]
    preguntas.clear()
    assert sys.getrefcount(temporal) == antes + 1  # held by the Programa, so its id stays its own
    assert programa.atributo(m, temporal, None) == [] and preguntas == []  # and the answer is remembered


def test_the_literals_a_tool_writes_are_placed_in_one_walk_of_its_function(tmp_path, monkeypatch):
    """Whether a written literal sits under a test that compared it (`valor_emitido.observado`) is read
    off one parent map per function: a search from the function down to each literal would visit the
    whole function once per literal (a 4,500-statement handler with 1,500 literals took minutes)."""
    import libcst as cst

    from oracle_lint.linter.extraccion import camino

    lineas = ["from mcp.server.fastmcp import FastMCP", 'mcp = FastMCP("g")', "", "@mcp.tool()",
              "def grande(x: str) -> dict[str, str]:", "    r = {"]
    lineas += [f'        "k{i}": "v{i}",' for i in range(200)] + ["    }"]
    lineas += [f'    v{i} = x + "{i}"' for i in range(400)] + ["    return r"]
    (tmp_path / "srv.py").write_text("\n".join(lineas) + "\n", encoding="utf-8")
    nodos = sum(1 for _ in camino.aristas(cst.parse_module((tmp_path / "srv.py").read_text(encoding="utf-8"))))
    visitas = []
    hijos = camino._hijos
    monkeypatch.setattr(camino, "_hijos", lambda nodo: visitas.append(1) or hijos(nodo))
    e = extraer([tmp_path / "srv.py"], tmp_path, trabajos=1)
    assert len(e["valor_emitido"]) == 200 and not any(f["observado"] for f in e["valor_emitido"])
    # every node of the module visited about once, whatever the number of literals
    assert len(visitas) <= 2 * nodos, (len(visitas), nodos)
