"""What a bare import names when it is a package of the repository's own workspace (`import {
ToolRegistry } from "mcp-shared"` in a pnpm, yarn or npm workspace): the package's source files, so
resolution reads them as it reads a relative module (they are never judged). A package is the
workspace's when the `node_modules/<name>` found from the importing folder up is a link to a folder
outside any `node_modules` (what a workspace install makes), or, with nothing installed, when a
member of the nearest workspace declares that name; a package installed from a registry is never
read.

Its entry is the file `exports` (`"."` or `"./sub"`, the first of the conditions `source`,
`development`, `import`, `module`, `default`, `node`, `require`, `types`), `module`, `main` or `types`
names; when that is build output (`dist/index.js`, `dist/index.d.ts`) it is mapped back to its source
through the package's tsconfig.json `outDir` and `rootDir` (`src/index.ts`), as the workspace's own
TypeScript does with project references; `src/index` is the last candidate.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any, Optional

from .tsconfig import leer_jsonc, objeto_json

CONDICIONES = ("source", "development", "import", "module", "default", "node", "require", "types")


def partir(especificador: str) -> Optional[tuple[str, str]]:
    """(package name, subpath) of a bare specifier (`@scope/pkg/sub` -> `@scope/pkg`, `sub`); None for
    one that is not bare (relative, absolute, a URL or a `node:` builtin)."""
    if not especificador or especificador.startswith((".", "/")) or ":" in especificador:
        return None
    partes = especificador.split("/")
    n = 2 if especificador.startswith("@") else 1
    if len(partes) < n or not all(partes[:n]):
        return None
    return "/".join(partes[:n]), "/".join(partes[n:])


def carpeta_del_paquete(desde: Path, nombre: str) -> Optional[Path]:
    """The folder of workspace package `nombre` as seen from the folder `desde`: the first
    `node_modules/<nombre>` up from it, when it links outside every `node_modules` (an installed
    package of a registry: None); with nothing installed, the member of the nearest workspace up
    (pnpm-workspace.yaml `packages`, package.json `workspaces`) whose package.json names it."""
    for carpeta in (desde, *desde.parents):
        enlace = carpeta / "node_modules" / nombre
        if enlace.exists():
            try:
                real = enlace.resolve()
            except OSError:
                return None
            return None if "node_modules" in real.parts or not real.is_dir() else real
    for carpeta in (desde, *desde.parents):
        patrones = _miembros(carpeta)
        if patrones is not None:
            return next((m for m in _expandir(carpeta, patrones)
                         if (objeto_json(m / "package.json") or {}).get("name") == nombre), None)
    return None


def _miembros(carpeta: Path) -> Optional[list[str]]:
    """The member patterns of a workspace rooted at `carpeta` (pnpm-workspace.yaml's `packages` list,
    or package.json's `workspaces`, a list or `{ packages }`); None when `carpeta` roots none."""
    try:
        texto = (carpeta / "pnpm-workspace.yaml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        texto = None
    if texto is not None:
        return _lista_yaml(texto, "packages")
    espacios = (objeto_json(carpeta / "package.json") or {}).get("workspaces")
    if isinstance(espacios, dict):
        espacios = espacios.get("packages")
    return [p for p in espacios if isinstance(p, str)] if isinstance(espacios, list) else None


def _lista_yaml(texto: str, clave: str) -> list[str]:
    """The strings of a top-level block list `clave:` (`  - packages/*`) or flow list (`clave: [a, b]`)
    of a YAML text, as pnpm-workspace.yaml writes them (comments and quotes allowed); what is not
    such a list gives nothing."""
    salida: list[str] = []
    dentro = False
    for linea in texto.splitlines():
        sin = linea.split(" #", 1)[0].rstrip() if not linea.lstrip().startswith("#") else ""
        if not sin.strip():
            continue
        if not sin[0].isspace() and not sin.startswith("-"):
            dentro = sin.split(":", 1)[0].strip() == clave
            resto = sin.split(":", 1)[1].strip() if dentro and ":" in sin else ""
            if dentro and resto.startswith("[") and resto.endswith("]"):
                salida += [x.strip().strip("'\"") for x in resto[1:-1].split(",") if x.strip()]
                dentro = False
            continue
        if dentro and sin.strip().startswith("- "):
            salida.append(sin.strip()[2:].strip().strip("'\""))
    return salida


def _expandir(raiz: Path, patrones: list[str]) -> list[Path]:
    """The member folders the patterns name (`packages/*`, `apps/**`; `!x` excluded), under `raiz`,
    outside node_modules, in path order."""
    incluidos: dict[Path, None] = {}
    excluidos: set[Path] = set()
    for patron in patrones:
        negado = patron.startswith("!")
        patron = patron.lstrip("!").rstrip("/")
        partes = [p for p in PurePosixPath(patron).parts if p != "."]  # `.` (the root itself), `./packages/*`
        if not patron or patron.startswith("/") or ".." in partes:
            continue
        try:
            hallados = sorted(raiz.glob("/".join(partes))) if partes else [raiz]
        except ValueError:  # a pattern pathlib does not take (`packages/**x`): it names no member here
            continue
        for m in hallados:
            if m.is_dir() and "node_modules" not in m.relative_to(raiz).parts and (m / "package.json").is_file():
                (excluidos.add(m) if negado else incluidos.setdefault(m, None))
    return [m for m in incluidos if m not in excluidos]


def candidatos(paquete: Path, sub: str) -> list[Path]:
    """The files a workspace package's entry (or `sub`) may be, the source before the build output."""
    datos = objeto_json(paquete / "package.json") or {}
    destinos = _destinos(datos, sub)
    salida: list[Path] = []
    for destino in destinos:
        fuente = _fuente_de_salida(paquete, destino)
        if fuente is not None:
            salida.append(paquete / fuente)
        salida.append(paquete / destino)
    salida.append(paquete / "src" / (sub or "index"))
    if sub:
        salida.append(paquete / sub)
    return list(dict.fromkeys(salida))


def _destinos(datos: dict[str, Any], sub: str) -> list[str]:
    """The paths `package.json` names for the entry or for `./sub`."""
    salida: list[str] = []
    exports = datos.get("exports")
    clave = "./" + sub if sub else "."
    if isinstance(exports, str) and not sub:
        salida.append(exports)
    elif isinstance(exports, dict):
        valor = exports.get(clave) if any(k.startswith(".") for k in exports) else (exports if not sub else None)
        salida += _condiciones(valor)
    if not sub:
        salida += [v for k in ("module", "main", "types", "typings") for v in [datos.get(k)] if isinstance(v, str)]
    return [s for s in dict.fromkeys(salida) if not s.startswith("..")]


def _condiciones(valor: Any) -> list[str]:
    """The paths of an `exports` value: a string, or a conditions object in CONDICIONES order."""
    if isinstance(valor, str):
        return [valor]
    if isinstance(valor, dict):
        return [p for c in CONDICIONES if c in valor for p in _condiciones(valor[c])]
    return []


def _fuente_de_salida(paquete: Path, destino: str) -> Optional[str]:
    """`dist/x.js` or `dist/x.d.ts` as the source it is built from (`src/x`, no suffix: the module
    lookup tries .ts and the others), through the package's tsconfig.json `outDir`/`rootDir`."""
    try:
        opciones = leer_jsonc((paquete / "tsconfig.json").read_text(encoding="utf-8")).get("compilerOptions") or {}
    except (OSError, ValueError, AttributeError, UnicodeDecodeError):
        return None
    salida, raiz = opciones.get("outDir"), opciones.get("rootDir", "src")
    if not isinstance(salida, str) or not isinstance(raiz, str):
        return None
    ruta, base = PurePosixPath(destino.removeprefix("./")), PurePosixPath(salida.removeprefix("./"))
    try:
        dentro = ruta.relative_to(base)
    except ValueError:
        return None
    nombre = dentro.name
    for sufijo in (".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs"):
        if nombre.endswith(sufijo):
            nombre = nombre[: -len(sufijo)]
            break
    return (PurePosixPath(raiz.removeprefix("./")) / dentro.parent / nombre).as_posix()
