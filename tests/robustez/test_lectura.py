"""Fail closed on every read: what the analyzer could not read is a finding or an error naming the
path, never a clean exit 0 (issue 15 item 2)."""

from __future__ import annotations

import os
import socket
from pathlib import Path

from tests.robustez.test_fuente import CIRCULAR, check, proyecto


def test_a_fifo_named_py_is_a_finding_not_a_hang(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", CIRCULAR)
    os.mkfifo(raiz / "tubo.py")
    codigo, salida, _ = check(raiz, tiempo=60)
    assert codigo == 1
    assert [(h["path"], h["message"]) for h in salida["findings"] if h["path"] == "tubo.py"] == [
        ("tubo.py", "could not analyze: file cannot be read: not a regular file (a FIFO)")]


def test_a_socket_named_py_is_a_finding(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", CIRCULAR)
    enchufe = socket.socket(socket.AF_UNIX)
    try:
        enchufe.bind(str(raiz / "enchufe.py"))
        codigo, salida, _ = check(raiz, tiempo=60)
    finally:
        enchufe.close()
    assert codigo == 1
    assert [h["message"] for h in salida["findings"] if h["path"] == "enchufe.py"] == [
        "could not analyze: file cannot be read: not a regular file (a socket)"]


def test_empty_paths_is_a_configuration_error(tmp_path: Path) -> None:
    raiz = tmp_path / "p"
    raiz.mkdir()
    (raiz / "pyproject.toml").write_text("[tool.oracle]\npaths = []\n", encoding="utf-8")
    codigo, _, stderr = check(raiz)
    assert codigo == 2
    assert stderr.splitlines()[0] == (f"PROYECTO_INVALIDO — {raiz.resolve()}: pyproject.toml [tool.oracle]: «paths» names no "
                                      "path, so nothing would be analyzed.")


def test_an_unlistable_directory_is_an_error_naming_it(tmp_path: Path, monkeypatch) -> None:
    """Root reads every directory, so the refusal is made where the walk lists one."""
    from click.testing import CliRunner

    from oracle_lint.linter.cli import main

    raiz = proyecto(tmp_path / "p", {**CIRCULAR, "cerrado/x.py": b"X = 1\n"})
    real = os.scandir

    def scandir(ruta=".", *args):
        if Path(ruta).name == "cerrado":
            raise PermissionError(13, "Permission denied", str(ruta))
        return real(ruta, *args)

    monkeypatch.setattr(os, "scandir", scandir)
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert r.exit_code == 2
    assert r.stderr.splitlines()[0] == ("ARCHIVOS_ILEGIBLES — 1 directory under the analyzed paths cannot be listed, so its "
                                        "files were not read.")
    assert r.stderr.splitlines()[1] == f"cerrado: Permission denied"


def test_nesting_that_crashes_libcst_is_a_finding_and_the_other_files_are_still_judged(tmp_path: Path) -> None:
    """libcst's native parser segfaulted at ~1,500 nested brackets and took the run with it."""
    hondo = b"x = " + b"[" * 2000 + b"]" * 2000 + b"\n"
    raiz = proyecto(tmp_path / "p", {**CIRCULAR, "hondo.py": hondo, "ancho.py": b"x = [" + b"(1), " * 1500 + b"]\n"})
    codigo, salida, _ = check(raiz, tiempo=120)
    assert codigo == 1
    assert [(h["path"], h["line"], h["message"]) for h in salida["findings"] if h["path"] in ("hondo.py", "ancho.py")] == [
        ("hondo.py", 1, "could not analyze: source is nested too deeply for Python's own parser: too many nested parentheses")]
    assert salida["summary"]["files"] == 4  # the two circular modules, the wide one (many brackets, shallow) and the deep one


def test_a_list_directory_that_cannot_be_listed_or_is_a_file_is_an_error(tmp_path: Path, monkeypatch) -> None:
    from click.testing import CliRunner

    from oracle_lint.linter.cli import main

    raiz = proyecto(tmp_path / "p", CIRCULAR)
    (raiz / "allowlists").write_text("not a directory", encoding="utf-8")
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stderr.splitlines()[0]) == (2, "LISTA_INVALIDA — allowlists: the list directory is not a directory.")
    (raiz / "allowlists").unlink()
    (raiz / "allowlists").mkdir()
    real = os.listdir

    def listdir(ruta="."):
        if Path(ruta).name == "allowlists":
            raise PermissionError(13, "Permission denied", str(ruta))
        return real(ruta)

    monkeypatch.setattr(os, "listdir", listdir)
    r = CliRunner().invoke(main, ["check", "--no-cache", "--project", str(raiz)])
    assert (r.exit_code, r.stderr.splitlines()[0]) == (
        2, "LISTA_INVALIDA — allowlists: the list directory cannot be listed (Permission denied).")


def _profunda(n: int = 100_000) -> str:
    return "[" * n + "]" * n


def test_a_configuration_nested_too_deep_is_a_configuration_error_in_the_linter_and_the_server(tmp_path: Path) -> None:
    import subprocess
    import sys

    casos = {"toml": ("pyproject.toml", f"[tool.oracle]\npaths = {_profunda()}\n"),
             "json": ("oracle.json", '{"paths": ' + _profunda() + "}")}
    for nombre, (archivo, texto) in casos.items():
        raiz = tmp_path / nombre
        raiz.mkdir()
        (raiz / archivo).write_text(texto, encoding="utf-8")
        codigo, _, stderr = check(raiz)
        assert codigo == 2
        assert stderr == (f"PROYECTO_INVALIDO — {raiz}: {archivo} nests tables or arrays deeper than can be read.\n"
                          f"field: proyecto\nfix: remove the deeply nested value from {archivo}.\n")
        servidor = subprocess.run([str(Path(sys.executable).parent / "oracle-mcp"), "--proyecto", str(raiz)],
                                  input=b"", capture_output=True, timeout=60)
        assert servidor.returncode == 2
        assert servidor.stderr.decode().startswith(
            f"PROYECTO_INVALIDO — {raiz}: {archivo} anida tablas o listas más hondo de lo que se puede leer.\n")


def test_a_measure_nested_too_deep_is_an_invalid_measure_not_a_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    raiz = tmp_path / "p"
    (raiz / "medidas").mkdir(parents=True)
    (raiz / "pyproject.toml").write_text("[tool.oracle]\n", encoding="utf-8")
    (raiz / "medidas" / "honda.toml").write_text(f"x = {_profunda()}\n", encoding="utf-8")
    r = subprocess.run([str(Path(sys.executable).parent / "oracle"), "medida", "listar", "--proyecto", str(raiz)],
                       capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stderr) == (2, (
        "MEDIDA_INVALIDA — medidas/honda.toml: TOML nested deeper than can be read in the text.\nfield: medida\n"
        "fix: fix the measure's text (`oracle manual operadores` documents the language).\n"))


def test_a_tree_1100_directories_deep_is_walked_not_a_recursion_error(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", {})
    hondo = raiz
    for _ in range(1100):  # one level at a time: pathlib's and os's own makedirs recurse too
        hondo = hondo / "d"
        hondo.mkdir()
    (hondo / "servidor.py").write_text("x = 1\n", encoding="utf-8")
    try:
        codigo, salida, _ = check(raiz, tiempo=120)
    finally:  # pytest's own cleanup (shutil.rmtree) recurses and would fail on this tree: undo it level by level
        (hondo / "servidor.py").unlink()
        while hondo != raiz:
            hondo.rmdir()
            hondo = hondo.parent
    assert codigo == 0 and salida["summary"]["files"] == 1


def test_a_nul_in_paths_is_a_configuration_error(tmp_path: Path) -> None:
    raiz = tmp_path / "p"
    raiz.mkdir()
    (raiz / "pyproject.toml").write_text('[tool.oracle]\npaths = ["a\\u0000b"]\n', encoding="utf-8")
    codigo, _, stderr = check(raiz)
    assert (codigo, stderr) == (2, (
        f"PROYECTO_INVALIDO — {raiz}: pyproject.toml [tool.oracle]: «paths» has a path with a NUL character.\n"
        "field: proyecto\nfix: remove the NUL character from paths.\n"))


def test_a_list_whose_entrada_is_a_value_is_an_invalid_list(tmp_path: Path) -> None:
    raiz = proyecto(tmp_path / "p", {})
    (raiz / "allowlists").mkdir()
    (raiz / "allowlists" / "opaque_root.toml").write_text("entrada = 5\n", encoding="utf-8")
    codigo, _, stderr = check(raiz)
    assert codigo == 2
    assert stderr.startswith("LISTA_INVALIDA — allowlists/opaque_root.toml: «entrada» must be [[entrada]] tables (an "
                             "array of tables), not a value.\n")
