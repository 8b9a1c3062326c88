"""Where each value an own root writes comes from (`valor_emitido`): the tool's argument (through
destructuring, `args.x`, plain conversions, `const`s, helper parameters and object literals read
back), a string literal, or anything else; and whether the handler only chooses with an argument
(`solo_elige`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ..extraccion.salida import motivo_de_origen
from . import zod
from .arbol import cadena_literal, nombrados, recorrer, texto
from .guardas import brazos, comparados_con
from .manejador import FUNCIONES, PROFUNDIDAD, Entorno, Manejador, clave_literal, funcion_de, ligado
from .valores import Ref, declara, desestructurado, desnudar, ligadura, seguir, sin_await

CONVERSIONES = ("String", "Number", "Boolean")
METODOS_DE_TEXTO = ("trim", "toLowerCase", "toUpperCase", "toString", "trimStart", "trimEnd", "normalize")
CONSTANTES = {"true": "True", "false": "False", "null": "None", "undefined": "None"}


@dataclass
class Valor:
    """One value an own root writes."""

    ruta: str
    clave: str
    origen: str  # argumento | literal | otro
    argumento: Optional[str]
    literal: Optional[str]
    constante: Optional[str]
    objeto: Ref  # the object literal it is written in
    ref: Ref  # where it is written
    observado: bool = False  # a literal written where the call just compared a value not from the arguments to that word

    def motivo(self) -> str:
        """The origin in English, for a finding's message."""
        return motivo_de_origen(self.origen, self.argumento, self.literal)


def escapar_ruta(clave: str) -> str:
    """A key as one segment of a `valor_emitido.ruta` (`.` and `\\` escaped)."""
    return clave.replace("\\", "\\\\").replace(".", "\\.")


def valores_escritos(m: Manejador, ref: Ref, ruta: str, clave: str, objeto: Ref, donde: Ref, entorno: "Entorno") -> list[Valor]:
    """The value rows one key writes: a nested object literal gives its own keys' rows, also when
    it reaches the key through a helper's parameter (`structured(data) { … { data } }` called with
    `{ id: args.id }`)."""
    r = sin_await(ref)
    if r.nodo.type in ("identifier", "shorthand_property_identifier"):
        atado, de_entorno = ligado(m, Ref(r.fuente, desnudar(r.nodo)), entorno)
        if atado.nodo is not None and atado.nodo.type == "object":
            r, entorno = atado, de_entorno
    if r.nodo.type == "object":
        salida: list[Valor] = []
        for c in nombrados(r.nodo):
            if c.type == "pair":
                k = clave_literal(r, c.child_by_field_name("key"))
                if k is not None:
                    salida.extend(valores_escritos(m, Ref(r.fuente, c.child_by_field_name("value")), f"{ruta}.{escapar_ruta(k)}", k,
                                           objeto, Ref(r.fuente, c), entorno))
            elif c.type == "shorthand_property_identifier":
                k = texto(r.fuente, c)
                salida.extend(valores_escritos(m, Ref(r.fuente, c), f"{ruta}.{escapar_ruta(k)}", k, objeto, Ref(r.fuente, c), entorno))
        return salida
    origenes = _origenes(m, r, 0, entorno)
    return [Valor(ruta, clave, o, a, lit, cte, objeto, donde,
                  o == "literal" and lit is not None and _observado(m, r, lit, entorno)) for o, a, lit, cte in origenes]


def _observado(m: Manejador, r: Ref, literal: str, entorno: "Entorno") -> bool:
    """`literal` is written, directly or as an arm of a conditional, where a test compared a value that
    does not come from the tool's arguments to that word (`guardas.comparados_con`)."""
    return any(all(o[0] != "argumento" for o in _origenes(m, x, 0, entorno))
               for b in brazos(r.nodo) if cadena_literal(r.fuente, b) == literal
               for x in comparados_con(Ref(r.fuente, b), literal))


def _origenes(m: Manejador, r: Ref, profundidad: int, entorno: "Entorno"
              ) -> list[tuple[str, Optional[str], Optional[str], Optional[str]]]:
    """(origen, argumento, literal, constante) of a written value; one per string a conditional may be."""
    r, entorno = ligado(m, Ref(r.fuente, desnudar(r.nodo)), entorno)
    nodo = r.nodo
    if nodo.type in CONSTANTES or nodo.type == "undefined":
        return [("otro", None, None, CONSTANTES.get(nodo.type, "None"))]
    literal = cadena_literal(r.fuente, nodo)
    if literal is not None:
        return [("literal", None, literal, None)]
    if nodo.type == "ternary_expression" or nodo.type == "binary_expression" and \
            texto(r.fuente, nodo.child_by_field_name("operator")) in ("??", "||"):
        lados = ("consequence", "alternative") if nodo.type == "ternary_expression" else ("left", "right")
        todos = [o for lado in lados for o in _origenes(m, Ref(r.fuente, nodo.child_by_field_name(lado)), profundidad, entorno)]
        if any(o[0] == "otro" and o[3] is None for o in todos):
            return [("otro", None, None, None)]
        argumentos = [o for o in todos if o[0] == "argumento"]
        if argumentos:
            return argumentos[:1]
        return [o for o in todos if o[0] == "literal"] or [("otro", None, None, None)]
    campo = _campo_de_literal(m, r, entorno) if profundidad < PROFUNDIDAD else None
    if campo is not None:
        return _origenes(m, campo[0], profundidad + 1, campo[1])
    argumento = _de_la_llamada(m, _argumento(m, r, profundidad, entorno))
    if argumento is not None:
        return [("argumento", argumento, None, None)]
    return [("otro", None, None, None)]


def _de_la_llamada(m: Manejador, ruta: Optional[str]) -> Optional[str]:
    """An argument path as the tool's: a low-level handler's first parameter is the request, whose
    `params.arguments` are the tool's arguments (`request.params.arguments.q` -> `arguments.q`)."""
    if ruta is None or m.herramienta is None:
        return ruta
    partes = ruta.split(".")
    for inicio in range(min(2, len(partes))):
        if partes[inicio:inicio + 2] == ["params", "arguments"] and len(partes) > inicio + 2:
            return ".".join(partes[inicio + 1:])
    return None


def _campo_de_literal(m: Manejador, r: Ref, entorno: Entorno) -> Optional[tuple[Ref, Entorno]]:
    """`x.k` where `x` is an object literal (through `const`s and helper parameters): the value it
    writes under `k`, with the bindings where it is written; None otherwise."""
    if r.nodo.type != "member_expression":
        return None
    objeto, donde = ligado(m, seguir(m.lector, Ref(r.fuente, r.nodo.child_by_field_name("object"))), entorno)
    objeto, donde = ligado(m, seguir(m.lector, objeto), donde)
    if objeto.nodo.type != "object":
        return None
    clave = texto(r.fuente, r.nodo.child_by_field_name("property"))
    for c in nombrados(objeto.nodo):
        if c.type == "pair" and clave_literal(objeto, c.child_by_field_name("key")) == clave:
            return Ref(objeto.fuente, c.child_by_field_name("value")), donde
        if c.type == "shorthand_property_identifier" and texto(objeto.fuente, c) == clave:
            return Ref(objeto.fuente, c), donde
    return None


def _argumento(m: Manejador, r: Ref, profundidad: int, entorno: "Entorno") -> Optional[str]:
    """What of the tool's arguments a value is straight from (`q`, `args.q`), or None; a helper's
    parameter stands for what the call passes."""
    if not m.con_argumentos or profundidad > PROFUNDIDAD:
        return None
    r, entorno = ligado(m, Ref(r.fuente, desnudar(r.nodo)), entorno)
    nodo = r.nodo
    if nodo.type == "call_expression":
        f = nodo.child_by_field_name("function")
        argumentos = nombrados(nodo.child_by_field_name("arguments"))
        if f.type == "identifier" and texto(r.fuente, f) in CONVERSIONES and len(argumentos) == 1:
            return _argumento(m, Ref(r.fuente, argumentos[0]), profundidad + 1, entorno)
        if f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) in METODOS_DE_TEXTO:
            return _argumento(m, Ref(r.fuente, f.child_by_field_name("object")), profundidad + 1, entorno)
        if f.type == "member_expression" and texto(r.fuente, f.child_by_field_name("property")) == "parse" \
                and len(argumentos) == 1 and zod.es_zod(m.lector, Ref(r.fuente, f.child_by_field_name("object"))):
            return _argumento(m, Ref(r.fuente, argumentos[0]), profundidad + 1, entorno)  # `Schema.parse(args)`
        return None
    if nodo.type in ("member_expression", "subscript_expression"):
        base = _argumento(m, Ref(r.fuente, nodo.child_by_field_name("object")), profundidad + 1, entorno)
        if base is None:
            return None
        if nodo.type == "member_expression":
            return f"{base}.{texto(r.fuente, nodo.child_by_field_name('property'))}"
        indice = cadena_literal(r.fuente, nodo.child_by_field_name("index"))
        return f"{base}.{indice}" if indice is not None else None
    if nodo.type not in ("identifier", "shorthand_property_identifier"):
        return None
    nombre = texto(r.fuente, nodo)
    propio = parametro(m, r.fuente, nombre, nodo)
    if propio is not None:
        return propio
    partido = desestructurado(r.fuente, nombre, nodo)  # `const { q } = args`, `const { arguments: a } = req.params`
    if partido is not None and funcion_de(partido[1].nodo) == m.funcion.nodo:
        base = _argumento(m, partido[1], profundidad + 1, entorno)
        return f"{base}.{partido[0]}" if base is not None else None
    destino = seguir(m.lector, Ref(r.fuente, nodo))
    if destino.nodo != nodo and destino.fuente is r.fuente and funcion_de(destino.nodo) == m.funcion.nodo:
        return _argumento(m, destino, profundidad + 1, entorno)
    return None


def parametro(m: Manejador, fuente: Any, nombre: str, desde: Any) -> Optional[str]:
    """The argument path a name stands for when it is the handler's first parameter or a name it
    destructures (`args`, `{ q }` -> `q`, `{ query: q }` -> `query`); None otherwise."""
    if fuente.rel != m.funcion.fuente.rel or ligadura(fuente, nombre, desde) is not None:
        return None  # another file, or a name a declaration binds (not a parameter)
    nodo = desde.parent
    while nodo is not None and not (nodo.type in FUNCIONES and declara(
            fuente, nodo.child_by_field_name("parameters") or nodo.child_by_field_name("parameter"), nombre)):
        nodo = nodo.parent
    if nodo != m.funcion.nodo:
        return None  # a nested function's parameter, or no parameter at all
    parametros = m.funcion.nodo.child_by_field_name("parameters") or m.funcion.nodo.child_by_field_name("parameter")
    if parametros is None:
        return None
    primero = parametros if parametros.type == "identifier" else next(iter(nombrados(parametros)), None)
    if primero is None:
        return None
    patron = primero.child_by_field_name("pattern") if primero.type in ("required_parameter", "optional_parameter") else primero
    if patron is None:
        return None
    if patron.type == "identifier":
        return nombre if texto(fuente, patron) == nombre else None
    if patron.type == "object_pattern":
        for c in nombrados(patron):
            if c.type == "shorthand_property_identifier_pattern" and texto(fuente, c) == nombre:
                return nombre
            if c.type == "pair_pattern":
                valor = c.child_by_field_name("value")
                if valor is not None and valor.type == "identifier" and texto(fuente, valor) == nombre:
                    return clave_literal(Ref(fuente, c), c.child_by_field_name("key"))
            if c.type == "object_assignment_pattern":
                izquierda = c.child_by_field_name("left")
                if izquierda is not None and texto(fuente, izquierda) == nombre:
                    return nombre
    return None


# -- options the handler only chooses with -------------------------------------------------------
COMPARACIONES = ("===", "==", "!==", "!=")
REGISTROS_DE_LOG = ("console", "logger", "log", "logging")


def solo_elige(m: Manejador, argumento: str, escritos: set[tuple[str, int]]) -> bool:
    """Whether the handler only chooses with an argument (a name of its first parameter's pattern,
    `{ mode }`): every read of it (and of a `const` bound to it or to a plain conversion of it) compares
    it with strings (`mode === "custom"`, `switch (mode)` with string cases, `["a", "b"].includes(mode)`),
    tests it, logs it, throws with it, or is where the tool's responses write it (`escritos`: the
    written pairs, as (file, start)), and at least one read compares it. Then no API receives it, and
    nothing persisted could be read back in its place (as `valor_emitido.solo_elige` in Python)."""
    if "." in argumento or m.herramienta is not None:
        return False
    cuerpo = m.funcion.nodo.child_by_field_name("body")
    if cuerpo is None:
        return False
    compara = [False]
    if not _lecturas_eligen(m, cuerpo, argumento, escritos, compara, 0, lambda n: parametro(
            m, m.funcion.fuente, argumento, n) is not None):
        return False
    return compara[0]


def _lecturas_eligen(m: Manejador, cuerpo: Any, nombre: str, escritos: set[tuple[str, int]], compara: list[bool],
                     profundidad: int, es_el_mismo: Any) -> bool:
    f = m.funcion.fuente
    for n in recorrer(cuerpo):
        if n.type not in ("identifier", "shorthand_property_identifier") or texto(f, n) != nombre or not es_el_mismo(n):
            continue
        if n.parent is not None and n.parent.type == "variable_declarator" and n == n.parent.child_by_field_name("name"):
            continue  # the local's own declaration
        uso = _uso(m, n, escritos)
        if uso == "compara":
            compara[0] = True
        elif uso == "local" and profundidad < PROFUNDIDAD:
            declarador = n.parent
            while declarador is not None and declarador.type != "variable_declarator":
                declarador = declarador.parent
            local = declarador.child_by_field_name("name") if declarador is not None else None
            if local is None or local.type != "identifier":
                return False
            nombre_local = texto(f, local)
            valor = declarador.child_by_field_name("value")

            def es_la_local(x: Any, valor: Any = valor, nombre_local: str = nombre_local) -> bool:
                ligado = ligadura(f, nombre_local, x)
                return isinstance(ligado, Ref) and ligado.nodo == valor

            if not _lecturas_eligen(m, cuerpo, nombre_local, escritos, compara, profundidad + 1, es_la_local):
                return False
        elif uso is None:
            return False
    return True


def _uso(m: Manejador, n: Any, escritos: set[tuple[str, int]]) -> Optional[str]:
    """How one read uses a value: `compara`, `prueba`, `registra`, `escrito`, `local` (bound to a
    `const` as it is or through a plain conversion), or None (it is sent somewhere)."""
    f = m.funcion.fuente
    hijo, padre = n, n.parent
    # a plain conversion of it is it (`mode.toLowerCase()`, `String(mode)`)
    while padre is not None:
        if padre.type == "member_expression" and hijo == padre.child_by_field_name("object") \
                and texto(f, padre.child_by_field_name("property")) in METODOS_DE_TEXTO \
                and padre.parent is not None and padre.parent.type == "call_expression":
            hijo, padre = padre.parent, padre.parent.parent
        elif padre.type == "call_expression" and texto(f, padre.child_by_field_name("function")) in CONVERSIONES:
            hijo, padre = padre, padre.parent
        else:
            break
    if padre is None:
        return None
    if padre.type == "binary_expression" and texto(f, padre.child_by_field_name("operator")) in COMPARACIONES:
        otro = padre.child_by_field_name("right" if hijo == padre.child_by_field_name("left") else "left")
        return "compara" if cadena_literal(f, otro) is not None else None
    if padre.type == "parenthesized_expression" and padre.parent is not None and padre.parent.type == "switch_statement":
        casos = [c.child_by_field_name("value") for c in recorrer(padre.parent) if c.type == "switch_case"]
        return "compara" if casos and all(v is not None and cadena_literal(f, v) is not None for v in casos) else None
    if padre.type == "arguments" and padre.parent is not None and padre.parent.type == "call_expression":
        llamada = padre.parent.child_by_field_name("function")
        if llamada.type == "member_expression" and texto(f, llamada.child_by_field_name("property")) == "includes":
            lista = desnudar(llamada.child_by_field_name("object"))
            if lista.type == "array" and all(cadena_literal(f, e) is not None for e in nombrados(lista)):
                return "compara"
        if llamada.type == "member_expression" and texto(f, nombrados(llamada)[0]).split(".")[0] in REGISTROS_DE_LOG:
            return "registra"
        return None
    if padre.type in ("if_statement", "while_statement") or padre.type == "parenthesized_expression" and \
            padre.parent is not None and padre.parent.type in ("if_statement", "while_statement") \
            or padre.type == "ternary_expression" and hijo == padre.child_by_field_name("condition") \
            or padre.type == "unary_expression" and texto(f, padre.child_by_field_name("operator")) == "!" \
            or padre.type == "binary_expression" and texto(f, padre.child_by_field_name("operator")) in ("&&", "||"):
        return "prueba"
    if padre.type == "variable_declarator" and hijo == padre.child_by_field_name("value"):
        return "local"
    # inside a throw, a log call's template, or a value the responses write
    if (f.rel, n.start_byte) in escritos:
        return "escrito"  # `{ mode }`: the shorthand is the written pair
    arriba = padre
    while arriba is not None and arriba != m.funcion.nodo:
        if arriba.type == "throw_statement":
            return "registra"
        if arriba.type == "pair" and (f.rel, arriba.start_byte) in escritos:
            return "escrito"
        if arriba.type == "call_expression":
            llamada = arriba.child_by_field_name("function")
            if llamada is not None and llamada.type == "member_expression" \
                    and texto(f, nombrados(llamada)[0]).split(".")[0] in REGISTROS_DE_LOG:
                return "registra"
        if arriba.type in ("statement_block", "expression_statement", "return_statement", "variable_declarator"):
            break
        arriba = arriba.parent
    return None
