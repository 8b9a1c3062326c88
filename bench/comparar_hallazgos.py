"""What a change does to the findings on real code: `check` of every corpus folder from two or more installed
oracle-lint executables, compared finding by finding (issue 33's before/after counts in docs/precision.md).

The Python corpus is `bench/real_world.py`'s (`--corpus base|ampliado|todo`, its folders and paths, read
without their venvs: no install, so the figures compare sides with each other, not with a run of record);
the TypeScript corpus (`--corpus ts`) is every row of `real_world_ts_parts/corpus.py`, each glob row a folder
per matched file's parent, run from the folder as a new user would. Each side's `check --format json
--no-cache` is kept under `--out` (a side already there is not run again), and the report gives, per rule
code, the totals of each side where they differ, then every finding one side has and the next has not.
It asserts nothing.

    .venv/bin/python bench/comparar_hallazgos.py --mirrors /work/.mirror --out /tmp/cmp \\
        antes=/tmp/old/bin/oracle-lint despues=/tmp/new/bin/oracle-lint [--corpus todo] [--jobs 2]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_world as rw  # noqa: E402
import real_world_ts as rwts  # noqa: E402
from real_world_ts_parts import corpus as corpus_ts  # noqa: E402

PLAZO = 900.0  # seconds one check may take
Hallazgo = tuple[str, str, str, int, str]  # code, tool, path, line, message


def carpetas_python(espejos: Path, trabajo: Path, corpus: str) -> list[tuple[str, Path, tuple[str, ...], bool]]:
    """(name, project, paths, configured) of every Python folder real_world.py measures."""
    repos = (rw.REPOSITORIOS if corpus in ("base", "todo") else ()) + \
        (rw.repositorios_ampliados(None) if corpus in ("ampliado", "todo") else ())
    arboles = [rw.extraer(r, espejos, trabajo) for r in repos if (espejos / r.espejo / "repo").exists()]
    return [(c.nombre, c.proyecto, tuple(c.rutas), rw.configurada(c.proyecto))
            for a in arboles for c in rw.CORTES.get(a.repo.etiqueta, rw.cortar_ampliado)(a) if rw.es_servidor(c)]


def carpetas_ts(espejos: Path, trabajo: Path) -> list[tuple[str, Path, tuple[str, ...], bool]]:
    """(name, folder, no paths, configured) of every TypeScript row, glob rows opened per matched file's parent."""
    grupos = [n for n in dir(corpus_ts) if n.isupper() and n != "MITADES" and isinstance(getattr(corpus_ts, n), tuple)]
    salida, vistas = [], set()
    for grupo in grupos:
        for repo, commit, filas in getattr(corpus_ts, grupo):
            if not (espejos / repo.replace("/", "+", 1) / "repo").exists():
                continue
            for fila in filas:
                raiz = rwts.arbol(rwts.Fila(repo, commit, fila), espejos, trabajo)
                carpetas = sorted({p.relative_to(raiz).parent.as_posix() for p in raiz.glob(fila) if p.is_file()}) \
                    if "*" in fila else [fila]
                for carpeta in carpetas:
                    if (repo, commit, carpeta) not in vistas and (raiz / carpeta).is_dir():
                        vistas.add((repo, commit, carpeta))
                        salida.append((f"{repo}@{commit[:7]}:{carpeta}", raiz / carpeta, (), True))
    return salida


def correr(exe: str, nombre: str, proyecto: Path, rutas: tuple[str, ...], configurada: bool, destino: Path,
           candado: threading.Lock) -> None:
    """One side's check of one folder, kept as {rc, out, err}. A folder with no configuration of its own gets
    an `oracle.json` naming its paths for the run only (under the project's lock: folders share projects)."""
    if destino.exists():
        return
    orden = [exe, "check", "--format", "json", "--no-cache"]
    if not rutas:  # a TypeScript folder: run from it, as a new user would
        hecho = subprocess.run(orden, cwd=proyecto, capture_output=True, text=True, timeout=PLAZO)
    elif configurada:
        hecho = subprocess.run([*orden, "--project", str(proyecto), *rutas], cwd=proyecto, capture_output=True,
                               text=True, timeout=PLAZO)
    else:
        with candado, rw.configuracion_de_corrida(proyecto, rutas):
            hecho = subprocess.run([*orden, "--project", str(proyecto)], cwd=proyecto, capture_output=True,
                                   text=True, timeout=PLAZO)
    destino.parent.mkdir(parents=True, exist_ok=True)
    destino.write_text(json.dumps({"carpeta": nombre, "rc": hecho.returncode, "out": hecho.stdout,
                                   "err": hecho.stderr[-2000:]}), encoding="utf-8")


def hallazgos(archivo: Path) -> tuple[int, Counter[Hallazgo] | None]:
    """A kept run's exit code and findings (None when it gave no JSON)."""
    datos = json.loads(archivo.read_text(encoding="utf-8"))
    try:
        lista = json.loads(datos["out"])["findings"]
    except (ValueError, KeyError):
        return datos["rc"], None
    return datos["rc"], Counter((h["code"], h.get("tool") or "", h["path"], h["line"], h["message"]) for h in lista)


def informe(out: Path, lados: list[str], nombres: list[str]) -> list[str]:
    """Per pair of consecutive sides: the codes whose totals differ, then each finding one side has more of."""
    lineas: list[str] = []
    for antes, despues in zip(lados, lados[1:]):
        totales: dict[str, Counter[str]] = {antes: Counter(), despues: Counter()}
        cambios: list[str] = []
        errores: list[str] = []
        distintas = 0
        for nombre in nombres:
            archivo = f"{nombre.replace('/', '+')}.json"
            (rc_a, a), (rc_d, d) = hallazgos(out / antes / archivo), hallazgos(out / despues / archivo)
            if rc_a not in (0, 1) or rc_d not in (0, 1) or a is None or d is None:
                errores.append(f"  {nombre}: exit {rc_a} / {rc_d}")
                continue
            for lado, c in ((antes, a), (despues, d)):
                for (codigo, *_), n in c.items():
                    totales[lado][codigo] += n
            if a != d:
                distintas += 1
                for h in sorted(set(a) | set(d)):
                    if a[h] != d[h]:
                        signo = "-" if a[h] > d[h] else "+"
                        cambios.append(f"  {signo} {nombre} | {h[0]} | {h[1]} | {h[2]}:{h[3]} | {h[4][:160]}")
        lineas.append(f"{antes} -> {despues}: {len(nombres)} folders, {distintas} with other findings")
        for codigo in sorted(set(totales[antes]) | set(totales[despues])):
            if totales[antes][codigo] != totales[despues][codigo]:
                lineas.append(f"  {codigo} {totales[antes][codigo]} -> {totales[despues][codigo]}")
        lineas += cambios
        if errores:
            lineas += ["  runs without an answer (either side):", *errores]
    return lineas


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", type=Path, required=True, help="directory of <owner>+<name>/repo bare mirrors")
    parser.add_argument("--work", type=Path, default=rw.TRABAJO_POR_DEFECTO, help="where the trees are extracted")
    parser.add_argument("--out", type=Path, required=True, help="where each side's runs are kept")
    parser.add_argument("--corpus", choices=("base", "ampliado", "todo", "ts"), default="todo")
    parser.add_argument("--only", help="only folders whose name contains this")
    parser.add_argument("--jobs", type=int, default=2, help="checks run at once (default 2)")
    parser.add_argument("lados", nargs="+", metavar="NAME=EXE", help="two or more sides, in order")
    args = parser.parse_args()
    lados = dict(a.split("=", 1) for a in args.lados)
    if len(lados) < 2:
        parser.error("give at least two sides, NAME=EXE each")
    trabajo = args.work.resolve()
    carpetas = carpetas_ts(args.mirrors, trabajo) if args.corpus == "ts" else \
        carpetas_python(args.mirrors, trabajo, args.corpus)
    carpetas = [c for c in carpetas if not args.only or args.only in c[0]]
    candados = {c[1]: threading.Lock() for c in carpetas}
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as grupo:
        futuros = [grupo.submit(correr, exe, nombre, proyecto, rutas, configurada,
                                args.out / lado / f"{nombre.replace('/', '+')}.json", candados[proyecto])
                   for lado, exe in lados.items() for nombre, proyecto, rutas, configurada in carpetas]
        for f in futuros:
            f.result()
    print("\n".join(informe(args.out, list(lados), [c[0] for c in carpetas])))


if __name__ == "__main__":
    main()
