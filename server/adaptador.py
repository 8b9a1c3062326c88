"""The five tools as projections of the core's answers: nothing here decides a rule.

Every handler takes a `Contexto` (the project fixed at start-up and the call's cancellation
flag) and the already validated arguments, and returns the domain object its outputSchema
describes. Jurisdiction comes from `nucleo.catalogo.catalogo_efectivo`, states from
`Veredicto`, shadows from `nucleo.sombras`, judgement from `nucleo.juicio.juzgar`, fijación
from `nucleo.fijacion`, the challenge from `nucleo.desafio`/`nucleo.mutacion`, the tracker
from `nucleo.tareas`, and fingerprints and stability from `nucleo.huellas`. Each call
rebuilds its reading from the root: calls share no semantic state.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from oracle_lint.nucleo.cancelacion import Cancelado
from oracle_lint.nucleo.catalogo import Catalogo, Entrada, macros_del_proyecto, catalogo_efectivo as cargar_efectivo
from oracle_lint.nucleo.errores import ErrorOracle, argumentos_invalidos, proyecto_cambio
from oracle_lint.nucleo.escalares import Escalares, cargar_escalares
from oracle_lint.nucleo.evidencia import normalizar_evidencia, validar_evidencia
from oracle_lint.nucleo.huellas import entrada_sha256_de_evaluacion, estable, huella_proyecto
from oracle_lint.nucleo.medida import Medida, medida_de_texto
from oracle_lint.nucleo.proyecto import Proyecto
from oracle_lint.nucleo.sombras import Sombra, verificar_sombras
from oracle_lint.nucleo.veredicto import Veredicto
from oracle_lint.nucleo.version import VERSION
from .validacion import mostrar

T = TypeVar("T")

ESQUEMA_CATALOGO = "oracle.mcp/catalogo-efectivo/v1"
ESQUEMA_EVALUACION = "oracle.mcp/evaluacion/v2"
ESQUEMA_TAREAS = "oracle.mcp/tareas/v1"
CAMPOS_DE_DETALLE = ("relaciones", "ambito", "requiere", "umbral", "alcance", "fuente", "fuente_sha256")
SIN_RELACIONES_DECLARADAS = (
    "el proyecto no declara relaciones (este núcleo todavía no admite declararlas): alcance_derivado vacío "
    "no afirma que la medida no tenga puntos ciegos derivados."
)
ARGUMENTOS_POR_ACCION = {
    "listar": ("estado", "etiqueta"),
    "ver": ("id",),
    "buscar": ("texto",),
    "hechos": ("git",),
}


class PoscondicionRota(RuntimeError):
    """The adapter built an answer that breaks its own published promise (reported as EVALUACION_FALLO)."""


@dataclass(frozen=True)
class Contexto:
    """What one call may use: the project fixed at start-up and its own cancellation flag."""

    proyecto: Proyecto
    cancelado: Callable[[], bool] = lambda: False

    def revisar(self) -> None:
        """Stop the call when it was cancelled (raises `nucleo.mutacion.Cancelado`)."""
        if self.cancelado():
            raise Cancelado()


def _estable(ctx: Contexto, operacion: Callable[[], T]) -> T:
    """`nucleo.huellas.estable` plus a cancellation check before and after."""
    ctx.revisar()
    resultado = estable(ctx.proyecto, operacion)
    ctx.revisar()
    return resultado


# The challenge, judgement, fijación and tracker modules are imported by the tool that uses
# them, not at start-up: `tools/list` and `oracle_evaluar` never need them.


def desafiar_medida(*args: Any, **kwargs: Any) -> dict[str, Any]:
    """`nucleo.desafio.desafiar` (same arguments)."""
    from oracle_lint.nucleo.desafio import desafiar as real

    return real(*args, **kwargs)


def juzgar_evidencia(proyecto: Proyecto, evidencia: object, ids: list[str] | None) -> dict[str, Any]:
    """`nucleo.juicio.juzgar(proyecto, evidencia, ids).a_dict()`."""
    from oracle_lint.nucleo.juicio import juzgar as real

    return real(proyecto, evidencia, ids).a_dict()


def _umbral(medida: Medida) -> dict[str, Any]:
    return {**medida.umbral.a_dict(), "segun": medida.segun, "porque": medida.porque}


# -- oracle_catalogo_efectivo -----------------------------------------------------------------


def _archivos_de_fijacion(proyecto: Proyecto, catalogo: Catalogo) -> set[Path]:
    """The case files the catalog exercise reads: the project's corpus and diferencial, and publishers' corpus."""
    from oracle_lint.nucleo.corpus import archivos_de_casos
    from oracle_lint.nucleo.fijacion import DIRECTORIO_DEL_PUBLICADOR

    archivos = set(archivos_de_casos(proyecto.dir_corpus)) | set(archivos_de_casos(proyecto.dir_diferencial))
    for ident in catalogo:
        entrada = catalogo[ident]
        if entrada.origen.clase != "proyecto":
            archivos |= set(archivos_de_casos(entrada.ruta.parent / DIRECTORIO_DEL_PUBLICADOR))
    return archivos


def _fila_de_catalogo(
    entrada: Entrada, fijacion: str, proyecto: Proyecto, detalle: bool
) -> dict[str, Any]:
    medida = entrada.medida
    fila: dict[str, Any] = {"id": medida.id, "origen": str(entrada.origen), "fijacion": fijacion}
    if detalle:
        fila["relaciones"] = list(medida.relaciones())
        fila["ambito"] = medida.ambito
        fila["requiere"] = list(medida.requiere)
        fila["umbral"] = _umbral(medida)
        fila["alcance"] = medida.alcance
        fila["fuente"] = proyecto.presentar_ruta(entrada.ruta)
        fila["fuente_sha256"] = hashlib.sha256(entrada.ruta.read_bytes()).hexdigest()
    return fila


def catalogo_efectivo(ctx: Contexto, argumentos: dict[str, Any]) -> dict[str, Any]:
    """Index (no ids) or detail (ids) of the effective catalog, with each measure's fijación."""
    from oracle_lint.nucleo.fijacion import ejercicio_del_catalogo

    proyecto = ctx.proyecto
    ids = argumentos.get("ids")

    def operacion() -> dict[str, Any]:
        catalogo = cargar_efectivo(proyecto)
        ctx.revisar()
        entradas = [catalogo[i] for i in catalogo] if ids is None else [catalogo.obtener(i) for i in sorted(ids)]
        ejercicio = ejercicio_del_catalogo(proyecto, catalogo)
        ctx.revisar()
        detalle = ids is not None
        medidas = [_fila_de_catalogo(e, ejercicio.fijaciones[e.medida.id], proyecto, detalle) for e in entradas]
        if detalle and not all(all(c in fila for c in CAMPOS_DE_DETALLE) for fila in medidas):
            raise PoscondicionRota("detalle: true sin todos los campos de detalle")
        archivos = set(catalogo.archivos) | _archivos_de_fijacion(proyecto, catalogo)
        return {"huella": huella_proyecto(archivos), "detalle": detalle, "total": len(catalogo), "medidas": medidas}

    leido = _estable(ctx, operacion)
    return {
        "esquema": ESQUEMA_CATALOGO,
        "oracle_version": VERSION,
        "proyecto": str(proyecto.raiz),
        "huella_proyecto": leido["huella"],
        "detalle": leido["detalle"],
        "total": leido["total"],
        "medidas": leido["medidas"],
    }


# -- oracle_evaluar -------------------------------------------------------------------------


def alcance_derivado(proyecto: Proyecto, medida: Medida) -> tuple[list[str], list[str]]:
    """Blind spots derived from the relations the project declares, and the warnings about them.

    In this core a project cannot declare relations: `[tool.oracle]` and `oracle.json` admit
    no such key, and an attempt is refused as PROYECTO_INVALIDO before the server reads a
    message (fail closed). So nothing is derived, and the warning says that an empty list is
    not a claim that the measure has no derived blind spots.
    """
    return [], [SIN_RELACIONES_DECLARADAS]


def _medida_y_escalares(proyecto: Proyecto, fuente: dict[str, Any]) -> tuple[Medida, Escalares, Sombra | None]:
    """By id: the effective entry (MEDIDA_DESCONOCIDA / MEDIDA_NO_EFECTIVA) and its shadow; by text: in memory."""
    if "id" in fuente:
        catalogo = cargar_efectivo(proyecto)
        verificar_sombras(str(proyecto.raiz), proyecto.config.sombras, catalogo)
        entrada = catalogo.obtener(fuente["id"])
        return entrada.medida, catalogo.escalares, proyecto.config.sombras.get(entrada.medida.id)
    macros, _ = macros_del_proyecto(proyecto)
    medida = medida_de_texto(fuente["texto"], macros=macros)
    return medida, cargar_escalares(proyecto.raiz, proyecto.confiar_escalares), None


def _sombra(sombra: Sombra | None, veredicto: Veredicto) -> dict[str, Any] | None:
    return None if sombra is None else sombra.a_dict(veredicto.estado, veredicto.valor, veredicto.testigos)


def evaluar(ctx: Contexto, argumentos: dict[str, Any]) -> dict[str, Any]:
    """One measure (by id or by text, in memory) over evidence passed by value."""
    proyecto = ctx.proyecto

    def operacion() -> tuple[Medida, Veredicto, Sombra | None, str, list[str], list[str]]:
        evidencia = validar_evidencia(argumentos["evidencia"])
        medida, escalares, sombra = _medida_y_escalares(proyecto, argumentos["medida"])
        ctx.revisar()
        veredicto = medida.evaluar(evidencia, escalares=escalares, validada=True)
        derivado, avisos = alcance_derivado(proyecto, medida)
        huella = entrada_sha256_de_evaluacion(medida, normalizar_evidencia(evidencia))
        return medida, veredicto, sombra, huella, derivado, avisos

    medida, veredicto, sombra, huella, derivado, avisos = _estable(ctx, operacion)
    testigos, omitidos = veredicto.testigos_presentados()
    return {
        "esquema": ESQUEMA_EVALUACION,
        "oracle_version": VERSION,
        "proyecto": str(proyecto.raiz),
        "entrada_sha256": huella,
        "medida": medida.id,
        "estado": veredicto.estado,
        "valor": veredicto.valor,
        "umbral": _umbral(medida),
        "sombra": _sombra(sombra, veredicto),
        "testigos": testigos,
        "testigos_omitidos": omitidos,
        "alcance": medida.alcance,
        "alcance_derivado": derivado,
        "advertencias": [*veredicto.advertencias, *avisos],
    }


# -- oracle_desafiar ------------------------------------------------------------------------


def desafiar(ctx: Contexto, argumentos: dict[str, Any]) -> dict[str, Any]:
    """The challenge round of `nucleo.desafio`: project cases (by default) plus ephemeral ones."""
    from oracle_lint.nucleo.corpus import casos_efimeros

    proyecto = ctx.proyecto

    def operacion() -> dict[str, Any]:
        medida, escalares, _ = _medida_y_escalares(proyecto, argumentos["medida"])
        efimeros = casos_efimeros(argumentos.get("casos", []))
        ctx.revisar()
        return desafiar_medida(
            proyecto,
            medida,
            efimeros,
            usar_evidencia_del_proyecto=argumentos.get("usar_evidencia_del_proyecto", True),
            cancelado=ctx.cancelado,
            escalares=escalares,
        )

    desafio = _estable(ctx, operacion)
    return {
        "esquema": desafio["esquema"],
        "oracle_version": VERSION,
        "proyecto": str(proyecto.raiz),
        "entrada_sha256": desafio["entrada_sha256"],
        "medida": desafio["medida"],
        "conclusion": desafio["conclusion"],
        "casos": desafio["casos"],
        "discordancias": desafio["discordancias"],
        "mutacion": desafio["mutacion"],
        "advertencias": desafio["advertencias"],
    }


# -- oracle_juzgar --------------------------------------------------------------------------


def juzgar(ctx: Contexto, argumentos: dict[str, Any]) -> dict[str, Any]:
    """`nucleo.juicio.juzgar(...).a_dict()` (what `oracle juzgar --con --json` prints), key by key."""
    proyecto = ctx.proyecto
    juicio = _estable(ctx, lambda: juzgar_evidencia(proyecto, argumentos["evidencia"], argumentos.get("ids")))
    return {
        "esquema": juicio["esquema"],
        "oracle_version": VERSION,
        "proyecto": str(proyecto.raiz),
        "entrada_sha256": juicio["entrada_sha256"],
        "ok": juicio["ok"],
        "medidas": juicio["medidas"],
        "no_aplicadas": juicio["no_aplicadas"],
        "no_juzgaron": juicio["no_juzgaron"],
        "advertencias": juicio["advertencias"],
    }


# -- oracle_tareas --------------------------------------------------------------------------


def _archivos_del_tracker(proyecto: Proyecto) -> Iterable[Path]:
    from oracle_lint.nucleo.tareas.lector import directorio_de

    directorio = directorio_de(proyecto)
    if not directorio.is_dir() or directorio.is_symlink():
        return ()
    return tuple(p for p in directorio.rglob("*") if p.is_file() or p.is_symlink())


def _argumentos_de_accion(accion: str, argumentos: dict[str, Any]) -> None:
    """An argument of another action is refused: it would read as a filter that was not applied."""
    admitidos = ARGUMENTOS_POR_ACCION[accion]
    for clave in ("estado", "etiqueta", "id", "texto", "git"):
        if clave in argumentos and clave not in admitidos:
            duenas = [a for a, claves in ARGUMENTOS_POR_ACCION.items() if clave in claves]
            error = argumentos_invalidos(
                f"$.{clave}",
                mostrar(argumentos[clave]),
                f"ausente con accion «{accion}» ({clave} sólo aplica a {', '.join(duenas)})",
            )
            error.correccion = f"quitá «{clave}» o usá accion «{duenas[0]}»."
            raise error
    obligatorio = {"ver": "id", "buscar": "texto"}.get(accion)
    if obligatorio is not None and obligatorio not in argumentos:
        forma = "un id canónico o un prefijo inequívoco" if obligatorio == "id" else "un texto no vacío"
        raise argumentos_invalidos(f"$.{obligatorio}", "ausente", f"{forma} (obligatorio con accion «{accion}»)")
    if obligatorio is not None and not argumentos[obligatorio].strip():
        forma = "un id canónico o un prefijo inequívoco" if obligatorio == "id" else "un texto no vacío"
        raise argumentos_invalidos(f"$.{obligatorio}", mostrar(argumentos[obligatorio]), forma)


def tareas(ctx: Contexto, argumentos: dict[str, Any]) -> dict[str, Any]:
    """Read-only questions to the tracker: listar, ver, buscar, hechos."""
    from oracle_lint.nucleo import tareas as tracker

    proyecto = ctx.proyecto
    accion = argumentos["accion"]
    _argumentos_de_accion(accion, argumentos)

    def leer() -> Any:
        if accion == "listar":
            return tracker.listar(proyecto, argumentos.get("estado", "ABIERTA"), argumentos.get("etiqueta"))
        if accion == "ver":
            return tracker.ver(proyecto, argumentos["id"])
        if accion == "buscar":
            return tracker.buscar(proyecto, argumentos["texto"])
        return tracker.hechos(proyecto, argumentos.get("git", False))

    def operacion() -> Any:
        inicial = huella_proyecto(_archivos_del_tracker(proyecto))
        resultado = leer()
        final = huella_proyecto(_archivos_del_tracker(proyecto))
        if inicial != final:
            raise proyecto_cambio(inicial, final)
        return resultado

    resultado = _estable(ctx, operacion)
    return {
        "esquema": ESQUEMA_TAREAS,
        "oracle_version": VERSION,
        "proyecto": str(proyecto.raiz),
        "accion": accion,
        "resultado": resultado,
    }


__all__ = [
    "Cancelado",
    "Contexto",
    "ErrorOracle",
    "alcance_derivado",
    "catalogo_efectivo",
    "desafiar",
    "evaluar",
    "juzgar",
    "tareas",
]
