"""Which zod major a TypeScript file's `import { z } from "zod"` is: zod 3 and zod 4 publish different
JSON Schemas, so the analyzer reads it from the project's packages instead of guessing.

From the importing file's directory up, in each directory: the installed
`node_modules/zod/package.json` version (what really runs), then the zod an npm `package-lock.json`
or a `bun.lock` pins, then a `package.json` that declares `zod` in its dependencies: the release the
nearest `pnpm-lock.yaml` pins for that package's importer, else the major its range starts at. The same reading gives fastmcp's release (`version_de`). `zod/v4` (and `zod/mini`, `zod/v4-mini`) is zod 4 and `zod/v3` zod 3
whatever is installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from .tsconfig import leer_jsonc, objeto_json
from .valores import Irresoluble, Ref

CAMPOS_DEPENDENCIAS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")


class Sabores:
    """The zod major of each import a schema reading used (a `registro.Sabor`), directories memoized."""

    def __init__(self, raiz: Path) -> None:
        self.raiz = raiz.resolve()
        self._por_directorio: dict[Path, Optional[str]] = {}
        self._locks: dict[Path, dict[str, dict[str, str]]] = {}  # pnpm-lock.yaml -> its importers' releases

    def __call__(self, vistos: set[tuple[str, str]], ref: Ref) -> str:
        mayores = set()
        for rel, especificador in sorted(vistos):
            if especificador == "zod/v3":
                mayores.add("v3")
            elif especificador in ("zod/v4", "zod/mini", "zod/v4-mini"):
                # zod 4's release when zod 4 is what is installed (zod 3.25 also ships a `zod/v4`)
                sabor = self.mayor((self.raiz / rel).parent)
                mayores.add(sabor if sabor is not None and sabor.startswith("v4") else "v4")
            elif especificador == "zod":
                mayor = self.mayor((self.raiz / rel).parent)
                if mayor is None:
                    raise Irresoluble(f"which zod major `{rel}` imports cannot be told: no installed zod and no "
                                      "package.json at or above it declares `zod` (declare it, or import from "
                                      "\"zod/v4\" or \"zod/v3\")", ref)
                mayores.add(mayor)
            else:
                raise Irresoluble(f"zod imported from `{especificador}`, a module the analyzer does not read", ref)
        if len({m[:2] for m in mayores}) > 1:
            raise Irresoluble("the schema mixes zod 3 and zod 4 schemas", ref)
        if len(mayores) > 1:
            mayores = {"v4"}  # two zod 4 releases: which one publishes is not told
        return mayores.pop() if mayores else "v4"  # no zod at all (`{}`): both majors publish the same

    def mayor(self, directorio: Path) -> Optional[str]:
        """The flavor of the zod that resolves from `directorio` (`zod_json.py`'s `sabor`: "v3", "v4@X.Y.Z"
        for an installed or locked zod 4, "v4" for a declared range), None when nothing says."""
        if directorio not in self._por_directorio:
            self._por_directorio[directorio] = sabor_de(version_de(directorio, "zod", self._locks))
        return self._por_directorio[directorio]


def version_de(directorio: Path, paquete: str, memo: Optional[dict[Path, dict[str, dict[str, str]]]] = None
               ) -> Optional[str]:
    """The version (or, when only a range says, the range) of `paquete` that resolves from
    `directorio`: in each directory up, the installed `node_modules/<paquete>/package.json`, the
    release an npm `package-lock.json` or a `bun.lock` pins, then the range a package.json declares,
    or the release the nearest `pnpm-lock.yaml` pins for that package (`memo`: locks already read)."""
    actual = directorio
    while True:
        valor = _instalado(actual, paquete) or _bloqueado(actual, paquete)
        if valor is None:
            valor = _declarado(actual, paquete)
            if valor is not None and es_rango(valor):
                return fijado_por_pnpm(actual, paquete, memo) or valor
        if valor is not None or actual.parent == actual:
            return valor
        actual = actual.parent


PNPM = "pnpm-lock.yaml"
BLOQUES_PNPM = ("importers:", "dependencies:", "devDependencies:", "optionalDependencies:")


def fijado_por_pnpm(paquete: Path, nombre: str, memo: Optional[dict[Path, dict[str, dict[str, str]]]] = None
                    ) -> Optional[str]:
    """The release the nearest `pnpm-lock.yaml` at or above the package folder `paquete` pins for
    `nombre` in that package's importer (`importers["packages/x"]`, the root's `"."`, or a single
    project's top-level dependencies); None when no lock says."""
    actual = paquete
    while True:
        lock = actual / PNPM
        if lock.is_file():
            memo = {} if memo is None else memo
            if lock not in memo:
                memo[lock] = _importadores_pnpm(lock)
            importador = memo[lock].get(paquete.relative_to(actual).as_posix())
            return importador.get(nombre) if importador is not None else None
        if actual.parent == actual:
            return None
        actual = actual.parent


def _importadores_pnpm(lock: Path) -> dict[str, dict[str, str]]:
    """importer folder ("." for the root) -> package -> the release it pins. Only the lock's
    top-level blocks that hold them are parsed (a large lock's `packages` and `snapshots` are most
    of it): a YAML document's top-level keys start at column 0."""
    try:
        texto = lock.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    partes, dentro = [], False
    for linea in texto.splitlines():
        if linea[:1] not in ("", " ", "\t", "#"):
            dentro = linea.rstrip() in BLOQUES_PNPM
        if dentro:
            partes.append(linea)
    import yaml  # PyYAML: only a run that needs a pnpm lock pays for its import

    try:
        datos = yaml.load("\n".join(partes), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:  # a lock this reading cannot parse pins nothing: the declared range stands
        return {}
    if not isinstance(datos, dict):
        return {}
    importadores = datos.get("importers") if isinstance(datos.get("importers"), dict) else {".": datos}
    salida: dict[str, dict[str, str]] = {}
    for carpeta, campos in importadores.items():
        if not isinstance(campos, dict):
            continue
        fijados: dict[str, str] = {}
        for campo in CAMPOS_DEPENDENCIAS:
            for paquete, valor in (campos.get(campo) or {}).items() if isinstance(campos.get(campo), dict) else ():
                version = str(valor.get("version") if isinstance(valor, dict) else valor)
                version = version.split("(", 1)[0].split("_", 1)[0]  # `4.1.0(typescript@5.6.0)`, v5's `4.1.0_ts@5`
                if version[:1].isdigit():
                    fijados.setdefault(str(paquete), version)
        salida[str(carpeta)] = fijados
    return salida


def _instalado(directorio: Path, paquete: str = "zod") -> Optional[str]:
    datos = objeto_json(directorio / "node_modules" / paquete / "package.json")
    return datos.get("version") if datos is not None and isinstance(datos.get("version"), str) else None


def _bloqueado(directorio: Path, paquete: str = "zod") -> Optional[str]:
    """The release a lock file pins at this directory: npm's `packages["node_modules/<p>"]`, bun's
    text lock `packages["<p>"][0]` (`"zod@3.25.36"`). pnpm's YAML lock is keyed by the package folder
    that declares it: `fijado_por_pnpm`."""
    datos = objeto_json(directorio / "package-lock.json")
    paquetes = datos.get("packages") if datos is not None else None
    fijo = paquetes.get(f"node_modules/{paquete}") if isinstance(paquetes, dict) else None
    if isinstance(fijo, dict) and isinstance(fijo.get("version"), str):
        return fijo["version"]
    try:
        bun = leer_jsonc((directorio / "bun.lock").read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    entrada = bun.get("packages", {}).get(paquete) if isinstance(bun, dict) and isinstance(bun.get("packages"), dict) else None
    if isinstance(entrada, list) and entrada and isinstance(entrada[0], str) and entrada[0].startswith(paquete + "@"):
        return entrada[0][len(paquete) + 1:]
    return None


def _declarado(directorio: Path, paquete: str = "zod") -> Optional[str]:
    datos = objeto_json(directorio / "package.json")
    if datos is None:
        return None
    for campo in CAMPOS_DEPENDENCIAS:
        dependencias = datos.get(campo)
        if isinstance(dependencias, dict) and isinstance(dependencias.get(paquete), str):
            return dependencias[paquete]  # a range, or an exact version (npm installs exactly that)
    return None


def es_rango(version: str) -> bool:
    """Whether a `version_de` value is a declared range rather than a release."""
    return not version[:1].isdigit()


def sabor_de(version: Optional[str]) -> Optional[str]:
    """`zod_json.py`'s flavor of a zod version: "v3", "v4@X.Y.Z" for a zod 4 release, "v4" for a zod 4 range."""
    if version is None:
        return None
    mayor = _mayor(version)
    if mayor != "v4" or es_rango(version):
        return mayor
    partes = version.split("-", 1)[0].split(".")
    if len(partes) != 3 or not all(p.isdigit() for p in partes):
        return "v4"
    return "v4@" + ".".join(partes)


def mayor_de(version: Optional[str]) -> Optional[int]:
    """The major a version or range starts at (`^3.23.8` -> 3)."""
    if version is None:
        return None
    cifras = ""
    for c in version.strip().lstrip("^~>=v <"):
        if not c.isdigit():
            break
        cifras += c
    return int(cifras) if cifras else None


def _mayor(rango: object) -> Optional[str]:
    """"v3"/"v4" from a version or the lower end of a range (`^3.23.8`, `~4.1`, `>=3.25 <5`)."""
    if not isinstance(rango, str):
        return None
    return {3: "v3", 4: "v4"}.get(mayor_de(rango) or 0)
