"""`oracle-lint probe` on a server in another language: a TypeScript server written with
@modelcontextprotocol/sdk and zod (tests/fixtures/sonda/ts), installed from the npm registry and
compiled by this test's setup, then started with node as any client would start it."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main

TS = Path(__file__).resolve().parents[1] / "fixtures" / "sonda" / "ts"
FUENTES = ("package.json", "tsconfig.json", "server.ts")


@pytest.fixture(scope="module")
def servidor_ts() -> list[str]:
    """`node dist/server.js` of a build kept per content of the sources (npm install + tsc once)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are not installed: the TypeScript server cannot be built")
    huella = hashlib.sha256(b"".join((TS / f).read_bytes() for f in FUENTES)).hexdigest()[:16]
    destino = Path.home() / ".cache" / "oracle-lint-tests" / f"ts-{huella}"
    if not (destino / "dist" / "server.js").exists():
        destino.mkdir(parents=True, exist_ok=True)
        for f in FUENTES:
            shutil.copy(TS / f, destino / f)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=destino, check=True, timeout=600)
        subprocess.run(["npm", "run", "--silent", "build"], cwd=destino, check=True, timeout=300)
    return ["node", str(destino / "dist" / "server.js")]


def test_a_typescript_server_is_judged_on_what_it_publishes(servidor_ts, tmp_path):
    r = CliRunner().invoke(main, ["probe", "--format", "json", "--project", str(tmp_path), "--", *servidor_ts])
    datos = json.loads(r.stdout)
    assert r.exit_code == 1
    assert [(f["rule"], f["tool"]) for f in datos["findings"]] == [
        ("contrato.message_sin_code", "publicar"), ("contrato.raiz_publicada_suelta", "buscar"),  # z.looseObject
        ("contrato.union_estructural_salida", "resolver")]
    # the TypeScript SDK has no server/discover: `auto` falls back to the initialize handshake
    assert (datos["summary"]["tools"], datos["summary"]["protocol"], datos["summary"]["server_name"]) == (4, "2025-11-25", "sonda-ts")


def test_the_modern_era_is_refused_by_a_server_that_only_knows_the_handshake(servidor_ts, tmp_path):
    r = CliRunner().invoke(main, ["probe", "--protocol", "modern", "--project", str(tmp_path), "--", *servidor_ts])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0].startswith(f"SONDA_FALLO — `{' '.join(servidor_ts)}` refused the modern era (server/discover): ")


def test_its_results_are_checked_at_run_time(servidor_ts, tmp_path):
    llamadas = tmp_path / "llamadas.toml"
    llamadas.write_text('[[call]]\ntool = "contar"\narguments = { n = 2 }\n\n[[call]]\ntool = "buscar"\narguments = { q = "x" }\n'
                        'partial = true\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["probe", "--format", "json", "--project", str(tmp_path), "--calls", str(llamadas), "--",
                                  *servidor_ts])
    datos = json.loads(r.stdout)
    # the SDK writes content[].text as JSON.stringify(structuredContent): compact; both results validate
    assert [f["rule"] for f in datos["findings"] if f["rule"].startswith("contrato.resultado")] == []
    assert datos["summary"]["calls"] == 2
