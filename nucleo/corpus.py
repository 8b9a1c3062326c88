"""Corpus cases and differentials: evidence with an expected state, loaded fail-closed.

A project case lives in `corpus/` (or `diferencial/`, which adds `vence`) as one JSON object
per `*.json` file: `{"id", "medida", "espera", "evidencia", "procedencia"}`. Ephemeral cases
come from a call (`{"id", "espera", "evidencia"}`) and never carry `procedencia`: a call
cannot turn made-up evidence into observed evidence. Two cases with one id are
CASO_REPETIDO naming both origins; nothing wins silently.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle_lint.nucleo.errores import ErrorOracle, argumentos_invalidos, caso_repetido, evidencia_incompleta
from oracle_lint.nucleo.evidencia import Evidencia, normalizar_evidencia, validar_evidencia
from oracle_lint.nucleo.medida import es_id_de_medida
from oracle_lint.nucleo.proyecto import Proyecto

ESPERAS = ("verde", "rojo", "sin_evidencia")
CLASES = ("corpus", "diferencial", "efimero")
ORIGEN_LLAMADA = "llamada"
CLAVES_CORPUS = frozenset({"id", "medida", "espera", "evidencia", "procedencia"})
CLAVES_DIFERENCIAL = CLAVES_CORPUS | {"vence"}
CLAVES_EFIMERO = frozenset({"id", "espera", "evidencia"})


@dataclass(frozen=True)
class Caso:
    """One case: evidence, the state the measure must give on it, and where it came from."""

    id: str
    espera: str
    evidencia: Evidencia
    origen: str
    clase: str = "efimero"
    medida: str | None = None  # None for ephemeral cases: they apply to the measure being challenged
    procedencia: str | None = None
    vence: str | None = None  # differentials only, YYYY-MM-DD (valid through that day)

    @property
    def efimero(self) -> bool:
        """True for a case that came from a call, not from the project."""
        return self.clase == "efimero"

    def vencido(self, hoy: datetime.date) -> bool:
        """True for a differential whose `vence` date is before `hoy`."""
        return self.vence is not None and datetime.date.fromisoformat(self.vence) < hoy

    def normalizado(self) -> dict[str, Any]:
        """What `entrada_sha256` hashes: content only, evidence rows in canonical order."""
        return {
            "id": self.id,
            "espera": self.espera,
            "evidencia": normalizar_evidencia(self.evidencia),
            "procedencia": self.procedencia,
            "efimero": self.efimero,
        }

    def a_dict(self) -> dict[str, Any]:
        """The listing row of `oracle caso listar` (evidence summarized as row counts)."""
        return {
            "id": self.id,
            "medida": self.medida,
            "espera": self.espera,
            "clase": self.clase,
            "origen": self.origen,
            "procedencia": self.procedencia,
            "vence": self.vence,
            "relaciones": {r: len(f) for r, f in sorted(self.evidencia.items())},
        }


class _Falla(Exception):
    """A shape fault at a JSON path inside one case (converted to a coded error by the caller)."""

    def __init__(
        self, ruta: str, motivo: str, motivo_en: str, recibido: object = None, evidencia: ErrorOracle | None = None
    ) -> None:
        super().__init__(motivo)
        self.ruta = ruta
        self.motivo = motivo
        self.motivo_en = motivo_en
        self.recibido = recibido
        self.evidencia = evidencia


def caso_invalido(origen: str, motivo: str, *, motivo_en: str = "") -> ErrorOracle:
    """CASO_INVALIDO: a case file that is not one well-formed case (`motivo_en`: the reason in English)."""
    return ErrorOracle(
        "CASO_INVALIDO",
        f"{origen}: {motivo}.",
        campo=origen,
        correccion=(
            "un caso es un objeto JSON con id, medida, espera (verde|rojo|sin_evidencia), evidencia y "
            "procedencia; un diferencial agrega vence (AAAA-MM-DD)."
        ),
        mensaje_en=f"{origen}: {motivo_en or f'not a valid case ({motivo})'}.",
        correccion_en=(
            "a case is a JSON object with id, medida, espera (verde|rojo|sin_evidencia), evidencia and "
            "procedencia; a diferencial adds vence (YYYY-MM-DD)."
        ),
    )


def _mostrar(valor: object) -> str:
    try:
        return json.dumps(valor, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(valor)


def _texto_no_vacio(datos: Mapping[str, Any], clave: str) -> str:
    valor = datos[clave]
    if not isinstance(valor, str) or not valor.strip():
        raise _Falla(f"$.{clave}", "se esperaba una cadena no vacía", "expected a non-empty string", valor)
    return valor


def _validar(datos: object, requeridas: frozenset[str]) -> dict[str, Any]:
    """Check one case object against exactly `requeridas` keys; raise `_Falla` on the first fault."""
    if not isinstance(datos, Mapping):
        raise _Falla("$", "se esperaba un objeto", "expected an object", datos)
    faltan, sobran = sorted(requeridas - set(datos)), sorted(set(datos) - requeridas)
    if faltan:
        raise _Falla(f"$.{faltan[0]}", f"falta la clave «{faltan[0]}»", f"the key «{faltan[0]}» is missing", None)
    if sobran:
        raise _Falla(f"$.{sobran[0]}", f"clave desconocida «{sobran[0]}»", f"unknown key «{sobran[0]}»", datos[sobran[0]])
    salida: dict[str, Any] = {"id": _texto_no_vacio(datos, "id")}
    if datos["espera"] not in ESPERAS:
        raise _Falla("$.espera", "se esperaba verde, rojo o sin_evidencia", "expected verde, rojo or sin_evidencia",
                     datos["espera"])
    salida["espera"] = datos["espera"]
    if "medida" in requeridas:
        if not es_id_de_medida(datos["medida"]):
            raise _Falla("$.medida", "se esperaba un id de medida", "expected a measure id", datos["medida"])
        salida["medida"] = datos["medida"]
    if "procedencia" in requeridas:
        salida["procedencia"] = _texto_no_vacio(datos, "procedencia")
    if "vence" in requeridas:
        salida["vence"] = _fecha(datos["vence"])
    try:
        salida["evidencia"] = validar_evidencia(datos["evidencia"])
    except ErrorOracle as error:
        raise _Falla("$.evidencia", error.mensaje, error.mensaje_en, datos["evidencia"], evidencia=error) from None
    return salida


def _fecha(valor: object) -> str:
    if isinstance(valor, str) and len(valor) == 10:
        try:
            return datetime.date.fromisoformat(valor).isoformat()
        except ValueError:
            pass
    raise _Falla("$.vence", "se esperaba una fecha AAAA-MM-DD", "expected a date YYYY-MM-DD", valor)


def _evidencia_invalida(prefijo: str, error: ErrorOracle, campo: str) -> ErrorOracle:
    return ErrorOracle("EVIDENCIA_INVALIDA", f"{prefijo}{error.mensaje}", campo=campo, correccion=error.correccion,
                       mensaje_en=f"{prefijo}{error.mensaje_en or error.mensaje}", correccion_en=error.correccion_en)


def caso_de_datos(datos: object, *, origen: str, clase: str) -> Caso:
    """A project case (or differential) from its decoded JSON; CASO_INVALIDO/EVIDENCIA_INVALIDA name `origen`."""
    requeridas = CLAVES_DIFERENCIAL if clase == "diferencial" else CLAVES_CORPUS
    try:
        campos = _validar(datos, requeridas)
    except _Falla as falla:
        if falla.evidencia is not None:
            raise _evidencia_invalida(f"{origen}: ", falla.evidencia, origen) from None
        raise caso_invalido(origen, f"{falla.ruta}: {falla.motivo}", motivo_en=f"{falla.ruta}: {falla.motivo_en}") from None
    return Caso(origen=origen, clase=clase, **campos)


def caso_efimero(datos: object, *, indice: int, origen: str = ORIGEN_LLAMADA) -> Caso:
    """An ephemeral case from a call (`$.casos[indice]`): ARGUMENTOS_INVALIDOS or EVIDENCIA_INVALIDA on faults."""
    ruta = f"$.casos[{indice}]"
    try:
        campos = _validar(datos, CLAVES_EFIMERO)
    except _Falla as falla:
        if falla.evidencia is not None:
            mensaje = falla.evidencia.mensaje.replace("$.evidencia", f"{ruta}.evidencia", 1)
            mensaje_en = (falla.evidencia.mensaje_en or falla.evidencia.mensaje).replace("$.evidencia", f"{ruta}.evidencia", 1)
            raise ErrorOracle("EVIDENCIA_INVALIDA", mensaje, campo=f"{ruta}.evidencia",
                              correccion=falla.evidencia.correccion, mensaje_en=mensaje_en,
                              correccion_en=falla.evidencia.correccion_en) from None
        if falla.motivo.startswith("clave desconocida «procedencia»"):
            forma = "un caso sin procedencia (una llamada no convierte evidencia fabricada en observada)"
            forma_en = "a case without procedencia (a call does not turn made-up evidence into observed evidence)"
        else:
            forma = f"{falla.motivo} — un caso {{id, espera, evidencia}}"
            forma_en = f"{falla.motivo_en.removeprefix('expected ')} — a case {{id, espera, evidencia}}"
        raise argumentos_invalidos(ruta + falla.ruta[1:], _mostrar(falla.recibido), forma, forma_en=forma_en) from None
    return Caso(origen=origen, clase="efimero", **campos)


def casos_efimeros(lista: object, *, origen: str = ORIGEN_LLAMADA) -> tuple[Caso, ...]:
    """The `casos` argument of a challenge: a list of ephemeral cases."""
    if not isinstance(lista, list):
        raise argumentos_invalidos("$.casos", _mostrar(lista), "una lista de casos {id, espera, evidencia}",
                                   forma_en="a list of cases {id, espera, evidencia}")
    return tuple(caso_efimero(d, indice=i, origen=origen) for i, d in enumerate(lista))


def caso_efimero_de_archivo(ruta: Path, origen: str) -> tuple[Caso, ...]:
    """Ephemeral cases from a JSON file (one object or a list); CASO_INVALIDO/EVIDENCIA_INVALIDA name the file."""
    datos = _leer_json(ruta, origen)
    lista = datos if isinstance(datos, list) else [datos]
    casos = []
    for i, d in enumerate(lista):
        donde = origen if not isinstance(datos, list) else f"{origen}[{i}]"
        try:
            campos = _validar(d, CLAVES_EFIMERO)
        except _Falla as falla:
            if falla.evidencia is not None:
                raise _evidencia_invalida(f"{donde}: ", falla.evidencia, origen) from None
            raise caso_invalido(donde, f"{falla.ruta}: {falla.motivo} (un caso efímero es {{id, espera, evidencia}})",
                                motivo_en=f"{falla.ruta}: {falla.motivo_en} (an ephemeral case is {{id, espera, evidencia}})"
                                ) from None
        casos.append(Caso(origen=origen, clase="efimero", **campos))
    return tuple(casos)


def _leer_json(ruta: Path, origen: str) -> object:
    try:
        texto = ruta.read_text(encoding="utf-8")
    except OSError as error:
        raise caso_invalido(origen, f"no se pudo leer ({error.__class__.__name__}: {error.strerror})",
                            motivo_en=f"cannot be read ({error.__class__.__name__}: {error.strerror})") from None
    except UnicodeDecodeError:
        raise caso_invalido(origen, "no es UTF-8", motivo_en="not UTF-8") from None
    try:
        return json.loads(texto)
    except json.JSONDecodeError as error:
        raise caso_invalido(origen, f"JSON inválido: {error.msg} (línea {error.lineno}, columna {error.colno})",
                            motivo_en=f"invalid JSON: {error.msg} (line {error.lineno}, column {error.colno})") from None


def archivos_de_casos(directorio: Path) -> tuple[Path, ...]:
    """Every `*.json` under `directorio` (recursively), sorted; none when it does not exist."""
    if not directorio.exists():
        return ()
    if not directorio.is_dir():
        raise caso_invalido(str(directorio), "no es un directorio", motivo_en="not a directory")
    return tuple(sorted((p for p in directorio.rglob("*.json") if p.is_file()), key=lambda p: p.as_posix()))


def leer_casos(directorio: Path, *, clase: str, presentar: Callable[[Path], str]) -> tuple[Caso, ...]:
    """Load every case file of one directory; the first fault raises (no partial corpus)."""
    return tuple(
        caso_de_datos(_leer_json(ruta, presentar(ruta)), origen=presentar(ruta), clase=clase)
        for ruta in archivos_de_casos(directorio)
    )


def sin_repetidos(casos: Iterable[Caso]) -> tuple[Caso, ...]:
    """The cases unchanged, or CASO_REPETIDO naming the two origins of the first repeated id."""
    vistos: dict[str, Caso] = {}
    salida = []
    for caso in casos:
        previo = vistos.get(caso.id)
        if previo is not None:
            raise caso_repetido(caso.id, previo.origen, caso.origen)
        vistos[caso.id] = caso
        salida.append(caso)
    return tuple(salida)


def cargar_corpus(proyecto: Proyecto) -> tuple[Caso, ...]:
    """Every case of the project: `corpus/` then `diferencial/`, ids unique across both."""
    corpus = leer_casos(proyecto.dir_corpus, clase="corpus", presentar=proyecto.presentar_ruta)
    diferencial = leer_casos(proyecto.dir_diferencial, clase="diferencial", presentar=proyecto.presentar_ruta)
    return sin_repetidos((*corpus, *diferencial))


def exigir_vigentes(casos: Iterable[Caso], hoy: datetime.date) -> None:
    """EVIDENCIA_INCOMPLETA for the first expired differential among `casos`."""
    for caso in casos:
        if caso.vencido(hoy):
            raise evidencia_incompleta(f"el diferencial {caso.origen} («{caso.id}») venció el {caso.vence}",
                                       motivo_en=f"the diferencial {caso.origen} («{caso.id}») expired on {caso.vence}")


def de_la_medida(casos: Iterable[Caso], medida: str) -> tuple[Caso, ...]:
    """The project cases that name `medida`."""
    return tuple(c for c in casos if c.medida == medida)


def casos_para_desafio(
    proyecto: Proyecto | None,
    medida: str,
    efimeros: Sequence[Caso] = (),
    *,
    usar_evidencia_del_proyecto: bool = True,
    hoy: datetime.date | None = None,
) -> tuple[Caso, ...]:
    """Gather a challenge's cases: the project's for `medida` (unless refused), then the ephemeral ones."""
    propios: tuple[Caso, ...] = ()
    if usar_evidencia_del_proyecto and proyecto is not None:
        propios = de_la_medida(cargar_corpus(proyecto), medida)
        exigir_vigentes(propios, hoy or datetime.date.today())
    return sin_repetidos((*propios, *efimeros))
