"""Measures: their TOML text form (`formato: oracle`), catalog files, and evaluation.

A measure names the relations it needs (`requiere`), a pipeline that yields its witnesses
(`testigos`, or `forma`: the canonical form as JSON), an aggregate (`valor`) and a threshold
(`umbral`). Evaluating it over evidence gives a `Veredicto` with three states: `verde`, `rojo`,
or `sin_evidencia` when a required relation is missing — never red for "could not look".
"""

from __future__ import annotations

import functools
import json
import string
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from oracle_lint.nucleo.algebra import Evaluador, LimitesAlgebra, comparar
from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.errores import evaluacion_fallo, medida_invalida
from oracle_lint.nucleo.escalares import Escalares, verificar_escalares
from oracle_lint.nucleo.evidencia import es_nombre_de_relacion, validar_evidencia
from oracle_lint.nucleo.lenguaje import Forma, a_texto, escalares_de, parsear, relaciones_de, validar_forma
from oracle_lint.nucleo.veredicto import Umbral, Veredicto

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

AMBITOS = ("universal", "del_origen")
AGREGADOS = ("cuenta", "suma", "maximo", "minimo")
OPERADORES = ("==", "!=", "<", "<=", ">", ">=")
CLAVES_MEDIDA = frozenset(
    "id segun porque alcance ambito requiere testigos forma valor umbral mensaje ejemplos".split()
)
_OP_ALGEBRA = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def es_id_de_medida(ident: object) -> bool:
    """True for `^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$`."""
    if not isinstance(ident, str):
        return False
    partes = ident.split(".")
    return len(partes) >= 2 and all(es_nombre_de_relacion(p) for p in partes)


@dataclass(frozen=True)
class Medida:
    """One measure, parsed and expanded; `forma` is its canonical pipeline."""

    id: str
    segun: str
    porque: str
    alcance: str
    ambito: str
    requiere: tuple[str, ...]
    testigos: str
    forma: Forma
    valor: Mapping[str, str]
    umbral: Umbral
    mensaje: str | None = None
    ejemplos: Mapping[str, str] = field(default_factory=dict)

    def relaciones(self) -> tuple[str, ...]:
        """Relations the pipeline consumes, sorted."""
        return relaciones_de(self.forma)

    def escalares(self) -> tuple[str, ...]:
        """Scalar functions the pipeline calls, sorted (computed once: a measure is immutable)."""
        return self._escalares

    @functools.cached_property
    def _escalares(self) -> tuple[str, ...]:
        return escalares_de(self.forma)

    def a_datos(self) -> dict[str, Any]:
        """The canonical data of the measure: what `entrada_sha256` hashes and mutation changes."""
        datos: dict[str, Any] = {
            "id": self.id,
            "segun": self.segun,
            "porque": self.porque,
            "alcance": self.alcance,
            "ambito": self.ambito,
            "requiere": list(self.requiere),
            "forma": self.forma,
            "valor": dict(self.valor),
            "umbral": self.umbral.a_dict(),
        }
        if self.mensaje is not None:
            datos["mensaje"] = self.mensaje
        return datos

    @functools.cached_property
    def datos_canonicos(self) -> str:
        """`canonico(self.a_datos())`, computed once: a measure is immutable."""
        return canonico(self.a_datos())

    def con_forma(self, forma: Forma) -> Medida:
        """The same measure over another canonical pipeline (a mutant, for instance)."""
        validar_forma(forma, quien=self.id)
        return replace(self, forma=forma)

    def evaluar(
        self,
        evidencia: Mapping[str, list[dict[str, Any]]],
        *,
        limites: LimitesAlgebra | None = None,
        escalares: Escalares | None = None,
        validada: bool = False,
    ) -> Veredicto:
        """Evaluate over evidence. Missing required relations give `sin_evidencia`, never `rojo`.

        `validada=True` is for callers that already ran `validar_evidencia` on this very object
        (a judgement over many measures, a case loaded from the corpus): it skips re-validation.
        """
        if not validada:
            evidencia = validar_evidencia(evidencia)
        limites = limites or LimitesAlgebra()
        escalares = escalares or Escalares()
        faltan = tuple(r for r in self.requiere if r not in evidencia)
        if faltan:
            return Veredicto(self.id, "sin_evidencia", 0, (), self.umbral, faltan=faltan)
        verificar_escalares(self, escalares)
        advertencias = [
            f"la relación «{r}» que consume la medida no está en requiere y falta en la evidencia: se evaluó como vacía"
            for r in self.relaciones()
            if r not in evidencia and r not in self.requiere
        ]
        filas = Evaluador(evidencia, limites, escalares.llamar).evaluar(self.forma)
        testigos = tuple(sorted(filas, key=canonico))
        valor, avisos = _agregar(self.valor, testigos)
        advertencias.extend(avisos)
        estado = "verde" if comparar(_OP_ALGEBRA[self.umbral.operador], valor, self.umbral.valor) else "rojo"
        return Veredicto(self.id, estado, valor, testigos, self.umbral, advertencias=tuple(advertencias))

    def mensaje_para(self, testigo: Mapping[str, Any]) -> str:
        """The human message of one witness: `mensaje` with `{columna}` filled in, else `porque`."""
        if self.mensaje is None:
            return self.porque
        return string.Formatter().vformat(self.mensaje, (), _Faltantes(testigo))


class _Faltantes(dict):
    def __init__(self, base: Mapping[str, Any]) -> None:
        super().__init__(base)

    def __missing__(self, clave: str) -> str:
        return "?"


def _agregar(valor: Mapping[str, str], testigos: tuple[dict[str, Any], ...]) -> tuple[int | float, list[str]]:
    agregado = valor["agregado"]
    if agregado == "cuenta":
        return len(testigos), []
    campo = valor["campo"]
    numeros = []
    for t in testigos:
        v = t.get(campo)
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise evaluacion_fallo("TypeError", f"{agregado} de «{campo}»: el testigo {canonico(t)} no tiene un número",
                                   mensaje_en=f"{agregado} of «{campo}»: the witness {canonico(t)} has no number")
        numeros.append(v)
    if agregado == "suma":
        return sum(numeros), []
    if not numeros:
        return 0, [f"{agregado} de un conjunto vacío: se informa 0"]
    return (max(numeros) if agregado == "maximo" else min(numeros)), []


# -- reading the text form ------------------------------------------------------------------


def _leer_toml(texto: str, quien: str) -> dict[str, Any]:
    try:
        return tomllib.loads(texto)
    except tomllib.TOMLDecodeError as error:
        raise medida_invalida(quien, f"TOML inválido ({error})", "el texto", motivo_en=f"invalid TOML ({error})",
                              donde_en="the text") from None
    except RecursionError:  # nesting deeper than the parser follows: the measure's fault, never a traceback
        raise medida_invalida(quien, "TOML anidado más hondo de lo que se puede leer", "el texto",
                              motivo_en="TOML nested deeper than can be read", donde_en="the text") from None


def _texto_requerido(datos: Mapping[str, Any], clave: str, quien: str, donde: str, donde_en: str) -> str:
    valor = datos.get(clave)
    if not isinstance(valor, str) or not valor.strip():
        raise medida_invalida(quien, f"falta «{clave}» o no es una cadena no vacía", donde,
                              motivo_en=f"«{clave}» is missing or not a non-empty string", donde_en=donde_en)
    return valor


def _valor(crudo: object, quien: str, donde: str, donde_en: str) -> dict[str, str]:
    if not isinstance(crudo, str):
        raise medida_invalida(quien, "«valor» debe ser «cuenta», «suma CAMPO», «maximo CAMPO» o «minimo CAMPO»", donde,
                              motivo_en="«valor» must be «cuenta», «suma CAMPO», «maximo CAMPO» or «minimo CAMPO»",
                              donde_en=donde_en)
    partes = crudo.split()
    if partes == ["cuenta"]:
        return {"agregado": "cuenta"}
    if len(partes) == 2 and partes[0] in AGREGADOS[1:] and es_nombre_de_relacion(partes[1]):
        return {"agregado": partes[0], "campo": partes[1]}
    raise medida_invalida(
        quien, f"«valor» «{crudo}» no es «cuenta», «suma CAMPO», «maximo CAMPO» ni «minimo CAMPO»", donde,
        motivo_en=f"«valor» «{crudo}» is none of «cuenta», «suma CAMPO», «maximo CAMPO» and «minimo CAMPO»",
        donde_en=donde_en,
    )


def _umbral(crudo: object, quien: str, donde: str, donde_en: str) -> Umbral:
    if not isinstance(crudo, Mapping) or set(crudo) != {"operador", "valor"}:
        raise medida_invalida(quien, "«umbral» debe ser una tabla con exactamente «operador» y «valor»", donde,
                              motivo_en="«umbral» must be a table with exactly «operador» and «valor»", donde_en=donde_en)
    operador, valor = crudo["operador"], crudo["valor"]
    if operador not in OPERADORES:
        raise medida_invalida(quien, f"operador de umbral «{operador}» desconocido; usá {' '.join(OPERADORES)}", donde,
                              motivo_en=f"unknown threshold operator «{operador}»; use {' '.join(OPERADORES)}",
                              donde_en=donde_en)
    if isinstance(valor, bool) or not isinstance(valor, (int, float)):
        raise medida_invalida(quien, "«umbral.valor» debe ser un número", donde,
                              motivo_en="«umbral.valor» must be a number", donde_en=donde_en)
    return Umbral(operador, valor)


def _mensaje(crudo: object, quien: str, donde: str, donde_en: str) -> str | None:
    if crudo is None:
        return None
    if not isinstance(crudo, str):
        raise medida_invalida(quien, "«mensaje» debe ser una cadena", donde,
                              motivo_en="«mensaje» must be a string", donde_en=donde_en)
    try:
        for _, nombre, especificacion, conversion in string.Formatter().parse(crudo):
            if nombre is not None and (not nombre.isidentifier() or especificacion or conversion):
                raise ValueError(nombre)
    except ValueError:
        raise medida_invalida(quien, "«mensaje» sólo admite marcadores {columna}", donde,
                              motivo_en="«mensaje» accepts only {columna} placeholders", donde_en=donde_en) from None
    return crudo


def medida_de_datos(
    datos: Mapping[str, Any],
    *,
    macros: Mapping[str, str] | None = None,
    donde: str = "el texto",
    donde_en: str = "the text",
) -> Medida:
    """Build a measure from its table (TOML keys of DESIGN §4); MEDIDA_INVALIDA on any fault.

    `donde`/`donde_en`: where the table sits, in Spanish (the MCP server) and English (the CLIs)."""
    ident = datos.get("id")
    quien = ident if isinstance(ident, str) and ident else "<sin id>"
    if not es_id_de_medida(ident):
        raise medida_invalida(quien, "«id» debe cumplir ^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$", donde,
                              motivo_en="«id» must match ^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$", donde_en=donde_en,
                              quien_en=quien if quien != "<sin id>" else "<no id>")
    sobran = sorted(set(datos) - CLAVES_MEDIDA)
    if sobran:
        raise medida_invalida(quien, f"claves desconocidas {sobran}", donde, motivo_en=f"unknown keys {sobran}",
                              donde_en=donde_en)
    segun = _texto_requerido(datos, "segun", quien, donde, donde_en)
    porque = _texto_requerido(datos, "porque", quien, donde, donde_en)
    alcance = _texto_requerido(datos, "alcance", quien, donde, donde_en)
    ambito = datos.get("ambito", "sin_declarar")
    if "ambito" in datos and ambito not in AMBITOS:
        raise medida_invalida(quien, f"«ambito» «{ambito}» no es universal ni del_origen", donde,
                              motivo_en=f"«ambito» «{ambito}» is neither universal nor del_origen", donde_en=donde_en)
    requiere = datos.get("requiere", [])
    if not isinstance(requiere, list) or not all(es_nombre_de_relacion(r) for r in requiere):
        raise medida_invalida(quien, "«requiere» debe ser una lista de nombres de relación", donde,
                              motivo_en="«requiere» must be a list of relation names", donde_en=donde_en)
    if len(set(requiere)) != len(requiere):
        raise medida_invalida(quien, "«requiere» repite una relación", donde,
                              motivo_en="«requiere» repeats a relation", donde_en=donde_en)
    if ("testigos" in datos) == ("forma" in datos):
        raise medida_invalida(quien, "hace falta exactamente una de «testigos» (texto) o «forma» (JSON canónico)", donde,
                              motivo_en="exactly one of «testigos» (text) or «forma» (canonical JSON) is needed",
                              donde_en=donde_en)
    if "testigos" in datos:
        testigos = _texto_requerido(datos, "testigos", quien, donde, donde_en)
        forma = parsear(testigos, macros=macros, quien=quien, donde=donde, donde_en=donde_en)
    else:
        crudo = datos["forma"]
        try:
            forma_datos = json.loads(crudo) if isinstance(crudo, str) else crudo
        except json.JSONDecodeError as error:
            raise medida_invalida(quien, f"«forma» no es JSON ({error.msg})", f"forma, columna {error.colno}",
                                  motivo_en=f"«forma» is not JSON ({error.msg})",
                                  donde_en=f"forma, column {error.colno}") from None
        forma = validar_forma(forma_datos, quien=quien)
        testigos = a_texto(forma)
    ejemplos = datos.get("ejemplos", {})
    if not isinstance(ejemplos, Mapping) or not set(ejemplos) <= {"rojo", "verde"}:
        raise medida_invalida(quien, "«ejemplos» admite sólo las claves rojo y verde", donde,
                              motivo_en="«ejemplos» accepts only the keys rojo and verde", donde_en=donde_en)
    if not all(isinstance(v, str) for v in ejemplos.values()):
        raise medida_invalida(quien, "los «ejemplos» son cadenas", donde,
                              motivo_en="the «ejemplos» are strings", donde_en=donde_en)
    return Medida(
        id=ident,
        segun=segun,
        porque=porque,
        alcance=alcance,
        ambito=ambito,
        requiere=tuple(requiere),
        testigos=testigos,
        forma=forma,
        valor=_valor(datos.get("valor", "cuenta"), quien, donde, donde_en),
        umbral=_umbral(datos.get("umbral"), quien, donde, donde_en),
        mensaje=_mensaje(datos.get("mensaje"), quien, donde, donde_en),
        ejemplos=dict(ejemplos),
    )


def medida_de_texto(texto: str, *, macros: Mapping[str, str] | None = None, quien: str = "<texto>") -> Medida:
    """One measure as a TOML document with top-level keys (`formato = "oracle"` optional)."""
    datos = _leer_toml(texto, quien)
    formato = datos.pop("formato", "oracle")
    if formato != "oracle":
        raise medida_invalida(quien, f"formato «{formato}» desconocido; el único es «oracle»", "formato",
                              motivo_en=f"unknown formato «{formato}»; the only one is «oracle»")
    if "medida" in datos and "id" not in datos:
        raise medida_invalida(quien, "el texto es un catálogo ([[medida]]); se esperaba una sola medida", "el texto",
                              motivo_en="the text is a catalog ([[medida]]); expected a single measure",
                              donde_en="the text")
    return medida_de_datos(datos, macros=macros)


def _lineas_de_encabezado(texto: str, encabezado: str) -> list[int]:
    """1-based lines where each `[[encabezado]]` table starts (for error positions)."""
    return [i for i, linea in enumerate(texto.splitlines(), start=1) if linea.strip() == f"[[{encabezado}]]"]


def _donde_de_tabla(fuente: str, lineas: list[int], i: int, encabezado: str) -> tuple[str, str]:
    """Where the i-th `[[encabezado]]` table of `fuente` is, in Spanish and in English."""
    if i < len(lineas):
        return f"{fuente}, línea {lineas[i]}", f"{fuente}, line {lineas[i]}"
    return f"{fuente}, [[{encabezado}]] n.º {i + 1}", f"{fuente}, [[{encabezado}]] no. {i + 1}"


def macros_de_tablas(tablas: object, fuente: str, lineas: list[int]) -> dict[str, str]:
    """Macros from `[[macro]]` tables: `nombre` (a relation-like name) and `expresion`."""
    if not isinstance(tablas, list):
        raise medida_invalida(fuente, "«macro» debe ser una lista de tablas [[macro]]", "el archivo",
                              motivo_en="«macro» must be a list of [[macro]] tables", donde_en="the file")
    macros: dict[str, str] = {}
    for i, tabla in enumerate(tablas):
        donde, donde_en = _donde_de_tabla(fuente, lineas, i, "macro")
        if not isinstance(tabla, Mapping) or set(tabla) != {"nombre", "expresion"}:
            raise medida_invalida(fuente, "cada [[macro]] tiene exactamente «nombre» y «expresion»", donde,
                                  motivo_en="each [[macro]] has exactly «nombre» and «expresion»", donde_en=donde_en)
        nombre, expresion = tabla["nombre"], tabla["expresion"]
        if not es_nombre_de_relacion(nombre) or not isinstance(expresion, str):
            raise medida_invalida(fuente, "una macro tiene un nombre ^[a-z][a-z0-9_]*$ y una expresión de texto", donde,
                                  motivo_en="a macro has a name matching ^[a-z][a-z0-9_]*$ and a text expression",
                                  donde_en=donde_en)
        if nombre in macros:
            raise medida_invalida(fuente, f"la macro «{nombre}» está definida dos veces", donde,
                                  motivo_en=f"the macro «{nombre}» is defined twice", donde_en=donde_en)
        macros[nombre] = expresion
    return macros


def macros_de_texto(texto: str, *, fuente: str) -> dict[str, str]:
    """A macros file: `[[macro]]` tables and nothing else (memoized on its text, like catalogs)."""
    return dict(_macros_memo(texto, fuente))


@functools.lru_cache(maxsize=128)
def _macros_memo(texto: str, fuente: str) -> tuple[tuple[str, str], ...]:
    return tuple(_macros_de_texto(texto, fuente=fuente).items())


def _macros_de_texto(texto: str, *, fuente: str) -> dict[str, str]:
    datos = _leer_toml(texto, fuente)
    sobran = sorted(set(datos) - {"macro"})
    if sobran:
        raise medida_invalida(fuente, f"un archivo de macros sólo tiene [[macro]]; sobran {sobran}", "el archivo",
                              motivo_en=f"a macros file holds only [[macro]] tables; extra: {sobran}", donde_en="the file")
    return macros_de_tablas(datos.get("macro", []), fuente, _lineas_de_encabezado(texto, "macro"))


def medidas_de_catalogo(texto: str, *, fuente: str, macros: Mapping[str, str] | None = None) -> list[Medida]:
    """A catalog file: `[[medida]]` tables, plus `[[macro]]` tables visible to this file only.

    Parsing is a pure function of (text, source name, macros), so it is memoized on exactly
    those values: every call still reads the file's bytes, and a changed byte is a new key, so
    the memo can never answer for another state of the tree (measures are immutable).
    """
    return list(_medidas_memo(texto, fuente, tuple(sorted((macros or {}).items()))))


@functools.lru_cache(maxsize=512)
def _medidas_memo(texto: str, fuente: str, macros: tuple[tuple[str, str], ...]) -> tuple[Medida, ...]:
    return tuple(_medidas_de_catalogo(texto, fuente=fuente, macros=dict(macros)))


def _medidas_de_catalogo(texto: str, *, fuente: str, macros: Mapping[str, str] | None = None) -> list[Medida]:
    datos = _leer_toml(texto, fuente)
    formato = datos.pop("formato", "oracle")
    if formato != "oracle":
        raise medida_invalida(fuente, f"formato «{formato}» desconocido; el único es «oracle»", "formato",
                              motivo_en=f"unknown formato «{formato}»; the only one is «oracle»")
    sobran = sorted(set(datos) - {"medida", "macro"})
    if sobran:
        raise medida_invalida(fuente, f"un catálogo tiene [[medida]] y [[macro]]; sobran {sobran}", "el archivo",
                              motivo_en=f"a catalog holds [[medida]] and [[macro]] tables; extra: {sobran}",
                              donde_en="the file")
    locales = macros_de_tablas(datos.get("macro", []), fuente, _lineas_de_encabezado(texto, "macro"))
    todas = {**(macros or {}), **locales}
    tablas = datos.get("medida", [])
    if not isinstance(tablas, list):
        raise medida_invalida(fuente, "«medida» debe ser una lista de tablas [[medida]]", "el archivo",
                              motivo_en="«medida» must be a list of [[medida]] tables", donde_en="the file")
    lineas = _lineas_de_encabezado(texto, "medida")
    medidas: list[Medida] = []
    vistos: dict[str, tuple[str, str]] = {}
    for i, tabla in enumerate(tablas):
        donde, donde_en = _donde_de_tabla(fuente, lineas, i, "medida")
        if not isinstance(tabla, Mapping):
            raise medida_invalida(fuente, "cada [[medida]] es una tabla", donde,
                                  motivo_en="each [[medida]] is a table", donde_en=donde_en)
        medida = medida_de_datos(tabla, macros=todas, donde=donde, donde_en=donde_en)
        if medida.id in vistos:
            raise medida_invalida(medida.id, f"el id ya está definido en {vistos[medida.id][0]}", donde,
                                  motivo_en=f"the id is already defined in {vistos[medida.id][1]}", donde_en=donde_en)
        vistos[medida.id] = (donde, donde_en)
        medidas.append(medida)
    return medidas
