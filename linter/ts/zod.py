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
NEUTROS = ("trim", "toLowerCase", "toUpperCase", "refine", "superRefine", "check", "catchall_never", "readonly",
           "brand", "strip", "nonempty_string")
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
    ref: Optional[Ref] = field(default=None, compare=False)
    # the one schema object a `const` holds (its value, where it is written): the same object wherever the
    # name is read; None for one a call builds where it is read
    instancia: Optional[Ref] = field(default=None, compare=False)


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
                return _constructor(lector, metodo, argumentos, r)
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
    if resultado is not base and resultado.instancia is not None and resultado.instancia is base.instancia:
        return replace(resultado, instancia=None)
    return resultado


def _metodo_de_zod(lector: Lector, base: Z, nombre: str, args: list[Ref], r: Ref) -> Z:
    if nombre == "optional":
        return Z("optional", hijos=(base,), ref=r)
    if nombre == "nullable":
        return Z("nullable", hijos=(base,), ref=r)
    if nombre == "nullish":
        return Z("optional", hijos=(Z("nullable", hijos=(base,)),), ref=r)
    if nombre == "default" and args:
        return Z("default", hijos=(base,), defecto=json_literal(lector, args[0]), ref=r)
    if nombre == "describe" and args:
        texto_ = json_literal(lector, args[0])
        if not isinstance(texto_, str):
            raise Irresoluble(f"`{r.corto()}`: the description is not a string the analyzer can read", r)
        return replace(base, descripcion=texto_)
    if nombre == "meta" and args:
        meta = json_literal(lector, args[0])
        if not isinstance(meta, dict) or set(meta) - {"description"}:
            raise Irresoluble(f"`{r.corto()}`: only `.meta({{description}})` is read", r)
        return replace(base, descripcion=meta["description"]) if "description" in meta else base
    if nombre == "array" and not args:
        return Z("array", hijos=(base,), ref=r)
    if nombre == "or" and args:
        return Z("union", hijos=(base, leer(lector, args[0])), ref=r)
    if nombre == "transform":
        return Z("transform", hijos=(base,), ref=r)
    if nombre == "catch" and args:
        return Z("catch", hijos=(base,), defecto=json_literal(lector, args[0]), ref=r)
    if nombre == "unwrap" and not args:  # the schema an optional or nullable wraps; zod 3's branded one
        if base.tipo in ("optional", "nullable"):
            return base.hijos[0]
        receptor = _receptor(lector, r)
        if receptor is not None and _metodo_de(receptor) == "brand":
            return base
        raise Irresoluble(f"`.unwrap()` on a zod {base.tipo} is a method the analyzer does not read yet", r)
    if nombre in NEUTROS:
        return base
    if base.tipo == "object":
        return _de_objeto(lector, base, nombre, args, r)
    if base.tipo in ("string", "number", "array") and nombre in ("min", "max", "length", "gt", "gte", "lt", "lte",
                                                                  "positive", "negative", "nonnegative", "nonpositive",
                                                                  "int", "nonempty", "email", "url", "datetime", "uuid", "date",
                                                                  "regex", "finite", "safe"):
        return _check(lector, base, nombre, args, r)
    raise Irresoluble(f"`.{nombre}()` on a zod {base.tipo} is a method the analyzer does not read yet", r)


def _de_objeto(lector: Lector, base: Z, nombre: str, args: list[Ref], r: Ref) -> Z:
    """Object methods: strictness, extension, picking."""
    if nombre in MODOS and not args:
        return replace(base, modo=MODOS[nombre], ref=r)
    if nombre in ("extend", "merge") and args:
        if nombre == "merge":
            otra = leer(lector, args[0])
            if otra.tipo != "object":
                raise Irresoluble(f"`{r.corto()}` merges a schema that is not an object", r)
            extra, modo = otra.forma, otra.modo
        else:
            shape = forma(lector, args[0])
            if shape is None:
                raise Irresoluble(f"`{r.corto()}`: the extension is not an object literal the analyzer can read", r)
            extra, modo = shape, base.modo
        claves = dict(base.forma)
        claves.update(dict(extra))
        return replace(base, forma=tuple(claves.items()), modo=modo, ref=r)
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
    elif t == "number" and nombre in ("finite", "safe"):
        nuevos = []
    elif t == "string" and nombre in FORMATOS_DE_CADENA:  # options (`{ offset: true }`) change zod 4's pattern
        neutras = not args or _solo_mensaje(lector, args)
        nuevos = [("format", FORMATOS_DE_CADENA[nombre])] + ([] if neutras else [("opciones_de_formato", nombre)])
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
    cuerpo = nodo_publicado(z, _sabor_del_sdk(sabor, sdk, z), io)
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
    cuerpo = nodo_publicado(objeto, _sabor_del_sdk(sabor, sdk, objeto), io)
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
    if tiene(z, "tuple"):
        raise Irresoluble("a tuple in draft 2020-12 (`prefixItems`) is not read", z.ref)  # type: ignore[arg-type]
    return {"$schema": BORRADOR_2020_12, **cuerpo}


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
    if t == "default":
        return sabor == "v3" or io == "input"
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


def nodo_publicado(z: Z, sabor: str, io: str) -> dict[str, Any]:
    """The JSON Schema of one zod node (no `$schema`), as `publicar` renders it."""
    salida = _cuerpo(z, sabor, io)
    if z.descripcion is not None:
        salida["description"] = z.descripcion
    return salida


def _simple(esquema: dict[str, Any]) -> bool:
    """A schema that is one JSON type and nothing else (`{"type": "string"}`)."""
    return set(esquema) == {"type"} and isinstance(esquema["type"], str)


def _cuerpo(z: Z, sabor: str, io: str) -> dict[str, Any]:
    t = z.tipo
    if t == "string":
        return _cadena(z, sabor)
    if t in ("boolean", "null"):
        return {"type": t}
    if t == "number":
        checks = dict(z.checks)
        entero = checks.pop("entero", False)
        salida: dict[str, Any] = {"type": "integer" if entero else "number"}
        if entero and _v4(sabor):
            salida.update({"minimum": -ENTERO_SEGURO, "maximum": ENTERO_SEGURO})
        salida.update(checks)
        return salida
    if t == "any":
        return {}
    if t == "array":
        return {"type": "array", "items": nodo_publicado(z.hijos[0], sabor, io), **dict(z.checks)}
    if t == "object":
        return _objeto(z, sabor, io)
    if t == "union" and sabor == "v3" and all(h.tipo == "literal" and h.descripcion is None for h in z.hijos):
        valores = [h.valores[0] for h in z.hijos]
        tipos = list(dict.fromkeys(_tipo_literal(v) for v in valores))
        return {"type": tipos[0] if len(tipos) == 1 else tipos, "enum": valores}
    if t == "union":
        ramas = [nodo_publicado(h, sabor, io) for h in z.hijos]
        if all(_simple(r) for r in ramas) and (sabor == "v3" or desde(sabor, (4, 5, 0), "a union of plain types", z)):
            return {"type": [r["type"] for r in ramas]}
        return {"anyOf": ramas}
    if t == "dunion":
        ramas = [nodo_publicado(h, sabor, io) for h in z.hijos]
        return {"oneOf" if _v4(sabor) and desde(sabor, (4, 1, 13), "a discriminated union", z) else "anyOf": ramas}
    if t == "enum":
        return {"type": "string", "enum": list(z.valores)}
    if t == "literal":
        return {"type": _tipo_literal(z.valores[0]), "const": z.valores[0]}
    if t == "record":
        if _v4(sabor) and z.forma == (("una", Z("any")),) and not desde(sabor, (4, 4, 0), "`z.record(value)`", z):
            raise Irresoluble("zod 4 before 4.4.0 cannot publish `z.record(value)` (the SDK's tools/list fails on it)", z.ref)  # type: ignore[arg-type]
        salida = {"type": "object", "additionalProperties": nodo_publicado(z.hijos[1], sabor, io)}
        if _v4(sabor):
            salida["propertyNames"] = nodo_publicado(z.hijos[0], sabor, io)
        return salida
    if t == "tuple":
        salida = {"type": "array", "items": [nodo_publicado(h, sabor, io) for h in z.hijos]}
        if sabor == "v3" or desde(sabor, (4, 5, 0), "a tuple", z):
            salida.update({"minItems": len(z.hijos), "maxItems": len(z.hijos)})
            if _v4(sabor):
                salida["additionalItems"] = False
        return salida
    if t in ("optional", "pipe"):
        return nodo_publicado(z.hijos[0], sabor, io)
    if t == "nullable":
        hijo = z.hijos[0]
        interior = nodo_publicado(hijo, sabor, io)
        if sabor == "v3" and hijo.tipo in ("string", "number", "boolean", "null") and not hijo.checks:
            return {**interior, "type": [interior["type"], "null"]}
        if _simple(interior) and (sabor == "v3" or desde(sabor, (4, 5, 0), "`.nullable()` of a plain type", z)):
            return {"type": [interior["type"], "null"]}
        return {"anyOf": [interior, {"type": "null"}]}
    if t == "default":
        return {"default": z.defecto, **nodo_publicado(z.hijos[0], sabor, io)} if _v4(sabor) else \
            {**nodo_publicado(z.hijos[0], sabor, io), "default": z.defecto}
    if t == "transform":
        if _v4(sabor):
            raise Irresoluble("zod 4 cannot publish a `.transform()` (the SDK's tools/list fails on it)", z.ref)  # type: ignore[arg-type]
        return nodo_publicado(z.hijos[0], sabor, io)
    if t in SIN_JSON:
        if _v4(sabor):
            raise Irresoluble(f"zod 4 cannot publish `z.{t}()` (the SDK's tools/list fails on it)", z.ref)  # type: ignore[arg-type]
        return dict(SIN_JSON[t])
    if t == "catch":
        interior = nodo_publicado(z.hijos[0], sabor, io)
        return {**interior, "default": z.defecto} if _v4(sabor) else interior
    raise ValueError(t)  # every Z the reader builds is rendered above


def _cadena(z: Z, sabor: str) -> dict[str, Any]:
    """A string and its checks; zod 4 adds a format's pattern (of the release's own)."""
    salida: dict[str, Any] = {"type": "string"}
    for k, v in z.checks:
        if k == "opciones_de_formato":
            if _v4(sabor):
                raise Irresoluble(f"`.{v}(...)`: zod 4 publishes the pattern its options choose, which the analyzer does "
                                  "not read", z.ref)  # type: ignore[arg-type]
            continue
        salida[k] = v
        if k == "format" and _v4(sabor) and v in PATRONES_V4:
            patrones = PATRONES_V4[v]
            elegido = patrones[0][1]
            for primera, patron in patrones[1:]:
                if desde(sabor, primera, f"the pattern of `format: {v}`", z):
                    elegido = patron
            salida["pattern"] = elegido
    return salida


def _tipo_literal(v: Any) -> str:
    return "null" if v is None else "boolean" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else "string"


def _objeto(z: Z, sabor: str, io: str) -> dict[str, Any]:
    salida: dict[str, Any] = {"type": "object", "properties": {k: nodo_publicado(v, sabor, io) for k, v in z.forma}}
    requeridas = [k for k, v in z.forma if not opcional(v, sabor, io)]
    if requeridas:
        salida["required"] = requeridas
    if z.modo == "estricto":
        salida["additionalProperties"] = False
    elif z.modo == "suelto":
        salida["additionalProperties"] = {} if _v4(sabor) else True
    elif sabor == "v3" or io == "output":
        salida["additionalProperties"] = False
    return salida
