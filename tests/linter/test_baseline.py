"""`oracle-lint baseline`: adoption on a legacy server starts green, and the debt only shrinks.

A finding a list exempts becomes an entry in that list (the rules say which, tried entry by
entry); the rest become shadows scoped to the violating tools. `--update` only removes what was
paid. Every message is English and names an oracle-lint command."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from oracle_lint.linter.cli import main
from tests.linter.legado import ARREGLADAS, ROTAS, proyecto, reescribir

ISSUE = "https://example.invalid/issues/12"
PORQUE = "existing debt, recorded by oracle-lint baseline"


def _correr(*args: str) -> tuple[int, str]:
    r = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return r.exit_code, r.output


@pytest.fixture()
def legado(tmp_path, monkeypatch) -> Path:
    raiz = proyecto(tmp_path / "legado")
    monkeypatch.chdir(raiz)
    return raiz


def _lista(raiz: Path, nombre: str) -> str:
    return (raiz / "allowlists" / f"{nombre}.toml").read_text(encoding="utf-8")


def test_baseline_writes_entries_where_a_list_exempts_and_scoped_shadows_for_the_rest(legado):
    codigo, salida = _correr("baseline", "--issue", ISSUE)
    assert (codigo, salida) == (0, (
        "allowlists/echoed_root.toml: + eco\n"
        f"allowlists/opaque_root.toml: + opaca (issue {ISSUE})\n"
        f"allowlists/structural_union.toml: + union (issue {ISSUE})\n"
        f"allowlists/underdeclared.toml: + mapa (issue {ISSUE})\n"
        "pyproject.toml: shadow contrato.message_sin_code added: bound 1, tools nota\n"
        "pyproject.toml: shadow contrato.raiz_propia_estricta added: bound 1, tools suelta\n"
        "baseline: 6 line(s) changed; `oracle-lint check` passes.\n"
    ))
    assert _lista(legado, "echoed_root").endswith(f'[[entrada]]\nherramienta = "eco"\nporque = "{PORQUE}"\n')
    assert _lista(legado, "opaque_root").endswith(
        f'[[entrada]]\nherramienta = "opaca"\nissue = "{ISSUE}"\nporque = "{PORQUE}"\n'
    )
    pyproject = (legado / "pyproject.toml").read_text(encoding="utf-8")
    assert pyproject.startswith('[tool.oracle]\npaths = ["legado.py"]\n')
    assert '[tool.oracle.sombras."contrato.raiz_propia_estricta"]\n' in pyproject
    assert 'cota = 1\nherramientas = ["suelta"]\n' in pyproject
    codigo, salida = _correr("check")
    assert codigo == 0, salida
    assert salida.startswith("0 findings")
    # the files the baseline wrote are what the next baseline reads: nothing left to change
    assert _correr("baseline", "--update") == (0, "baseline: 0 line(s) changed; `oracle-lint check` passes.\n")


def test_without_an_issue_the_placeholder_is_reported_until_filled(legado):
    codigo, salida = _correr("baseline")
    assert codigo == 1
    assert "allowlists/opaque_root.toml: + opaca (issue TODO)\n" in salida
    assert "`oracle-lint check` reports 3 finding(s):\n" in salida
    assert ("allowlists/opaque_root.toml:3:1: ORC302 entry for «opaca» in the opaque_root list has "
            "no issue (or the placeholder TODO): set `issue = \"...\"` to the task that pays this debt (debt-without-issue)") in salida
    assert _correr("check")[0] == 1
    # filling it is the user's job, and the only one left: baseline --update --issue fills the placeholders
    codigo, salida = _correr("baseline", "--update", "--issue", ISSUE)
    assert codigo == 0, salida
    assert f"allowlists/opaque_root.toml: opaca: issue {ISSUE}\n" in salida
    assert _correr("check")[0] == 0


def test_update_removes_only_what_was_paid(legado):
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    reescribir(legado, {k: ARREGLADAS[k] for k in ("opaca", "nota")})
    codigo, salida = _correr("check")
    assert codigo == 1
    assert ("allowlists/opaque_root.toml:3:1: ORC301 entry for «opaca» in the opaque_root list no "
            "longer describes a violation: delete it") in salida
    assert ("pyproject.toml:1:1: ORC107 the shadow of «contrato.message_sin_code» is stale: the "
            'rule passes; remove [tool.oracle.sombras."contrato.message_sin_code"]') in salida
    codigo, salida = _correr("baseline", "--update")
    assert (codigo, salida) == (0, (
        "allowlists/opaque_root.toml: - opaca (stale)\n"
        "pyproject.toml: shadow contrato.message_sin_code removed (stale)\n"
        "baseline: 2 line(s) changed; `oracle-lint check` passes.\n"
    ))
    assert not (legado / "allowlists" / "opaque_root.toml").exists()  # a paid list is no list
    assert "message_sin_code" not in (legado / "pyproject.toml").read_text(encoding="utf-8")
    assert _correr("check")[0] == 0


def test_a_new_violation_in_another_tool_fails_naming_it_and_update_does_not_forgive_it(legado):
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    antes = {p.name: p.read_text(encoding="utf-8") for p in [legado / "pyproject.toml", *(legado / "allowlists").iterdir()]}
    reescribir(legado, ROTAS)
    codigo, salida = _correr("check")
    assert codigo == 1
    assert salida.splitlines()[0] == (
        "legado.py:27:5: ORC101 tool «cuenta» writes its root key by key but publishes it "
        "loose: make the output schema's root strict (additionalProperties: false) (own-root-not-strict)"
    )
    assert "«suelta»" not in salida  # the shadowed tool stays forgiven: only the new one is named
    codigo, salida = _correr("baseline", "--update")
    assert codigo == 1
    assert salida.startswith("baseline: 0 line(s) changed; `oracle-lint check` reports 1 finding(s):\n")
    assert {p.name: p.read_text(encoding="utf-8") for p in [legado / "pyproject.toml", *(legado / "allowlists").iterdir()]} == antes
    # accepting it is an explicit act: baseline (without --update) widens the scope
    codigo, salida = _correr("baseline")
    assert "pyproject.toml: shadow contrato.raiz_propia_estricta changed: bound 2, tools cuenta, suelta\n" in salida


def test_one_over_the_bound_in_scope_names_the_bound_and_the_findings(legado):
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    texto = (legado / "legado.py").read_text(encoding="utf-8")
    dos = texto.replace('    message: str\n', '    message: str\n    detalle: "Nota | None" = None\n', 1)
    (legado / "legado.py").write_text(dos, encoding="utf-8")
    codigo, salida = _correr("check")
    if "JSON pointer \"/$defs" not in salida:  # the nested object is a second witness in the same tool
        pytest.fail(salida)
    assert codigo == 1
    assert ("pyproject.toml:1:1: ORC107 the shadow of «contrato.message_sin_code» forgives "
            "nothing: the rule counts 2 in its tools (nota), over its bound 1; fix the new finding below (or, to "
            "accept it as debt, raise cota with `oracle-lint baseline`)") in salida


def test_a_partial_run_judges_a_scoped_shadow_for_the_tools_it_saw(tmp_path, monkeypatch):
    raiz = proyecto(tmp_path / "p", config='[tool.oracle]\npaths = ["legado.py", "otro.py"]\n')
    (raiz / "otro.py").write_text(
        "from mcp.server.fastmcp import FastMCP\nfrom pydantic import BaseModel\n\nmcp = FastMCP('o')\n\n\n"
        "class Floja(BaseModel):\n    n: int\n\n\n@mcp.tool()\ndef floja() -> Floja:\n    return Floja(n=1)\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(raiz)
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    assert 'herramientas = ["floja", "suelta"]' in (raiz / "pyproject.toml").read_text(encoding="utf-8")
    (raiz / "otro.py").write_text((raiz / "otro.py").read_text().replace("    n: int\n", '    model_config = {"extra": "forbid"}\n    n: int\n'))
    codigo, salida = _correr("check", "otro.py")
    assert codigo == 1
    assert ("pyproject.toml:1:1: ORC101 «floja» no longer violates "
            "«contrato.raiz_propia_estricta»: remove it from herramientas in "
            '[tool.oracle.sombras."contrato.raiz_propia_estricta"]') in salida
    # the run saw «floja» only: the bound's slack (2 -> 1) is the whole run's to judge
    assert "has slack" not in salida
    assert salida.endswith("a run over some files does not judge the slack or staleness of the shadows of "
                           "contrato.message_sin_code, contrato.raiz_propia_estricta (the full run does).\n")
    codigo, salida = _correr("check", "legado.py")
    assert codigo == 0, salida
    codigo, salida = _correr("baseline", "--update")
    assert "pyproject.toml: shadow contrato.raiz_propia_estricta changed: bound 1, tools suelta\n" in salida
    assert codigo == 0, salida


def test_dry_run_writes_nothing(legado):
    codigo, salida = _correr("baseline", "--dry-run", "--issue", ISSUE)
    assert codigo == 0
    assert salida.endswith("baseline: 6 line(s) would change; `oracle-lint check` passes.\n")
    assert sorted(p.name for p in legado.iterdir() if p.name != ".oracle-cache") == ["legado.py", "pyproject.toml"]
    assert (legado / "pyproject.toml").read_text(encoding="utf-8") == '[tool.oracle]\npaths = ["legado.py"]\n'


def test_an_oracle_json_project_gets_its_shadows_in_oracle_json(tmp_path, monkeypatch):
    raiz = proyecto(tmp_path / "j", config="")
    (raiz / "pyproject.toml").unlink()
    (raiz / "oracle.json").write_text(json.dumps({"paths": ["legado.py"]}), encoding="utf-8")
    monkeypatch.chdir(raiz)
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    datos = json.loads((raiz / "oracle.json").read_text(encoding="utf-8"))
    assert datos["sombras"]["contrato.raiz_propia_estricta"] == {
        "desde": datos["sombras"]["contrato.raiz_propia_estricta"]["desde"],
        "porque": PORQUE,
        "cota": 1,
        "herramientas": ["suelta"],
    }
    assert not (raiz / "pyproject.toml").exists()
    assert _correr("check")[0] == 0


def test_the_pyproject_keeps_what_the_user_wrote(tmp_path, monkeypatch):
    config = ('[project]\nname = "x"  # the name\n\n[tool.oracle]\npaths = ["legado.py"]  # the server\n\n'
              '[tool.ruff]\nline-length = 100\n')
    raiz = proyecto(tmp_path / "c", config=config)
    monkeypatch.chdir(raiz)
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    texto = (raiz / "pyproject.toml").read_text(encoding="utf-8")
    assert texto.startswith('[project]\nname = "x"  # the name\n\n[tool.oracle]\npaths = ["legado.py"]  # the server\n')
    assert texto.endswith("[tool.ruff]\nline-length = 100\n")


@pytest.mark.parametrize("issue", ["TODO", "  "])
def test_a_placeholder_issue_is_refused(legado, issue):
    r = CliRunner().invoke(main, ["baseline", "--issue", issue])
    assert r.exit_code == 2
    assert "ARGUMENTOS_INVALIDOS" in r.output and "--issue must name the issue that pays the debt" in r.output
    assert not (legado / "allowlists").exists()


def test_a_scope_that_is_not_a_list_of_names_is_a_configuration_error(legado):
    (legado / "pyproject.toml").write_text(
        '[tool.oracle]\npaths = ["legado.py"]\n\n[tool.oracle.sombras."contrato.message_sin_code"]\n'
        'desde = "2026-12-01"\nporque = "x"\nherramientas = []\n', encoding="utf-8")
    r = CliRunner().invoke(main, ["check"])
    assert r.exit_code == 2
    assert ('sombras.«contrato.message_sin_code»: «herramientas» must be a non-empty list of distinct tool names'
            in r.output)
    assert 'write herramientas = ["<tool>", ...], or remove it for an unscoped shadow.' in r.output


def test_the_hand_corpus_case_of_the_placeholder_is_what_baseline_writes(legado):
    """rules/corpus/a_mano/deuda_sin_issue__pendiente.json holds the entry baseline writes without
    --issue, as the list loader reads it: the rule's red case is the real placeholder."""
    from oracle_lint.linter.listas import cargar_listas, con_alcance

    _correr("baseline")
    filas = con_alcance(cargar_listas(legado / "allowlists", legado), set(), True)
    caso = json.loads((Path(__file__).resolve().parents[2] / "rules" / "corpus" / "a_mano"
                       / "deuda_sin_issue__pendiente.json").read_text(encoding="utf-8"))
    assert caso["evidencia"]["lista"] == [f for f in filas if f["herramienta"] == "opaca"]
    assert caso["espera"] == "rojo"


def _tabla_de_listas() -> dict[str, tuple[str, ...]]:
    texto = (Path(__file__).resolve().parents[2] / "docs" / "listas.md").read_text(encoding="utf-8")
    filas = {}
    for linea in texto.splitlines():
        celdas = [c.strip() for c in linea.strip().strip("|").split("|")]
        if len(celdas) == 4 and celdas[0].startswith("`") and celdas[1].startswith("`contrato."):
            filas[celdas[0].strip("`")] = tuple(sorted(c.strip().strip("`") for c in celdas[1].split(",")))
    return filas


def test_docs_listas_names_exactly_the_rules_each_list_exempts():
    from oracle_lint.linter.listas import LISTAS, exenciones
    from oracle_lint.nucleo.catalogo import catalogo_efectivo
    from oracle_lint.nucleo.proyecto import Proyecto

    catalogo = catalogo_efectivo(Proyecto(Path(__file__).resolve().parents[2]))
    reglas = exenciones((i, catalogo[i].medida.forma) for i in catalogo if not i.startswith("listas."))
    assert _tabla_de_listas() == reglas
    assert sorted(reglas) == sorted(LISTAS) and all(reglas.values())


def test_an_underdeclared_entry_for_a_loose_root_with_every_key_declared_is_stale(legado):
    """The table's third column, on the case that made hand-written lists stale."""
    (legado / "allowlists").mkdir()
    (legado / "allowlists" / "underdeclared.toml").write_text(
        '[[entrada]]\nherramienta = "suelta"\nissue = "x/1"\nporque = "p"\n', encoding="utf-8")
    codigo, salida = _correr("check")
    assert codigo == 1
    assert ("allowlists/underdeclared.toml:1:1: ORC301 entry for «suelta» in the underdeclared list "
            "no longer describes a violation: delete it") in salida
    # and baseline, which replaces it, shadows the finding instead
    assert "allowlists/underdeclared.toml: - suelta (stale)\n" in _correr("baseline", "--issue", ISSUE)[1]
    assert _correr("check")[0] == 0


def test_baseline_keeps_the_permissions_of_the_files_it_rewrites(legado):
    import stat

    (legado / "pyproject.toml").chmod(0o640)
    assert _correr("baseline", "--issue", ISSUE)[0] == 0
    assert stat.S_IMODE((legado / "pyproject.toml").stat().st_mode) == 0o640
    lista = legado / "allowlists" / "opaque_root.toml"  # a new file: 0o666 less the umask, never the cache's 0o600
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(lista.stat().st_mode) == 0o666 & ~umask
