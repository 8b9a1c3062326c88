"""`oracle-lint probe` and `check --probe` on a server written with the fastmcp package (4.x, which
runs on the same mcp 2.x the probe's client uses)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from click.testing import CliRunner

from oracle_lint.linter.cli import main

SERVIDOR = Path(__file__).resolve().parents[1] / "fixtures" / "sonda" / "servidor_fastmcp.py"


def test_a_fastmcp_server_is_probed_in_the_modern_era(tmp_path):
    r = CliRunner().invoke(main, ["probe", "--format", "json", "--project", str(tmp_path), "--", sys.executable, str(SERVIDOR)])
    datos = json.loads(r.stdout)
    assert r.exit_code == 1
    # `sumar -> int` is published under fastmcp's {"result": ...} wrapper: not a root of the project's to judge
    assert [(f["rule"], f["tool"]) for f in datos["findings"]] == [("contrato.message_sin_code", "anotar"),
                                                                  ("contrato.raiz_publicada_suelta", "anotar")]
    assert (datos["summary"]["tools"], datos["summary"]["protocol"], datos["summary"]["server_name"]) == (
        2, "2026-07-28", "sonda-fastmcp")


def test_check_probe_agrees_with_fastmcp_on_every_tool_and_schema(tmp_path):
    shutil.copy(SERVIDOR, tmp_path / "servidor_fastmcp.py")
    (tmp_path / "pyproject.toml").write_text('[tool.oracle]\npaths = ["servidor_fastmcp.py"]\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--no-cache", "--probe", "--project", str(tmp_path), "--", sys.executable,
                                  "servidor_fastmcp.py"])
    assert r.exit_code == 1
    # the source's findings, and no reconciliation finding: both tools found, schemas as published (`anotar`
    # echoes its argument but changes nothing: a read, which may)
    assert r.stdout.splitlines() == [
        "servidor_fastmcp.py:10:1: ORC107 tool «anotar» declares `message` without `code` in the object "
        'at JSON pointer "" of its output schema: add a stable `code` beside it (or publish the fixed values of its '
        "outcome field), or drop the message (message-without-code)",
        "servidor_fastmcp.py:18:5: ORC101 tool «anotar» writes its root key by key but publishes it "
        "loose: make the output schema's root strict (additionalProperties: false) (own-root-not-strict)",
        "2 findings in 1 file (1 file, 2 tools analyzed).",
    ]
