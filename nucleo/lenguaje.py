"""The pipeline language of `testigos` (DESIGN §4): tokens, parser, canonical form, printer.

The canonical form is a JSON tree (dicts with an `op` key) with every macro expanded. It is
what gets hashed, mutated, printed by `oracle medida expandir`, and evaluated by the algebra.
Grammar (also in `oracle manual operadores`):

    pipeline  := fuente ("|" etapa)*
    fuente    := NOMBRE | "(" pipeline ")"          NOMBRE is a relation or a macro
    etapa     := "donde" cond
               | "proyectar" campos
               | "unir" fuente "en" campos
               | "excepto" fuente "en" campos
               | "agrupar" "por" campos ["contar" "como" NOMBRE]
               | "primero" "por" campos "segun" campos
               | "mas" fuente
               | "distinto"
    cond      := conj ("o" conj)*
    conj      := neg ("y" neg)*
    neg       := "no" neg | "(" cond ")" | "existe" NOMBRE | termino CMP termino
               | termino "en" "[" literal ("," literal)* "]"
    termino   := NOMBRE | NOMBRE "(" [termino ("," termino)*] ")" | literal
    literal   := CADENA | NUMERO | "verdadero" | "falso" | "nulo"
    CMP       := "=" | "!=" | "<" | "<=" | ">" | ">="
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from oracle_lint.nucleo.errores import ErrorOracle, limite_de_algebra, medida_invalida

Forma = dict[str, Any]

PALABRAS = frozenset(
    "donde proyectar unir excepto agrupar por contar como primero segun mas distinto en y o no existe "
    "verdadero falso nulo".split()
)
COMPARADORES = ("=", "!=", "<", "<=", ">", ">=")
ETAPAS = ("donde", "proyectar", "unir", "excepto", "agrupar", "primero", "mas", "distinto")
PROFUNDIDAD_MAXIMA = 64
EXPANSIONES_MAXIMAS = 128


@dataclass(frozen=True)
class Token:
    """One lexical unit with its 1-based position in the expression text."""

    tipo: str  # nombre | cadena | numero | simbolo | fin
    valor: Any
    linea: int
    columna: int


class _ErrorSintaxis(Exception):
    """A syntax fault at a position: `motivo` in Spanish (the MCP server), `motivo_en` in English (the CLIs)."""

    def __init__(self, motivo: str, linea: int, columna: int, *, en: str) -> None:
        super().__init__(motivo)
        self.motivo = motivo
        self.motivo_en = en
        self.linea = linea
        self.columna = columna


def _es_inicio_nombre(c: str) -> bool:
    return c.isascii() and (c.isalpha() or c == "_")


def _es_parte_nombre(c: str) -> bool:
    return c.isascii() and (c.isalnum() or c == "_")


def tokenizar(texto: str) -> list[Token]:
    """Split an expression into tokens; `#` starts a comment that runs to the end of the line."""
    tokens: list[Token] = []
    i, linea, inicio_linea = 0, 1, 0
    n = len(texto)
    while i < n:
        c = texto[i]
        col = i - inicio_linea + 1
        if c == "\n":
            i += 1
            linea += 1
            inicio_linea = i
        elif c in " \t\r":
            i += 1
        elif c == "#":
            while i < n and texto[i] != "\n":
                i += 1
        elif c == '"':
            j = i + 1
            while j < n and texto[j] != '"':
                if texto[j] == "\\":
                    j += 1
                if j < n and texto[j] == "\n":
                    raise _ErrorSintaxis("cadena sin cerrar", linea, col, en="unterminated string")
                j += 1
            if j >= n:
                raise _ErrorSintaxis("cadena sin cerrar", linea, col, en="unterminated string")
            try:
                valor = json.loads(texto[i : j + 1])
            except json.JSONDecodeError:
                raise _ErrorSintaxis("escape inválido en la cadena", linea, col, en="invalid escape in the string") from None
            tokens.append(Token("cadena", valor, linea, col))
            i = j + 1
        elif c.isdigit() or (c == "-" and i + 1 < n and texto[i + 1].isdigit()):
            j = i + 1
            while j < n and (texto[j].isdigit() or texto[j] == "."):
                j += 1
            crudo = texto[i:j]
            try:
                valor = float(crudo) if "." in crudo else int(crudo)
            except ValueError:
                raise _ErrorSintaxis(f"número inválido «{crudo}»", linea, col, en=f"invalid number «{crudo}»") from None
            tokens.append(Token("numero", valor, linea, col))
            i = j
        elif _es_inicio_nombre(c):
            j = i + 1
            while j < n and _es_parte_nombre(texto[j]):
                j += 1
            tokens.append(Token("nombre", texto[i:j], linea, col))
            i = j
        elif texto.startswith(("!=", "<=", ">="), i):
            tokens.append(Token("simbolo", texto[i : i + 2], linea, col))
            i += 2
        elif c in "|()[],=<>":
            tokens.append(Token("simbolo", c, linea, col))
            i += 1
        else:
            raise _ErrorSintaxis(f"carácter inesperado «{c}»", linea, col, en=f"unexpected character «{c}»")
    tokens.append(Token("fin", None, linea, i - inicio_linea + 1))
    return tokens


class _Parser:
    """Recursive descent over tokens, expanding macros as it meets their names."""

    def __init__(
        self,
        tokens: list[Token],
        macros: Mapping[str, str],
        pila: tuple[str, ...],
        contador: list[int],
        profundidad_maxima: int,
        expansiones_maximas: int,
    ) -> None:
        self.tokens = tokens
        self.pos = 0
        self.macros = macros
        self.pila = pila
        self.contador = contador
        self.profundidad = 0
        self.profundidad_maxima = profundidad_maxima
        self.expansiones_maximas = expansiones_maximas

    # -- token helpers -------------------------------------------------------------
    def actual(self) -> Token:
        return self.tokens[self.pos]

    def avanzar(self) -> Token:
        tok = self.tokens[self.pos]
        if tok.tipo != "fin":
            self.pos += 1
        return tok

    def es(self, valor: str) -> bool:
        tok = self.actual()
        return tok.tipo in ("nombre", "simbolo") and tok.valor == valor

    def esperar(self, valor: str) -> Token:
        tok = self.actual()
        if not self.es(valor):
            raise _ErrorSintaxis(f"se esperaba «{valor}» y se encontró {self.describir(tok)}", tok.linea, tok.columna,
                                 en=f"expected «{valor}», found {self.describir_en(tok)}")
        return self.avanzar()

    @staticmethod
    def describir(tok: Token) -> str:
        if tok.tipo == "fin":
            return "el fin de la expresión"
        if tok.tipo == "cadena":
            return f"la cadena {json.dumps(tok.valor, ensure_ascii=False)}"
        return f"«{tok.valor}»"

    @staticmethod
    def describir_en(tok: Token) -> str:
        """`describir` in English."""
        if tok.tipo == "fin":
            return "the end of the expression"
        if tok.tipo == "cadena":
            return f"the string {json.dumps(tok.valor, ensure_ascii=False)}"
        return f"«{tok.valor}»"

    def nombre(self, que: str, que_en: str) -> str:
        tok = self.actual()
        if tok.tipo != "nombre" or tok.valor in PALABRAS:
            raise _ErrorSintaxis(f"se esperaba {que} y se encontró {self.describir(tok)}", tok.linea, tok.columna,
                                 en=f"expected {que_en}, found {self.describir_en(tok)}")
        self.avanzar()
        return str(tok.valor)

    def entrar(self) -> None:
        self.profundidad += 1
        if self.profundidad > self.profundidad_maxima:
            raise limite_de_algebra("profundidad_de_expresion", self.profundidad, self.profundidad_maxima)

    def salir(self) -> None:
        self.profundidad -= 1

    # -- pipelines -------------------------------------------------------------------
    def pipeline(self) -> Forma:
        self.entrar()
        forma = self.fuente()
        while self.es("|"):
            self.avanzar()
            forma = self.etapa(forma)
        self.salir()
        return forma

    def fuente(self) -> Forma:
        tok = self.actual()
        if self.es("("):
            self.avanzar()
            forma = self.pipeline()
            self.esperar(")")
            return forma
        nombre = self.nombre("una relación, una macro o «(»", "a relation, a macro or «(»")
        if nombre in self.macros:
            return self.expandir(nombre, tok)
        return {"op": "relacion", "nombre": nombre}

    def expandir(self, nombre: str, tok: Token) -> Forma:
        if nombre in self.pila:
            ciclo = " -> ".join((*self.pila[self.pila.index(nombre) :], nombre))
            raise _ErrorSintaxis(f"la macro «{nombre}» se usa a sí misma ({ciclo})", tok.linea, tok.columna,
                                 en=f"the macro «{nombre}» uses itself ({ciclo})")
        self.contador[0] += 1
        if self.contador[0] > self.expansiones_maximas:
            raise limite_de_algebra("expansiones_de_macros", self.contador[0], self.expansiones_maximas)
        try:
            sub = _Parser(
                tokenizar(self.macros[nombre]),
                self.macros,
                (*self.pila, nombre),
                self.contador,
                self.profundidad_maxima - self.profundidad,
                self.expansiones_maximas,
            )
            forma = sub.pipeline()
            sub.fin()
        except _ErrorSintaxis as error:
            raise _ErrorSintaxis(
                f"en la macro «{nombre}» (línea {error.linea}, columna {error.columna}): {error.motivo}",
                tok.linea,
                tok.columna,
                en=f"in the macro «{nombre}» (line {error.linea}, column {error.columna}): {error.motivo_en}",
            ) from None
        return forma

    def campos(self) -> list[str]:
        lista = [self.nombre("un nombre de columna", "a column name")]
        while self.es(","):
            self.avanzar()
            lista.append(self.nombre("un nombre de columna", "a column name"))
        return lista

    def etapa(self, de: Forma) -> Forma:
        tok = self.actual()
        palabra = tok.valor if tok.tipo == "nombre" else None
        if palabra not in ETAPAS:
            raise _ErrorSintaxis(
                f"se esperaba una etapa ({', '.join(ETAPAS)}) y se encontró {self.describir(tok)}",
                tok.linea,
                tok.columna,
                en=f"expected a stage ({', '.join(ETAPAS)}), found {self.describir_en(tok)}",
            )
        self.avanzar()
        if palabra == "donde":
            return {"op": "donde", "de": de, "cond": self.cond()}
        if palabra == "proyectar":
            return {"op": "proyectar", "de": de, "campos": self.campos()}
        if palabra in ("unir", "excepto"):
            con = self.fuente()
            self.esperar("en")
            return {"op": palabra, "de": de, "con": con, "en": self.campos()}
        if palabra == "agrupar":
            self.esperar("por")
            por = self.campos()
            contar = None
            if self.es("contar"):
                self.avanzar()
                self.esperar("como")
                contar = self.nombre("el nombre de la columna del conteo", "the name of the count column")
            return {"op": "agrupar", "de": de, "por": por, "contar": contar}
        if palabra == "primero":
            self.esperar("por")
            por = self.campos()
            self.esperar("segun")
            return {"op": "primero", "de": de, "por": por, "segun": self.campos()}
        if palabra == "mas":
            return {"op": "mas", "de": de, "con": self.fuente()}
        return {"op": "distinto", "de": de}

    # -- conditions ------------------------------------------------------------------
    def cond(self) -> Forma:
        self.entrar()
        args = [self.conj()]
        while self.es("o"):
            self.avanzar()
            args.append(self.conj())
        self.salir()
        return args[0] if len(args) == 1 else {"op": "o", "args": args}

    def conj(self) -> Forma:
        args = [self.neg()]
        while self.es("y"):
            self.avanzar()
            args.append(self.neg())
        return args[0] if len(args) == 1 else {"op": "y", "args": args}

    def neg(self) -> Forma:
        if self.es("no"):
            self.avanzar()
            self.entrar()
            arg = self.neg()
            self.salir()
            return {"op": "no", "arg": arg}
        if self.es("("):
            self.avanzar()
            forma = self.cond()
            self.esperar(")")
            return forma
        if self.es("existe"):
            self.avanzar()
            return {"op": "existe", "campo": self.nombre("un nombre de columna", "a column name")}
        izq = self.termino()
        tok = self.actual()
        if self.es("en"):
            self.avanzar()
            self.esperar("[")
            lista = [self.literal()]
            while self.es(","):
                self.avanzar()
                lista.append(self.literal())
            self.esperar("]")
            return {"op": "en", "izq": izq, "lista": lista}
        if tok.tipo == "simbolo" and tok.valor in COMPARADORES:
            self.avanzar()
            return {"op": tok.valor, "izq": izq, "der": self.termino()}
        raise _ErrorSintaxis(
            f"se esperaba un comparador ({' '.join(COMPARADORES)}) o «en» y se encontró {self.describir(tok)}",
            tok.linea,
            tok.columna,
            en=f"expected a comparator ({' '.join(COMPARADORES)}) or «en», found {self.describir_en(tok)}",
        )

    def literal(self) -> Any:
        tok = self.actual()
        if tok.tipo in ("cadena", "numero"):
            self.avanzar()
            return tok.valor
        if tok.tipo == "nombre" and tok.valor in ("verdadero", "falso", "nulo"):
            self.avanzar()
            return {"verdadero": True, "falso": False, "nulo": None}[tok.valor]
        raise _ErrorSintaxis(f"se esperaba un literal y se encontró {self.describir(tok)}", tok.linea, tok.columna,
                             en=f"expected a literal, found {self.describir_en(tok)}")

    def termino(self) -> Forma:
        tok = self.actual()
        if tok.tipo in ("cadena", "numero") or (tok.tipo == "nombre" and tok.valor in ("verdadero", "falso", "nulo")):
            return {"lit": self.literal()}
        nombre = self.nombre("una columna, un literal o una escalar", "a column, a literal or a scalar")
        if self.es("("):
            self.avanzar()
            args: list[Forma] = []
            if not self.es(")"):
                self.entrar()
                args.append(self.termino())
                while self.es(","):
                    self.avanzar()
                    args.append(self.termino())
                self.salir()
            self.esperar(")")
            return {"llamada": nombre, "args": args}
        return {"campo": nombre}

    def fin(self) -> None:
        tok = self.actual()
        if tok.tipo != "fin":
            raise _ErrorSintaxis(
                f"sobra {self.describir(tok)}; se esperaba «|» o el fin de la expresión", tok.linea, tok.columna,
                en=f"unexpected {self.describir_en(tok)}; expected «|» or the end of the expression",
            )


def parsear(
    texto: str,
    *,
    macros: Mapping[str, str] | None = None,
    quien: str = "testigos",
    donde: str = "",
    donde_en: str = "",
    profundidad_maxima: int = PROFUNDIDAD_MAXIMA,
    expansiones_maximas: int = EXPANSIONES_MAXIMAS,
) -> Forma:
    """Parse a pipeline into its canonical form, macros expanded; MEDIDA_INVALIDA on bad text.

    `donde`/`donde_en`: where the text sits (Spanish, English), put before the line and column."""
    try:
        parser = _Parser(tokenizar(texto), macros or {}, (), [0], profundidad_maxima, expansiones_maximas)
        forma = parser.pipeline()
        parser.fin()
    except _ErrorSintaxis as error:
        lugar = f"testigos, línea {error.linea}, columna {error.columna}"
        lugar_en = f"testigos, line {error.linea}, column {error.columna}"
        con_donde = bool(donde) and donde != "el texto"
        raise medida_invalida(
            quien,
            error.motivo,
            f"{donde}, {lugar}" if con_donde else lugar,
            motivo_en=error.motivo_en,
            donde_en=f"{donde_en or donde}, {lugar_en}" if con_donde else lugar_en,
        ) from None
    return forma


# -- validation of a canonical form given as data ---------------------------------------


def _ruta_error(quien: str, ruta: str, motivo: str, motivo_en: str) -> ErrorOracle:
    return medida_invalida(quien, motivo, f"la forma canónica {ruta}", motivo_en=motivo_en,
                           donde_en=f"the canonical form {ruta}")


def _validar_nombres(quien: str, ruta: str, valor: object, vacia: bool = False) -> list[str]:
    if not isinstance(valor, list) or (not valor and not vacia):
        raise _ruta_error(quien, ruta, "se esperaba una lista no vacía de nombres", "expected a non-empty list of names")
    for i, nombre in enumerate(valor):
        if not isinstance(nombre, str) or not nombre or not all(_es_parte_nombre(c) for c in nombre):
            raise _ruta_error(quien, f"{ruta}[{i}]", "se esperaba un nombre de columna", "expected a column name")
    return list(valor)


def _es_literal(valor: object) -> bool:
    return valor is None or isinstance(valor, (str, bool, int, float))


def validar_forma(forma: object, *, quien: str = "forma", profundidad_maxima: int = PROFUNDIDAD_MAXIMA) -> Forma:
    """Check a canonical pipeline given as data; MEDIDA_INVALIDA names the canonical path."""
    _validar_pipeline(forma, "$", quien, 1, profundidad_maxima)
    return forma  # type: ignore[return-value]


def _claves(quien: str, ruta: str, nodo: dict, esperadas: set[str]) -> None:
    if set(nodo) != esperadas:
        faltan = sorted(esperadas - set(nodo))
        sobran = sorted(set(nodo) - esperadas)
        raise _ruta_error(quien, ruta, f"claves inesperadas (faltan {faltan}, sobran {sobran})",
                          f"unexpected keys (missing {faltan}, extra {sobran})")


def _validar_pipeline(nodo: object, ruta: str, quien: str, prof: int, maxima: int) -> None:
    if prof > maxima:
        raise limite_de_algebra("profundidad_de_expresion", prof, maxima)
    if not isinstance(nodo, dict) or "op" not in nodo:
        raise _ruta_error(quien, ruta, "se esperaba un objeto con «op»", "expected an object with «op»")
    op = nodo["op"]
    if op == "relacion":
        _claves(quien, ruta, nodo, {"op", "nombre"})
        from oracle_lint.nucleo.evidencia import es_nombre_de_relacion

        if not es_nombre_de_relacion(nodo["nombre"]):
            raise _ruta_error(quien, f"{ruta}.nombre", "nombre de relación inválido", "invalid relation name")
        return
    if op not in ETAPAS:
        raise _ruta_error(quien, f"{ruta}.op", f"operador de etapa desconocido «{op}»", f"unknown stage operator «{op}»")
    esperadas = {
        "donde": {"op", "de", "cond"},
        "proyectar": {"op", "de", "campos"},
        "unir": {"op", "de", "con", "en"},
        "excepto": {"op", "de", "con", "en"},
        "agrupar": {"op", "de", "por", "contar"},
        "primero": {"op", "de", "por", "segun"},
        "mas": {"op", "de", "con"},
        "distinto": {"op", "de"},
    }[op]
    _claves(quien, ruta, nodo, esperadas)
    _validar_pipeline(nodo["de"], f"{ruta}.de", quien, prof + 1, maxima)
    if "con" in nodo:
        _validar_pipeline(nodo["con"], f"{ruta}.con", quien, prof + 1, maxima)
    if op == "donde":
        _validar_cond(nodo["cond"], f"{ruta}.cond", quien, prof + 1, maxima)
    elif op == "proyectar":
        _validar_nombres(quien, f"{ruta}.campos", nodo["campos"])
    elif op in ("unir", "excepto"):
        _validar_nombres(quien, f"{ruta}.en", nodo["en"])
    elif op == "primero":
        _validar_nombres(quien, f"{ruta}.por", nodo["por"])
        _validar_nombres(quien, f"{ruta}.segun", nodo["segun"])
    elif op == "agrupar":
        _validar_nombres(quien, f"{ruta}.por", nodo["por"])
        if nodo["contar"] is not None:
            _validar_nombres(quien, f"{ruta}.contar", [nodo["contar"]])


def _validar_cond(nodo: object, ruta: str, quien: str, prof: int, maxima: int) -> None:
    if prof > maxima:
        raise limite_de_algebra("profundidad_de_expresion", prof, maxima)
    if not isinstance(nodo, dict) or "op" not in nodo:
        raise _ruta_error(quien, ruta, "se esperaba una condición con «op»", "expected a condition with «op»")
    op = nodo["op"]
    if op in ("y", "o"):
        _claves(quien, ruta, nodo, {"op", "args"})
        if not isinstance(nodo["args"], list) or len(nodo["args"]) < 2:
            raise _ruta_error(quien, f"{ruta}.args", "se esperaban al menos dos condiciones", "expected at least two conditions")
        for i, arg in enumerate(nodo["args"]):
            _validar_cond(arg, f"{ruta}.args[{i}]", quien, prof + 1, maxima)
    elif op == "no":
        _claves(quien, ruta, nodo, {"op", "arg"})
        _validar_cond(nodo["arg"], f"{ruta}.arg", quien, prof + 1, maxima)
    elif op == "existe":
        _claves(quien, ruta, nodo, {"op", "campo"})
        _validar_nombres(quien, f"{ruta}.campo", [nodo["campo"]])
    elif op == "en":
        _claves(quien, ruta, nodo, {"op", "izq", "lista"})
        _validar_termino(nodo["izq"], f"{ruta}.izq", quien, prof + 1, maxima)
        if not isinstance(nodo["lista"], list) or not nodo["lista"]:
            raise _ruta_error(quien, f"{ruta}.lista", "se esperaba una lista no vacía de literales",
                              "expected a non-empty list of literals")
        for i, lit in enumerate(nodo["lista"]):
            if not _es_literal(lit):
                raise _ruta_error(quien, f"{ruta}.lista[{i}]", "se esperaba un literal", "expected a literal")
    elif op in COMPARADORES:
        _claves(quien, ruta, nodo, {"op", "izq", "der"})
        _validar_termino(nodo["izq"], f"{ruta}.izq", quien, prof + 1, maxima)
        _validar_termino(nodo["der"], f"{ruta}.der", quien, prof + 1, maxima)
    else:
        raise _ruta_error(quien, f"{ruta}.op", f"operador de condición desconocido «{op}»",
                          f"unknown condition operator «{op}»")


def _validar_termino(nodo: object, ruta: str, quien: str, prof: int, maxima: int) -> None:
    if prof > maxima:
        raise limite_de_algebra("profundidad_de_expresion", prof, maxima)
    if not isinstance(nodo, dict) or len(nodo) not in (1, 2):
        raise _ruta_error(quien, ruta, "se esperaba un término (campo, lit o llamada)",
                          "expected a term (campo, lit or llamada)")
    if set(nodo) == {"campo"}:
        _validar_nombres(quien, f"{ruta}.campo", [nodo["campo"]])
    elif set(nodo) == {"lit"}:
        if not _es_literal(nodo["lit"]):
            raise _ruta_error(quien, f"{ruta}.lit", "se esperaba un literal", "expected a literal")
    elif set(nodo) == {"llamada", "args"}:
        _validar_nombres(quien, f"{ruta}.llamada", [nodo["llamada"]])
        if not isinstance(nodo["args"], list):
            raise _ruta_error(quien, f"{ruta}.args", "se esperaba una lista de términos", "expected a list of terms")
        for i, arg in enumerate(nodo["args"]):
            _validar_termino(arg, f"{ruta}.args[{i}]", quien, prof + 1, maxima)
    else:
        raise _ruta_error(quien, ruta, "se esperaba un término (campo, lit o llamada)",
                          "expected a term (campo, lit or llamada)")


# -- reading a canonical form ----------------------------------------------------------


def relaciones_de(forma: Forma) -> tuple[str, ...]:
    """Relations a canonical pipeline consumes, sorted."""
    vistas: set[str] = set()

    def visitar(nodo: Forma) -> None:
        if nodo["op"] == "relacion":
            vistas.add(nodo["nombre"])
            return
        visitar(nodo["de"])
        if "con" in nodo:
            visitar(nodo["con"])

    visitar(forma)
    return tuple(sorted(vistas))


def escalares_de(forma: Forma) -> tuple[str, ...]:
    """Scalar functions a canonical pipeline calls, sorted."""
    vistas: set[str] = set()

    def termino(t: Forma) -> None:
        if "llamada" in t:
            vistas.add(t["llamada"])
            for a in t["args"]:
                termino(a)

    def cond(c: Forma) -> None:
        op = c["op"]
        if op in ("y", "o"):
            for a in c["args"]:
                cond(a)
        elif op == "no":
            cond(c["arg"])
        elif op == "en":
            termino(c["izq"])
        elif op in COMPARADORES:
            termino(c["izq"])
            termino(c["der"])

    def pipeline(p: Forma) -> None:
        if p["op"] == "relacion":
            return
        pipeline(p["de"])
        if "con" in p:
            pipeline(p["con"])
        if p["op"] == "donde":
            cond(p["cond"])

    pipeline(forma)
    return tuple(sorted(vistas))


def profundidad_de(forma: Forma) -> int:
    """Nesting depth of a canonical form (pipelines, conditions and terms)."""

    def prof(nodo: object) -> int:
        if isinstance(nodo, dict):
            return 1 + max((prof(v) for v in nodo.values()), default=0)
        if isinstance(nodo, list):
            return max((prof(v) for v in nodo), default=0)
        return 0

    return prof(forma)


# -- printing --------------------------------------------------------------------------


def _lit_texto(valor: Any) -> str:
    if valor is True:
        return "verdadero"
    if valor is False:
        return "falso"
    if valor is None:
        return "nulo"
    return json.dumps(valor, ensure_ascii=False)


def _termino_texto(t: Forma) -> str:
    if "campo" in t:
        return t["campo"]
    if "lit" in t:
        return _lit_texto(t["lit"])
    return f"{t['llamada']}({', '.join(_termino_texto(a) for a in t['args'])})"


def cond_a_texto(c: Forma) -> str:
    """Print a canonical condition back in the surface syntax (fully parenthesized where needed)."""
    op = c["op"]
    if op in ("y", "o"):
        return f" {op} ".join(f"({cond_a_texto(a)})" if a["op"] in ("y", "o") else cond_a_texto(a) for a in c["args"])
    if op == "no":
        return f"no ({cond_a_texto(c['arg'])})"
    if op == "existe":
        return f"existe {c['campo']}"
    if op == "en":
        return f"{_termino_texto(c['izq'])} en [{', '.join(_lit_texto(v) for v in c['lista'])}]"
    return f"{_termino_texto(c['izq'])} {op} {_termino_texto(c['der'])}"


def _fuente_texto(p: Forma) -> str:
    return p["nombre"] if p["op"] == "relacion" else f"({a_texto(p)})"


def a_texto(forma: Forma) -> str:
    """Print a canonical pipeline in the surface syntax; parsing it gives the same form."""
    etapas: list[str] = []
    nodo = forma
    while nodo["op"] != "relacion":
        op = nodo["op"]
        if op == "donde":
            etapas.append(f"donde {cond_a_texto(nodo['cond'])}")
        elif op == "proyectar":
            etapas.append(f"proyectar {', '.join(nodo['campos'])}")
        elif op in ("unir", "excepto"):
            etapas.append(f"{op} {_fuente_texto(nodo['con'])} en {', '.join(nodo['en'])}")
        elif op == "agrupar":
            extra = f" contar como {nodo['contar']}" if nodo["contar"] else ""
            etapas.append(f"agrupar por {', '.join(nodo['por'])}{extra}")
        elif op == "primero":
            etapas.append(f"primero por {', '.join(nodo['por'])} segun {', '.join(nodo['segun'])}")
        elif op == "mas":
            etapas.append(f"mas {_fuente_texto(nodo['con'])}")
        else:
            etapas.append("distinto")
        nodo = nodo["de"]
    return " | ".join([nodo["nombre"], *reversed(etapas)])
