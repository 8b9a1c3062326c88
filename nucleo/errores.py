"""Oracle's domain errors: one stable code each, with the exact message templates of seed 001.

Every error a caller can act on is an `ErrorOracle`. Its first line is `CODIGO — mensaje`;
`campo` and `correccion` say which input is wrong and how to fix it (shown on the following
lines by the CLI and the MCP server). Every factory also builds the English presentation the
CLIs print (`mensaje_en`, `correccion_en`); a factory that takes free text from its caller takes
its English too (`motivo_en`, ...) and, when none is given, still answers in English, with the
caller's text quoted inside an English sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ErrorOracle(Exception):
    """A domain error with a stable code, the seed's message, and the fix."""

    codigo: str
    mensaje: str
    campo: str = ""
    correccion: str = ""
    detalles: list[str] = field(default_factory=list)
    # The English presentation of the same error, for the CLIs (`oracle-lint`, `oracle`); the MCP
    # server keeps seed 001's Spanish text. Empty where a site has not been given one yet.
    mensaje_en: str = ""
    correccion_en: str = ""
    detalles_en: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.linea())

    def linea(self, idioma: str = "es") -> str:
        """The stable first line: `CODIGO — mensaje` (`idioma="en"`: the English message when there is one)."""
        return f"{self.codigo} — {self.mensaje_en if idioma == 'en' and self.mensaje_en else self.mensaje}"

    def texto(self, idioma: str = "es") -> str:
        """The whole error: first line, offending details, field and fix, in seed 001's Spanish or in English."""
        ingles = idioma == "en"
        lineas = [self.linea(idioma), *(self.detalles_en if ingles and self.detalles_en else self.detalles)]
        if self.campo:
            lineas.append(f"{'field' if ingles else 'campo'}: {self.campo}")
        correccion = self.correccion_en if ingles and self.correccion_en else self.correccion
        if correccion:
            lineas.append(f"{'fix' if ingles else 'corrección'}: {correccion}")
        return "\n".join(lineas)


def argumentos_invalidos(ruta: str, recibido: str, forma: str, *, recibido_en: str = "", forma_en: str = "") -> ErrorOracle:
    """`forma_en`: the expected form in English; `recibido_en`: what was received, when Spanish words describe it
    (an English statement, shown as is; a plain value is shown after `got`)."""
    forma_en = forma_en or forma
    return ErrorOracle(
        "ARGUMENTOS_INVALIDOS",
        f"{ruta}: {recibido}; se esperaba {forma}.",
        campo=ruta,
        correccion=f"enviá {forma} en {ruta}.",
        mensaje_en=f"{ruta}: {recibido_en or f'got {recibido}'}; expected {forma_en}.",
        correccion_en=f"pass {forma_en} as {ruta}.",
    )


def proyecto_invalido(raiz: str, motivo: str, correccion: str = "", motivo_en: str = "", correccion_en: str = "") -> ErrorOracle:
    return ErrorOracle(
        "PROYECTO_INVALIDO",
        f"{raiz}: {motivo}.",
        campo="proyecto",
        correccion=correccion or "corregí la estructura o la configuración del proyecto.",
        mensaje_en=f"{raiz}: {motivo_en}." if motivo_en else f"{raiz}: the project is invalid ({motivo}).",
        correccion_en=correccion_en or "fix the project's structure or configuration.",
    )


def catalogo_invalido(fuente: str, motivo: str, *, motivo_en: str = "") -> ErrorOracle:
    return ErrorOracle(
        "CATALOGO_INVALIDO",
        f"{fuente}: {motivo}. No se devolvió un catálogo parcial.",
        campo=fuente,
        correccion="corregí o quitá la fuente que no carga; ningún id puede repetirse entre fuentes.",
        mensaje_en=f"{fuente}: {motivo_en or f'the source does not load ({motivo})'}. No partial catalog was returned.",
        correccion_en="fix or remove the source that does not load; an id may not repeat across sources.",
    )


def medida_desconocida(ident: str) -> ErrorOracle:
    return ErrorOracle(
        "MEDIDA_DESCONOCIDA",
        f"«{ident}» no aparece en las fuentes seleccionadas; consultá oracle_catalogo_efectivo sin ids.",
        campo="id",
        correccion="usá un id del catálogo efectivo (`oracle medida listar`).",
        mensaje_en=f"«{ident}» is not in the selected sources; run `oracle medida listar` to see the effective catalog.",
        correccion_en="use an id of the effective catalog (`oracle medida listar`).",
    )


def medida_no_efectiva(ident: str, origen: str, ambito: str, proyecto: str) -> ErrorOracle:
    return ErrorOracle(
        "MEDIDA_NO_EFECTIVA",
        f"«{ident}» existe en {origen}, pero su ambito «{ambito}» no obliga a «{proyecto}».",
        campo="id",
        correccion="la medida ya tiene dueño y alcance; no la dupliques ni la pidas en este proyecto.",
        mensaje_en=f"«{ident}» is defined in {origen}, but its ambito «{ambito}» does not bind «{proyecto}».",
        correccion_en="the measure already has an owner and a scope; do not duplicate it or ask for it in this project.",
    )


def medida_no_aplicable(ident: str, relaciones: list[str]) -> ErrorOracle:
    rels = ", ".join(relaciones)
    return ErrorOracle(
        "MEDIDA_NO_APLICABLE",
        f"«{ident}» requiere las relaciones {rels}, no presentes en la evidencia.",
        campo="evidencia",
        correccion=f"agregá a la evidencia las relaciones {rels} o quitá «{ident}» de ids.",
        mensaje_en=f"«{ident}» requires the relations {rels}, which the evidence does not have.",
        correccion_en=f"add the relations {rels} to the evidence, or remove «{ident}» from the requested ids.",
    )


def medida_invalida(
    quien: str, motivo: str, donde: str, *, motivo_en: str = "", donde_en: str = "", quien_en: str = ""
) -> ErrorOracle:
    """`donde`/`donde_en`: where in the measure's text the fault is (`el texto` / `the text`, a line, a path)."""
    en = motivo_en or f"invalid measure ({motivo})"
    return ErrorOracle(
        "MEDIDA_INVALIDA",
        f"{quien}: {motivo} en {donde}.",
        campo="medida",
        correccion="corregí el texto de la medida (`oracle manual operadores` documenta el lenguaje).",
        mensaje_en=f"{quien_en or quien}: {en} in {donde_en or donde}.",
        correccion_en="fix the measure's text (`oracle manual operadores` documents the language).",
    )


def evidencia_invalida(relacion: str, indice: int | None, motivo: str, *, motivo_en: str = "") -> ErrorOracle:
    """`$.evidencia.<relación>[<índice>]`; without an index the whole relation is at fault."""
    ruta = f"$.evidencia.{relacion}" + (f"[{indice}]" if indice is not None else "")
    return ErrorOracle(
        "EVIDENCIA_INVALIDA",
        f"{ruta}: {motivo}.",
        campo=ruta,
        correccion="cada relación es una lista de objetos cuyos valores son escalares (cadena, número, booleano o nulo).",
        mensaje_en=f"{ruta}: {motivo_en or f'invalid evidence ({motivo})'}.",
        correccion_en="each relation is a list of objects whose values are scalars (string, number, boolean or null).",
    )


def evidencia_incompleta(motivo: str, *, motivo_en: str = "") -> ErrorOracle:
    return ErrorOracle(
        "EVIDENCIA_INCOMPLETA",
        f"no se pudo juzgar la fijación: {motivo}. No se devolvieron fijaciones parciales.",
        campo="corpus",
        correccion="reponé la medida jueza, renová el diferencial vencido o completá la evidencia.",
        mensaje_en=f"the fijación could not be judged: {motivo_en or f'incomplete evidence ({motivo})'}. "
        "No partial fijaciones were returned.",
        correccion_en="restore the judge measure, renew the expired diferencial, or complete the evidence.",
    )


def caso_repetido(ident: str, origen1: str, origen2: str) -> ErrorOracle:
    return ErrorOracle(
        "CASO_REPETIDO",
        f"«{ident}» aparece en {origen1} y {origen2}; ninguno tiene precedencia.",
        campo="casos",
        correccion="renombrá uno de los dos casos.",
        mensaje_en=f"«{ident}» is in both {origen1} and {origen2}; neither takes precedence.",
        correccion_en="rename one of the two cases.",
    )


def escalares_no_autorizadas(archivo: str) -> ErrorOracle:
    return ErrorOracle(
        "ESCALARES_NO_AUTORIZADAS",
        f"{archivo} es código externo; autorizalo en la configuración de arranque del servidor, no en esta llamada.",
        campo="escalares",
        correccion="arrancá con --confiar-escalares si confiás en ese archivo.",
        mensaje_en=f"{archivo} is external code and has not been trusted, so its scalars cannot run.",
        correccion_en="pass --confiar-escalares if you trust that file.",
    )


def tracker_ausente(ruta: str) -> ErrorOracle:
    return ErrorOracle(
        "TRACKER_AUSENTE",
        f"el proyecto no tiene tracker de tareas: falta {ruta}.",
        campo="tareas",
        correccion="creá el tracker con `oracle tarea nueva`.",
        mensaje_en=f"the project has no task tracker: {ruta} is missing.",
        correccion_en="create the tracker with `oracle tarea nueva`.",
    )


def tracker_invalido(n: int, ruta: str, ofensores: list[str], *, ofensores_en: list[str] | None = None) -> ErrorOracle:
    """`ofensores_en`: the same offenders in English, in the same order (without it, the Spanish ones are shown)."""
    return ErrorOracle(
        "TRACKER_INVALIDO",
        f"se detectaron {n} registro(s) inválido(s) en {ruta}:",
        campo="tareas",
        correccion="corregí o quitá cada registro listado.",
        detalles=[f"- {o}" for o in ofensores],
        mensaje_en=f"{n} invalid record(s) found in {ruta}:",
        correccion_en="fix or remove each record listed.",
        detalles_en=[f"- {o}" for o in ofensores_en or ()],
    )


def tarea_no_encontrada(ident: str) -> ErrorOracle:
    return ErrorOracle(
        "TAREA_NO_ENCONTRADA",
        f"no se encontró ninguna tarea con prefijo «{ident}».",
        campo="id",
        correccion="listá las tareas con la acción listar y usá un id existente.",
        mensaje_en=f"no task has the prefix «{ident}».",
        correccion_en="list the tasks with `oracle tarea listar --todas` and use an existing id.",
    )


def id_ambiguo(prefijo: str, ids: list[str]) -> ErrorOracle:
    return ErrorOracle(
        "ID_AMBIGUO",
        f"el prefijo «{prefijo}» coincide con {len(ids)} tareas: {', '.join(ids)}.",
        campo="id",
        correccion="alargá el prefijo hasta que identifique una sola tarea.",
        mensaje_en=f"the prefix «{prefijo}» matches {len(ids)} tasks: {', '.join(ids)}.",
        correccion_en="lengthen the prefix until it names a single task.",
    )


def limite_de_algebra(nombre: str, valor: int, limite: int) -> ErrorOracle:
    return ErrorOracle(
        "LIMITE_DE_ALGEBRA",
        f"{nombre}: se observó {valor} y el límite activo es {limite}.",
        campo=nombre,
        correccion="reducí la evidencia o reescribí la medida para que no exceda el presupuesto.",
        mensaje_en=f"{nombre}: {valor} was observed and the active limit is {limite}.",
        correccion_en="reduce the evidence, or rewrite the measure so that it stays within the budget.",
    )


def proyecto_cambio(inicial: str, final: str) -> ErrorOracle:
    """PROYECTO_CAMBIO_DURANTE_LA_CONSULTA: the tree's fingerprint changed while a query read it."""
    return ErrorOracle(
        "PROYECTO_CAMBIO_DURANTE_LA_CONSULTA",
        f"huella inicial {inicial} y final {final}; reintentá sobre un estado estable.",
        campo="proyecto",
        correccion="repetí la consulta cuando el árbol deje de cambiar.",
        mensaje_en=f"initial fingerprint {inicial} and final {final}; retry on a stable state.",
        correccion_en="run the command again once the tree stops changing.",
    )


def evaluacion_fallo(tipo: str, mensaje: str, *, mensaje_en: str = "") -> ErrorOracle:
    """`mensaje`: usually an exception's own text (language-neutral); `mensaje_en` when Oracle wrote it in Spanish."""
    return ErrorOracle(
        "EVALUACION_FALLO",
        f"{tipo}: {mensaje}. No se produjo un veredicto.",
        campo="medida",
        correccion="revisá la medida o la escalar que levantó la excepción.",
        mensaje_en=f"{tipo}: {mensaje_en or mensaje}. No verdict was produced.",
        correccion_en="check the measure, or the scalar that raised the exception.",
    )
