"""Orchestration: parse each file once, collect, resolve across files, emit the relations."""

from __future__ import annotations

import json
import pathlib
from typing import Any, Optional, Sequence

import libcst as cst

from . import nodos
from .anotaciones import Derivador
from .complete import Complete
from .fuente import nombre_modulo, parsear, ruta_relativa
from .literales import Literales
from .procedencia import Procedencia
from .proyecto import Proyecto
from .recolector import Modulo, recolectar
from .registro import Registro
from .tipos import Emision, Herramienta, NoResuelto, Pos

RELACIONES = ("herramienta", "esquema_nodo", "esquema", "raiz", "clave_emitida", "clave_declarada", "spread",
              "complete", "no_resuelto", "archivo")
ESTRUCTURADO = ("structuredContent", "structured_content")
NO_BOOLEANOS = (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.DictComp, cst.ListComp, cst.SetComp)


class Salida:
    """Accumulates rows per relation."""

    def __init__(self) -> None:
        self.filas: dict[str, list[dict[str, Any]]] = {r: [] for r in RELACIONES}

    def fila(self, relacion: str, **columnas: Any) -> None:
        self.filas[relacion].append(columnas)

    def no_resuelto(self, herramienta: Optional[str], motivo: str, pos: Pos) -> None:
        self.fila("no_resuelto", herramienta=herramienta, motivo=motivo, **pos.fila())

    def ordenadas(self) -> dict[str, list[dict[str, Any]]]:
        """Rows deduplicated and sorted deterministically."""
        salida = {}
        for relacion, filas in self.filas.items():
            unicas = {json.dumps(f, sort_keys=True): f for f in filas}
            salida[relacion] = sorted(unicas.values(), key=lambda f: (
                str(f.get("archivo") or ""), f.get("linea") or 0, f.get("columna") or 0, json.dumps(f, sort_keys=True)))
        return salida


def _cargar(archivos: Sequence[pathlib.Path], raiz: pathlib.Path, salida: Salida) -> list[Modulo]:
    """Read, parse and collect each file once; failures become no_resuelto rows."""
    modulos: list[Modulo] = []
    vistos: set[str] = set()
    for archivo in sorted(archivos, key=lambda p: ruta_relativa(p, raiz)):
        rel = ruta_relativa(archivo, raiz)
        if rel in vistos:
            continue
        vistos.add(rel)
        salida.fila("archivo", archivo=rel, herramientas=0)
        try:
            datos = pathlib.Path(archivo).read_bytes()
        except OSError as e:
            salida.no_resuelto(None, f"file cannot be read: {e.strerror or e}", Pos(rel, 1, 1))
            continue
        arbol = parsear(datos, rel)
        if isinstance(arbol, NoResuelto):
            salida.no_resuelto(None, arbol.motivo, arbol.pos)
            continue
        try:
            modulos.append(recolectar(rel, nombre_modulo(rel), arbol))
        except (RecursionError, Exception) as e:  # fail closed: a row, never a traceback
            salida.no_resuelto(None, f"analyzer internal error while reading the file: {type(e).__name__}: {e}", Pos(rel, 1, 1))
    return modulos


def extraer(archivos: Sequence[pathlib.Path], raiz: pathlib.Path) -> dict[str, list[dict]]:
    """Parse each file once and return the evidence: relation name -> rows."""
    salida = Salida()
    modulos = _cargar(archivos, raiz, salida)
    proyecto = Proyecto(modulos)
    literales = Literales(proyecto)
    derivador = Derivador(proyecto, literales)
    registro = Registro(proyecto, literales, derivador)
    procedencia = Procedencia(proyecto, derivador)
    herramientas: list[Herramienta] = []
    for m in modulos:
        try:
            herramientas.extend(registro.herramientas(m))
        except (RecursionError, Exception) as e:
            salida.no_resuelto(None, f"analyzer internal error while finding tools: {type(e).__name__}: {e}", Pos(m.archivo, 1, 1))
    for h in herramientas:
        try:
            _herramienta(h, salida, procedencia, proyecto)
        except (RecursionError, Exception) as e:
            salida.no_resuelto(h.nombre, f"analyzer internal error while reading tool `{h.nombre}`: {type(e).__name__}: {e}", h.pos)
    for nombre, problema in registro.problemas:
        salida.no_resuelto(nombre, problema.motivo, problema.pos or Pos("", 1, 1))
    _completes(modulos, herramientas, salida, proyecto)
    cuentas: dict[str, int] = {}
    for h in herramientas:
        cuentas[h.pos.archivo] = cuentas.get(h.pos.archivo, 0) + 1
    for fila in salida.filas["archivo"]:
        fila["herramientas"] = cuentas.get(fila["archivo"], 0)
    return salida.ordenadas()


def _herramienta(h: Herramienta, salida: Salida, procedencia: Procedencia, proyecto: Proyecto) -> None:
    """Rows of one tool: itself, its schemas and nodes, declared keys, emitted roots."""
    salida.fila("herramienta", herramienta=h.nombre, registro=h.registro, esquema_salida=h.estado_salida,
                esquema_entrada=h.estado_entrada, **h.pos.fila())
    for lado, esquema in (("entrada", h.entrada), ("salida", h.salida)):
        if esquema is None:
            continue
        valido, error = nodos.validez(esquema)
        salida.fila("esquema", herramienta=h.nombre, lado=lado, valido=valido, error=error, origen=esquema.clase,
                    raiz_objeto=nodos.raiz_objeto(esquema), contenido=json.dumps(esquema.valor, sort_keys=True),
                    **esquema.donde("").fila())
        for fila in nodos.filas_nodos(h.nombre, lado, esquema):
            salida.fila("esquema_nodo", **fila)
    if h.salida is None:
        return
    for clave in nodos.claves_declaradas(h.salida):
        salida.fila("clave_declarada", herramienta=h.nombre, clave=clave)
    estricta = nodos.raiz_estricta(h.salida)
    for emision in h.emisiones:
        _emision(h, emision, estricta, salida, procedencia, proyecto)


def _raiz_emitida(h: Herramienta, e: Emision, proyecto: Proyecto) -> Optional[cst.BaseExpression]:
    """The expression that becomes structuredContent at an emission site (None: not structured)."""
    valor = e.valor
    if isinstance(valor, cst.Await):
        valor = valor.expression
    if valor is None or (isinstance(valor, cst.Name) and valor.value == "None"):
        return None
    if isinstance(valor, cst.Call):
        nombres = proyecto.calificados(e.modulo, valor.func)
        if any(n.split(".")[0] in ("mcp", "mcp_types", "fastmcp") and n.rsplit(".", 1)[-1] in ("CallToolResult", "ToolResult") for n in nombres):
            for a in valor.args:
                if a.keyword is not None and a.keyword.value in ESTRUCTURADO:
                    return a.value
            return None
    if h.registro == "lowlevel":
        if isinstance(valor, cst.Tuple) and len(valor.elements) == 2:
            return valor.elements[1].value
        if isinstance(valor, (cst.List, cst.ListComp)):
            return None
    return valor


def _emision(h: Herramienta, e: Emision, estricta: bool, salida: Salida, procedencia: Procedencia, proyecto: Proyecto) -> None:
    """raiz / clave_emitida / spread rows of one emission site."""
    raiz = _raiz_emitida(h, e, proyecto)
    if raiz is None:
        return
    donde = e.modulo.pos(e.nodo if not isinstance(e.nodo, cst.Lambda) else e.valor)
    if h.salida is not None and h.salida.envoltura:
        salida.fila("raiz", herramienta=h.nombre, procedencia="own", estricta=estricta, envoltura=True,
                    motivo="the framework wraps the returned value in {\"result\": ...}", **donde.fila())
        salida.fila("clave_emitida", herramienta=h.nombre, clave="result", **e.modulo.pos(raiz).fila())
        return
    c = procedencia.clasificar(e.modulo, raiz, e.funcion)
    salida.fila("raiz", herramienta=h.nombre, procedencia=c.procedencia, estricta=estricta, envoltura=False,
                motivo=c.motivo, **donde.fila())
    if c.procedencia == "own":
        for clave, pos in c.claves:
            salida.fila("clave_emitida", herramienta=h.nombre, clave=clave, **pos.fila())
    for pos, antes, de_spread in c.spreads:
        salida.fila("spread", herramienta=h.nombre, clave_propia_antes=antes, procedencia=c.procedencia,
                    procedencia_spread=de_spread, **pos.fila())


def _completes(modulos: list[Modulo], herramientas: list[Herramienta], salida: Salida, proyecto: Proyecto) -> None:
    """`complete` rows, attributed to the tool whose handler (or dispatch branch) writes them."""
    clasificador = Complete(proyecto)
    duenos: dict[int, list[Herramienta]] = {}
    for h in herramientas:
        for fn in h.funciones:
            duenos.setdefault(id(fn), []).append(h)
    for m in modulos:
        for sitio in m.completes:
            if isinstance(sitio.valor, NO_BOOLEANOS):
                continue  # e.g. a schema's `"complete": {"type": "boolean"}`: describes, does not assert
            pos = m.pos(sitio.clave)
            nombre = None
            for h in duenos.get(id(sitio.funcion), []):
                if not h.rangos or any(a == m.archivo and i <= pos.linea <= f for a, i, f in h.rangos):
                    nombre = h.nombre
                    break
            try:
                evidencia, motivo = clasificador.evidencia(m, sitio)
            except (RecursionError, Exception) as e:
                evidencia, motivo = "desconocida", f"analyzer internal error: {type(e).__name__}: {e}"
            salida.fila("complete", herramienta=nombre, evidencia=evidencia, **pos.fila())
            if motivo:
                salida.no_resuelto(nombre, motivo, pos)
