"""Short stable codes and English names of the shipped rules (`rules/codigos/oracle.toml`).

The measure id stays the core's key; oracle-lint prints `ORC101 … (own-root-not-strict)` and
accepts a code, a name or an id (or a prefix of a code or an id) wherever it takes a rule. A rule
of the project's own, with no code, is shown and selected by its id.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from oracle_lint.nucleo.errores import ErrorOracle

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

RE_CODIGO = re.compile(r"^ORC[0-9]{3}$")
RE_NOMBRE = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Codigo:
    """One rule's code and English name beside its measure id."""

    id: str
    codigo: str
    nombre: str

    def etiqueta(self) -> str:
        """`ORC101 own-root-not-strict`, as SARIF names and GitHub titles show it."""
        return f"{self.codigo} {self.nombre}"


def _invalido(fuente: str, motivo: str) -> ErrorOracle:
    return ErrorOracle("CATALOGO_INVALIDO", f"{fuente}: {motivo}.", campo=fuente,
                       correccion="give each rule one {codigo = \"ORCnnn\", nombre = \"kebab-name\"}, never reused.")


def mostrar(ident: str, codigos: Mapping[str, Codigo]) -> tuple[str, str]:
    """How a finding names its rule: (the code, or the id of a rule without one; ` (name)` or "")."""
    c = codigos.get(ident)
    return (c.codigo, f" ({c.nombre})") if c else (ident, "")


def campos(ident: str, codigos: Mapping[str, Codigo]) -> dict[str, str | None]:
    """The `code` and `name` keys of a finding in the JSON formats (null for a rule without a code)."""
    c = codigos.get(ident)
    return {"code": c.codigo if c else None, "name": c.nombre if c else None}


def leer(ruta: Path) -> dict[str, Codigo]:
    """The codes file; CATALOGO_INVALIDO on a malformed table, a bad code or name, or one used twice."""
    fuente = f"rules/codigos/{ruta.name}"
    try:
        datos = tomllib.loads(ruta.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise _invalido(fuente, f"cannot be read ({error})") from None
    tabla = datos.get("codigo")
    if set(datos) != {"codigo"} or not isinstance(tabla, dict):
        raise _invalido(fuente, "it holds one table [codigo] of id = {codigo, nombre}, and nothing else")
    salida: dict[str, Codigo] = {}
    vistos: set[str] = set()
    for ident, valor in tabla.items():
        if not isinstance(valor, dict) or set(valor) != {"codigo", "nombre"}:
            raise _invalido(fuente, f"«{ident}» must be {{codigo, nombre}}")
        codigo, nombre = valor["codigo"], valor["nombre"]
        if not isinstance(codigo, str) or not RE_CODIGO.match(codigo):
            raise _invalido(fuente, f"«{ident}»: the code {codigo!r} is not ORCnnn")
        if not isinstance(nombre, str) or not RE_NOMBRE.match(nombre):
            raise _invalido(fuente, f"«{ident}»: the name {nombre!r} is not kebab-case")
        for clave in (codigo, nombre):
            if clave in vistos:
                raise _invalido(fuente, f"«{clave}» is used twice")
            vistos.add(clave)
        salida[ident] = Codigo(ident, codigo, nombre)
    return salida


def de_oracle() -> dict[str, Codigo]:
    """The codes of the rules Oracle ships (base catalog and profiles)."""
    from oracle_lint.nucleo.catalogo import directorio_rules

    return leer(directorio_rules() / "codigos" / "oracle.toml")


def quiso_decir(dado: str, posibles: Iterable[str]) -> str:
    """" Did you mean 'x'?" for the closest of `posibles` to a misspelled `dado`, or ""."""
    from oracle_lint.nucleo.parecidos import mas_parecido

    parecido = mas_parecido(dado, posibles)
    return f" Did you mean {parecido!r}?" if parecido else ""


def seleccionar(selectores: Iterable[str], ids: Iterable[str], codigos: Mapping[str, Codigo], opcion: str) -> set[str]:
    """The ids the selectors name: a code, a name or an id, exactly or as a prefix of a code or an id
    (`ORC1`, `contrato.`). A selector that names nothing is ARGUMENTOS_INVALIDOS (a typo never selects nothing)."""
    todos = sorted(ids)
    elegidos: set[str] = set()
    for selector in selectores:
        s = selector.strip()
        suyos = {
            i
            for i in todos
            if s in (i, getattr(codigos.get(i), "codigo", None), getattr(codigos.get(i), "nombre", None))
            or (len(s) >= 3 and (i.startswith(s) or getattr(codigos.get(i), "codigo", "").startswith(s.upper())))
        }
        if not suyos:
            parecidos = quiso_decir(s, [*todos, *(c for i in todos if (c := getattr(codigos.get(i), "codigo", None))),
                                        *(n for i in todos if (n := getattr(codigos.get(i), "nombre", None)))])
            raise ErrorOracle(
                "ARGUMENTOS_INVALIDOS",
                f"{opcion} {selector!r} names no rule of this project.{parecidos}",
                campo=opcion,
                correccion="use a code (ORC101), a name (own-root-not-strict), a measure id, or a prefix of a code "
                           "or an id; `oracle-lint rules` lists them.",
            )
        elegidos |= suyos
    return elegidos
