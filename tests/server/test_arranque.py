"""Start-up: the root fixed before any message, the refusal of an invalid project, run-time imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.server.conversaciones import LANZADERA, PROYECTOS, RAIZ_REPO, entorno

PROHIBIDOS = ("linter", "click", "jsonschema", "mcp", "mcp_types", "pydantic", "libcst")


def _correr(*args: str, entrada: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, *args], input=entrada, capture_output=True, cwd=LANZADERA, env=entorno(), timeout=60
    )


def test_el_servidor_importa_solo_biblioteca_estandar_y_nucleo() -> None:
    codigo = (
        "import sys, json\n"
        "import oracle_lint.server, oracle_lint.server.principal, oracle_lint.server.eras, oracle_lint.server.transporte, "
        "oracle_lint.server.trabajos, oracle_lint.server.herramientas, oracle_lint.server.adaptador, "
        "oracle_lint.server.validacion, oracle_lint.server.contrato\n"
        "from oracle_lint.server.eras import ejecutar\n"
        "from oracle_lint.server.herramientas import POR_NOMBRE\n"
        f"r = ejecutar(POR_NOMBRE['oracle_catalogo_efectivo'], {{}}, __import__('pathlib').Path({str(PROYECTOS / 'efectivo')!r}).resolve(), False)\n"
        "assert r is not None and r['isError'] is False, r\n"
        "print(json.dumps(sorted({m.split('.')[1] if m.startswith('oracle_lint.') else m.split('.')[0] for m in sys.modules})))\n"
    )
    hecho = _correr("-c", codigo)
    assert hecho.returncode == 0, hecho.stderr.decode()
    cargados = set(json.loads(hecho.stdout))
    assert not (cargados & set(PROHIBIDOS)), cargados & set(PROHIBIDOS)


def test_un_proyecto_invalido_no_arranca(tmp_path: Path) -> None:
    hecho = _correr("-m", "oracle_lint.server", "--proyecto", str(tmp_path / "no-existe"), entrada=b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    assert hecho.returncode == 2
    assert hecho.stdout == b""
    primera = hecho.stderr.decode().splitlines()[0]
    assert primera.startswith(f"PROYECTO_INVALIDO — {tmp_path / 'no-existe'}: la raíz no existe")


def test_una_configuracion_invalida_no_arranca(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.oracle]\nrelaciones = ["herramienta"]\n', encoding="utf-8")
    hecho = _correr("-m", "oracle_lint.server", "--proyecto", str(tmp_path))
    assert hecho.returncode == 2 and hecho.stdout == b""
    assert hecho.stderr.decode().startswith(f"PROYECTO_INVALIDO — {tmp_path.resolve()}: pyproject.toml [tool.oracle]: clave desconocida «relaciones»")


def test_uso_sin_proyecto() -> None:
    hecho = _correr("-m", "oracle_lint.server")
    assert hecho.returncode == 2 and hecho.stdout == b""
    assert b"--proyecto" in hecho.stderr


def test_fin_de_entrada_sin_mensajes() -> None:
    hecho = _correr("-m", "oracle_lint.server", "--proyecto", str(PROYECTOS / "efectivo"))
    assert hecho.returncode == 0 and hecho.stdout == b""


def test_entry_point() -> None:
    from oracle_lint.server.principal import main

    assert callable(main)
