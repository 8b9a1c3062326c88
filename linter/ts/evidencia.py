"""TypeScript/JavaScript MCP server sources -> the analyzer's relations, the same rows the Python
front end writes for what the TypeScript front end reads so far.

Read: every tool's registration, its published input and output schemas (zod rendered as the SDK
publishes it, JSON Schema literals as written) and its annotations: `herramienta`, `esquema`,
`esquema_nodo`, `esquema_propiedad`, `esquema_hijo`, `esquema_valor`, `clave_declarada`, and
`raiz_publicada` (the root decided from the published schema alone, as for a live listing). Not
read yet: what a handler returns. Each tool therefore gets a `no_resuelto` row saying its
responses were not judged, so a run never passes a TypeScript server it only half read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional, Sequence

from ..extraccion import nodos, pistas
from ..extraccion.salida import SITIO, Salida, distinguir
from ..extraccion.tipos import Esquema, Pos
from .arbol import NoParsea
from .paquetes import Sabores
from .registro import Herramienta, Problema, registros, servidores_creados
from .valores import Lector, Ref

# `herramienta.registro` of each form: the SDK's McpServer, its low-level Server, the fastmcp package
REGISTROS = {"registerTool": "typescript", "tool": "typescript", "lowlevel": "lowlevel", "fastmcp": "fastmcp"}
MOTIVO_RESPUESTAS = ("the responses of TypeScript tool `{nombre}` are not read yet: its schemas and annotations are "
                     "judged, but emitted keys, root provenance, `complete` and post-conditions are not; judge them "
                     "live with `oracle-lint probe --calls calls.toml -- <the command that starts the server>`")
MOTIVO_SIN_HERRAMIENTAS = ("an MCP server is built here, and the project's TypeScript/JavaScript sources hold no tool "
                           "registration the analyzer can read: its tools are not judged; judge the server live with "
                           "`oracle-lint probe`")


def extraer_ts(archivos: Sequence[Path], raiz: Path, datos: Optional[dict[str, bytes]] = None
               ) -> dict[str, list[dict[str, Any]]]:
    """Rows of every tool the TypeScript/JavaScript files `archivos` register (paths under `raiz`)."""
    base = raiz.resolve()
    lector = Lector(base, datos)
    sabores = Sabores(base)
    salida = Salida()
    halladas = 0
    crean_servidor: list[Pos] = []
    for archivo in archivos:
        rel = _relativa(archivo, base)
        try:
            fuente = lector.fuente(rel)
        except NoParsea as error:
            salida.no_resuelto(None, error.motivo, Pos(rel, error.linea, error.columna))
            continue
        except FileNotFoundError:
            salida.no_resuelto(None, "the file cannot be read", Pos(rel, 1, 1))
            continue
        if fuente.error is not None:
            salida.no_resuelto(None, fuente.error.motivo, Pos(rel, fuente.error.linea, fuente.error.columna))
        for hallado in registros(lector, fuente, sabores):
            if isinstance(hallado, Problema):
                _problema(salida, hallado)
            else:
                halladas += 1
                _herramienta(salida, hallado)
        for servidor in servidores_creados(fuente):
            crean_servidor.append(_pos(servidor))
    if halladas == 0 and not salida.filas["no_resuelto"]:
        for donde in crean_servidor or [Pos(_relativa(a, base), 1, 1) for a in archivos[:1]]:
            salida.no_resuelto(None, MOTIVO_SIN_HERRAMIENTAS, donde)
    distinguir(salida.filas)
    return salida.ordenadas()


def _pos(ref: Ref) -> Pos:
    linea, columna = ref.fuente.posicion(ref.nodo)
    return Pos(ref.fuente.rel, linea, columna)


def _problema(salida: Salida, p: Problema) -> None:
    salida.no_resuelto(p.herramienta, p.motivo, _pos(p.ref))


def _herramienta(salida: Salida, h: Herramienta) -> None:
    """The rows of one tool."""
    donde = _pos(h.ref)
    sitio = f"{donde.archivo}:{donde.linea}:{donde.columna}"
    esquemas: dict[str, Esquema] = {}
    clases = {}
    for lado, leido, clase in (("entrada", h.entrada, h.clase_entrada), ("salida", h.salida, h.clase_salida)):
        if leido is not None:
            valor, ref = leido
            esquemas[lado] = Esquema(valor, _pos(ref), clase if clase != "no_resuelto" else "modelo")
            clases[lado] = esquemas[lado].clase
        else:
            clases[lado] = "no_resuelto" if clase == "no_resuelto" else "ninguno"
    sugeridas = pistas.de_listado(h.anotaciones) if not h.anotaciones_ilegibles else dict(pistas.NO_RESUELTAS)
    if "no_resuelto" in sugeridas.values() and not h.anotaciones_ilegibles:
        h.problemas.append((f"the annotations of tool `{h.nombre}` give readOnlyHint or destructiveHint a value that is "
                            f"not a boolean: {json.dumps(h.anotaciones, sort_keys=True)[:80]}", h.ref))
    salida.fila("herramienta", herramienta=h.nombre, registro=REGISTROS[h.registro],
                esquema_salida=clases["salida"], esquema_entrada=clases["entrada"], claves_emitidas=None,
                **sugeridas, **donde.fila(), **{SITIO: sitio})
    for relacion, fila in nodos.filas_de_esquemas(h.nombre, esquemas, lambda e: e.clase, nodos.validez):
        salida.fila(relacion, **fila, **{SITIO: sitio})
    if "salida" in esquemas:
        raiz = esquemas["salida"]
        salida.filas.setdefault("raiz_publicada", []).append(
            {"herramienta": h.nombre, "estricta": nodos.raiz_estricta(raiz), "declara_propiedades": nodos.declara_propiedades(raiz),
             "envoltura": False, **raiz.donde("").fila(), SITIO: sitio})
    for motivo, ref in h.problemas:
        salida.fila("no_resuelto", herramienta=h.nombre, motivo=motivo, **_pos(ref).fila(), **{SITIO: sitio})
    salida.fila("no_resuelto", herramienta=h.nombre, motivo=MOTIVO_RESPUESTAS.format(nombre=h.nombre), **donde.fila(),
                **{SITIO: sitio})


def _relativa(archivo: Path | str, base: Path) -> str:
    ruta = Path(archivo)
    ruta = ruta if ruta.is_absolute() else base / ruta
    try:
        return ruta.resolve().relative_to(base).as_posix()
    except ValueError:
        return ruta.as_posix()
