"""A TypeScript `enum` read as the object it is at run time: `Object.values(E)` / `Object.keys(E)` in a
JSON Schema literal, `E.A` as a computed key, `z.nativeEnum(E)` of a string enum; a numeric enum's object holds its names back
(and JavaScript's key order), and zod's nativeEnum of one is not read (a row)."""

from __future__ import annotations

import json
from pathlib import Path

from oracle_lint.linter.ts.evidencia import extraer_ts

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "enums"


def test_enums_are_read_as_their_run_time_object():
    filas = extraer_ts([FIXTURE / "server.ts"], FIXTURE)
    esquemas = {e["herramienta"]: json.loads(e["contenido"]) for e in filas["esquema"]}
    assert esquemas["by_value"]["properties"]["kind"] == {"type": "string", "enum": ["personas", "skills"]}
    assert esquemas["by_key"]["properties"]["kind"] == {"type": "string", "enum": ["PERSONA", "SKILL"]}
    assert esquemas["levels"]["properties"]["level"] == {"enum": ["LOW", "HIGH", "TOP", 0, 5, 6]}
    assert esquemas["computed_key"]["properties"] == {"skills": {"type": "string"}}
    assert esquemas["native"]["properties"]["kind"] == {"type": "string", "enum": ["personas", "skills"]}
    assert "native_level" not in esquemas
    assert [(n["linea"], n["herramienta"], n["motivo"]) for n in filas["no_resuelto"]] == [
        (22, "native_level", "the input schema of tool `native_level` cannot be read: `z.nativeEnum(Level)`: only "
                             "enums of strings are read")]
