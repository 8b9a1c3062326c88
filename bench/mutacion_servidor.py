"""Mutation testing of `server/` with mutmut, as one command.

    .venv/bin/python bench/mutacion_servidor.py [--trabajo DIR] [--limpio] [--max-children N]

The repository's working tree is copied to a work directory (default `build/mutacion/`,
ignored by git) so the run never touches the checkout other people are editing, the
`[tool.mutmut]` table below is written into the copy's `pyproject.toml`, and `mutmut run`
runs there. Results are cached by mutmut in `<work>/mutants/`: a second run only re-tests
what changed (`--limpio` starts over). At the end the script prints the totals and, for every
mutant that was not killed, its diff (`mutmut show`), and writes them to
`<work>/resumen.json`.

Why the table looks as it does:

- only `server/*.py` is mutated (`source_paths`);
- `tests/server` is the whole test selection, so the protocol tests are the ones that kill
  (seed 001, "Verificación del servidor"); mutmut runs, for each mutant, only the tests that
  executed its function, fastest first, and stops at the first failure;
- mutmut learns which tests execute a function by recording calls in the test process, and
  cannot see a child process. The subprocess corpus therefore never counts for it; the same
  corpus is replayed in-process through the byte transport by
  `tests/server/test_conversaciones_en_proceso.py`, which is what kills here. The three
  functions that only a real process runs (`main`, `analizador`, `proteger_stdout`) end as
  "no tests" here and are covered by `bench/mutantes_dirigidos.py` against the subprocess
  tests, together with the mutants seed 001 names that a generic tool does not
  generate (module-level schema tables, the catalog selector, swallowed errors).
- `test_el_servidor_importa_solo_biblioteca_estandar_y_nucleo` is deselected: in the mutated
  copy every function is wrapped by mutmut's trampoline, which the child process imports.
  `tests/server/test_cliente_mcp.py` is ignored: the SDK's stdio client needs a real stderr
  file descriptor, which mutmut's output capture does not have, and it runs the server in a
  child process, so it could not be selected for any mutant anyway (it still runs in CI and
  in `bench/mutantes_dirigidos.py`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

RAIZ = Path(__file__).resolve().parents[1]
TRABAJO = RAIZ / "build" / "mutacion"
MUTMUT_VERSION = "3.8.1"

TABLA_MUTMUT = """\
[tool.mutmut]
source_paths = ["server"]
only_mutate = ["server/*.py"]
also_copy = ["docs/", "examples/"]
pytest_add_cli_args_test_selection = ["tests/server"]
pytest_add_cli_args = [
    "-p", "no:cacheprovider",
    "--ignore", "tests/server/test_cliente_mcp.py",
    "--deselect", "tests/server/test_arranque.py::test_el_servidor_importa_solo_biblioteca_estandar_y_nucleo",
]
"""

IGNORAR = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "mutants", "__pycache__", ".pytest_cache", ".hypothesis", ".oracle-cache",
    "*.egg-info",
)


def _copiar(trabajo: Path) -> None:
    """Refresh the work copy from the working tree (mutmut's cache in mutants/ survives)."""
    trabajo.mkdir(parents=True, exist_ok=True)
    for hijo in RAIZ.iterdir():
        if hijo.name in {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache", ".hypothesis",
                         ".oracle-cache"} or hijo.name.endswith(".egg-info"):
            continue
        destino = trabajo / hijo.name
        if destino.is_dir() and not destino.is_symlink():
            shutil.rmtree(destino)
        elif destino.exists() or destino.is_symlink():
            destino.unlink()
        if hijo.is_dir():
            shutil.copytree(hijo, destino, ignore=IGNORAR, symlinks=True)
        else:
            shutil.copy2(hijo, destino)
    pyproject = trabajo / "pyproject.toml"
    texto = pyproject.read_text(encoding="utf-8")
    texto = re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", texto).rstrip() + "\n\n" + TABLA_MUTMUT
    pyproject.write_text(texto, encoding="utf-8")


def _mutmut(trabajo: Path, *args: str, capturar: bool = False) -> subprocess.CompletedProcess[str]:
    ejecutable = Path(sys.executable).with_name("mutmut")
    comando = [str(ejecutable) if ejecutable.exists() else "mutmut", *args]
    entorno = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MUTANT_UNDER_TEST")}
    return subprocess.run(comando, cwd=trabajo, env=entorno, text=True, capture_output=capturar, check=False)


def _resultados(trabajo: Path) -> dict[str, str]:
    """mutant name -> status, for every mutant (`mutmut results --all true`)."""
    hecho = _mutmut(trabajo, "results", "--all", "true", capturar=True)
    estados: dict[str, str] = {}
    for linea in hecho.stdout.splitlines():
        nombre, separador, estado = linea.strip().rpartition(": ")
        if separador and nombre:
            estados[nombre] = estado.strip()
    return estados


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trabajo", type=Path, default=TRABAJO, help=f"work directory (default {TRABAJO})")
    parser.add_argument("--limpio", action="store_true", help="drop mutmut's cached results first")
    parser.add_argument("--max-children", type=int, default=None, help="parallel mutant workers (default: CPUs)")
    argumentos = parser.parse_args(argv)
    trabajo: Path = argumentos.trabajo.resolve()

    try:
        from importlib.metadata import version

        instalada = version("mutmut")
    except Exception:  # noqa: BLE001 - any failure means: not usable
        sys.stderr.write(f"mutmut is not installed: pip install mutmut=={MUTMUT_VERSION}\n")
        return 2
    if instalada != MUTMUT_VERSION:
        sys.stderr.write(f"warning: mutmut {instalada} installed; this configuration was written for {MUTMUT_VERSION}\n")

    if argumentos.limpio and (trabajo / "mutants").exists():
        shutil.rmtree(trabajo / "mutants")
    _copiar(trabajo)
    inicio = time.monotonic()
    extra = ["--max-children", str(argumentos.max_children)] if argumentos.max_children else []
    hecho = _mutmut(trabajo, "run", *extra)
    segundos = time.monotonic() - inicio
    if hecho.returncode != 0:
        sys.stderr.write(f"mutmut run exited with {hecho.returncode}\n")

    estados = _resultados(trabajo)
    totales: dict[str, int] = {}
    for estado in estados.values():
        totales[estado] = totales.get(estado, 0) + 1
    no_muertos = sorted(n for n, e in estados.items() if e != "killed")
    diffs = {n: _mutmut(trabajo, "show", n, capturar=True).stdout for n in no_muertos}
    resumen = {
        "mutmut": instalada,
        "fecha": time.strftime("%Y-%m-%d"),
        "segundos": round(segundos, 1),
        "total": len(estados),
        "totales": totales,
        "no_muertos": {n: {"estado": estados[n], "diff": diffs[n]} for n in no_muertos},
    }
    (trabajo / "resumen.json").write_text(json.dumps(resumen, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")

    print(f"mutmut {instalada}: {len(estados)} mutants of server/ in {segundos:.0f} s")
    for estado, cuenta in sorted(totales.items()):
        print(f"  {estado}: {cuenta}")
    for nombre in no_muertos:
        print(f"\n--- {nombre} ({estados[nombre]})")
        print(diffs[nombre].rstrip())
    print(f"\nsummary: {trabajo / 'resumen.json'}")
    return 0 if hecho.returncode == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
