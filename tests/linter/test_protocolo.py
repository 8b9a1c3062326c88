"""A method called on a value typed as a Protocol runs in the classes that implement it."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest

from oracle_lint.linter.extraccion import extraer
from oracle_lint.linter.extraccion.programa import solo_lanza

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "linter"


def test_a_protocol_typed_receiver_is_read_through_its_implementations():
    ev = extraer([FIXTURES / "procedencia" / "protocolo.py"], FIXTURES)
    assert sorted((f["herramienta"], f["procedencia"], f["motivo"]) for f in ev["raiz"]) == [
        # a structural implementation (Memoria) and a subclass (Disco); Parcial lacks `contar`
        # MotorOdbc.ejecutar only raises: MotorCom's literal is what the call returns
        ("pr_protocolo_con_rechazo", "own", "method MotorCom.ejecutar() returns a literal"),
        ("pr_protocolo_leer", "own", "method Memoria.leer() returns a literal"),
        ("pr_protocolo_mutado", "opaque", "method Bitacora.anotar(): `salida` is mutated after creation (line 89)"),
        # an implementation that raises on one path and returns on another is not left out
        ("pr_protocolo_rechazo_parcial", "opaque",
         "`compactador().compactar` is bound to values of different provenance (opaque, own)"),
        ("pr_protocolo_sin_implementacion", "opaque", "method Cola.sacar() returns no value the analyzer can see"),
        # every implementation only raises: nothing is left to say what the call returns
        ("pr_protocolo_solo_rechazos", "opaque", "method ExportadorCom.exportar() only raises: it returns no value"),
    ]
    assert sorted(f["clave"] for f in ev["clave_emitida"] if f["herramienta"] == "pr_protocolo_leer") == ["filas", "filas", "ok", "ok", "ok"]
    assert sorted((f["clave"], f["linea"]) for f in ev["clave_emitida"] if f["herramienta"] == "pr_protocolo_con_rechazo") == [
        ("filas", 110), ("ok", 110)]


@pytest.mark.parametrize("fuente,lanza", [
    ('def f():\n    """Not here."""\n    raise NotImplementedError("x")\n', True),
    ("def f(): raise NotImplementedError\n", True),
    ("def f():\n    pass\n    raise ValueError\n", True),
    ("def f():\n    ...\n", False),  # a stub returns None: it raises nothing
    ('def f():\n    """Only a docstring."""\n', False),
    ("def f():\n    x = 1\n    raise ValueError(x)\n", False),
    ("def f():\n    if x:\n        return {}\n    raise ValueError\n", False),
    ('def f():\n    raise ValueError\n    "a string after it"\n', False),
])
def test_a_function_that_only_raises(fuente, lanza):
    assert solo_lanza(cst.parse_module(fuente).body[0]) is lanza
