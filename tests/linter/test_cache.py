"""The per-file fact cache: same evidence as without it, invalidated by what results came from."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import oracle_lint.linter.extraccion

from oracle_lint import linter
import oracle_lint.linter.extraccion.corrida as corrida
from oracle_lint.linter.cache import DIRECTORIO, Almacen
from oracle_lint.linter.cli import main
from oracle_lint.linter.extraccion import extraer

RAIZ_REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def calculadas(monkeypatch):
    """Files whose unit the run actually computed (not taken from the cache)."""
    vistas: list[str] = []
    original = corrida._trabajar

    def contar(*args):
        vistas.extend(args[-1])
        return original(*args)

    monkeypatch.setattr(corrida, "_trabajar", contar)
    return vistas


def _archivos(raiz: Path) -> list[Path]:
    return sorted(p for p in raiz.rglob("*.py") if DIRECTORIO not in p.parts)


def _extraer(raiz: Path, cache: bool = True, **kw):
    return extraer(_archivos(raiz), raiz, almacen=Almacen(raiz, "extraccion") if cache else None, trabajos=1, **kw)


def _entradas(raiz: Path) -> list[Path]:
    return sorted((raiz / DIRECTORIO / "extraccion").rglob("*.json"))


def test_cached_runs_give_exactly_the_uncached_evidence(copia, calculadas):
    sin = _extraer(copia, cache=False)
    frio = _extraer(copia)
    assert calculadas, "the cold run computes its units"
    calculadas.clear()
    tibio = _extraer(copia)
    assert calculadas == []  # nothing changed: every unit came from the cache
    assert json.dumps(frio, sort_keys=True) == json.dumps(sin, sort_keys=True) == json.dumps(tibio, sort_keys=True)


def test_check_findings_are_identical_with_and_without_the_cache(copia):
    salidas = [CliRunner().invoke(main, ["check", "--format", "json", "--project", str(copia), *extra]).output
               for extra in ([], [], ["--no-cache"])]
    assert salidas[0] == salidas[1] == salidas[2]
    assert json.loads(salidas[0])["findings"]


def test_no_cache_writes_nothing_and_the_cache_ignores_itself_in_git(copia):
    CliRunner().invoke(main, ["evidence", "--no-cache", "--project", str(copia)])
    assert not (copia / DIRECTORIO).exists()
    CliRunner().invoke(main, ["evidence", "--project", str(copia)])
    assert (copia / DIRECTORIO / ".gitignore").read_text().splitlines()[-1] == "*"


def test_a_changed_file_and_the_units_that_read_it_are_recomputed(copia, calculadas):
    _extraer(copia)
    calculadas.clear()
    esquemas = copia / "tabla" / "esquemas.py"  # imported by tabla/servidor.py, registers nothing itself
    esquemas.write_text(esquemas.read_text().replace('"id": {"type": "string"}', '"id": {"type": "integer"}'))
    nuevo = _extraer(copia)
    assert calculadas == ["tabla/servidor.py"]
    assert json.dumps(nuevo, sort_keys=True) == json.dumps(_extraer(copia, cache=False), sort_keys=True)
    assert any('"integer"' in f["contenido"] for f in nuevo["esquema"] if f["herramienta"] == "evento")


def test_an_edited_tool_file_is_re_extracted(copia, calculadas):
    _extraer(copia)
    calculadas.clear()
    servidor = copia / "fastmcp" / "servidor.py"
    servidor.write_text(servidor.read_text() + "\n\n@mcp.tool\ndef nueva() -> dict:\n    return {}\n")
    nuevo = _extraer(copia)
    assert calculadas == ["fastmcp/servidor.py"]
    assert "nueva" in {f["herramienta"] for f in nuevo["herramienta"]}
    assert json.dumps(nuevo, sort_keys=True) == json.dumps(_extraer(copia, cache=False), sort_keys=True)


def test_a_new_file_that_changes_an_import_lookup_invalidates(copia, calculadas):
    _extraer(copia)
    calculadas.clear()
    # `from modelos import ...` resolved by unique dotted suffix; a second `modelos` makes it ambiguous.
    (copia / "otro").mkdir()
    (copia / "otro" / "modelos.py").write_text("X = 1\n")
    nuevo = _extraer(copia)
    assert "decorador/servidor.py" in calculadas
    assert json.dumps(nuevo, sort_keys=True) == json.dumps(_extraer(copia, cache=False), sort_keys=True)


def test_a_corrupt_entry_is_ignored_and_rewritten(copia, calculadas):
    esperado = json.dumps(_extraer(copia, cache=False), sort_keys=True)
    _extraer(copia)
    entradas = _entradas(copia)
    for i, ruta in enumerate(entradas):
        ruta.write_bytes([b"{not json", b"", json.dumps({"clave": "otra", "valor": {}}).encode(),
                          json.dumps({"clave": ruta.stem, "valor": {"resultado": 1, "deps": {}}}).encode()][i % 4])
    calculadas.clear()
    assert json.dumps(_extraer(copia), sort_keys=True) == esperado
    assert calculadas  # the broken unit entries were recomputed
    for ruta in _entradas(copia):
        assert json.loads(ruta.read_bytes())["clave"] == ruta.stem
    calculadas.clear()
    assert json.dumps(_extraer(copia), sort_keys=True) == esperado
    assert calculadas == []


def test_an_analyzer_version_change_invalidates_everything(copia, calculadas, monkeypatch):
    _extraer(copia)
    calculadas.clear()
    monkeypatch.setattr(linter.extraccion, "VERSION_EXTRACTOR", "otra")
    _extraer(copia)
    assert "decorador/servidor.py" in calculadas and "tabla/servidor.py" in calculadas


def test_another_jsonschema_distribution_invalidates_everything(copia, calculadas, monkeypatch):
    """Cached facts carry jsonschema's messages about invalid schemas: another jsonschema recomputes them."""
    _extraer(copia)
    calculadas.clear()
    _extraer(copia)
    assert calculadas == []
    monkeypatch.setattr(corrida, "distribuciones_instaladas", lambda modulo, prefijos: "jsonschema-99.0.dist-info")
    _extraer(copia)
    assert "decorador/servidor.py" in calculadas and "tabla/servidor.py" in calculadas


def test_concurrent_runs_do_not_corrupt_the_cache(copia):
    esperado = json.dumps(_extraer(copia, cache=False), sort_keys=True)
    orden = [sys.executable, "-m", "oracle_lint.linter.cli", "evidence", "--project", str(copia), "--jobs", "1"]
    for _ in range(3):
        shutil.rmtree(copia / DIRECTORIO, ignore_errors=True)
        procesos = [subprocess.Popen(orden, cwd=RAIZ_REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
        salidas = [p.communicate() for p in procesos]
        assert all(p.returncode == 0 for p in procesos), [e.decode()[-500:] for _, e in salidas]
        assert len({s for s, _ in salidas}) == 1
    assert not list((copia / DIRECTORIO).rglob("*.part"))
    for ruta in _entradas(copia):
        assert json.loads(ruta.read_bytes())["clave"] == ruta.stem
    assert json.dumps(_extraer(copia), sort_keys=True) == esperado


def test_two_workers_give_exactly_the_evidence_of_one(copia, monkeypatch):
    creados = []
    original = corrida.Reparto.mapear

    def mapear(self, *args, **kw):
        creados.append(self.trabajos)
        return original(self, *args, **kw)

    monkeypatch.setattr(corrida, "UMBRAL_VERIFICAR", 0)
    monkeypatch.setattr(corrida, "UMBRAL_UNIDADES", 0)
    monkeypatch.setattr(corrida.Reparto, "mapear", mapear)
    uno = extraer(_archivos(copia), copia, trabajos=1)
    dos = extraer(_archivos(copia), copia, trabajos=2)
    assert 2 in creados
    assert json.dumps(uno, sort_keys=True) == json.dumps(dos, sort_keys=True)


def test_jobs_option_gives_the_same_evidence(copia):
    salidas = [CliRunner().invoke(main, ["evidence", "--no-cache", "--jobs", j, "--project", str(copia)]).output for j in ("1", "2")]
    assert salidas[0] == salidas[1] and json.loads(salidas[0])["herramienta"]


def test_help_imports_neither_libcst_nor_jsonschema():
    codigo = ("import sys\nfrom linter.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
              "print('libcst' in sys.modules, 'jsonschema' in sys.modules, file=sys.stderr)")
    salida = subprocess.run([sys.executable, "-c", codigo], capture_output=True, text=True, cwd=RAIZ_REPO)
    assert salida.stderr.strip().splitlines()[-1] == "False False"


def test_a_partial_run_does_not_evict_the_full_runs_result(copia, calculadas):
    _extraer(copia)
    servidor = copia / "decorador" / "servidor.py"
    calculadas.clear()
    parcial = extraer([servidor], copia, almacen=Almacen(copia, "extraccion"), trabajos=1)  # `modelos` not analyzed
    assert calculadas == ["decorador/servidor.py"]
    assert parcial != _extraer(copia, cache=False)
    calculadas.clear()
    _extraer(copia)
    extraer([servidor], copia, almacen=Almacen(copia, "extraccion"), trabajos=1)
    assert calculadas == []  # both variants are kept


def _conjunto(raiz: Path) -> dict:
    """The filed set of parse checks (verificacion.CONJUNTO), path -> [hash, failure row, forma]."""
    from oracle_lint.linter.cache import clave
    from oracle_lint.linter.extraccion.verificacion import CONJUNTO

    valor = Almacen(raiz, "extraccion").leer(clave(corrida.huella_analizador(), CONJUNTO))
    return valor["archivos"] if valor is not None else {}


def _entradas_por_archivo(raiz: Path) -> list[Path]:
    """The per-file parse-check entries (the ones holding a `forma`)."""
    return [r for r in _entradas(raiz) if "forma" in json.loads(r.read_bytes())["valor"]]


def test_a_warm_run_reads_every_parse_check_from_the_set(copia):
    esperado = json.dumps(_extraer(copia, cache=False), sort_keys=True)
    _extraer(copia)
    conjunto = _conjunto(copia)
    assert sorted(conjunto) == sorted(p.relative_to(copia).as_posix() for p in _archivos(copia))
    assert _entradas_por_archivo(copia) == []  # a run that writes the set files no entry per file as well
    assert json.dumps(_extraer(copia), sort_keys=True) == esperado
    assert _entradas_por_archivo(copia) == []  # no file was checked again, and none was looked up alone


def test_a_file_the_set_does_not_answer_is_checked_on_its_own(copia):
    _extraer(copia)
    antes = _conjunto(copia)
    roto = copia / "decorador" / "servidor.py"
    roto.write_text(roto.read_text() + "\ndef (:\n")
    esperado = json.dumps(_extraer(copia, cache=False), sort_keys=True)
    evidencia = _extraer(copia)
    assert json.dumps(evidencia, sort_keys=True) == esperado
    assert any(f["archivo"] == "decorador/servidor.py" and f["herramienta"] is None for f in evidencia["no_resuelto"])
    assert _conjunto(copia) == antes  # one file unanswered: the set is not written again for it
    assert len(_entradas_por_archivo(copia)) == 1  # the edited file's own entry


def test_the_set_is_written_again_once_enough_files_are_unanswered(copia, monkeypatch):
    _extraer(copia)
    editado = copia / "decorador" / "servidor.py"
    editado.write_text(editado.read_text() + "\nX_NUEVA = 1\n")
    monkeypatch.setattr(corrida, "REESCRIBIR", 1)
    _extraer(copia)
    import hashlib

    assert _conjunto(copia)["decorador/servidor.py"][0] == hashlib.sha256(editado.read_bytes()).hexdigest()


def test_an_unusable_check_in_the_set_is_checked_again(copia):
    from oracle_lint.linter.cache import clave
    from oracle_lint.linter.extraccion.verificacion import CONJUNTO

    esperado = json.dumps(_extraer(copia, cache=False), sort_keys=True)
    _extraer(copia)
    conjunto = _conjunto(copia)
    for ruta in _entradas_por_archivo(copia):
        ruta.unlink()
    conjunto["decorador/servidor.py"][1] = {"motivo": 3}  # a failure row of the wrong shape
    conjunto["decorador/servidor.py"][2] = None
    Almacen(copia, "extraccion").escribir(clave(corrida.huella_analizador(), CONJUNTO), {"archivos": conjunto})
    assert json.dumps(_extraer(copia), sort_keys=True) == esperado
    assert [json.loads(r.read_bytes())["valor"]["forma"] is not None for r in _entradas_por_archivo(copia)] == [True]


def test_workers_file_each_check_under_the_hash_of_the_bytes_they_checked(copia, monkeypatch):
    """A run that leaves the set as it is files each new check on its own, from the worker that made
    it, under the hash of the bytes checked; a run that writes the set files only the set."""
    import ast
    import hashlib

    from oracle_lint.linter.cache import clave
    from oracle_lint.linter.extraccion.forma import forma
    from oracle_lint.linter.extraccion.verificacion import ESPACIO

    monkeypatch.setattr(corrida, "UMBRAL_VERIFICAR", 0)

    def correr():
        return extraer(_archivos(copia), copia, almacen=Almacen(copia, "extraccion"), trabajos=2)

    correr()
    assert len(_conjunto(copia)) == len(_archivos(copia)) and _entradas_por_archivo(copia) == []
    editado = copia / "decorador" / "servidor.py"
    editado.write_text(editado.read_text() + "\nX_NUEVA = 1\n")
    correr()
    datos = editado.read_bytes()
    sha = hashlib.sha256(datos).hexdigest()
    assert [r.stem for r in _entradas_por_archivo(copia)] == [clave(corrida.huella_analizador(), ESPACIO, "decorador/servidor.py", sha)]
    assert Almacen(copia, "extraccion").leer(clave(corrida.huella_analizador(), ESPACIO, "decorador/servidor.py", sha)) == {
        "falla": None, "forma": forma(ast.parse(datos), datos)}
