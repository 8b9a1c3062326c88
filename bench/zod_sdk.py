"""Issue 32's ground truth for zod: what the real MCP TypeScript SDK lists for each zod schema case.

For each pinned (SDK, zod) pair below, a throwaway npm project in `--work` gets exactly those
releases (`npm install`), and `zod_sdk/listar.mjs` registers every case of `zod_sdk/casos.json`
as one tool's inputSchema and outputSchema and lists it through an in-memory client. The table is
written to tests/ts/datos/zod_sdk.json, which tests/ts/test_zod.py compares `linter/ts/zod_json.py`
with, case by case. The same for the `fastmcp` package (`FASTMCP`): `zod_sdk/servidor_fastmcp.mjs`
adds every case a release can list as a tool's `parameters` and `outputSchema`, started on stdio and
listed with the probe's client, into tests/ts/datos/zod_fastmcp.json. Not run in CI (it needs npm and
the registry); rerun it when a case or a release is added, and commit the tables it writes.

    .venv/bin/python bench/zod_sdk.py --work /tmp/zod-sdk
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

AQUI = Path(__file__).resolve().parent
TABLA = AQUI.parent / "tests" / "ts" / "datos" / "zod_sdk.json"
# flavor (linter/ts/zod_json.py's `sabor`) -> (SDK release, zod release, case groups): the newest zod 4 and
# zod 3, and the zod 4 releases before each change of what it publishes (4.0.17: before 4.1; 4.4.3:
# the one-release regression of `z.preprocess` and `.catch`, and before 4.5; 4.5.4: before 4.6)
SABORES = {
    "v4@4.6.7": ("1.30.0", "4.6.7", ("comunes", "solo_v4")),
    "v4@4.5.4": ("1.30.0", "4.5.4", ("comunes", "solo_v4")),
    "v4@4.4.3": ("1.30.0", "4.4.3", ("comunes", "solo_v4")),
    "v4@4.0.17": ("1.30.0", "4.0.17", ("comunes", "solo_v4")),
    "v3": ("1.30.0", "3.25.76", ("comunes",)),
}


TABLA_FASTMCP = AQUI.parent / "tests" / "ts" / "datos" / "zod_fastmcp.json"
# "<fastmcp major>:<zod flavor>" -> (fastmcp release, zod release): fastmcp 4 with zod 4.2+ (its standard
# JSON Schema), earlier zod 4, zod 3; fastmcp 3 with the same three
FASTMCP = {"4:v4@4.6.7": ("4.20.16", "4.6.7"), "4:v4@4.1.13": ("4.20.16", "4.1.13"), "4:v3": ("4.20.16", "3.25.76"),
           "3:v4@4.6.7": ("3.24.0", "4.6.7"), "3:v4@4.1.13": ("3.24.0", "4.1.13"), "3:v3": ("3.24.0", "3.25.76")}


def _proyecto(trabajo: Path, sabor: str, sdk: str, zod: str, paquete: str = "@modelcontextprotocol/sdk") -> Path:
    """An npm project with exactly that package (the SDK, or fastmcp) and zod installed (once per work directory)."""
    carpeta = trabajo / f"{paquete.rsplit('/', 1)[-1]}{sdk}-zod{zod}"
    if not (carpeta / "node_modules" / "zod").is_dir():
        carpeta.mkdir(parents=True, exist_ok=True)
        (carpeta / "package.json").write_text(json.dumps({"name": f"zod-{sabor}", "private": True, "type": "module"}),
                                              encoding="utf-8")
        extra = ["zod-to-json-schema"] if paquete == "fastmcp" else []
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent", f"{paquete}@{sdk}", f"zod@{zod}", *extra],
                       cwd=carpeta, check=True)
    instalada = json.loads((carpeta / "node_modules" / "zod" / "package.json").read_text(encoding="utf-8"))["version"]
    if instalada != zod:
        sys.exit(f"{carpeta}: zod {instalada} installed, {zod} pinned")
    return carpeta


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, required=True, help="work directory (npm projects)")
    args = parser.parse_args()
    if shutil.which("node") is None or shutil.which("npm") is None:
        sys.exit("node and npm are needed")
    tabla: dict = {"sabores": {}, "casos": {}}
    for sabor, (sdk, zod, grupos) in SABORES.items():
        carpeta = _proyecto(args.work, sabor, sdk, zod)
        shutil.copy(AQUI / "zod_sdk" / "listar.mjs", carpeta / "listar.mjs")
        salida = subprocess.run(["node", "listar.mjs", str(AQUI / "zod_sdk" / "casos.json"), *grupos], cwd=carpeta,
                                check=True, capture_output=True, text=True).stdout
        tabla["sabores"][sabor] = {"sdk": sdk, "zod": zod}
        for caso, resultado in json.loads(salida).items():
            tabla["casos"].setdefault(caso, {})[sabor] = resultado
    TABLA.parent.mkdir(parents=True, exist_ok=True)
    TABLA.write_text(json.dumps(tabla, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    errores = sum("error" in r or "error" in (r.get("output") or {}) for c in tabla["casos"].values() for r in c.values())
    print(f"{len(tabla['casos'])} cases, {errores} listings the SDK refused; written to {TABLA}")
    fastmcp(args.work, tabla)


def fastmcp(trabajo: Path, tabla: dict) -> None:
    """The fastmcp table: the cases each flavor's SDK row could list (one refused case fails a whole
    fastmcp listing), added to one fastmcp server per flavor and listed."""
    sys.path.insert(0, str(AQUI.parent))
    from oracle_lint.linter.sonda.cliente import Servidor, listar

    salida: dict = {"sabores": {}, "casos": {}}
    for clave, (version, zod) in FASTMCP.items():
        sabor = clave.split(":", 1)[1]
        carpeta = _proyecto(trabajo, sabor, version, zod, "fastmcp")
        fila = sabor if sabor in tabla["sabores"] else "v4@4.0.17"  # the SDK row of the nearest zod release
        casos = sorted(c for c, r in tabla["casos"].items() if fila in r and "error" not in r[fila]
                       and "error" not in (r[fila].get("output") or {}))
        (carpeta / "casos.json").write_text(json.dumps(casos), encoding="utf-8")
        shutil.copy(AQUI / "zod_sdk" / "servidor_fastmcp.mjs", carpeta / "servidor_fastmcp.mjs")
        listado = listar(Servidor(comando=("node", str(carpeta / "servidor_fastmcp.mjs"), str(carpeta / "casos.json")),
                                  cwd=str(carpeta)), 120, crudo=True)
        salida["sabores"][clave] = {"fastmcp": version, "zod": zod}
        for tool in listado.herramientas:
            caso = casos[int(tool["name"][1:])]
            salida["casos"].setdefault(caso, {})[clave] = {"input": tool["inputSchema"], "output": tool.get("outputSchema")}
    TABLA_FASTMCP.write_text(json.dumps(salida, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"fastmcp: {len(salida['casos'])} cases; written to {TABLA_FASTMCP}")


if __name__ == "__main__":
    main()
