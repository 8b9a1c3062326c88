"""Imports through the tsconfig.json's `compilerOptions.paths` (`@/lib/defs.js` -> `src/lib/defs.ts`;
exact patterns first, then the longest prefix; JSONC): project modules, read like relative ones; a
specifier no pattern matches is a package (its value not read: a row)."""

from __future__ import annotations

from pathlib import Path

from oracle_lint.linter.ts.evidencia import extraer_ts
from oracle_lint.linter.ts.tsconfig import alias_de_rutas, por_alias

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "typescript" / "alias"


def test_aliased_modules_are_read_as_project_modules():
    filas = extraer_ts([FIXTURE / "src" / "app" / "server.ts"], FIXTURE)
    assert [(h["archivo"], h["linea"], h["herramienta"]) for h in filas["herramienta"]] == [
        ("src/lib/defs.ts", 1, "search"), ("src/lib/defs.ts", 2, "count"), ("src/lib/defs.ts", 3, "ping")]
    assert [(n["archivo"], n["linea"], n["motivo"]) for n in filas["no_resuelto"]] == [
        ("src/app/server.ts", 14, "a tool of a `ListToolsRequestSchema` list cannot be read: `REMOTE` is not an object "
                                  "literal the analyzer can read")]


def test_patterns_are_tried_as_typescript_tries_them():
    alias = alias_de_rutas(FIXTURE / "tsconfig.json")
    assert [p for p, _ in alias] == ["@defs", "@lib/*", "@/*"]
    assert por_alias(alias, "@lib/x.js") == [FIXTURE / "src" / "lib" / "x.js"]
    assert por_alias(alias, "@/app/y") == [FIXTURE / "src" / "app" / "y"]
    assert por_alias(alias, "@defs") == [FIXTURE / "src" / "lib" / "defs.ts"]
    assert por_alias(alias, "@vendor/tools") == [] and por_alias(alias, "lodash") == []
