"""zod schemas in TypeScript source, read into a small tree that mirrors zod's own classes.

`leer` reads a zod expression (`z.object({...}).strict()`, a constant bound to one, an import of one,
`X.shape`, `X.extend({...})`) into a `Z`; `forma` reads a raw shape (`{ a: z.string() }`). What the SDK
publishes for that tree, by zod major and release, is `zod_json`'s. A method or constructor this module
does not know is `Irresoluble`, naming it: a schema is never half read.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Optional

from .arbol import nombrados, texto
from .valores import (MODULO_CJS, Irresoluble, Lector, Ref, de_un_modulo_entero, de_un_paquete, desnudar, especificador_de,
                      json_literal, llenado_despues, propiedades, retorno_de_llamada, seguir)

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
    refinado: bool = False  # `.refine()`/`.superRefine()`: zod 3 wraps the schema in an effect it runs to tell optionality
    funcional: bool = False  # `z.optional(S)` / `z.nullable(S)`: made without S's definition (zod 3 copies no description)
    ref: Optional[Ref] = field(default=None, compare=False)
    # the one schema object a `const` holds (its value, where it is written): the same object wherever the
    # name is read; None for one a call builds where it is read
    instancia: Optional[Ref] = field(default=None, compare=False)


# string checks that publish a pattern of their argument (zod 4.6.0 and later a format too)
CONTIENE = {"startsWith": "starts_with", "endsWith": "ends_with", "includes": "includes"}
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
            if de_un_modulo_entero(r.fuente, funcion):  # `types.string()`: a function of a module imported whole
                devuelto = retorno_de_llamada(lector, r)
                if devuelto is not None:
                    return leer(lector, devuelto)
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
    if nombre in ("optional", "nullable", "nullish") and len(args) == 1:  # `z.nullable(S)`, as `S.nullable()`
        envuelto = _metodo(lector, leer(lector, args[0]), nombre, [], r)
        return replace(envuelto, funcional=True)
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
    if nombre in ("refine", "superRefine") and resultado is base:
        resultado = replace(base, refinado=True)  # the same schema object under zod 3's reuse (what its effect wraps)
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
    if base.tipo == "object" and nombre == "merge":
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
    if nombre == "pipe" and len(args) == 1:  # the input side is `base`'s, the output side the target's
        return Z("tuberia", hijos=(base, leer(lector, args[0])), ref=r)
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
