"""Per-unit extraction: one entry-point file's tools, schemas, roots and `complete` sites.

A unit is everything `registro.herramientas(m)` finds in one module plus that module's
`complete` sites. Its result is plain data (rows, tool handler identities, dependencies),
so it can cross a process boundary and live in the cache. Other modules are parsed only when
resolution reaches them, and every module reached is recorded as a dependency.
"""

from __future__ import annotations

import pathlib
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Optional

import libcst as cst

from ..cache import Almacen
from . import nodos
from .anotaciones import Derivador
from .carga import Cargador
from .verificacion import Formas
from .complete import Complete
from .eco import Valor
from .eleccion import Elecciones
from .literales import Literales
from .presupuesto import Agotado, Desbordado, comprobar, pasos, presupuesto
from .procedencia import Procedencia
from .recogida import a_podas, restaurar
from .recolector import todos_los_parametros
from .proyecto import Dependencias, Proyecto
from .registro import Registro
from .salida import SITIO, Salida
from .tipos import Emision, Herramienta, Pos
from .validez import Validez

ESTRUCTURADO = ("structuredContent", "structured_content")
RESULTADOS = ("CallToolResult", "ToolResult")  # the SDK result types an emission site may build
NO_BOOLEANOS = (cst.Dict, cst.List, cst.Tuple, cst.Set, cst.DictComp, cst.ListComp, cst.SetComp)


def unidad(proyecto: Proyecto, rel: str, validez: Optional[Validez] = None) -> dict[str, Any]:
    """Rows and handler identities of the tools registered in file `rel`, and its `complete` sites."""
    validez = validez if validez is not None else Validez(None, "")
    salida = Salida()
    m = proyecto.fuentes.cargar(rel)
    herramientas: list[Herramienta] = []
    montajes: list[dict[str, Any]] = []
    de_proveedores = 0  # resource-only providers given to a server (Registro.recursos_de_proveedores)
    if m is not None:
        literales = Literales(proyecto)
        derivador = Derivador(proyecto, literales)
        registro = Registro(proyecto, literales, derivador)
        procedencia = Procedencia(proyecto, derivador)
        try:
            with pasos():
                herramientas = registro.herramientas(m)
        except Desbordado as e:
            salida.no_resuelto(None, f"finding the tools of this file took {e.cuanto()} "
                                     f"(the budget) while resolving {e.que}; its tools were not judged", Pos(m.archivo, 1, 1))
        except (RecursionError, Exception) as e:
            salida.no_resuelto(None, f"analyzer internal error while finding tools: {type(e).__name__}: {e}", Pos(m.archivo, 1, 1))
        for h in herramientas:
            comprobar()  # a safe point of the file's time budget: before each tool is read
            antes = {r: len(f) for r, f in salida.filas.items()}
            try:
                with pasos():
                    _herramienta(h, salida, procedencia, proyecto, validez)
            except Desbordado as e:
                salida.no_resuelto(h.nombre, f"reading tool `{h.nombre}` took {e.cuanto()} "
                                             f"(the tool's budget) while resolving {e.que}; the rest of it was not judged", h.pos)
            except (RecursionError, Exception) as e:
                salida.no_resuelto(h.nombre, f"analyzer internal error while reading tool `{h.nombre}`: {type(e).__name__}: {e}", h.pos)
            for relacion, filas in salida.filas.items():  # the tool's own rows: which registration they belong to
                for fila in filas[antes[relacion]:]:
                    fila[SITIO] = sitio(h)
        try:
            with pasos():
                montajes = registro.montajes(m)
        except Desbordado as e:
            salida.no_resuelto(None, f"reading the mounted servers of this file took {e.cuanto()} "
                                     f"(the budget) while resolving {e.que}", Pos(m.archivo, 1, 1))
        except (RecursionError, Exception) as e:
            salida.no_resuelto(None, f"analyzer internal error while reading mounted servers: {type(e).__name__}: {e}", Pos(m.archivo, 1, 1))
        for n, problema in registro.problemas:
            salida.no_resuelto(n, problema.motivo, problema.pos or Pos("", 1, 1))
        de_proveedores = registro.recursos_de_proveedores
    cuentas: dict[str, int] = {}
    for h in herramientas:
        cuentas[h.pos.archivo] = cuentas.get(h.pos.archivo, 0) + 1
    return {
        "filas": salida.filas,
        "herramientas": [{"nombre": h.nombre, "sitio": sitio(h), "identidades": [list(i) for i in h.identidades],
                          "rangos": [list(r) for r in h.rangos],
                          "servidor": list(h.servidor.fila().values()) if h.servidor else None} for h in herramientas],
        "montajes": montajes,
        "completes": _completes(m, proyecto) if m is not None else [],
        "cuentas": cuentas,
        "servidores": _servidores(m, proyecto) if m is not None else [],
        "otros_registros": (_otros_registros(m) + de_proveedores) if m is not None else 0,
    }


def sitio(h: Herramienta) -> str:
    """Where a tool is registered (`file:line:column`): with its name, what tells two tools apart."""
    return f"{h.pos.archivo}:{h.pos.linea}:{h.pos.columna}"


CLASES_SERVIDOR = ("FastMCP", "MCPServer", "Server")
# the low-level server's prompt and resource handlers: decorators in mcp 1.x (`@server.read_resource()`),
# `Server(on_read_resource=...)` arguments in mcp 2.x
MANEJADORES_OTROS = ("list_prompts", "get_prompt", "list_resources", "read_resource", "list_resource_templates",
                     "subscribe_resource", "unsubscribe_resource")
OTROS = ("prompt", "resource", "add_prompt", "add_resource", "resource_template", *MANEJADORES_OTROS)
ARGUMENTOS_OTROS = tuple(f"on_{n}" for n in MANEJADORES_OTROS)
LLAMADAS_OTRAS = ("add_prompt", "add_resource", "add_template")  # every word of both is a pre-filter word


def _servidores(m: Any, proyecto: Proyecto) -> list[dict[str, Any]]:
    """Where module `m` builds an SDK server (constructor calls of the SDK's server classes)."""
    from .servidores import clase_sdk

    salida = []
    for c in m.llamadas:
        f = c.func
        if _corto(f) in CLASES_SERVIDOR:
            sdk = clase_sdk(proyecto.calificados(m, f))
            if sdk is not None:
                salida.append({"pos": m.pos(c).fila(), "clase": sdk[2]})
    return salida


def _corto(f: cst.BaseExpression) -> Optional[str]:
    """The last name of what a call calls (`Server` of `lowlevel.Server(...)`); None for anything else."""
    return f.value if isinstance(f, cst.Name) else f.attr.value if isinstance(f, cst.Attribute) else None


def _otros_registros(m: Any) -> int:
    """How many prompt/resource registrations module `m` writes (`@s.prompt()`, `s.add_resource(...)`,
    `Server(on_list_resources=...)`): a server that publishes those and no tool was looked at, not missed."""
    n = 0
    for _, dec in m.decoradas:
        f = dec.decorator.func if isinstance(dec.decorator, cst.Call) else dec.decorator
        n += isinstance(f, cst.Attribute) and f.attr.value in OTROS
    for c in m.llamadas:
        n += isinstance(c.func, cst.Attribute) and c.func.attr.value in LLAMADAS_OTRAS
        if _corto(c.func) in CLASES_SERVIDOR:
            n += sum(a.keyword is not None and a.keyword.value in ARGUMENTOS_OTROS for a in c.args)
    return n


# (run id, Cargador, the collector thresholds it replaced): parsed modules shared by the lots of one run
_CARGADOR: list[Any] = [None, None, None]


def _cargador(corrida: str, raiz: str, rels: Sequence[str], con_palabra: Mapping[str, tuple[str, ...]],
              formas: Optional[Formas] = None, solo_importados: Collection[str] = (),
              sitios: Sequence[str] = ()) -> Cargador:
    """This process's loader for run `corrida` (a worker keeps it across the lots it takes). While a
    loader holds trees, only the young generations are on CPython's schedule (recogida.py): full
    collections run when the loader drops modules, and until `olvidar`."""
    if _CARGADOR[0] != corrida:
        olvidar()
        _CARGADOR[:] = [corrida, Cargador(pathlib.Path(raiz), rels, con_palabra, formas, solo_importados, sitios), a_podas()]
    return _CARGADOR[1]


def olvidar() -> None:
    """Drop this process's loader: its trees freed at once (every module dropped, its scope cycles
    broken), then CPython's schedule back. Restored while the trees were kept, that schedule ran a
    full collection over all of them (a second of a cold `--jobs 1` on awslabs/mcp)."""
    if _CARGADOR[1] is not None:
        _CARGADOR[1].podar(0)
        restaurar(_CARGADOR[2])
    _CARGADOR[:] = [None, None, None]


def trabajar(corrida: str, raiz: str, rels: Sequence[str], con_palabra: Mapping[str, tuple[str, ...]],
             esquemas: Optional[Almacen], sal: str, limite: float, formas: Optional[Formas],
             versiones: Mapping[str, tuple[int, ...]], solo_importados: Collection[str], sitios: Sequence[str],
             unidades: Sequence[str]) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Compute several units in this process, sharing parsed modules: (file, result, dependencies).

    `esquemas` (None: no cache) keeps schema validity by schema value under the analyzer fingerprint `sal`;
    `limite`: seconds one file's analysis may take (0: no budget), past which it is a no_resuelto row;
    `formas`: the main process's identifiers of every checked file (and where it filed each forma),
    so a word look-up reads identifiers instead of parsing the file or scanning its bytes;
    `versiones`: the SDK releases the project pins (`linter/versiones.py`); `solo_importados`: the
    files of `rels` read only when an import reaches them (`Cargador`); `sitios`: the site-packages
    directories of the project's venv (`instalados.py`).
    """
    cargador = _cargador(corrida, raiz, rels, con_palabra, formas, solo_importados, sitios)
    validez = Validez(esquemas, sal)
    salida = []
    for rel in unidades:
        salida.append(_una(cargador, validez, limite, rel, versiones))
    return salida


def _una(cargador: Cargador, validez: Validez, limite: float, rel: str,
         versiones: Mapping[str, tuple[int, ...]]) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """One unit of `trabajar`: its result with the failure rows of the modules it reached, and its dependencies."""
    try:
        with presupuesto(limite):
            proyecto = Proyecto(cargador, dict(versiones))
            resultado = unidad(proyecto, rel, validez)
    except Agotado:
        return unidad_fallida(rel, f"the analysis of this file took longer than its budget of {limite:g} s "
                                   "(--file-timeout); it was not judged")
    finally:
        cargador.podar()  # between units: bounded memory, whatever the tree
    deps = proyecto.deps
    deps.modulos[rel] = cargador.huella(rel)
    fallas = [cargador.fallas[r] for r in sorted(deps.modulos) if r in cargador.fallas]
    resultado["filas"]["no_resuelto"].extend(fallas)
    return rel, resultado, _plano(deps)


def unidad_fallida(rel: str, motivo: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The unit of a file that could not be analyzed: no tools, one no_resuelto row, never cached
    (its dependencies do not name the file, so the next run computes it again)."""
    salida = Salida()
    salida.no_resuelto(None, motivo, Pos(rel, 1, 1))
    resultado = {"filas": salida.filas, "herramientas": [], "montajes": [], "completes": [], "cuentas": {},
                 "servidores": [], "otros_registros": 0}
    return rel, resultado, {"busquedas": [], "modulos": {}, "tokens": {}, "llamadores": [], "instalados": {}}


def _plano(deps: Dependencias) -> dict[str, Any]:
    """Dependencies as JSON-ready data."""
    return {
        "busquedas": sorted([d, p, n, e] for (d, p, n), e in deps.busquedas.items()),
        "modulos": dict(sorted(deps.modulos.items())),
        "tokens": {t: list(v) for t, v in sorted(deps.tokens.items())},
        "llamadores": sorted([n, d, list(v)] for (n, d), v in deps.llamadores.items()),
        "instalados": dict(sorted(deps.instalados.items())),
    }


def _herramienta(h: Herramienta, salida: Salida, procedencia: Procedencia, proyecto: Proyecto, validez: Validez) -> None:
    """Rows of one tool: itself, its schemas and nodes, declared keys, emitted roots."""
    salida.fila("herramienta", herramienta=h.nombre, registro=h.registro, esquema_salida=h.estado_salida,
                esquema_entrada=h.estado_entrada, claves_emitidas=None, **h.pistas, **h.pos.fila())
    fila_herramienta = salida.filas["herramienta"][-1]
    for relacion, fila in nodos.filas_de_esquemas(h.nombre, {"entrada": h.entrada, "salida": h.salida},
                                                  lambda e: e.clase, validez.de):
        salida.fila(relacion, **fila)
    if h.salida is None:
        return
    estricta = nodos.raiz_estricta(h.salida)
    declara = nodos.declara_propiedades(h.salida)
    raices, claves, valores = len(salida.filas["raiz"]), len(salida.filas["clave_emitida"]), len(salida.filas["valor_emitido"])
    # the handlers' parameters are the tool's arguments (where an emitted value may come from)
    procedencia.origenes.manejadores = {id(f) for f in h.funciones} | {id(e.funcion) for e in h.emisiones if e.funcion is not None}
    procedencia.origenes.de_lambda = {p.name.value for e in h.emisiones if isinstance(e.nodo, cst.Lambda)
                                      for p in todos_los_parametros(e.nodo.params)}
    escritos: list[tuple[dict[str, Any], Valor]] = []
    try:
        for emision in h.emisiones:
            _emision(h, emision, estricta, declara, salida, procedencia, proyecto, escritos)
        _elecciones(escritos, procedencia)
        _sin_efectos(h, escritos, procedencia)
    finally:  # also when a budget runs out: the rows written so far stay well formed
        procedencia.origenes.manejadores, procedencia.origenes.de_lambda = set(), set()
        _marcar(fila_herramienta, salida, raices, claves, valores)


def _marcar(fila_herramienta: dict[str, Any], salida: Salida, raices: int, claves: int, valores: int) -> None:
    """Mark the first row of each kind a tool's emission sites wrote, and list its emitted keys."""
    nodos.marcar_primeras(salida.filas["raiz"][raices:], "procedencia")
    nodos.marcar_primeras(salida.filas["clave_emitida"][claves:], "clave")
    nodos.marcar_primeras(salida.filas["valor_emitido"][valores:], "ruta", "origen", "argumento", "literal")
    fila_herramienta["claves_emitidas"] = nodos.lista_de_claves(salida.filas["clave_emitida"][claves:])


def _raiz_emitida(h: Herramienta, e: Emision, proyecto: Proyecto) -> Optional[cst.BaseExpression]:
    """The expression that becomes structuredContent at an emission site (None: not structured)."""
    valor = e.valor
    if isinstance(valor, cst.Await):
        valor = valor.expression
    if valor is None or (isinstance(valor, cst.Name) and valor.value == "None"):
        return None
    if isinstance(valor, cst.Call):
        nombres = proyecto.calificados_entre(e.modulo, valor.func, RESULTADOS)
        if any(n.split(".")[0] in ("mcp", "mcp_types", "fastmcp") and n.rsplit(".", 1)[-1] in RESULTADOS for n in nombres):
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


def _elecciones(escritos: list[tuple[dict[str, Any], Valor]], procedencia: Procedencia) -> None:
    """Mark each value row from a handler parameter that only chooses what the call does
    (`eleccion.Elecciones`), the places where the tool's responses write arguments set apart."""
    argumentos = [(fila, v.origen) for fila, v in escritos if v.origen.origen == "argumento"]
    elecciones = Elecciones({v.pos for _, v in escritos if v.origen.origen == "argumento"},
                            {id(valor): (m, fn, nombre) for _, o in argumentos for valor, m, fn, nombre in o.saltos},
                            procedencia.programa.ligaduras_de)
    for fila, o in argumentos:
        if o.manejador is not None and o.argumento is not None and "." not in o.argumento:
            fila["solo_elige"] = elecciones.solo_elige(*o.manejador, o.argumento)


def _sin_efectos(h: Herramienta, escritos: list[tuple[dict[str, Any], Valor]], procedencia: Procedencia) -> None:
    """Mark the tool's value rows when every handler it runs provably changes nothing (`efectos.py`)."""
    if escritos and h.funciones and all(procedencia.efectos.sin_efectos(m, fn)
                                        for m, fn in zip(h.modulos_funciones, h.funciones)):
        for fila, _ in escritos:
            fila["sin_efectos"] = True


def _emision(h: Herramienta, e: Emision, estricta: bool, declara: bool, salida: Salida, procedencia: Procedencia,
             proyecto: Proyecto, escritos: list[tuple[dict[str, Any], Valor]]) -> None:
    """raiz / clave_emitida / spread rows of one emission site; each value row is kept with its value
    in `escritos`."""
    raiz = _raiz_emitida(h, e, proyecto)
    if raiz is None:
        return
    donde = e.modulo.pos(e.nodo if not isinstance(e.nodo, cst.Lambda) else e.valor)
    if h.salida is not None and h.salida.envoltura:
        salida.fila("raiz", herramienta=h.nombre, procedencia="own", estricta=estricta, envoltura=True,
                    declara_propiedades=declara, mapa=False,
                    motivo="the framework wraps the returned value in {\"result\": ...}", **donde.fila())
        salida.fila("clave_emitida", herramienta=h.nombre, clave="result", **e.modulo.pos(raiz).fila())
        return
    c = procedencia.clasificar(e.modulo, raiz, e.funcion)
    salida.fila("raiz", herramienta=h.nombre, procedencia=c.procedencia, estricta=estricta, envoltura=False,
                declara_propiedades=declara, mapa=c.mapa, motivo=c.motivo, **donde.fila())
    if c.procedencia == "own":
        for clave, pos in c.claves:
            salida.fila("clave_emitida", herramienta=h.nombre, clave=clave, **pos.fila())
        for v in c.valores:
            salida.fila("valor_emitido", herramienta=h.nombre, ruta=v.ruta, clave=v.clave,
                        origen=v.origen.origen, argumento=v.origen.argumento, literal=v.origen.literal,
                        motivo=v.origen.motivo(), constante=v.constante, objeto=_lugar(v.objeto),
                        solo_elige=False, observado=v.observado, sin_efectos=False, **h.pistas, **v.pos.fila())
            escritos.append((salida.filas["valor_emitido"][-1], v))
    for pos, antes, de_spread in c.spreads:
        salida.fila("spread", herramienta=h.nombre, clave_propia_antes=antes, procedencia=c.procedencia,
                    procedencia_spread=de_spread, **pos.fila())


def _lugar(objeto: Optional[tuple[Any, cst.CSTNode]]) -> Optional[str]:
    """`file:line:column` of the dict or model call a value is written in (None: not known)."""
    if objeto is None:
        return None
    pos = objeto[0].pos(objeto[1])
    return f"{pos.archivo}:{pos.linea}:{pos.columna}"


def _completes(m: Any, proyecto: Proyecto) -> list[dict[str, Any]]:
    """`complete` sites of module `m`: position, enclosing function identity, evidence."""
    clasificador = Complete(proyecto)
    salida = []
    for sitio in m.completes:
        if isinstance(sitio.valor, NO_BOOLEANOS):
            continue  # e.g. a schema's `"complete": {"type": "boolean"}`: describes, does not assert
        pos = m.pos(sitio.clave)
        funcion = None
        if sitio.funcion is not None:
            f = m.pos(sitio.funcion)
            funcion = [f.archivo, f.linea, f.columna]
        try:
            with pasos():
                evidencia, motivo = clasificador.evidencia(m, sitio)
        except Desbordado as e:
            evidencia, motivo = "desconocida", (f"the evidence of this `complete` took {e.cuanto()} "
                                                f"(the budget) while resolving {e.que}")
        except (RecursionError, Exception) as e:
            evidencia, motivo = "desconocida", f"analyzer internal error: {type(e).__name__}: {e}"
        salida.append({"pos": pos.fila(), "funcion": funcion, "evidencia": evidencia, "motivo": motivo})
    return salida
