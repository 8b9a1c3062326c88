"""Oracle's domain errors: one stable code each, with the exact message templates of seed 001.

Every error a caller can act on is an `ErrorOracle`. Its first line is `CODIGO — mensaje`;
`campo` and `correccion` say which input is wrong and how to fix it (shown on the following
lines by the CLI and the MCP server).
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

    def __post_init__(self) -> None:
        super().__init__(self.linea())

    def linea(self, idioma: str = "es") -> str:
        """The stable first line: `CODIGO — mensaje` (`idioma="en"`: the English message when there is one)."""
        return f"{self.codigo} — {self.mensaje_en if idioma == 'en' and self.mensaje_en else self.mensaje}"

    def texto(self, idioma: str = "es") -> str:
        """The whole error: first line, offending details, field and fix, in seed 001's Spanish or in English."""
        lineas = [self.linea(idioma), *self.detalles]
        ingles = idioma == "en"
        if self.campo:
            lineas.append(f"{'field' if ingles else 'campo'}: {self.campo}")
        correccion = self.correccion_en if ingles and self.correccion_en else self.correccion
        if correccion:
            lineas.append(f"{'fix' if ingles else 'corrección'}: {correccion}")
        return "\n".join(lineas)


def argumentos_invalidos(ruta: str, recibido: str, forma: str) -> ErrorOracle:
    return ErrorOracle(
        "ARGUMENTOS_INVALIDOS",
        f"{ruta}: {recibido}; se esperaba {forma}.",
        campo=ruta,
        correccion=f"enviá {forma} en {ruta}.",
    )


def proyecto_invalido(raiz: str, motivo: str, correccion: str = "", motivo_en: str = "", correccion_en: str = "") -> ErrorOracle:
    return ErrorOracle(
        "PROYECTO_INVALIDO",
        f"{raiz}: {motivo}.",
        campo="proyecto",
        correccion=correccion or "corregí la estructura o la configuración del proyecto.",
        mensaje_en=f"{raiz}: {motivo_en}." if motivo_en else "",
        correccion_en=correccion_en,
    )


def catalogo_invalido(fuente: str, motivo: str) -> ErrorOracle:
    return ErrorOracle(
        "CATALOGO_INVALIDO",
        f"{fuente}: {motivo}. No se devolvió un catálogo parcial.",
        campo=fuente,
        correccion="corregí o quitá la fuente que no carga; ningún id puede repetirse entre fuentes.",
    )


def medida_desconocida(ident: str) -> ErrorOracle:
    return ErrorOracle(
        "MEDIDA_DESCONOCIDA",
        f"«{ident}» no aparece en las fuentes seleccionadas; consultá oracle_catalogo_efectivo sin ids.",
        campo="id",
        correccion="usá un id del catálogo efectivo (`oracle medida listar`).",
    )


def medida_no_efectiva(ident: str, origen: str, ambito: str, proyecto: str) -> ErrorOracle:
    return ErrorOracle(
        "MEDIDA_NO_EFECTIVA",
        f"«{ident}» existe en {origen}, pero su ambito «{ambito}» no obliga a «{proyecto}».",
        campo="id",
        correccion="la medida ya tiene dueño y alcance; no la dupliques ni la pidas en este proyecto.",
    )


def medida_no_aplicable(ident: str, relaciones: list[str]) -> ErrorOracle:
    rels = ", ".join(relaciones)
    return ErrorOracle(
        "MEDIDA_NO_APLICABLE",
        f"«{ident}» requiere las relaciones {rels}, no presentes en la evidencia.",
        campo="evidencia",
        correccion=f"agregá a la evidencia las relaciones {rels} o quitá «{ident}» de ids.",
    )


def medida_invalida(quien: str, motivo: str, donde: str) -> ErrorOracle:
    return ErrorOracle(
        "MEDIDA_INVALIDA",
        f"{quien}: {motivo} en {donde}.",
        campo="medida",
        correccion="corregí el texto de la medida (`oracle manual operadores` documenta el lenguaje).",
    )


def evidencia_invalida(relacion: str, indice: int | None, motivo: str) -> ErrorOracle:
    """`$.evidencia.<relación>[<índice>]`; without an index the whole relation is at fault."""
    ruta = f"$.evidencia.{relacion}" + (f"[{indice}]" if indice is not None else "")
    return ErrorOracle(
        "EVIDENCIA_INVALIDA",
        f"{ruta}: {motivo}.",
        campo=ruta,
        correccion="cada relación es una lista de objetos cuyos valores son escalares (cadena, número, booleano o nulo).",
    )


def evidencia_incompleta(motivo: str) -> ErrorOracle:
    return ErrorOracle(
        "EVIDENCIA_INCOMPLETA",
        f"no se pudo juzgar la fijación: {motivo}. No se devolvieron fijaciones parciales.",
        campo="corpus",
        correccion="reponé la medida jueza, renová el diferencial vencido o completá la evidencia.",
    )


def caso_repetido(ident: str, origen1: str, origen2: str) -> ErrorOracle:
    return ErrorOracle(
        "CASO_REPETIDO",
        f"«{ident}» aparece en {origen1} y {origen2}; ninguno tiene precedencia.",
        campo="casos",
        correccion="renombrá uno de los dos casos.",
    )


def escalares_no_autorizadas(archivo: str) -> ErrorOracle:
    return ErrorOracle(
        "ESCALARES_NO_AUTORIZADAS",
        f"{archivo} es código externo; autorizalo en la configuración de arranque del servidor, no en esta llamada.",
        campo="escalares",
        correccion="arrancá con --confiar-escalares si confiás en ese archivo.",
    )


def tracker_ausente(ruta: str) -> ErrorOracle:
    return ErrorOracle(
        "TRACKER_AUSENTE",
        f"el proyecto no tiene tracker de tareas: falta {ruta}.",
        campo="tareas",
        correccion="creá el tracker con `oracle tarea nueva`.",
    )


def tracker_invalido(n: int, ruta: str, ofensores: list[str]) -> ErrorOracle:
    return ErrorOracle(
        "TRACKER_INVALIDO",
        f"se detectaron {n} registro(s) inválido(s) en {ruta}:",
        campo="tareas",
        correccion="corregí o quitá cada registro listado.",
        detalles=[f"- {o}" for o in ofensores],
    )


def tarea_no_encontrada(ident: str) -> ErrorOracle:
    return ErrorOracle(
        "TAREA_NO_ENCONTRADA",
        f"no se encontró ninguna tarea con prefijo «{ident}».",
        campo="id",
        correccion="listá las tareas con la acción listar y usá un id existente.",
    )


def id_ambiguo(prefijo: str, ids: list[str]) -> ErrorOracle:
    return ErrorOracle(
        "ID_AMBIGUO",
        f"el prefijo «{prefijo}» coincide con {len(ids)} tareas: {', '.join(ids)}.",
        campo="id",
        correccion="alargá el prefijo hasta que identifique una sola tarea.",
    )


def limite_de_algebra(nombre: str, valor: int, limite: int) -> ErrorOracle:
    return ErrorOracle(
        "LIMITE_DE_ALGEBRA",
        f"{nombre}: se observó {valor} y el límite activo es {limite}.",
        campo=nombre,
        correccion="reducí la evidencia o reescribí la medida para que no exceda el presupuesto.",
    )


def proyecto_cambio(inicial: str, final: str) -> ErrorOracle:
    return ErrorOracle(
        "PROYECTO_CAMBIO_DURANTE_LA_CONSULTA",
        f"huella inicial {inicial} y final {final}; reintentá sobre un estado estable.",
        campo="proyecto",
        correccion="repetí la consulta cuando el árbol deje de cambiar.",
    )


def evaluacion_fallo(tipo: str, mensaje: str) -> ErrorOracle:
    return ErrorOracle(
        "EVALUACION_FALLO",
        f"{tipo}: {mensaje}. No se produjo un veredicto.",
        campo="medida",
        correccion="revisá la medida o la escalar que levantó la excepción.",
    )
