"""zod schemas in TypeScript source -> the JSON Schema the MCP TypeScript SDK publishes for them.

Two steps. `leer` reads a zod expression (`z.object({...}).strict()`, a constant bound to one, an
import of one, `X.shape`, `X.extend({...})`) into a small tree that mirrors zod's own classes
(`Z`); `publicar` renders that tree as the SDK 1.x `tools/list` does: zod 4 through
`z.toJSONSchema(schema, {target: "draft-7", io})`, zod 3 through `zod-to-json-schema` with
`strictUnions`. `io` is `input` for an input schema and `output` for an output schema: zod 4
closes a plain object (`additionalProperties: false`) and requires a defaulted key only on output.
The rendering was fixed against the real SDK 1.30 with zod 4.6 and 3.25 (tests/ts/test_zod.py
holds that table). A method or constructor this module does not know is `Irresoluble`, naming it:
a schema is never half read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any, Optional

from .arbol import nombrados, texto
from .valores import (MODULO_CJS, Irresoluble, Lector, Ref, de_un_paquete, desnudar, especificador_de, json_literal,
                      llenado_despues, propiedades, retorno_de_llamada, seguir)

BORRADOR_7 = "http://json-schema.org/draft-07/schema#"
BORRADOR_2020_12 = "https://json-schema.org/draft/2020-12/schema"
ENTERO_SEGURO = 9007199254740991
# zod 4 publishes a pattern beside these formats, which changed between releases: (first release, pattern)
# (zod 3 publishes the format alone); read off the SDK's own listings (bench/zod_sdk.py)
PATRONES_V4: dict[str, tuple[tuple[tuple[int, int, int], str], ...]] = {
    'email': (
        ((4, 0, 0),
         "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z"
         ']{2,}$'),
        ((4, 6, 0),
         "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+["
         'A-Za-z]{2,}$'),
    ),
    'date-time': (
        ((4, 0, 0),
         '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}'
         '-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-('
         '?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z))$'),
        ((4, 5, 0),
         '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}'
         '-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-('
         '?:0[1-9]|1\\d|2[0-8])))T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$'),
    ),
    'date': (
        ((4, 0, 0),
         '^(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}'
         '-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-('
         '?:0[1-9]|1\\d|2[0-8])))$'),
    ),
    'uuid': (
        ((4, 0, 0),
         '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}'
         '|00000000-0000-0000-0000-000000000000)$'),
        ((4, 1, 0),
         '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}'
         '|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$'),
    ),
}
FORMATOS = {"email": "email", "url": "uri", "datetime": "date-time", "uuid": "uuid"}
# what a string method adds (`z.date()` is a Date, not a string: `date` is a method and `z.iso.date()` only)
FORMATOS_DE_CADENA = {**FORMATOS, "date": "date"}
ISO = ("date", "datetime")  # zod 4's `z.iso.<format>()`: a string with that format
# what JSON has no value for: zod 3's zod-to-json-schema writes these, zod 4 refuses them (the SDK's listing fails)
SIN_JSON = {"date": {"type": "string", "format": "date-time"}, "bigint": {"type": "integer", "format": "int64"},
            "undefined": {"not": {}}}
PRIMITIVOS = {"string": "string", "number": "number", "boolean": "boolean", "null": "null", "int": "integer"}
SIN_ESQUEMA = ("any", "unknown")
# methods that do not change the published schema
NEUTROS = ("trim", "toLowerCase", "toUpperCase", "refine", "superRefine", "check", "brand")
MODOS = {"strict": "estricto", "passthrough": "suelto", "strip": "normal", "loose": "suelto"}


@dataclass(frozen=True)
class Z:
    """One zod schema node: `tipo` is zod's class (string, number, object, array, union, optional,
    nullable, default, ...), with what the class holds."""

    tipo: str
    hijos: tuple["Z", ...] = ()
    forma: tuple[tuple[str, "Z"], ...] = ()  # objects: the shape, in order
    modo: str = "normal"  # objects: normal (zod strips unknown keys), estricto, suelto
    checks: tuple[tuple[str, Any], ...] = ()  # JSON Schema keywords the checks add, in order
    valores: tuple[Any, ...] = ()  # enum values; a literal's value
    descripcion: Optional[str] = None
    defecto: Any = None  # default nodes: the value
    # objects: `hijos` holds the `.catchall(S)` schema; a mode method after it (`.strict()`) replaces it in zod 4
    resto_pisado: bool = False
    # `.meta({ id })`: the id this schema object is registered under (zod 4 publishes it once, in the root's
    # `definitions`, and `{"$ref"}` where it is used); `deriva`: the registered schema a clone of it comes from
    # (`.describe()`, a check), published as `allOf` of that `$ref` and what the clone adds
    ident: Optional[str] = None
    deriva: Optional["Z"] = field(default=None, compare=False)
    # how `descripcion` reached this schema object: set on it (""), or kept from the object it was cloned from
    # by a check ("check": zod 4 before 4.3.0 drops it) or by an object method ("objeto": zod 4 drops it)
    via: str = ""
    coercido: bool = False  # `z.coerce.<tipo>()`: zod 3 takes a missing key for `String(undefined)`, `false`
    ref: Optional[Ref] = field(default=None, compare=False)
    # the one schema object a `const` holds (its value, where it is written): the same object wherever the
    # name is read; None for one a call builds where it is read
    instancia: Optional[Ref] = field(default=None, compare=False)


# string checks that publish a pattern of their argument (zod 4.6.0 and later a format too)
CONTIENE = {"startsWith": "starts_with", "endsWith": "ends_with", "includes": "includes"}
# zod 3's zod-to-json-schema escapes every character but these (its list lacks `W` and `w`)
ALFANUMERICOS_V3 = frozenset("ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvxyz0123456789")
# what a regular expression with the `u` flag may escape (an escaped `W`/`w` is a character class)
ESCAPABLES_U = frozenset("^$\\.*+?()[]{}|/Ww")
NO_ESQUEMAS = frozenset({"toJSONSchema", "parse", "safeParse", "parseAsync", "safeParseAsync"})  # zod's, not schemas


def es_zod(lector: Lector, ref: Ref, profundidad: int = 0) -> bool:
    """Whether an expression is a zod schema call chain rooted at the zod namespace, or at a call of a
    project function that returns one (`optionalText(64).describe("...")`)."""
    r = seguir(lector, ref)
    nodo = r.nodo
    while nodo is not None:
        if nodo.type == "call_expression":
            funcion = nodo.child_by_field_name("function")
            if funcion is not None and funcion.type == "identifier" and profundidad < 8:
                devuelto = retorno_de_llamada(lector, Ref(r.fuente, nodo))
                if devuelto is not None:
                    return es_zod(lector, devuelto, profundidad + 1)
            nodo = funcion
        elif nodo.type == "member_expression":
            if texto(r.fuente, nodo.child_by_field_name("property")) in NO_ESQUEMAS:
                return False  # `z.toJSONSchema(S)`: zod's, but a JSON Schema
            nodo = nodo.child_by_field_name("object")
        elif nodo.type == "identifier":
            return _es_espacio_zod(lector, Ref(r.fuente, nodo))
        else:
            return False
    return False


def _es_espacio_zod(lector: Lector, ref: Ref) -> bool:
    """Whether a name is zod's namespace (`import { z } from "zod"`, `import * as z from "zod/v4"`)."""
    if ref.nodo.type != "identifier":
        return False
    importado = especificador_de(lector, ref.fuente, texto(ref.fuente, ref.nodo), ref.nodo)
    if importado is None or not (importado[0] == "zod" or importado[0].startswith("zod/")) \
            or importado[1] not in ("z", "*", "default", "zod", MODULO_CJS):  # (`const z = require("zod")`)
        return False
    lector.zod_vistos.add((ref.fuente.rel, importado[0]))
    return True


def leer(lector: Lector, ref: Ref) -> Z:
    """The zod schema an expression builds; read through a name bound to a `const` (`a: Id`, `S.shape.a`),
    marked as that one object (`instancia`: zod-to-json-schema writes a `$ref` where it meets it again)."""
    z = _leer(lector, ref)
    nodo = desnudar(ref.nodo)
    if nodo is not None and (nodo.type == "identifier" or nodo.type == "member_expression"
                             and desnudar(nodo.child_by_field_name("object")).type != "this"):
        r = seguir(lector, ref)
        if r.nodo != nodo and r.nodo.type == "call_expression" and z.instancia is None:
            return replace(z, instancia=r)
    return z


def _leer(lector: Lector, ref: Ref) -> Z:
    r = seguir(lector, ref)
    nodo = r.nodo
    if nodo.type == "call_expression":
        funcion = nodo.child_by_field_name("function")
        argumentos = [Ref(r.fuente, a) for a in nombrados(nodo.child_by_field_name("arguments"))]
        if funcion.type == "member_expression":
            objeto = funcion.child_by_field_name("object")
            metodo = texto(r.fuente, funcion.child_by_field_name("property"))
            if _es_espacio_zod(lector, Ref(r.fuente, objeto)):
                return _constructor(lector, metodo, argumentos, r)
            if objeto.type == "member_expression" and texto(r.fuente, objeto.child_by_field_name("property")) == "coerce" \
                    and _es_espacio_zod(lector, Ref(r.fuente, objeto.child_by_field_name("object"))):
                return replace(_constructor(lector, metodo, argumentos, r), coercido=True)
            if objeto.type == "member_expression" and texto(r.fuente, objeto.child_by_field_name("property")) == "iso" \
                    and metodo in ISO and _es_espacio_zod(lector, Ref(r.fuente, objeto.child_by_field_name("object"))):
                return _metodo(lector, Z("string", ref=r), metodo, argumentos, r)
            return _metodo(lector, leer(lector, Ref(r.fuente, objeto)), metodo, argumentos, r)
        devuelto = retorno_de_llamada(lector, r)  # `pingSchema()`: what the project function returns
        if devuelto is not None:
            return leer(lector, devuelto)
    paquete = de_un_paquete(lector, r)
    if paquete is not None:
        raise Irresoluble(f"`{ref.corto()}`: `{paquete[0]}` comes from the package `{paquete[1]}`, whose sources "
                          "are not among the project's", ref)
    raise Irresoluble(f"`{ref.corto()}` is not a zod schema the analyzer can read", ref)


def forma(lector: Lector, ref: Ref) -> Optional[tuple[tuple[str, Z], ...]]:
    """The raw shape an expression is (`{ a: z.string() }`, `Schema.shape`), or None when it is not one.
    A name whose object literal is written into later (`shape[key] = ...` in a loop) is not that literal."""
    llenado = llenado_despues(ref)
    if llenado is not None:
        raise Irresoluble(f"`{ref.corto()}` is filled after it is written (`{llenado.corto()}`): its keys are not "
                          "known", llenado)
    r = seguir(lector, ref)
    if r.nodo.type == "member_expression" and texto(r.fuente, r.nodo.child_by_field_name("property")) == "shape":
        objeto = leer(lector, Ref(r.fuente, r.nodo.child_by_field_name("object")))
        if objeto.tipo != "object":
            raise Irresoluble(f"`{ref.corto()}` takes the shape of a schema that is not an object", ref)
        return objeto.forma
    if r.nodo.type == "call_expression":
        devuelto = retorno_de_llamada(lector, r)  # `{ inputSchema: pingSchema() }`: the shape it returns
        return forma(lector, devuelto) if devuelto is not None else None
    if r.nodo.type != "object":
        return None
    return tuple((k, leer(lector, v)) for k, v in propiedades(lector, r))


def _constructor(lector: Lector, nombre: str, args: list[Ref], r: Ref) -> Z:
    """`z.<nombre>(args)`."""
    if nombre in PRIMITIVOS:
        if nombre == "int":
            return Z("number", checks=(("entero", True),), ref=r)
        return Z(nombre, ref=r)
    if nombre in SIN_JSON and not args:
        return Z(nombre, ref=r)
    if nombre in SIN_ESQUEMA:
        return Z("any", ref=r)
    if nombre in ("preprocess", "lazy") and args:
        return _envuelto(lector, nombre, args, r)
    if nombre in FORMATOS and not args:
        return _metodo(lector, Z("string", ref=r), nombre, [], r)
    if nombre in ("object", "strictObject", "looseObject"):
        shape = forma(lector, args[0]) if args else ()
        if shape is None:
            raise Irresoluble(f"`{r.corto()}`: the shape is not an object literal the analyzer can read", r)
        return Z("object", forma=shape, modo={"object": "normal", "strictObject": "estricto", "looseObject": "suelto"}[nombre], ref=r)
    if nombre == "array" and args:
        return Z("array", hijos=(leer(lector, args[0]),), ref=r)
    if nombre in ("union", "discriminatedUnion"):
        lista = args[-1] if args else None
        ramas = _lista(lector, lista, r) if lista is not None else []
        return Z("union" if nombre == "union" else "dunion", hijos=tuple(leer(lector, x) for x in ramas), ref=r)
    if nombre in ("enum", "nativeEnum") and args:
        valor = json_literal(lector, args[0])
        valores = list(valor.values()) if isinstance(valor, dict) else valor
        if not isinstance(valores, list) or not valores or not all(isinstance(v, str) for v in valores):
            raise Irresoluble(f"`{r.corto()}`: only enums of strings are read", r)
        return Z("enum", valores=tuple(valores), ref=r)
    if nombre == "literal" and args:
        valor = json_literal(lector, args[0])
        if isinstance(valor, (dict, list)):
            raise Irresoluble(f"`{r.corto()}` is not a literal of one value", r)
        return Z("literal", valores=(valor,), ref=r)
    if nombre == "record" and args:
        if len(args) == 2:
            return Z("record", hijos=(leer(lector, args[0]), leer(lector, args[1])), ref=r)
        # `z.record(value)`: string keys (marked: zod 4 before 4.4.0 cannot publish it)
        return Z("record", hijos=(Z("string"), leer(lector, args[0])), forma=(("una", Z("any")),), ref=r)
    if nombre == "intersection" and len(args) == 2:
        return Z("intersection", hijos=(leer(lector, args[0]), leer(lector, args[1])), ref=r)
    if nombre == "tuple" and args:
        return Z("tuple", hijos=tuple(leer(lector, x) for x in _lista(lector, args[0], r)), ref=r)
    raise Irresoluble(f"`z.{nombre}(...)` is a zod constructor the analyzer does not read yet", r)


def _envuelto(lector: Lector, nombre: str, args: list[Ref], r: Ref) -> Z:
    """`z.preprocess(fn, S)` publishes S; `z.lazy(() => S)` publishes S, unless S holds that very
    `z.lazy` (a recursive schema, which zod publishes with a `$ref` back into itself: declined)."""
    if nombre == "preprocess":
        if len(args) != 2:
            raise Irresoluble(f"`{r.corto()}` is not `z.preprocess(fn, schema)`", r)
        return Z("pipe", hijos=(leer(lector, args[1]),), ref=r)
    funcion = seguir(lector, args[0])
    cuerpo = funcion.nodo.child_by_field_name("body") if funcion.nodo.type == "arrow_function" else None
    if cuerpo is None or cuerpo.type == "statement_block":
        raise Irresoluble(f"`{r.corto()}`: only `z.lazy(() => schema)` is read", r)
    clave = (r.fuente.rel, r.nodo.start_byte)
    if clave in lector.zod_perezosos:
        raise Irresoluble(f"`{r.corto()}` is part of the schema it stands for: zod publishes a recursive schema with "
                          "a `$ref` back into itself, which the analyzer does not write", r)
    lector.zod_perezosos.add(clave)
    try:
        return leer(lector, Ref(funcion.fuente, cuerpo))
    finally:
        lector.zod_perezosos.discard(clave)


def _lista(lector: Lector, ref: Ref, donde: Ref) -> list[Ref]:
    """The elements of an array literal (a constant bound to one followed)."""
    r = seguir(lector, ref)
    if r.nodo.type != "array" or any(c.type == "spread_element" for c in nombrados(r.nodo)):
        raise Irresoluble(f"`{donde.corto()}`: its list of schemas is not an array literal", donde)
    return [Ref(r.fuente, c) for c in nombrados(r.nodo)]


def _numero(lector: Lector, ref: Ref) -> Any:
    valor = json_literal(lector, ref)
    if not isinstance(valor, (int, float)) or isinstance(valor, bool):
        raise Irresoluble(f"`{ref.corto()}` is not a number", ref)
    return valor


def _metodo(lector: Lector, base: Z, nombre: str, args: list[Ref], r: Ref) -> Z:
    """`<base>.<nombre>(args)`: a new schema object (one that wraps `base` keeps it as its child; one
    built from its definition, `.describe()`, a check, is not `base`'s object), or `base` itself where
    the method publishes nothing of its own."""
    resultado = _metodo_de_zod(lector, base, nombre, args, r)
    if base.ident is not None and resultado.ident == base.ident:
        # a clone of a registered schema: an object method builds a new one from the definition (published
        # whole, as zod 4 does: no `$ref`), any other method refers to it
        if resultado is base:
            raise Irresoluble(f"`.{nombre}()` of a schema with `.meta({{ id }})` is a method the analyzer does not "
                              "read there", r)
        resultado = replace(resultado, ident=None, deriva=None if base.tipo == "object" else base)
    if resultado is not base and resultado.instancia is not None and resultado.instancia is base.instancia:
        resultado = replace(resultado, instancia=None)
    return _descripcion_clonada(base, nombre, resultado)


# zod 4 checks that clone the schema without a JSON Schema keyword of their own
CHECKS_SIN_ESQUEMA = ("refine", "superRefine", "check", "trim", "toLowerCase", "toUpperCase")


def _descripcion_clonada(base: Z, nombre: str, resultado: Z) -> Z:
    """A description kept by a clone of `base` (its definition copied: zod 3 keeps it, but for `.merge()`);
    zod 4 keeps a schema's description in a registry keyed by the object, which a check's clone inherits
    only from 4.3.0 on and an object method's clone never: recorded in `via` for the rendering."""
    if base.descripcion is None or resultado.descripcion != base.descripcion or resultado.tipo != base.tipo \
            or nombre in ("describe", "meta", "brand") or base in resultado.hijos:
        return resultado
    if base.tipo == "object" and nombre in ("merge",):
        return replace(resultado, descripcion=None)
    if base.tipo == "object" and (nombre in MODOS or nombre in ("catchall", "extend", "pick", "omit", "partial",
                                                                "required")):
        return replace(resultado, via="objeto")
    if resultado is not base or nombre in CHECKS_SIN_ESQUEMA:
        return replace(resultado, via=base.via or "check")
    return resultado


def _metodo_de_zod(lector: Lector, base: Z, nombre: str, args: list[Ref], r: Ref) -> Z:
    if nombre == "optional":
        return Z("optional", hijos=(base,), ref=r)
    if nombre == "nullable":
        return Z("nullable", hijos=(base,), ref=r)
    if nombre == "nullish":
        return Z("optional", hijos=(Z("nullable", hijos=(base,)),), ref=r)
    if nombre == "default" and args:
        return Z("default", hijos=(base,), defecto=_valor_por_defecto(lector, args[0]), ref=r)
    if nombre == "describe" and args:
        texto_ = json_literal(lector, args[0])
        if not isinstance(texto_, str):
            raise Irresoluble(f"`{r.corto()}`: the description is not a string the analyzer can read", r)
        return replace(base, descripcion=texto_, via="")
    if nombre == "meta" and args:
        meta = json_literal(lector, args[0])
        if not isinstance(meta, dict) or set(meta) - {"description", "id"} \
                or not all(isinstance(v, str) for v in meta.values()):
            raise Irresoluble(f"`{r.corto()}`: only `.meta({{ id, description }})` is read", r)
        if "id" in meta:
            if base.ident is not None or base.deriva is not None:
                raise Irresoluble(f"`{r.corto()}` registers a schema derived from another registered one, which the "
                                  "analyzer does not read", r)
            return replace(base, ident=meta["id"], descripcion=meta.get("description", base.descripcion),
                           via="" if "description" in meta else base.via, ref=r)
        return replace(base, descripcion=meta["description"], via="") if "description" in meta else base
    if nombre == "array" and not args:
        return Z("array", hijos=(base,), ref=r)
    if nombre == "or" and args:
        return Z("union", hijos=(base, leer(lector, args[0])), ref=r)
    if nombre == "and" and len(args) == 1:
        return Z("intersection", hijos=(base, leer(lector, args[0])), ref=r)
    if nombre == "transform":
        return Z("transform", hijos=(base,), ref=r)
    if nombre == "readonly" and not args:  # zod 4 publishes `readOnly: true`; zod 3 nothing
        return Z("readonly", hijos=(base,), ref=r)
    if nombre == "catch" and args:
        return Z("catch", hijos=(base,), defecto=_valor_por_defecto(lector, args[0]), ref=r)
    if nombre == "unwrap" and not args:  # the schema an optional or nullable wraps; zod 3's branded one
        if base.tipo in ("optional", "nullable"):
            return base.hijos[0]
        receptor = _receptor(lector, r)
        if receptor is not None and _metodo_de(receptor) == "brand":
            return base
        raise Irresoluble(f"`.unwrap()` on a zod {base.tipo} is a method the analyzer does not read yet", r)
    if nombre in NEUTROS:
        return base
    if base.tipo == "object" and nombre == "keyof" and not args:
        return Z("enum", valores=tuple(k for k, _ in base.forma), ref=r)
    if base.tipo == "object":
        return _de_objeto(lector, base, nombre, args, r)
    if base.tipo == "enum" and nombre in ("extract", "exclude") and args:
        elegidos = json_literal(lector, args[0])
        if not isinstance(elegidos, list) or not all(isinstance(v, str) and v in base.valores for v in elegidos):
            raise Irresoluble(f"`{r.corto()}`: the values are not a list of the enum's own", r)
        valores = tuple(elegidos) if nombre == "extract" else tuple(v for v in base.valores if v not in elegidos)
        return Z("enum", valores=valores, ref=r)
    if base.tipo in ("string", "number", "array") and nombre in ("min", "max", "length", "gt", "gte", "lt", "lte",
                                                                  "positive", "negative", "nonnegative", "nonpositive",
                                                                  "int", "nonempty", "email", "url", "datetime", "uuid", "date",
                                                                  "regex", "finite", "safe", "multipleOf", "step",
                                                                  *CONTIENE):
        return _check(lector, base, nombre, args, r)
    raise Irresoluble(f"`.{nombre}()` on a zod {base.tipo} is a method the analyzer does not read yet", r)


def _de_objeto(lector: Lector, base: Z, nombre: str, args: list[Ref], r: Ref) -> Z:
    """Object methods: strictness, extension, picking."""
    if nombre in MODOS and not args:
        # zod 3 keeps a catchall whatever the mode (it publishes the catchall); zod 4's modes replace it
        return replace(base, modo=MODOS[nombre], resto_pisado=bool(base.hijos), ref=r)
    if nombre == "catchall" and len(args) == 1:
        return replace(base, hijos=(leer(lector, args[0]),), resto_pisado=False, ref=r)
    if nombre in ("extend", "merge") and args:
        resto: tuple[tuple[Z, ...], bool] = (base.hijos, base.resto_pisado)
        if nombre == "merge":
            otra = leer(lector, args[0])
            if otra.tipo != "object":
                raise Irresoluble(f"`{r.corto()}` merges a schema that is not an object", r)
            extra, modo, resto = otra.forma, otra.modo, (otra.hijos, otra.resto_pisado)  # the merged one's keys policy
        else:
            shape = forma(lector, args[0])
            if shape is None:
                raise Irresoluble(f"`{r.corto()}`: the extension is not an object literal the analyzer can read", r)
            extra, modo = shape, base.modo
        claves = dict(base.forma)
        claves.update(dict(extra))
        return replace(base, forma=tuple(claves.items()), modo=modo, hijos=resto[0], resto_pisado=resto[1], ref=r)
    if nombre in ("pick", "omit") and args:
        elegidas = json_literal(lector, args[0])
        if not isinstance(elegidas, dict):
            raise Irresoluble(f"`{r.corto()}`: the keys are not an object literal", r)
        quedan = tuple((k, v) for k, v in base.forma if (k in elegidas) == (nombre == "pick"))
        return replace(base, forma=quedan, ref=r)
    if nombre in ("partial", "required") and len(args) <= 1:
        mascara = json_literal(lector, args[0]) if args else None  # `.required({ id: true })`: those keys only
        if args and (not isinstance(mascara, dict) or any(v is not True for v in mascara.values())):
            raise Irresoluble(f"`{r.corto()}`: the keys are not an object literal of `true`s", r)
        if nombre == "partial":
            forma_ = tuple((k, v if v.tipo == "optional" or mascara is not None and k not in mascara
                            else Z("optional", hijos=(v,))) for k, v in base.forma)
        else:
            forma_ = tuple((k, v.hijos[0] if v.tipo == "optional" and (mascara is None or k in mascara) else v)
                           for k, v in base.forma)
        return replace(base, forma=forma_, ref=r)
    raise Irresoluble(f"`.{nombre}()` on a zod object is a method the analyzer does not read yet", r)


def _receptor(lector: Lector, llamada: Ref) -> Optional[Ref]:
    """The value a method call is made on (`X` of `X.unwrap()`), followed to what it is bound to."""
    funcion = llamada.nodo.child_by_field_name("function") if llamada.nodo.type == "call_expression" else None
    if funcion is None or funcion.type != "member_expression":
        return None
    return seguir(lector, Ref(llamada.fuente, funcion.child_by_field_name("object")))


def _metodo_de(llamada: Ref) -> Optional[str]:
    """The method a call calls (`brand` of `z.object({}).brand<"B">()`); None for anything else."""
    funcion = llamada.nodo.child_by_field_name("function") if llamada.nodo.type == "call_expression" else None
    propiedad = funcion.child_by_field_name("property") if funcion is not None and funcion.type == "member_expression" \
        else None
    return texto(llamada.fuente, propiedad) if propiedad is not None else None


def _solo_mensaje(lector: Lector, args: list[Ref]) -> bool:
    """Whether a format's arguments only word its error (`"Invalid"`, `{ message }`, `{ error }`): the
    published schema does not change."""
    if len(args) != 1:
        return False
    try:
        valor = json_literal(lector, args[0])
    except Irresoluble:
        return False
    return isinstance(valor, str) or isinstance(valor, dict) and set(valor) <= {"message", "error", "abort"}


def _valor_por_defecto(lector: Lector, ref: Ref) -> Any:
    """`.default(v)` / `.catch(v)`: the value, or what a function given instead returns (`() => []`: zod
    calls it, and publishes its result), when it returns a JSON literal."""
    funcion = seguir(lector, ref)
    nodo = funcion.nodo
    if nodo.type == "arrow_function" and nodo.child_by_field_name("parameter") is None:
        parametros = nodo.child_by_field_name("parameters")
        cuerpo = nodo.child_by_field_name("body")
        if (parametros is None or not nombrados(parametros)) and cuerpo is not None and cuerpo.type != "statement_block":
            return json_literal(lector, Ref(funcion.fuente, desnudar(cuerpo)))
    return json_literal(lector, ref)


def _texto_literal(lector: Lector, ref: Ref) -> str:
    valor = json_literal(lector, ref)
    if not isinstance(valor, str) or any(c < " " for c in valor):
        raise Irresoluble(f"`{ref.corto()}` is not a string the analyzer can read", ref)
    return valor


def _posicion(lector: Lector, nombre: str, resto: list[Ref], r: Ref) -> Optional[int]:
    """`.includes(s, { position })`'s position (None without one); the other checks' second argument only
    words their error."""
    if not resto:
        return None
    if nombre == "includes":
        opciones = json_literal(lector, resto[0])
        if isinstance(opciones, dict) and set(opciones) <= {"position", "message", "error", "abort"} \
                and isinstance(opciones.get("position", 0), int) and not isinstance(opciones.get("position"), bool):
            return opciones.get("position")
    elif _solo_mensaje(lector, resto):
        return None
    raise Irresoluble(f"`{r.corto()}`: its options are not ones the analyzer reads", r)


def _check(lector: Lector, base: Z, nombre: str, args: list[Ref], r: Ref) -> Z:
    """A check: the JSON Schema keyword it adds."""
    t = base.tipo
    limites = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems"), "number": ("minimum", "maximum")}[t]
    nuevos: list[tuple[str, Any]]
    if nombre in ("min", "gte") and args:
        nuevos = [(limites[0], _numero(lector, args[0]))]
    elif nombre in ("max", "lte") and args:
        nuevos = [(limites[1], _numero(lector, args[0]))]
    elif nombre == "length" and args:
        n = _numero(lector, args[0])
        nuevos = [(limites[0], n), (limites[1], n)]
    elif nombre == "nonempty" and t in ("string", "array"):
        nuevos = [(limites[0], 1)]
    elif t == "number" and nombre in ("gt", "lt") and args:
        nuevos = [("exclusiveMinimum" if nombre == "gt" else "exclusiveMaximum", _numero(lector, args[0]))]
    elif t == "number" and nombre in ("positive", "negative", "nonnegative", "nonpositive"):
        nuevos = [{"positive": ("exclusiveMinimum", 0), "negative": ("exclusiveMaximum", 0),
                   "nonnegative": ("minimum", 0), "nonpositive": ("maximum", 0)}[nombre]]
    elif t == "number" and nombre == "int":
        nuevos = [("entero", True)]
    elif t == "number" and nombre in ("multipleOf", "step") and args:
        nuevos = [("multipleOf", _numero(lector, args[0]))]
    elif t == "number" and nombre == "finite":
        nuevos = []
    elif t == "number" and nombre == "safe":  # zod 3: the safe-integer bounds; zod 4: a safe integer
        nuevos = [("seguro", True)]
    elif t == "string" and nombre in FORMATOS_DE_CADENA:  # options (`{ offset: true }`) change zod 4's pattern
        neutras = not args or _solo_mensaje(lector, args)
        nuevos = [("format", FORMATOS_DE_CADENA[nombre])] + ([] if neutras else [("opciones_de_formato", nombre)])
    elif t == "string" and nombre in CONTIENE and args:
        nuevos = [("contiene", (nombre, _texto_literal(lector, args[0]), _posicion(lector, nombre, args[1:], r)))]
    elif t == "string" and nombre == "regex" and args:
        patron = seguir(lector, args[0])
        if patron.nodo.type != "regex":
            raise Irresoluble(f"`{r.corto()}`: the pattern is not a regular expression literal", r)
        nuevos = [("pattern", texto(patron.fuente, patron.nodo.child_by_field_name("pattern")))]
    else:
        raise Irresoluble(f"`.{nombre}()` on a zod {t} is a method the analyzer does not read yet", r)
    return replace(base, checks=base.checks + tuple(nuevos), ref=r)


# -- rendering ---------------------------------------------------------------------------------
# `sabor`: "v3" (zod 3 through zod-to-json-schema), "v4@X.Y.Z" (that zod 4 release, installed or
# pinned by a lock file), or "v4" (zod 4, release unknown: only a range says it). zod 4 changed what
# it publishes for a few constructs between releases; those need the release, and without it are
# declined by name instead of guessed.


def sin_repetir(z: Z, sabor: str) -> None:
    """zod 3 through zod-to-json-schema writes `{"$ref": "#/properties/a"}` where it meets a schema object
    it has already written (`a: Id, b: Id`, both one `const`; zod 4 writes it out each time, as the
    SDK's listing shows): the analyzer does not write those references, so such a schema is declined."""
    if sabor != "v3":
        return
    vistas: set[tuple[str, int]] = set()
    pila = [z]
    while pila:
        nodo = pila.pop()
        if nodo.instancia is not None:
            clave = (nodo.instancia.fuente.rel, nodo.instancia.nodo.start_byte)
            if clave in vistas:
                raise Irresoluble(f"`{nodo.instancia.corto()}` is one schema object used twice in this schema: zod 3's "
                                  "zod-to-json-schema writes a `$ref` to its first place where it meets it again, which "
                                  "the analyzer does not write", nodo.instancia)
            vistas.add(clave)
        pila.extend(reversed([*nodo.hijos, *(v for _, v in nodo.forma)]))


def publicar(z: Z, sabor: str, io: str, sdk: int = 1) -> Optional[dict[str, Any]]:
    """The root schema the SDK publishes for `z` (`io` "input"/"output"): None when the root is not
    an object (the SDK 1.x then publishes no output schema and an empty input object). The SDK 2.x
    (`@modelcontextprotocol/server`) converts zod 4 only, to draft 2020-12, and publishes an output
    root of any type (SEP-2106)."""
    if z.tipo != "object" and sdk == 1:
        return None
    sin_repetir(z, sabor)
    if z.ident is not None or z.deriva is not None:
        raise Irresoluble("a root schema with `.meta({ id })` is published by each zod 4 release in its own way (4.6 "
                          "fails to list it), which the analyzer does not write", z.ref)  # type: ignore[arg-type]
    cuerpo = _con_definiciones(nodo_publicado(z, _sabor_del_sdk(sabor, sdk, z), io), z)
    if z.tipo != "object" and (io == "input" or "type" not in cuerpo):
        # 2.x: an input root must be an object, and an output root without `type` gets one only when
        # it is provably an object (SEP-2106)
        raise Irresoluble("the SDK 2.x publishes a root that is not an object in its own way here, which the "
                          "analyzer does not read", z.ref)  # type: ignore[arg-type]
    return _con_borrador(cuerpo, sdk, z)  # 2.x: an output root with its own `type` is published as it is


def publicar_forma(shape: tuple[tuple[str, Z], ...], sabor: str, io: str, sdk: int = 1) -> dict[str, Any]:
    """The root the SDK publishes for a raw shape (`{ a: z.string() }`): `z.object(shape)`; an empty
    shape is published without `additionalProperties` on input whatever zod's major."""
    objeto = Z("object", forma=shape)
    sin_repetir(objeto, sabor)
    cuerpo = _con_definiciones(nodo_publicado(objeto, _sabor_del_sdk(sabor, sdk, objeto), io), objeto)
    if not shape and io == "input":
        cuerpo.pop("additionalProperties", None)
    return _con_borrador(cuerpo, sdk, objeto)


def _sabor_del_sdk(sabor: str, sdk: int, z: Z) -> str:
    """The flavor the SDK converts with; the SDK 2.x refuses zod 3 schemas (its tools/list throws)."""
    if sdk == 2 and not _v4(sabor):
        raise Irresoluble("the SDK 2.x cannot convert a zod 3 schema (its tools/list fails on it): use zod 4",
                          z.ref)  # type: ignore[arg-type]
    return sabor


def _con_borrador(cuerpo: dict[str, Any], sdk: int, z: Z) -> dict[str, Any]:
    """The published root: draft-07 for the SDK 1.x, draft 2020-12 for the SDK 2.x (a tuple there is
    `prefixItems`, which is not rendered)."""
    if sdk == 1:
        return {"$schema": BORRADOR_7, **cuerpo}
    if "definitions" in cuerpo:
        raise Irresoluble("a schema with `.meta({ id })` in draft 2020-12 (`$defs`) is not read", z.ref)  # type: ignore[arg-type]
    if tiene(z, "tuple"):
        raise Irresoluble("a tuple in draft 2020-12 (`prefixItems`) is not read", z.ref)  # type: ignore[arg-type]
    return {"$schema": BORRADOR_2020_12, **cuerpo}


def tiene_registrados(z: Z) -> bool:
    """Whether a zod tree holds a schema registered with `.meta({ id })` (or a clone of one)."""
    return z.ident is not None or z.deriva is not None or any(tiene_registrados(h) for h in z.hijos) \
        or any(tiene_registrados(v) for _, v in z.forma)


def tiene(z: Z, tipo: str) -> bool:
    """Whether a zod tree holds a node of `tipo`."""
    return z.tipo == tipo or any(tiene(h, tipo) for h in z.hijos) or any(tiene(v, tipo) for _, v in z.forma)


def _v4(sabor: str) -> bool:
    return sabor.startswith("v4")


def desde(sabor: str, release: tuple[int, int, int], que: str, z: Z) -> bool:
    """Whether the zod 4 release is `release` or later; Irresoluble when it is not known."""
    if "@" not in sabor:
        raise Irresoluble(f"zod 4 publishes {que} differently before {'.'.join(map(str, release))}, and which zod 4 "
                          "release the project installs cannot be told (package.json gives a range only): install "
                          "the dependencies or commit the lock file: package-lock.json, pnpm-lock.yaml or bun.lock",
                          z.ref)  # type: ignore[arg-type]
    return tuple(int(x) for x in sabor.split("@", 1)[1].split(".")[:3]) >= release


def _exacta(sabor: str, release: tuple[int, int, int], que: str, z: Z) -> bool:
    """Whether the zod 4 release is exactly `release` (a one-release regression)."""
    return desde(sabor, release, que, z) and not desde(sabor, (release[0], release[1], release[2] + 1), que, z)


def opcional(z: Z, sabor: str, io: str) -> bool:
    """Whether a key of this schema is left out of `required`."""
    t = z.tipo
    if t == "optional" or t == "undefined":  # zod 3: `z.undefined()` is optional
        return True
    if z.coercido and sabor == "v3" and t in ("string", "boolean"):
        return t == "boolean" or _acepta_undefined(z)
    if t == "default":
        return sabor == "v3" or io == "input"
    if t in ("nullable", "readonly"):  # `.optional().nullable()`: what it wraps decides
        return opcional(z.hijos[0], sabor, io)
    if t in ("union", "dunion"):  # a union with an optional branch accepts a missing key
        return any(opcional(h, sabor, io) for h in z.hijos)
    if t == "any":
        return sabor == "v3"
    if t == "catch":
        return sabor == "v3" or (io == "input" and _exacta(sabor, (4, 4, 3), "the optionality of `.catch()`", z))
    if t == "pipe":
        if sabor == "v3":
            return opcional(z.hijos[0], sabor, io)
        if io == "output":
            return opcional(z.hijos[0], sabor, io)
        if _exacta(sabor, (4, 4, 3), "the optionality of `z.preprocess()`", z):
            return True
        return opcional(z.hijos[0], sabor, io) and desde(sabor, (4, 4, 2), "the optionality of `z.preprocess()`", z)
    return False


def _acepta_undefined(z: Z) -> bool:
    """Whether zod 3's `z.coerce.string()` with these checks accepts `"undefined"`, what a missing key
    coerces to (zod-to-json-schema then leaves the key out of `required`)."""
    largo = len("undefined")
    for k, v in z.checks:
        if k == "minLength" and v > largo or k == "maxLength" and v < largo or k == "format":
            return False
        if k in ("pattern", "contiene", "opciones_de_formato"):
            raise Irresoluble("zod 3's `z.coerce.string()` with a pattern: whether a missing key passes it (as the "
                              "string `\"undefined\"`) is not read", z.ref)  # type: ignore[arg-type]
    return True


def nodo_publicado(z: Z, sabor: str, io: str, propiedad: bool = False) -> dict[str, Any]:
    """The JSON Schema of one zod node (no `$schema`), as `publicar` renders it. `propiedad`: the node is
    an object's property (through defaults, pipes and catches), where zod 3 writes an optional as what it
    wraps; anywhere else (an array's items, a union's branch, inside `.nullable()`) as `anyOf` of `{"not":
    {}}` and it."""
    if z.ident is not None or z.deriva is not None:
        return _registrado(z, sabor, io, propiedad)
    salida = _cuerpo(z, sabor, io, propiedad)
    if z.descripcion is not None and (not _v4(sabor) or z.via == "" or z.via == "check" and desde(
            sabor, (4, 3, 0), "a description before a check", z)):
        salida["description"] = z.descripcion
    elif sabor == "v3" and z.descripcion is None and _descripcion_copiada(z) is not None:
        salida["description"] = _descripcion_copiada(z)
    return salida


def _descripcion_copiada(z: Z) -> Optional[str]:
    """The description zod 3 copies onto a wrapper from what it wraps when it makes it (`.optional()`,
    `.nullable()`, `.default()`, `.catch()` are made with the wrapped schema's definition)."""
    while z.descripcion is None and z.tipo in ("optional", "nullable", "default", "catch"):
        z = z.hijos[0]
    return z.descripcion


DEFINICION = "$$definicion"  # a `$ref`'s definition, carried to the root by `_con_definiciones`


def _registrado(z: Z, sabor: str, io: str, propiedad: bool) -> dict[str, Any]:
    """A schema registered with `.meta({ id })` (zod 4.4.0 and later; before, the SDK's listing fails on the
    `id` it leaves in the schema): `{"$ref": "#/definitions/<id>"}`, its definition carried along; a clone
    of one (`.describe()`, a check): `allOf` of that `$ref` and the keywords the clone adds."""
    if not _v4(sabor) or not desde(sabor, (4, 4, 0), "a schema with `.meta({ id })`", z):
        if z.deriva is not None and z.descripcion == z.deriva.descripcion:
            # a check's clone (`.min(2)`) does not inherit the id: published as it is
            return nodo_publicado(replace(z, deriva=None), sabor, io, propiedad)
        raise Irresoluble("zod 4 before 4.4.0 leaves the `id` of `.meta({ id })` in the published schema, which the "
                          "SDK's tools/list fails on", z.ref)  # type: ignore[arg-type]
    if z.ident is not None:
        instancia = (z.ref.fuente.rel, z.ref.nodo.start_byte) if z.ref is not None else None
        return {"$ref": f"#/definitions/{z.ident}",
                DEFINICION: (z.ident, instancia, nodo_publicado(replace(z, ident=None), sabor, io, propiedad))}
    base = z.deriva
    assert base is not None and base.ident is not None
    referencia = nodo_publicado(base, sabor, io, propiedad)
    definicion = referencia[DEFINICION][2]
    propio = nodo_publicado(replace(z, deriva=None), sabor, io, propiedad)
    return {"allOf": [referencia], **{k: v for k, v in propio.items() if k not in definicion or definicion[k] != v}}


def _con_definiciones(cuerpo: dict[str, Any], z: Z) -> dict[str, Any]:
    """The root with the definitions its `$ref`s carry moved into its `definitions`: one per id, the one
    schema object registered under it (two objects under one id, even alike, make zod's conversion fail:
    declined)."""
    if not tiene_registrados(z):
        return cuerpo
    definiciones: dict[str, tuple[Any, Any]] = {}

    def limpio(valor: Any) -> Any:
        if isinstance(valor, list):
            return [limpio(v) for v in valor]
        if not isinstance(valor, dict):
            return valor
        if DEFINICION in valor:
            ident, instancia, definicion = valor[DEFINICION]
            if definiciones.setdefault(ident, (instancia, None))[0] != instancia:
                raise Irresoluble(f"the id `{ident}` of `.meta({{ id }})` is registered for two schema objects: zod's "
                                  "conversion fails on it (the SDK's tools/list with it)", z.ref)  # type: ignore[arg-type]
            definiciones[ident] = (instancia, limpio(definicion))
        return {k: limpio(v) for k, v in valor.items() if k != DEFINICION}

    salida = limpio(cuerpo)
    if definiciones:
        salida["definitions"] = {ident: definicion for ident, (_, definicion) in definiciones.items()}
    return salida


# zod-to-json-schema's `primitiveMappings`: a union of these without checks is written as a `type` list
PRIMITIVOS_V3 = {"string": "string", "number": "number", "bigint": "integer", "boolean": "boolean", "null": "null"}


def _tipos_juntos(ramas: list[dict[str, Any]]) -> Optional[dict[str, Any]]:
    """zod 4.5's `compactTypeUnion`: an `anyOf` whose branches are each a bare `type` (a name or a list)
    is one `type` (the names in order, once each); None otherwise."""
    tipos: list[str] = []
    for rama in ramas:
        if set(rama) != {"type"}:
            return None
        for t in rama["type"] if isinstance(rama["type"], list) else [rama["type"]]:
            if not isinstance(t, str):
                return None
            if t not in tipos:
                tipos.append(t)
    return {"type": tipos[0] if len(tipos) == 1 else tipos}


def _union_v3(z: Z, io: str) -> dict[str, Any]:
    """zod-to-json-schema's `parseUnionDef`: primitives without checks as a `type` list (their descriptions
    dropped), undescribed literals as a `type` and an `enum`, enums as one `enum`, anything else `anyOf`."""
    hijos = z.hijos
    if all(h.tipo in PRIMITIVOS_V3 and not h.checks for h in hijos):
        tipos = list(dict.fromkeys(PRIMITIVOS_V3[h.tipo] for h in hijos))
        return {"type": tipos[0] if len(tipos) == 1 else tipos}
    if all(h.tipo == "literal" and h.descripcion is None for h in hijos):
        valores = list(dict.fromkeys(h.valores[0] for h in hijos))
        tipos = list(dict.fromkeys(_tipo_literal(h.valores[0]) for h in hijos))
        return {"type": tipos[0] if len(tipos) == 1 else tipos, "enum": valores}
    if all(h.tipo == "enum" for h in hijos):
        return {"type": "string", "enum": list(dict.fromkeys(v for h in hijos for v in h.valores))}
    return {"anyOf": [nodo_publicado(h, "v3", io) for h in hijos]}


def _cuerpo(z: Z, sabor: str, io: str, propiedad: bool = False) -> dict[str, Any]:
    t = z.tipo
    if t == "string":
        return _cadena(z, sabor)
    if t in ("boolean", "null"):
        return {"type": t}
    if t == "number":
        return _numero_publicado(z, sabor)
    if t == "any":
        return {}
    if t == "array":
        # zod 3 keeps one `minLength`/`maxLength` (the last call's); zod 4 the strictest of them all
        limites = dict(z.checks) if sabor == "v3" else _mas_estrictos(z.checks)
        return {"type": "array", "items": nodo_publicado(z.hijos[0], sabor, io), **limites}
    if t == "object":
        return _objeto(z, sabor, io)
    if t == "union" and sabor == "v3":
        return _union_v3(z, io)
    if t == "union":
        ramas = [nodo_publicado(h, sabor, io) for h in z.hijos]
        compacta = _tipos_juntos(ramas)
        if compacta is not None and desde(sabor, (4, 5, 0), "a union of plain types", z):
            return compacta
        return {"anyOf": ramas}
    if t == "dunion":
        ramas = [nodo_publicado(h, sabor, io) for h in z.hijos]
        return {"oneOf" if _v4(sabor) and desde(sabor, (4, 1, 13), "a discriminated union", z) else "anyOf": ramas}
    if t == "intersection":
        return _interseccion(z, sabor, io)
    if t == "enum":
        return {"type": "string", "enum": list(z.valores)}
    if t == "literal":
        if z.valores[0] is None and sabor == "v3":
            return {"type": "object"}  # zod-to-json-schema's literal of a value whose `typeof` is "object"
        return {"type": _tipo_literal(z.valores[0]), "const": z.valores[0]}
    if t == "record":
        if _v4(sabor) and z.forma == (("una", Z("any")),) and not desde(sabor, (4, 4, 0), "`z.record(value)`", z):
            raise Irresoluble("zod 4 before 4.4.0 cannot publish `z.record(value)` (the SDK's tools/list fails on it)", z.ref)  # type: ignore[arg-type]
        clave = z.hijos[0]
        salida = {"type": "object", "additionalProperties": nodo_publicado(z.hijos[1], sabor, io)}
        if _v4(sabor):
            if clave.tipo != "string":
                raise Irresoluble("a zod 4 record whose keys are not strings (an enum, a literal): zod 4 publishes "
                                  "which of its keys are required differently by release and by value, which the "
                                  "analyzer does not write", z.ref)  # type: ignore[arg-type]
            salida["propertyNames"] = nodo_publicado(clave, sabor, io)
        elif clave.tipo == "string" and clave.checks:  # zod-to-json-schema: the key's checks, without its type
            salida["propertyNames"] = {k: v for k, v in _cadena(clave, sabor).items() if k != "type"}
        elif clave.tipo == "enum":
            salida["propertyNames"] = {"enum": list(clave.valores)}
        elif clave.tipo != "string":
            raise Irresoluble(f"a zod 3 record whose keys are a {clave.tipo}, which the analyzer does not read",
                              z.ref)  # type: ignore[arg-type]
        return salida
    if t == "tuple":
        salida = {"type": "array", "items": [nodo_publicado(h, sabor, io) for h in z.hijos]}
        if sabor == "v3" or desde(sabor, (4, 5, 0), "a tuple", z):
            minimo = len(z.hijos)
            while _v4(sabor) and minimo and opcional(z.hijos[minimo - 1], sabor, io):
                minimo -= 1  # zod 4: the optional elements at the end may be left out
            salida.update({"minItems": minimo, "maxItems": len(z.hijos)} if minimo else {"maxItems": len(z.hijos)})
            if _v4(sabor):
                salida["additionalItems"] = False
        return salida
    if t == "optional" and sabor == "v3" and not propiedad:
        return {"anyOf": [{"not": {}}, nodo_publicado(z.hijos[0], sabor, io)]}
    if t in ("optional", "default", "catch", "pipe") and z.hijos[0].ident is not None:
        # zod 4 refers to what it wraps (older drafts cannot put keywords beside a `$ref`)
        if t == "pipe":
            raise Irresoluble("`z.preprocess()` of a schema with `.meta({ id })` is not read", z.ref)  # type: ignore[arg-type]
        propio = {} if t == "optional" else {"default": z.defecto}
        return {"allOf": [nodo_publicado(z.hijos[0], sabor, io, propiedad)], **propio}
    if t in ("optional", "pipe"):
        return nodo_publicado(z.hijos[0], sabor, io, propiedad)
    if t == "readonly":
        interior = nodo_publicado(z.hijos[0], sabor, io, propiedad)
        return {**interior, "readOnly": True} if _v4(sabor) else interior
    if t == "nullable":
        hijo = z.hijos[0]
        if sabor == "v3" and hijo.tipo in PRIMITIVOS_V3 and not hijo.checks:
            return {"type": [PRIMITIVOS_V3[hijo.tipo], "null"]}  # zod 3 copies the description onto the nullable
        interior = nodo_publicado(hijo, sabor, io)
        ramas = [interior, {"type": "null"}]
        compacta = _tipos_juntos(ramas) if _v4(sabor) else None
        if compacta is not None and desde(sabor, (4, 5, 0), "`.nullable()` of a plain type", z):
            return compacta
        return {"anyOf": ramas}
    if t == "default":
        return {"default": z.defecto, **nodo_publicado(z.hijos[0], sabor, io, propiedad)} if _v4(sabor) else \
            {**nodo_publicado(z.hijos[0], sabor, io, propiedad), "default": z.defecto}
    if t == "transform":
        if _v4(sabor):
            raise Irresoluble("zod 4 cannot publish a `.transform()` (the SDK's tools/list fails on it)", z.ref)  # type: ignore[arg-type]
        return nodo_publicado(z.hijos[0], sabor, io, propiedad)
    if t in SIN_JSON:
        if _v4(sabor):
            raise Irresoluble(f"zod 4 cannot publish `z.{t}()` (the SDK's tools/list fails on it)", z.ref)  # type: ignore[arg-type]
        return dict(SIN_JSON[t])
    if t == "catch":
        interior = nodo_publicado(z.hijos[0], sabor, io, propiedad)
        return {**interior, "default": z.defecto} if _v4(sabor) else interior
    raise ValueError(t)  # every Z the reader builds is rendered above


def _mas_estrictos(checks: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """Bounds as zod keeps them when a schema is bounded twice (`.min(5).min(2)`): the strictest of each
    keyword, in the order first set (zod 4's numbers, strings and arrays; zod 3's strings)."""
    limites: dict[str, Any] = {}
    for k, v in checks:
        if k in limites:
            v = max(limites[k], v) if k in ("minimum", "exclusiveMinimum", "minLength", "minItems") else min(limites[k], v)
        limites[k] = v
    return limites


def _numero_publicado(z: Z, sabor: str) -> dict[str, Any]:
    """A number and its bounds. zod 3 publishes each keyword as the last check set it; zod 4 the strictest
    bound of each keyword, `.int()` adding the safe-integer range, and of an inclusive and an exclusive
    bound on one side only the stricter. Before zod 4.6.0 `.int()` replaced the bounds set before it
    (`.min(1).max(5).int()` published the safe range); from 4.6.0 it narrows them like any bound."""
    rango = (("minimum", -ENTERO_SEGURO), ("maximum", ENTERO_SEGURO))
    if sabor == "v3":
        salida: dict[str, Any] = {"type": "integer" if any(k == "entero" for k, _ in z.checks) else "number"}
        salida.update(p for k, v in z.checks if k != "entero" for p in (rango if k == "seguro" else ((k, v),)))
        return salida
    if sum(k == "multipleOf" for k, _ in z.checks) > 1:
        raise Irresoluble("a zod 4 number with two `.multipleOf()`: each release combines them in its own way", z.ref)  # type: ignore[arg-type]
    checks = tuple(("entero", True) if k == "seguro" else (k, v) for k, v in z.checks)
    salida = {"type": "integer" if any(k == "entero" for k, _ in checks) else "number"}
    plegados = _mas_estrictos(tuple(p for k, v in checks for p in (rango if k == "entero" else ((k, v),))))
    pisados: dict[str, Any] = {}
    for k, v in checks:
        if k == "entero":
            pisados.update(rango)
        else:
            pisados = _mas_estrictos((*pisados.items(), (k, v)))
    limites = plegados if plegados == pisados or desde(sabor, (4, 6, 0), "the bounds of `.int()` beside other bounds",
                                                       z) else pisados
    if "minimum" in limites and "exclusiveMinimum" in limites:
        del limites["minimum" if limites["exclusiveMinimum"] >= limites["minimum"] else "exclusiveMinimum"]
    if "maximum" in limites and "exclusiveMaximum" in limites:
        del limites["maximum" if limites["exclusiveMaximum"] <= limites["maximum"] else "exclusiveMaximum"]
    salida.update(limites)
    return salida


def _cadena(z: Z, sabor: str) -> dict[str, Any]:
    """A string and its checks; zod 4 adds a format's pattern (of the release's own). Lengths bounded
    twice keep the strictest. Two formats, two patterns, or (zod 4) a format beside a pattern are combined
    by each major in its own way (zod 3 into `anyOf`/`allOf`; zod 4 keeps the last format and every
    pattern): declined by name."""
    salida: dict[str, Any] = {"type": "string"}
    formatos = [v for k, v in z.checks if k == "format"]
    patrones = [v for k, v in z.checks if k in ("pattern", "contiene")]
    if len(formatos) > 1 or len(patrones) > 1 or _v4(sabor) and formatos and patrones:
        que = "two formats" if len(formatos) > 1 else "two patterns" if len(patrones) > 1 else "a format and a pattern"
        raise Irresoluble(f"a zod string with {que}: zod publishes them combined in a way the analyzer does not write",
                          z.ref)  # type: ignore[arg-type]
    for k, v in z.checks:
        if k == "opciones_de_formato":
            if _v4(sabor):
                raise Irresoluble(f"`.{v}(...)`: zod 4 publishes the pattern its options choose, which the analyzer does "
                                  "not read", z.ref)  # type: ignore[arg-type]
            continue
        if k in ("minLength", "maxLength"):
            continue
        if k == "contiene":
            salida.update(_contiene(z, sabor, *v))
            continue
        salida[k] = v
        if k == "format" and _v4(sabor) and v in PATRONES_V4:
            por_release = PATRONES_V4[v]
            elegido = por_release[0][1]
            for primera, patron in por_release[1:]:
                if desde(sabor, primera, f"the pattern of `format: {v}`", z):
                    elegido = patron
            salida["pattern"] = elegido
    salida.update(_mas_estrictos(tuple((k, v) for k, v in z.checks if k in ("minLength", "maxLength"))))
    return salida


def _tipo_literal(v: Any) -> str:
    return "null" if v is None else "boolean" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else "string"


def _objeto(z: Z, sabor: str, io: str) -> dict[str, Any]:
    salida: dict[str, Any] = {"type": "object",
                              "properties": {k: nodo_publicado(v, sabor, io, propiedad=True) for k, v in z.forma}}
    requeridas = [k for k, v in z.forma if not opcional(v, sabor, io)]
    if requeridas:
        salida["required"] = requeridas
    if z.hijos and (sabor == "v3" or not z.resto_pisado):  # `.catchall(S)`
        salida["additionalProperties"] = nodo_publicado(z.hijos[0], sabor, io)
    elif z.modo == "estricto":
        salida["additionalProperties"] = False
    elif z.modo == "suelto":
        salida["additionalProperties"] = {} if _v4(sabor) else True
    elif sabor == "v3" or io == "output":
        salida["additionalProperties"] = False
    return salida


def _interseccion(z: Z, sabor: str, io: str) -> dict[str, Any]:
    """`z.intersection(A, B)` / `A.and(B)`: an `allOf` of both sides (`_miembros`); zod 4.5.0 and later fold
    object sides into the one object they describe together (`_plegar`)."""
    miembros = _miembros(z, sabor, io)
    if _v4(sabor):
        plegado = _plegar(miembros)
        if plegado is not None and desde(sabor, (4, 5, 0), "an intersection of objects", z):
            return plegado
    return {"allOf": miembros}


def _miembros(z: Z, sabor: str, io: str) -> list[Any]:
    """An intersection's `allOf` before any folding, a side that is itself an `allOf` spread into it. zod 3's
    zod-to-json-schema spreads any side holding an `allOf` (not a string's patterns) and drops a side's
    `additionalProperties: false` (each side alone would reject the other's keys); zod 4 spreads a side
    that is only an `allOf` (an undescribed intersection, whose members it folds with its own)."""
    miembros: list[Any] = []
    for hijo in z.hijos:
        if _v4(sabor) and hijo.tipo == "intersection" and hijo.descripcion is None:
            miembros.extend(_miembros(hijo, sabor, io))
            continue
        lado = nodo_publicado(hijo, sabor, io)
        if sabor == "v3":
            if "allOf" in lado and lado.get("type") != "string":
                miembros.extend(lado["allOf"])
                continue
            if lado.get("additionalProperties") is False:
                lado = {k: v for k, v in lado.items() if k != "additionalProperties"}
        elif set(lado) == {"allOf"}:
            miembros.extend(lado["allOf"])
            continue
        miembros.append(lado)
    return miembros


PLEGABLES = frozenset({"type", "properties", "required", "additionalProperties"})


def _plegar(miembros: list[Any]) -> Optional[dict[str, Any]]:
    """zod 4.5's `foldIntersection`: an `allOf` whose members are plain objects (no keyword but `type`,
    `properties`, `required`, `additionalProperties`) is published as one object; over the first union among
    them (`anyOf`/`oneOf` alone), as that union of folded branches. None where zod leaves the `allOf`."""
    uniones = [m for m in miembros if isinstance(m, dict) and any(isinstance(m.get(k), list) for k in ("oneOf", "anyOf"))]
    if not uniones:
        return _plegar_objetos(miembros)
    union = uniones[0]
    clave = next(k for k in ("oneOf", "anyOf") if isinstance(union.get(k), list))
    if len(union) != 1:
        return None
    resto = [m for m in miembros if m is not union]
    ramas = [_plegar_objetos([*resto, rama]) for rama in union[clave]]
    return None if any(r is None for r in ramas) else {clave: ramas}


def _restriccion(miembro: dict[str, Any]) -> Optional[dict[str, Any]]:
    """What an object member demands of a key it does not declare: a catchall's schema (not `false`,
    nor the empty schema of a loose object)."""
    extra = miembro.get("additionalProperties")
    return extra if isinstance(extra, dict) and extra else None


def _plegar_objetos(miembros: list[Any]) -> Optional[dict[str, Any]]:
    """zod 4.5's `foldObjects`: the members as one object, each key the members' constraints on it
    (folded again, or an `allOf`), or None when a member is not a plain object."""
    if any(not isinstance(m, dict) or m.get("type") != "object" or set(m) - PLEGABLES for m in miembros):
        return None
    propiedades: dict[str, Any] = {}
    requeridas: dict[str, None] = {}
    for objeto in miembros:
        for clave in objeto.get("properties") or {}:
            if clave in propiedades:
                continue
            partes: list[Any] = []
            for otro in miembros:
                parte = (otro.get("properties") or {}).get(clave)
                if parte is None:
                    parte = _restriccion(otro)
                if parte is not None and not any(json.dumps(p) == json.dumps(parte) for p in partes):
                    partes.append(parte)
            propiedades[clave] = partes[0] if len(partes) == 1 else _plegar_objetos(partes) or {"allOf": partes}
        requeridas.update(dict.fromkeys(objeto.get("required") or ()))
    salida: dict[str, Any] = {"type": "object", "properties": propiedades}
    if requeridas:
        salida["required"] = list(requeridas)
    if all(m.get("additionalProperties") is False for m in miembros):
        salida["additionalProperties"] = False
    else:
        restricciones: list[Any] = []
        for m in miembros:
            r = _restriccion(m)
            if r is not None and not any(json.dumps(x) == json.dumps(r) for x in restricciones):
                restricciones.append(r)
        if len(restricciones) == 1:
            salida["additionalProperties"] = restricciones[0]
        elif len(restricciones) > 1:
            salida["additionalProperties"] = {"allOf": restricciones}
    return salida


def _contiene(z: Z, sabor: str, nombre: str, valor: str, posicion: Optional[int]) -> dict[str, Any]:
    """`.startsWith(s)`, `.endsWith(s)`, `.includes(s, { position })`: the pattern each major writes (zod 3
    escapes every character not in its alphanumeric list; zod 4 the regex syntax characters), and from
    zod 4.6.0 the check's format. zod 3 ignores the position; zod 4 requires at least that many characters
    before `s`, exactly that many before 4.5.0."""
    if sabor == "v3":
        escapado = "".join(c if c in ALFANUMERICOS_V3 else "\\" + c for c in valor)
        if any(c not in ALFANUMERICOS_V3 and c not in ESCAPABLES_U for c in valor):
            raise Irresoluble(f"`.{nombre}({json.dumps(valor)})`: zod 3 publishes a pattern with an escape that a "
                              "regular expression with the `u` flag rejects (the SDK's tools/list fails on it)",
                              z.ref)  # type: ignore[arg-type]
        return {"pattern": {"startsWith": f"^{escapado}", "endsWith": f"{escapado}$"}.get(nombre, escapado)}
    escapado = "".join("\\" + c if c in ".*+?^${}()|[]\\" else "\\/" if c == "/" else c for c in valor)
    if nombre == "startsWith":
        patron = f"^{escapado}.*"
    elif nombre == "endsWith":
        patron = f".*{escapado}$"
    elif posicion is None:
        patron = escapado
    else:
        alcance = f"{posicion}," if desde(sabor, (4, 5, 0), "the position of `.includes()`", z) else f"{posicion}"
        patron = f"^.{{{alcance}}}{escapado}"
    salida = {"pattern": patron}
    if desde(sabor, (4, 6, 0), f"`.{nombre}()`", z):
        salida["format"] = CONTIENE[nombre]
    return salida
