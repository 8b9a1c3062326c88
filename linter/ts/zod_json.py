"""What the MCP TypeScript SDK publishes for a zod schema read by `zod.leer`, as JSON Schema.

`publicar` renders a `Z` tree as the SDK 1.x `tools/list` does: zod 4 through `z.toJSONSchema(schema,
{target: "draft-7", io})`, zod 3 through `zod-to-json-schema` with `strictUnions`. `io` is `input` for an
input schema and `output` for an output schema: zod 4 closes a plain object (`additionalProperties:
false`) and requires a defaulted key only on output. Fixed against the real SDK's listings under each zod
4 release where what it publishes changed and zod 3 (bench/zod_sdk.py writes the table,
tests/ts/test_zod.py holds the analyzer to it); what a release-dependent construct publishes without the
release known, or a construct the table has not settled, is `Irresoluble`, naming it.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any, Optional

from .valores import Irresoluble
from .zod import CONTIENE, SIN_JSON, Z

BORRADOR_7 = "http://json-schema.org/draft-07/schema#"
BORRADOR_2020_12 = "https://json-schema.org/draft/2020-12/schema"
ENTERO_SEGURO = 9007199254740991
# zod 4's calendar date (a leap day in a leap year, else the days of each month), the start of its `date` and
# `date-time` patterns
_FECHA = ('(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}'
          '-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-('
          '?:0[1-9]|1\\d|2[0-8])))')
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
    'date-time': (  # before 4.5.0 the seconds were optional
        ((4, 0, 0), f'^{_FECHA}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d+)?)?(?:Z))$'),
        ((4, 5, 0), f'^{_FECHA}T(?:(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z))$'),
    ),
    'date': (
        ((4, 0, 0), f'^{_FECHA}$'),
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
# zod 3's zod-to-json-schema escapes every character but these (its list lacks `W` and `w`)
ALFANUMERICOS_V3 = frozenset("ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvxyz0123456789")
# what a regular expression with the `u` flag may escape (an escaped `W`/`w` is a character class)
ESCAPABLES_U = frozenset("^$\\.*+?()[]{}|/Ww")


# -- rendering ---------------------------------------------------------------------------------
# `sabor`: "v3" (zod 3 through zod-to-json-schema), "v4@X.Y.Z" (that zod 4 release, installed or
# pinned by a lock file), or "v4" (zod 4, release unknown: only a range says it). zod 4 changed what
# it publishes for a few constructs between releases; those need the release, and without it are
# declined by name instead of guessed.


def sin_repetir(z: Z, sabor: str) -> None:
    """zod 3 through zod-to-json-schema writes `{"$ref": "#/properties/a"}` where it meets a schema object
    it has already written (`a: Id, b: Id`, both one `const`; zod 4 writes it out each time, as the
    SDK's listing shows): the analyzer does not write those references, so such a schema is declined."""
    if not _v3(sabor):
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


V3_LAXO = "v3/laxo"  # zod 3 through zod-to-json-schema without `strictUnions` (fastmcp, a bare zodToJsonSchema)


def _v3(sabor: str) -> bool:
    return sabor.startswith("v3")


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
    """Whether a key of this schema is left out of `required`. zod 3 asks the schema itself whether it
    accepts `undefined` (`isOptional()` parses it): where a `.transform()` or `.refine()` is handed
    `undefined`, the answer is what the project's function does with it, which is not read."""
    t = z.tipo
    if t == "transform" and _v4(sabor):  # (input only: zod 4 cannot publish one on output)
        return opcional(z.hijos[0], sabor, io)
    if _v3(sabor) and (z.refinado or t == "transform") and opcional(
            replace(z, refinado=False) if z.refinado else z.hijos[0], sabor, io):
        que = "`.refine()`" if z.refinado else "`.transform()`"
        raise Irresoluble(f"zod 3 decides whether this key is required by running its {que} with `undefined` (the key "
                          "missing), which the analyzer does not do", z.ref)  # type: ignore[arg-type]
    if t == "optional" or t == "undefined":  # zod 3: `z.undefined()` is optional
        return True
    if z.coercido and _v3(sabor) and t in ("string", "boolean"):
        return t == "boolean" or _acepta_undefined(z)
    if t == "default":
        return _v3(sabor) or io == "input"
    if t in ("nullable", "readonly"):  # `.optional().nullable()`: what it wraps decides
        return opcional(z.hijos[0], sabor, io)
    if t in ("union", "dunion"):  # a union with an optional branch accepts a missing key
        return any(opcional(h, sabor, io) for h in z.hijos)
    if t == "any":
        return _v3(sabor)
    if t == "catch":
        return _v3(sabor) or (io == "input" and _exacta(sabor, (4, 4, 3), "the optionality of `.catch()`", z))
    if t == "tuberia":  # `A.pipe(B)`: zod 4 asks the side it publishes; zod 3 parses `undefined` through both
        if _v3(sabor):
            return opcional(z.hijos[0], sabor, io) and opcional(z.hijos[1], sabor, io)
        return opcional(_lado_de_la_tuberia(z, io), sabor, io)
    if t == "pipe":
        if _v3(sabor):
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
    elif _v3(sabor) and z.descripcion is None and _descripcion_copiada(z) is not None:
        salida["description"] = _descripcion_copiada(z)
    return salida


def _descripcion_copiada(z: Z) -> Optional[str]:
    """The description zod 3 copies onto a wrapper from what it wraps when it makes it (`.optional()`,
    `.nullable()`, `.default()`, `.catch()` are made with the wrapped schema's definition; `z.optional(S)`
    and `z.nullable(S)` are not)."""
    while z.descripcion is None and z.tipo in ("optional", "nullable", "default", "catch") and not z.funcional:
        z = z.hijos[0]
    return z.descripcion


DEFINICION = "$$definicion"  # a `$ref`'s definition, carried to the root by `_con_definiciones`


def _registrado(z: Z, sabor: str, io: str, propiedad: bool) -> dict[str, Any]:
    """A schema registered with `.meta({ id })` (zod 4.4.0 and later; before, the SDK's listing fails on the
    `id` it leaves in the schema): `{"$ref": "#/definitions/<id>"}`, its definition carried along; a clone
    of one (`.describe()`, a check): `allOf` of that `$ref` and the keywords the clone adds."""
    con_id = not _v4(sabor) or not desde(sabor, (4, 4, 0), "a schema with `.meta({ id })`", z)
    if con_id:  # before 4.4.0 each definition keeps the `id` keyword
        if z.deriva is not None and z.descripcion == z.deriva.descripcion:
            # a check's clone (`.min(2)`) does not inherit the id: published as it is
            return nodo_publicado(replace(z, deriva=None), sabor, io, propiedad)
        if io == "output" or not _v4(sabor):
            raise Irresoluble("zod 4 before 4.4.0 leaves the `id` of `.meta({ id })` in the published schema: the "
                              "SDK's client, compiling the output schema, fails on it", z.ref)  # type: ignore[arg-type]
    if z.ident is not None:
        instancia = (z.ref.fuente.rel, z.ref.nodo.start_byte) if z.ref is not None else None
        cuerpo = nodo_publicado(replace(z, ident=None), sabor, io, propiedad)
        return {"$ref": f"#/definitions/{z.ident}",
                DEFINICION: (z.ident, instancia, {"id": z.ident, **cuerpo} if con_id else cuerpo)}
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


def _lado_de_la_tuberia(z: Z, io: str) -> Z:
    """`A.pipe(B)` as the SDK publishes it (zod 4, and zod-to-json-schema with the SDK's `pipeStrategy`): A
    for an input schema (what a transform in A takes: its input), B for an output schema (what comes out)."""
    if io == "output":
        return z.hijos[1]
    entrada = z.hijos[0]
    return entrada.hijos[0] if entrada.tipo == "transform" else entrada


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


def _union_v3(z: Z, sabor: str, io: str) -> dict[str, Any]:
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
    return {"anyOf": _ramas_v3(z, sabor, io)}


def _ramas_v3(z: Z, sabor: str, io: str) -> list[dict[str, Any]]:
    """A union's branches as zod-to-json-schema writes them: with `strictUnions` (the SDK's option; not
    fastmcp's, nor a bare `zodToJsonSchema(schema)`'s: `V3_LAXO`) a branch that publishes the empty schema
    (`z.any()`, `z.unknown()`, a transform of one) is left out."""
    ramas = [nodo_publicado(h, sabor, io) for h in z.hijos]
    if sabor == V3_LAXO:
        return ramas
    ramas = [r for r in ramas if r != {}]
    if not ramas:
        raise Irresoluble("a zod 3 union whose every branch publishes the empty schema: zod-to-json-schema then "
                          "leaves the key out of the schema, which the analyzer does not write", z.ref)  # type: ignore[arg-type]
    return ramas


def _cuerpo(z: Z, sabor: str, io: str, propiedad: bool = False) -> dict[str, Any]:
    t = z.tipo
    if t == "string":
        return _cadena(z, sabor, io)
    if t in ("boolean", "null"):
        return {"type": t}
    if t == "number":
        return _numero_publicado(z, sabor)
    if t == "any":
        return {}
    if t == "array":
        # zod 3 keeps one `minLength`/`maxLength` (the last call's); zod 4 the strictest of them all
        limites = dict(z.checks) if _v3(sabor) else _mas_estrictos(z.checks)
        return {"type": "array", "items": nodo_publicado(z.hijos[0], sabor, io), **limites}
    if t == "object":
        return _objeto(z, sabor, io)
    if t == "union" and _v3(sabor):
        return _union_v3(z, sabor, io)
    if t == "union":
        ramas = [nodo_publicado(h, sabor, io) for h in z.hijos]
        compacta = _tipos_juntos(ramas)
        if compacta is not None and desde(sabor, (4, 5, 0), "a union of plain types", z):
            return compacta
        return {"anyOf": ramas}
    if t == "dunion":
        ramas = _ramas_v3(z, sabor, io) if _v3(sabor) else [nodo_publicado(h, sabor, io) for h in z.hijos]
        return {"oneOf" if _v4(sabor) and desde(sabor, (4, 1, 13), "a discriminated union", z) else "anyOf": ramas}
    if t == "intersection":
        return _interseccion(z, sabor, io)
    if t == "enum":
        return {"type": "string", "enum": list(z.valores)}
    if t == "literal":
        if z.valores[0] is None and _v3(sabor):
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
            salida["propertyNames"] = {k: v for k, v in _cadena(clave, sabor, io).items() if k != "type"}
        elif clave.tipo == "enum":
            salida["propertyNames"] = {"enum": list(clave.valores)}
        elif clave.tipo != "string":
            raise Irresoluble(f"a zod 3 record whose keys are a {clave.tipo}, which the analyzer does not read",
                              z.ref)  # type: ignore[arg-type]
        return salida
    if t == "tuple":
        salida = {"type": "array", "items": [nodo_publicado(h, sabor, io) for h in z.hijos]}
        if _v3(sabor) or desde(sabor, (4, 5, 0), "a tuple", z):
            minimo = len(z.hijos)
            while _v4(sabor) and minimo and opcional(z.hijos[minimo - 1], sabor, io):
                minimo -= 1  # zod 4: the optional elements at the end may be left out
            salida.update({"minItems": minimo, "maxItems": len(z.hijos)} if minimo else {"maxItems": len(z.hijos)})
            if _v4(sabor):
                salida["additionalItems"] = False
        return salida
    if t == "optional" and _v3(sabor) and not propiedad:
        return {"anyOf": [{"not": {}}, nodo_publicado(z.hijos[0], sabor, io)]}
    if t in ("optional", "default", "catch", "pipe") and z.hijos[0].ident is not None:
        # zod 4 refers to what it wraps (older drafts cannot put keywords beside a `$ref`)
        if t == "pipe":
            raise Irresoluble("`z.preprocess()` of a schema with `.meta({ id })` is not read", z.ref)  # type: ignore[arg-type]
        propio = {} if t == "optional" else {"default": z.defecto}
        return {"allOf": [nodo_publicado(z.hijos[0], sabor, io, propiedad)], **propio}
    if t == "tuberia":
        if sabor == V3_LAXO:  # zod-to-json-schema's default `pipeStrategy` ("all"); the SDK asks for one side
            return {"allOf": [nodo_publicado(h, sabor, io) for h in z.hijos]}
        return nodo_publicado(_lado_de_la_tuberia(z, io), sabor, io, propiedad)
    if t in ("optional", "pipe"):
        return nodo_publicado(z.hijos[0], sabor, io, propiedad)
    if t == "readonly":
        interior = nodo_publicado(z.hijos[0], sabor, io, propiedad)
        return {**interior, "readOnly": True} if _v4(sabor) else interior
    if t == "nullable":
        hijo = z.hijos[0]
        if _v3(sabor) and hijo.tipo in PRIMITIVOS_V3 and not hijo.checks:
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
    if t == "transform":  # zod 4 publishes what a transform takes (input), not what it makes (output)
        if _v4(sabor) and io == "output":
            raise Irresoluble("zod 4 cannot publish a `.transform()` in an output schema (the SDK's tools/list fails on "
                              "it)", z.ref)  # type: ignore[arg-type]
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
    if _v3(sabor):
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


def _cadena(z: Z, sabor: str, io: str) -> dict[str, Any]:
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
            salida.update(_contiene(z, sabor, io, *v))
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
    if z.hijos and (_v3(sabor) or not z.resto_pisado):  # `.catchall(S)`
        salida["additionalProperties"] = nodo_publicado(z.hijos[0], sabor, io)
    elif z.modo == "estricto":
        salida["additionalProperties"] = False
    elif z.modo == "suelto":
        salida["additionalProperties"] = {} if _v4(sabor) else True
    elif _v3(sabor) or io == "output":
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
        if _v3(sabor):
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


def _contiene(z: Z, sabor: str, io: str, nombre: str, valor: str, posicion: Optional[int]) -> dict[str, Any]:
    """`.startsWith(s)`, `.endsWith(s)`, `.includes(s, { position })`: the pattern each major writes (zod 3
    escapes every character not in its alphanumeric list; zod 4 the regex syntax characters), and from
    zod 4.6.0 the check's format. zod 3 ignores the position; zod 4 requires at least that many characters
    before `s`, exactly that many before 4.5.0."""
    if _v3(sabor):
        escapado = "".join(c if c in ALFANUMERICOS_V3 else "\\" + c for c in valor)
        if io == "output" and any(c not in ALFANUMERICOS_V3 and c not in ESCAPABLES_U for c in valor):
            raise Irresoluble(f"`.{nombre}({json.dumps(valor)})`: zod 3 publishes a pattern with an escape that a "
                              "regular expression with the `u` flag rejects: the SDK's client, compiling the output "
                              "schema, fails on it", z.ref)  # type: ignore[arg-type]
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
