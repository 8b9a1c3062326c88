"""The tool table is built by helpers when `server.herramientas` is imported.

A mutation tool that imports the module once and forks per mutant (mutmut's fork server)
never rebuilds the table, so mutants of the helpers `_ids` and `_const` would go unseen by
the table test. Here the helpers are checked directly, and the module is executed afresh
under another name and its table compared with the seed's array.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from oracle_lint.server import herramientas
from tests.server.conversaciones import herramientas_semilla


def test_ids_y_const() -> None:
    assert herramientas._ids("d") == {
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": {"type": "string", "pattern": herramientas.PATRON_ID},
        "description": "d",
    }
    assert herramientas._const("v") == {"const": "v"}


def test_la_tabla_construida_de_nuevo_es_la_semilla() -> None:
    spec = importlib.util.spec_from_file_location("server._herramientas_de_nuevo", Path(herramientas.__file__))
    assert spec is not None and spec.loader is not None
    modulo = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = modulo  # dataclasses look their module up while the class is built
    try:
        spec.loader.exec_module(modulo)
    finally:
        del sys.modules[spec.name]
    assert modulo.definiciones() == herramientas_semilla()
