"""TypeScript/JavaScript MCP server sources -> the analyzer's relations, the same rows the Python
front end writes.

Per tool: `herramienta`, its published schemas (`esquema`, `esquema_nodo`, `esquema_propiedad`,
`esquema_hijo`, `esquema_valor`, `clave_declarada`), and what its handler returns (`raiz`,
`clave_emitida`, `valor_emitido`, `spread`, `complete`: linter/ts/emision.py), the handler being
the registration's, or for a low-level tool its branch of a `CallToolRequestSchema` handler. A tool
with an output schema whose responses cannot be read (a handler the analyzer cannot follow, no
branch for its name) gets a `no_resuelto` row saying why, and a `raiz_publicada` row: its root is
then judged from the published schema alone, as for a live listing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional, Sequence

from ..extraccion import nodos
from ..extraccion import valores_de_pistas as pistas
from ..extraccion.salida import SITIO, Salida, distinguir
from ..extraccion.tipos import Esquema, Pos
from .arbol import NoParsea
from .paquetes import Sabores
from .registro import Herramienta, Problema, despachadores, importa_servidor, registros, servidores_creados
from . import emision
from .manejador import manejador
from .origenes import solo_elige
from .valores import Irresoluble, Lector, Ref

# `herramienta.registro` of each form: the SDK's McpServer, its low-level Server, the fastmcp package
REGISTROS = {"registerTool": "typescript", "tool": "typescript", "lowlevel": "lowlevel", "fastmcp": "fastmcp"}
MOTIVO_SIN_HERRAMIENTAS = ("an MCP server is built here, and the project's TypeScript/JavaScript sources hold no tool "
                           "registration the analyzer can read: its tools are not judged; judge the server live with "
                           "`oracle-lint probe`")


def extraer_ts(archivos: Sequence[Path], raiz: Path, datos: Optional[dict[str, bytes]] = None,
               resto: Sequence[Path] = ()) -> dict[str, list[dict[str, Any]]]:
    """Rows of every tool the TypeScript/JavaScript files `archivos` register (paths under `raiz`);
    `resto`, the project's other sources, are read only where resolution needs them."""
    base = raiz.resolve()
    lector = Lector(base, datos)
    lector.resto_rutas = tuple(Path(r) for r in resto)
    sabores = Sabores(base)
    salida = Salida()
    halladas = 0
    crean_servidor: list[Pos] = []
    importan: list[Pos] = []  # the sources that import the SDK's server modules or fastmcp
    despacho: list[Ref] = []  # the low-level CallToolRequestSchema handlers of every file
    todas = []  # every analyzed file that parses: where the calls of a registration wrapper are looked for
    for archivo in archivos:
        try:
            todas.append(lector.fuente(_relativa(archivo, base)))
        except (NoParsea, FileNotFoundError):
            continue
        with lector.en(None, {}):  # what a reading binds (a factory's parameters) ends with it
            try:
                despacho.extend(despachadores(lector, todas[-1]))
            except (Exception, RecursionError) as error:  # fail closed: a row instead of a traceback
                salida.no_resuelto(None, f"analyzer internal error in the TypeScript front end ({type(error).__name__}: "
                                         f"{str(error)[:120]}): this file's CallToolRequestSchema handlers are not read, "
                                         "and the responses of the tools they dispatch are not judged",
                                   Pos(todas[-1].rel, 1, 1))
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
        try:
            for hallado in registros(lector, fuente, sabores, todas):
                if isinstance(hallado, Problema):
                    _problema(salida, hallado)
                else:
                    halladas += 1
                    with lector.en(hallado.instancia, hallado.atados, hallado.construccion):
                        _herramienta(salida, hallado, lector, despacho)
        except (Exception, RecursionError) as error:  # fail closed: a row instead of a traceback
            salida.no_resuelto(None, f"analyzer internal error in the TypeScript front end ({type(error).__name__}: "
                                     f"{str(error)[:120]}): the rest of this file's tools are not judged", Pos(rel, 1, 1))
        for servidor in servidores_creados(fuente):
            crean_servidor.append(_pos(servidor))
        if importa_servidor(fuente):
            importan.append(Pos(rel, 1, 1))
    # no tool anywhere, nothing unread: where a server is built (or its SDK imported) says so; a source
    # read only because it names registerTool or McpServer (a test double, a type) is no server
    if halladas == 0 and not salida.filas["no_resuelto"]:
        for donde in crean_servidor or importan[:1]:
            salida.no_resuelto(None, MOTIVO_SIN_HERRAMIENTAS, donde)
    distinguir(salida.filas)
    return salida.ordenadas()


def _pos(ref: Ref) -> Pos:
    linea, columna = ref.fuente.posicion(ref.nodo)
    return Pos(ref.fuente.rel, linea, columna)


def _problema(salida: Salida, p: Problema) -> None:
    salida.no_resuelto(p.herramienta, p.motivo, _pos(p.ref))


def _herramienta(salida: Salida, h: Herramienta, lector: Lector, despacho: list[Ref]) -> None:
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
    leidas = _respuestas(salida, h, lector, despacho, esquemas.get("salida"), sugeridas, sitio)
    if "salida" in esquemas and not leidas:
        raiz = esquemas["salida"]
        salida.filas.setdefault("raiz_publicada", []).append(
            {"herramienta": h.nombre, "estricta": nodos.raiz_estricta(raiz), "declara_propiedades": nodos.declara_propiedades(raiz),
             "envoltura": False, **raiz.donde("").fila(), SITIO: sitio})
    for motivo, ref in h.problemas:
        salida.fila("no_resuelto", herramienta=h.nombre, motivo=motivo, **_pos(ref).fila(), **{SITIO: sitio})


def _respuestas(salida: Salida, h: Herramienta, lector: Lector, despacho: list[Ref], esquema: Optional[Esquema],
                pistas_: dict[str, str], sitio: str) -> bool:
    """The rows of what a tool's handler returns (`raiz`, `clave_emitida`, `valor_emitido`, `spread`,
    `complete`); whether its responses were read. A tool without an output schema has no emission
    site to judge (as in Python); one whose handler cannot be followed gets a row saying why."""
    fila_herramienta = salida.filas["herramienta"][-1]
    if h.registro not in ("registerTool", "tool", "lowlevel", "fastmcp"):
        return False
    try:
        if h.registro == "lowlevel":
            m = emision.despacho(lector, despacho, h.nombre, h.ref)
        elif h.manejador is None:
            raise Irresoluble(f"tool `{h.nombre}` is registered without a handler", h.ref)
        else:
            m = manejador(lector, h.manejador, h.con_argumentos, directa=h.directa)
        sitios = emision.sitios(m) if esquema is not None else []
        completes = emision.completes(m)
    except Irresoluble as e:
        if esquema is not None:
            h.problemas.append((f"the responses of tool `{h.nombre}` cannot be read: {e.motivo}", e.ref))
        return False
    for donde, evidencia in completes:
        salida.fila("complete", herramienta=h.nombre, evidencia=evidencia, fuera_de_herramientas=False,
                    **_pos(donde).fila(), **{SITIO: sitio})
        if evidencia == "desconocida":
            h.problemas.append((f"value of `complete` in tool `{h.nombre}` could not be classified", donde))
    if esquema is None:
        return False
    raices, claves, valores = len(salida.filas["raiz"]), len(salida.filas["clave_emitida"]), len(salida.filas["valor_emitido"])
    estricta, declara = nodos.raiz_estricta(esquema), nodos.declara_propiedades(esquema)
    escritos = {(v.ref.fuente.rel, v.ref.nodo.start_byte) for s in sitios for v in s.clase.valores}
    for s in sitios:
        c = s.clase
        salida.fila("raiz", herramienta=h.nombre, procedencia=c.procedencia, estricta=estricta, envoltura=False,
                    declara_propiedades=declara, mapa=c.mapa, motivo=c.motivo, **_pos(s.ref).fila(), **{SITIO: sitio})
        if c.procedencia == "own":
            for clave, ref in c.claves:
                salida.fila("clave_emitida", herramienta=h.nombre, clave=clave, **_pos(ref).fila(), **{SITIO: sitio})
            for v in c.valores:
                objeto = _pos(v.objeto)
                salida.fila("valor_emitido", herramienta=h.nombre, ruta=v.ruta, clave=v.clave, origen=v.origen,
                            argumento=v.argumento, literal=v.literal, motivo=v.motivo(), constante=v.constante,
                            objeto=f"{objeto.archivo}:{objeto.linea}:{objeto.columna}",
                            solo_elige=v.origen == "argumento" and solo_elige(m, v.argumento, escritos),
                            # the TypeScript front end does not yet show a handler changes nothing (efectos.py)
                            observado=v.observado, sin_efectos=False, **pistas_,
                            **_pos(v.ref).fila(), **{SITIO: sitio})
        for ref, antes, de_spread in c.spreads:
            salida.fila("spread", herramienta=h.nombre, clave_propia_antes=antes, procedencia=c.procedencia,
                        procedencia_spread=de_spread, **_pos(ref).fila(), **{SITIO: sitio})
    nodos.marcar_primeras(salida.filas["raiz"][raices:], "procedencia")
    nodos.marcar_primeras(salida.filas["clave_emitida"][claves:], "clave")
    nodos.marcar_primeras(salida.filas["valor_emitido"][valores:], "ruta", "origen", "argumento", "literal")
    fila_herramienta["claves_emitidas"] = nodos.lista_de_claves(salida.filas["clave_emitida"][claves:])
    return True


def _relativa(archivo: Path | str, base: Path) -> str:
    """A file's path relative to the resolved project root, with forward slashes; absolute when outside."""
    ruta = Path(archivo).resolve()
    try:
        return ruta.relative_to(base).as_posix()
    except ValueError:
        return ruta.as_posix()
