"""`python -m oracle_lint.server.contrato`: the generated block, its markers, and the command's exit statuses.

Added for the mutation round of `server/` (`bench/mutacion_servidor.py`): the document test
only checked the happy path, so mutants of the block's format, of the marker checks and of
the command's messages and statuses survived. Each case here asserts the exact text.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle_lint.server import contrato
from oracle_lint.server.herramientas import definiciones

INICIO = "<!-- herramientas-json:inicio -->"
FIN = "<!-- herramientas-json:fin -->"
ERROR_DE_MARCAS = f"the document needs exactly one {INICIO} … {FIN} pair"


def _esperado() -> str:
    cuerpo = json.dumps(definiciones(), ensure_ascii=False, indent=2)
    return f"{INICIO}\n```json\n{cuerpo}\n```\n{FIN}"


def test_el_bloque_exacto() -> None:
    bloque = contrato.bloque()
    assert bloque == _esperado()
    assert "ó" in bloque  # written as UTF-8, not \u escapes
    assert bloque.startswith(INICIO + "\n```json\n[\n  {\n    \"name\": ")


def test_con_bloque_reemplaza_solo_el_bloque() -> None:
    texto = f"antes\n{INICIO}\nviejo\n{FIN}\ndespués\n"
    assert contrato.con_bloque(texto) == f"antes\n{_esperado()}\ndespués\n"
    # Already current: unchanged.
    actual = f"a{_esperado()}b"
    assert contrato.con_bloque(actual) == actual


@pytest.mark.parametrize(
    "texto",
    [
        "sin marcas",
        f"{INICIO}\n{INICIO}\n{FIN}",
        f"{INICIO}\n{FIN}\n{FIN}",
        f"{FIN}\n{INICIO}",
        f"solo {INICIO}",
        f"solo {FIN}",
    ],
    ids=["ninguna", "dos_inicios", "dos_fines", "invertidas", "sin_fin", "sin_inicio"],
)
def test_con_bloque_exige_un_par_de_marcas(texto: str) -> None:
    with pytest.raises(ValueError) as error:
        contrato.con_bloque(texto)
    assert str(error.value) == ERROR_DE_MARCAS


def test_bloque_del_documento() -> None:
    assert contrato.bloque_del_documento(f"x{INICIO}\n```json\n[1, {{\"a\": 2}}]\n```\n{FIN}y") == [1, {"a": 2}]
    assert contrato.bloque_del_documento(f"x{INICIO}  \n```json\n[]\n```  \n{FIN}") == []
    assert contrato.bloque_del_documento(_esperado()) == definiciones()


@pytest.mark.parametrize(
    "bloque",
    ["```\n[]\n```", "[]\n```", "```json\n[]", "```json\n[]\n``", "```JSON\n[]\n```"],
    ids=["sin_lenguaje", "sin_apertura", "sin_cierre", "cierre_corto", "mayusculas"],
)
def test_bloque_del_documento_exige_una_cerca_json(bloque: str) -> None:
    with pytest.raises(ValueError) as error:
        contrato.bloque_del_documento(f"{INICIO}\n{bloque}\n{FIN}")
    assert str(error.value) == "the block must be a ```json fence"


def _doc(tmp_path: Path, texto: str) -> Path:
    doc = tmp_path / "contrato.md"
    doc.write_text(texto, encoding="utf-8")
    return doc


def test_sin_check_reescribe_el_bloque(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _doc(tmp_path, f"# t\n{INICIO}\nviejo\n{FIN}\nfin\n")
    assert contrato.main(["--doc", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8") == f"# t\n{_esperado()}\nfin\n"
    assert capsys.readouterr() == ("", "")
    # Now current: --check agrees, silently.
    assert contrato.main(["--check", "--doc", str(doc)]) == 0
    assert capsys.readouterr() == ("", "")


def test_sin_check_no_toca_un_documento_al_dia(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    doc = _doc(tmp_path, f"# t\n{_esperado()}\n")
    escrituras: list[str] = []
    monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: escrituras.append(str(self)))
    assert contrato.main(["--doc", str(doc)]) == 0
    assert escrituras == []
    assert capsys.readouterr() == ("", "")


def test_check_de_un_documento_distinto(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    texto = f"# t\n{INICIO}\nviejo\n{FIN}\n"
    doc = _doc(tmp_path, texto)
    assert contrato.main(["--check", "--doc", str(doc)]) == 1
    assert capsys.readouterr() == (
        "", f"{doc}: the tools/list block differs from server.herramientas; run python -m oracle_lint.server.contrato\n"
    )
    assert doc.read_text(encoding="utf-8") == texto  # --check never writes


@pytest.mark.parametrize(("check", "codigo"), [(True, 1), (False, 2)])
def test_documento_sin_marcas(tmp_path: Path, capsys: pytest.CaptureFixture[str], check: bool, codigo: int) -> None:
    doc = _doc(tmp_path, "sin marcas\n")
    assert contrato.main([*(["--check"] if check else []), "--doc", str(doc)]) == codigo
    assert capsys.readouterr() == ("", f"{doc}: {ERROR_DE_MARCAS}\n")
    assert doc.read_text(encoding="utf-8") == "sin marcas\n"


@pytest.mark.parametrize(("check", "codigo"), [(True, 1), (False, 2)])
def test_documento_ausente(tmp_path: Path, capsys: pytest.CaptureFixture[str], check: bool, codigo: int) -> None:
    doc = tmp_path / "no-existe.md"
    assert contrato.main([*(["--check"] if check else []), "--doc", str(doc)]) == codigo
    salida, error = capsys.readouterr()
    assert salida == ""
    assert error == f"{doc}: [Errno 2] No such file or directory: '{doc}'\n"
    assert not doc.exists()


def test_documento_por_defecto() -> None:
    assert contrato.DOC == Path(contrato.__file__).resolve().parent.parent / "docs" / "mcp-contrato.md"


def test_ayuda(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    with pytest.raises(SystemExit) as salida:
        contrato.main(["--help"])
    assert salida.value.code == 0
    ayuda, _ = capsys.readouterr()
    assert ayuda.splitlines()[0] == "usage: python -m oracle_lint.server.contrato [-h] [--check] [--doc DOC]"
    assert "\n`python -m oracle_lint.server.contrato [--check] [--doc PATH]`: the tools/list block of docs/mcp-contrato.md.\n" in ayuda
    assert "  --check     exit 1 when the document differs from the table\n" in ayuda
    assert f"  --doc DOC   the document (default: {contrato.DOC})\n" in ayuda


def test_opcion_desconocida(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    with pytest.raises(SystemExit) as salida:
        contrato.main(["--no-existe"])
    assert salida.value.code == 2
    _, error = capsys.readouterr()
    assert error == (
        "usage: python -m oracle_lint.server.contrato [-h] [--check] [--doc DOC]\n"
        "python -m oracle_lint.server.contrato: error: unrecognized arguments: --no-existe\n"
    )
