"""linter/ts/zod.py and zod_json.py against the real SDK: every case of tests/ts/datos/zod_sdk.json (written by
bench/zod_sdk.py from the MCP TypeScript SDK's own tools/list, zod 4 and zod 3) is published
exactly as the SDK publishes it, input and output, or declined by name; never a different schema.
zod 4 changed what it publishes for a few constructs between releases: with the release known
(installed, or pinned by a lock file) each is published as that release does; with only a range
known, exactly those are declined."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle_lint.linter.ts import valores, zod, zod_json
from oracle_lint.linter.ts.arbol import nombrados

TABLA = json.loads((Path(__file__).parent / "datos" / "zod_sdk.json").read_text(encoding="utf-8"))
# what the analyzer declines to read (an Irresoluble naming it) though the SDK publishes it: exactly these
DECLINADOS = {# two patterns or two formats on one string: each major combines them in its own way
              "{ a: z.string().email().url() }", "{ a: z.string().regex(/a/).regex(/b/) }",
              "{ a: z.string().startsWith(\"a\").endsWith(\"b\") }",
              # (`z.date()`, `z.bigint()`, `z.undefined()`: read with zod 3, declined with zod 4, whose listing fails)
              }
# declined with zod 4 only: options that choose zod 4's pattern (an offset, a precision; zod 3 publishes the
# format alone)
DECLINADOS_V4 = {"{ a: z.string().datetime({ offset: true }) }",
                 # a format beside a pattern: zod 4 keeps the last format and every pattern
                 "{ a: z.string().email().regex(/x/) }", "{ a: z.string().uuid().regex(/x/) }",
                 # a record keyed by an enum: which keys are required changed by release (4.3) and by value (4.6)
                 "{ a: z.record(z.enum([\"x\", \"y\"]), z.string()) }",
                 # two divisors: zod 4 kept the first before 4.6.0, then both (`allOf`)
                 "{ a: z.number().multipleOf(2).multipleOf(3) }"}
# declined with zod 3 only: one schema object used twice, where zod-to-json-schema writes a `$ref` (zod 4 writes
# it out again, and is published)
DECLINADOS_V3 = {"(() => { const s = z.string().describe(\"d\"); return { a: s, b: s }; })()",
                 "(() => { const o = z.object({ x: z.number() }); return { a: o, b: z.array(o) }; })()",
                 # whether the key is required: zod 3 runs the project's function with `undefined` to know
                 "{ a: z.string().optional().transform((s) => s) }", "{ a: z.any().transform((x) => x) }",
                 "{ a: z.string().optional().refine(() => false) }", "{ a: z.string().optional().refine(() => true) }",
                 "{ a: z.string().optional().refine((s) => s.length > 0) }",
                 "{ a: z.union([z.string(), z.any().transform((x, ctx) => { if (x === undefined) return \"\"; "
                 "ctx.addIssue({ code: \"custom\" }); return z.NEVER; })]) }"}
# what zod 4 publishes differently from one release to another: declined when the release is unknown
SEGUN_RELEASE = {
    "{ a: z.preprocess((v) => v, z.boolean()) }", "{ a: z.preprocess((v) => v, z.boolean()).describe(\"d\") }",
    "{ a: z.preprocess((v) => v, z.boolean().optional()) }", "{ a: z.record(z.string()) }",
    "{ a: z.string().catch(\"x\") }", "{ a: z.string().datetime() }", "{ a: z.string().email() }",
    "{ a: z.string().email({ message: \"m\" }) }", "{ a: z.string().uuid(\"bad\") }",
    "{ a: z.email() }", "{ a: z.string().nullable() }", "{ a: z.string().nullish() }",
    "{ a: z.string().or(z.number()) }", "{ a: z.string().uuid() }", "{ a: z.tuple([z.string(), z.number()]) }",
    "{ a: z.union([z.string(), z.null()]) }", "{ a: z.union([z.string(), z.number()]) }",
    "{ a: z.discriminatedUnion(\"kind\", [z.object({ kind: z.literal(\"a\"), x: z.string() }), "
    "z.object({ kind: z.literal(\"b\"), y: z.number() })]) }",
    # `.int()` after other bounds replaced them before 4.6.0
    "{ a: z.number().min(1).max(5).int() }",
    # zod 4.5.0 folds an intersection of objects into one object
    "{ a: z.intersection(z.object({ b: z.string() }), z.object({ c: z.number() })) }",
    "{ a: z.object({ b: z.string() }).and(z.object({ c: z.number() })) }",
    "{ a: z.object({ b: z.string() }).strict().and(z.object({ c: z.number() }).strict()) }",
    "{ a: z.intersection(z.object({ b: z.string() }), z.object({ b: z.string().min(1), c: z.number().optional() })) }",
    "{ a: z.object({ b: z.string() }).and(z.object({ c: z.number() })).and(z.object({ d: z.boolean() })) }",
    "{ a: z.object({ b: z.string() }).and(z.object({ c: z.number() }).and(z.object({ d: z.boolean() }))"
    ".describe(\"cd\")) }",
    "{ a: z.object({ b: z.string() }).and(z.union([z.object({ c: z.number() }), z.object({ d: z.boolean() })])) }",
    "{ a: z.object({ b: z.string() }).catchall(z.number()).and(z.object({ c: z.string() }).passthrough()) }",
    "{ a: z.object({ b: z.string() }).catchall(z.number()).and(z.object({ c: z.string() }).catchall(z.boolean())) }",
    "{ a: z.object({ b: z.string() }).and(z.object({ c: z.number() })).optional() }",
    "{ a: z.object({ b: z.string() }).and(z.object({ c: z.number() })).nullable() }",
    "{ a: z.object({ b: z.string() }).and(z.object({ c: z.number() })).describe(\"both\") }",
    # zod 4.6.0 adds the check's format; 4.5.0 lets `.includes()` start anywhere after its position
    "{ a: z.string().startsWith(\"x\") }", "{ a: z.string().startsWith(\"a.b-W_w/\") }",
    "{ a: z.string().startsWith(\"https://\") }", "{ a: z.string().startsWith(\"v1.\") }",
    "{ a: z.string().endsWith(\"x?\") }", "{ a: z.string().includes(\"x\") }",
    "{ a: z.string().includes(\"x\", { position: 2 }) }", "{ a: z.string().startsWith(\"x\").min(2) }",
    "{ a: z.string().startsWith(\"x\", \"must\") }",
    # (a plain type made nullable, a union of plain types: 4.5.0, as above; the email pattern: 4.6.0)
    "{ a: z.array(z.string().nullish()) }", "{ a: z.string().email().optional().nullable() }",
    "{ a: z.string().optional().nullable() }", "{ a: z.union([z.string(), z.number().optional()]) }",
    # a check's clone keeps the description from 4.3.0 on
    "{ a: z.array(z.string()).describe(\"l\").min(1) }", "{ a: z.number().describe(\"n\").int() }",
    "{ a: z.string().describe(\"d\").min(1) }", "{ a: z.string().describe(\"d\").refine((s) => true) }",
    "{ a: z.string().describe(\"d\").trim() }",
    # the email pattern (4.6.0); `.int()` after a bound (4.6.0); a tuple's bounds (4.5.0)
    "{ a: z.coerce.string().email() }", "{ a: z.number().min(0).int() }",
    "{ a: z.tuple([z.string(), z.number().default(1)]) }", "{ a: z.tuple([z.string(), z.number().optional()]) }",
    "{ a: z.tuple([z.string().optional(), z.number().optional()]) }",
    # bare types in a union or beside null are one `type` list from 4.5.0 on; a discriminated union's `oneOf` 4.1.13
    "{ a: z.coerce.number().nullable() }", "{ a: z.union([z.null(), z.string()]) }",
    "{ a: z.union([z.string(), z.number(), z.boolean()]) }", "{ a: z.union([z.string(), z.number()]).nullable() }",
    "{ a: z.union([z.string(), z.number()]).nullable().describe(\"d\") }", "{ a: z.union([z.string(), z.string()]) }",
    "{ a: z.union([z.string().nullable(), z.number()]) }",
    "{ a: z.discriminatedUnion(\"k\", [z.object({ k: z.literal(\"a\") }).strict(), "
    "z.object({ k: z.literal(\"b\") }).strict()]) }",
    "z.object({ a: z.union([z.string(), z.number()]).default(1) })", "{ a: z.nullable(z.string()) }",
    "z.object({ a: z.string().catch(() => \"x\") })",
}
CASOS = sorted((caso, sabor) for caso, por_sabor in TABLA["casos"].items() for sabor in por_sabor)


def _caso(caso: str) -> tuple[valores.Lector, valores.Ref]:
    """A case as the value of `const X = <caso>;` in a file that imports zod."""
    fuente_ts = f'import {{ z }} from "zod";\nconst X = {caso};\n'.encode()
    lector = valores.Lector(Path("/nonexistent"), {"caso.ts": fuente_ts})
    fuente = lector.fuente("caso.ts")
    return lector, valores.Ref(fuente, nombrados(nombrados(fuente.raiz)[1])[0].child_by_field_name("value"))


def publicado(caso: str, sabor: str, io: str) -> object:
    """What the analyzer publishes for a case, or the reason it declines."""
    lector, ref = _caso(caso)
    try:
        forma = zod.forma(lector, ref)
        if forma is not None:
            return zod_json.publicar_forma(forma, sabor, io)
        return zod_json.publicar(zod.leer(lector, ref), sabor, io)
    except valores.Irresoluble as e:
        return f"declined: {e.motivo}"


def test_the_table_covers_both_majors_and_what_the_sdk_refuses():
    assert TABLA["sabores"] == {"v3": {"sdk": "1.30.0", "zod": "3.25.76"},
                                "v4@4.0.17": {"sdk": "1.30.0", "zod": "4.0.17"},
                                "v4@4.4.3": {"sdk": "1.30.0", "zod": "4.4.3"},
                                "v4@4.5.4": {"sdk": "1.30.0", "zod": "4.5.4"},
                                "v4@4.6.7": {"sdk": "1.30.0", "zod": "4.6.7"}}
    assert len(CASOS) >= 700
    rechazos = {(c, s) for c, s in CASOS if "error" in TABLA["casos"][c][s]}
    assert {c for c, s in rechazos if s == "v4@4.6.7"} == {
        "{ a: z.date() }", "{ a: z.bigint() }", "{ a: z.undefined() }", "{ a: z.union([z.string(), z.undefined()]) }"}
    assert {c for c, s in rechazos if s == "v3"} == set()
    # listed with the input side alone, the output side failing: zod 4 cannot make a transform's output; zod 3
    # escapes `:`, `-`, `_` in a prefix, which the SDK's client, compiling the output schema with the `u` flag, rejects
    solo_entrada = {(c, s) for c, s in CASOS if "error" in (TABLA["casos"][c][s].get("output") or {})}
    assert {c for c, s in solo_entrada if s == "v4@4.6.7"} == {
        "{ a: z.string().transform((s) => s.length) }", "{ a: z.string().transform((s) => s) }",
        "{ a: z.any().transform((x) => x) }", "{ a: z.string().optional().transform((s) => s) }",
        "{ a: z.union([z.string(), z.any().transform((x, ctx) => { if (x === undefined) return \"\"; "
        "ctx.addIssue({ code: \"custom\" }); return z.NEVER; })]) }"}
    assert {c for c, s in solo_entrada if s == "v3"} == {"{ a: z.string().startsWith(\"a.b-W_w/\") }",
                                                        "{ a: z.string().startsWith(\"https://\") }"}


def _falla(verdad: dict, io: str) -> bool:
    """Whether the SDK's listing fails for that side: the whole listing, or (listed with the input side
    alone) the output side."""
    return "error" in verdad or isinstance(verdad.get(io), dict) and "error" in verdad[io]


@pytest.mark.parametrize("caso,sabor", CASOS)
def test_each_case_is_published_as_the_sdk_publishes_it(caso, sabor):
    verdad = TABLA["casos"][caso][sabor]
    for io in ("input", "output"):
        obtenido = publicado(caso, sabor, io)
        if _falla(verdad, io) or caso in DECLINADOS or caso in DECLINADOS_V4 and sabor.startswith("v4") \
                or caso in DECLINADOS_V3 and sabor == "v3":
            # the SDK cannot list it (or the analyzer declines it): a named reason, never a schema
            assert isinstance(obtenido, str) and obtenido.startswith("declined: "), (io, obtenido)
        else:
            assert json.dumps(obtenido, sort_keys=True) == json.dumps(verdad[io], sort_keys=True), io


@pytest.mark.parametrize("caso", sorted(c for c in TABLA["casos"] if "v3" in TABLA["casos"][c]))
def test_with_only_a_range_what_changed_between_zod_4_releases_is_declined_and_nothing_else(caso):
    """`v4`: zod 4 of a release package.json does not pin. What every release publishes alike is
    published; what changed between releases is declined, saying why."""
    for io in ("input", "output"):
        verdades = {json.dumps(TABLA["casos"][caso][s].get(io), sort_keys=True) for s in TABLA["sabores"]
                    if s.startswith("v4@")}
        obtenido = publicado(caso, "v4", io)
        if caso in DECLINADOS | DECLINADOS_V4 or _falla(TABLA["casos"][caso]["v4@4.6.7"], io):
            assert isinstance(obtenido, str) and obtenido.startswith("declined: "), (io, obtenido)
        elif len(verdades) > 1:
            assert caso in SEGUN_RELEASE and isinstance(obtenido, str) and "differently before" in obtenido, (io, obtenido)
        else:
            assert json.dumps(obtenido, sort_keys=True) == verdades.pop(), io
    # every case listed changed between releases on some side
    assert caso not in SEGUN_RELEASE or any(
        len({json.dumps(TABLA["casos"][caso][s].get(io), sort_keys=True) for s in TABLA["sabores"] if s.startswith("v4@")}) > 1
        for io in ("input", "output"))


def test_a_transform_is_read_on_the_input_side_and_declined_where_the_sdk_fails():
    """zod 4 publishes what a `.transform()` takes (its input side), and cannot make what it gives (its
    output side: the SDK's listing fails); zod 3 publishes the input on both sides."""
    assert publicado("{ a: z.string().transform((s) => s.length) }", "v4@4.6.7", "output") == (
        "declined: zod 4 cannot publish a `.transform()` in an output schema (the SDK's tools/list fails on it)")
    entrada = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"a": {"type": "string"}},
               "required": ["a"]}
    assert publicado("{ a: z.string().transform((s) => s.length) }", "v4@4.6.7", "input") == entrada
    assert publicado("{ a: z.string().transform((s) => s.length) }", "v3", "input") == {**entrada, "additionalProperties": False}


def test_unwrap_takes_out_what_wraps_a_schema_and_nothing_else():
    """`.optional().unwrap()` is the inner schema (the SDK's table); zod 3's `.brand().unwrap()` the branded
    schema (a brand publishes nothing); `.unwrap()` of a plain string is declined by name."""
    v3 = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "additionalProperties": False,
          "properties": {"a": {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"],
                               "additionalProperties": False}}, "required": ["a"]}
    assert publicado("{ a: z.object({ b: z.string() }).brand().unwrap() }", "v3", "input") == v3
    assert publicado("{ a: z.string().unwrap() }", "v3", "input") == (
        "declined: `.unwrap()` on a zod string is a method the analyzer does not read yet")


REUSO = '''import { z } from "zod";
const Id = z.string().describe("d");
const mk = () => z.string();
export const mismo = { a: Id, b: Id };
export const envuelto = { a: Id, b: z.array(Id).optional() };
export const nuevo = { a: Id, b: Id.describe("otro") };
export const hechos = { a: mk(), b: mk() };
'''


@pytest.mark.parametrize("nombre,v3", [("mismo", False), ("envuelto", False), ("nuevo", True), ("hechos", True)])
def test_one_schema_object_used_twice_is_declined_with_zod_3_only(tmp_path, nombre, v3):
    """zod 3 through zod-to-json-schema writes `{"$ref": "#/properties/a"}` where it meets an object it has
    written (the SDK's listing: tests/ts/datos/zod_sdk.json, the two `(() => { const s = ...` cases);
    zod 4 writes it out again. So a `const` read twice, also inside a wrapper, is declined under zod 3 and
    published under zod 4; `.describe()` builds another object, and a function builds one per call."""
    (tmp_path / "r.ts").write_text(REUSO, encoding="utf-8")
    lector = valores.Lector(tmp_path)
    fuente = lector.fuente("r.ts")
    declarador = next(d for d in fuente.de_tipo(("variable_declarator",))
                      if valores.texto(fuente, d.child_by_field_name("name")) == nombre)
    forma = zod.forma(lector, valores.Ref(fuente, declarador.child_by_field_name("value")))
    publicado4 = zod_json.publicar_forma(forma, "v4@4.6.7", "input")
    assert set(publicado4["properties"]) == {"a", "b"} and "$ref" not in json.dumps(publicado4)
    try:
        publicado3 = zod_json.publicar_forma(forma, "v3", "input")
    except valores.Irresoluble as e:
        assert not v3 and e.motivo == (
            "`z.string().describe(\"d\")` is one schema object used twice in this schema: zod 3's zod-to-json-schema "
            "writes a `$ref` to its first place where it meets it again, which the analyzer does not write")
    else:
        assert v3 and "$ref" not in json.dumps(publicado3)


def test_the_sdk_writes_a_ref_where_zod_3_meets_an_object_again_and_zod_4_does_not():
    """The truth the test above follows, from the SDK's own listing."""
    for caso, lugar in (("(() => { const s = z.string().describe(\"d\"); return { a: s, b: s }; })()", "b"),
                        ("(() => { const o = z.object({ x: z.number() }); return { a: o, b: z.array(o) }; })()", "b")):
        por_sabor = TABLA["casos"][caso]
        referido = por_sabor["v3"]["input"]["properties"][lugar]
        assert referido in ({"$ref": "#/properties/a"}, {"type": "array", "items": {"$ref": "#/properties/a"}})
        assert all("$ref" not in json.dumps(por_sabor[s]) for s in por_sabor if s.startswith("v4@"))


def test_a_recursive_lazy_schema_is_declined_not_followed_forever():
    """`z.lazy(() => X)` inside X: zod publishes the cycle as a `$ref`; the analyzer declines it by name
    (before, reading it recursed until Python's limit and the file's other tools went unread)."""
    assert publicado("z.object({ a: z.string(), kids: z.lazy(() => z.array(X)).optional() })", "v3", "input") == (
        "declined: `z.lazy(() => z.array(X))` is part of the schema it stands for: zod publishes a recursive schema "
        "with a `$ref` back into itself, which the analyzer does not write")


FASTMCP = json.loads((Path(__file__).parent / "datos" / "zod_fastmcp.json").read_text(encoding="utf-8"))
CASOS_FASTMCP = sorted((caso, sabor) for caso, por_sabor in FASTMCP["casos"].items() for sabor in por_sabor)


def test_the_fastmcp_table_covers_each_path_of_its_converter():
    """zod 4.2 and later go through zod's standard JSON Schema, earlier zod 4 through toJSONSchema,
    zod 3 through zod-to-json-schema."""
    assert FASTMCP["sabores"] == {"3:v3": {"fastmcp": "3.24.0", "zod": "3.25.76"},
                                  "3:v4@4.1.13": {"fastmcp": "3.24.0", "zod": "4.1.13"},
                                  "3:v4@4.6.7": {"fastmcp": "3.24.0", "zod": "4.6.7"},
                                  "4:v3": {"fastmcp": "4.20.16", "zod": "3.25.76"},
                                  "4:v4@4.1.13": {"fastmcp": "4.20.16", "zod": "4.1.13"},
                                  "4:v4@4.6.7": {"fastmcp": "4.20.16", "zod": "4.6.7"}}
    assert len(CASOS_FASTMCP) >= 440


@pytest.mark.parametrize("caso,clave", CASOS_FASTMCP)
def test_fastmcp_publishes_each_case_as_the_analyzer_says(caso, clave):
    from oracle_lint.linter.ts.registro import publicar_fastmcp

    lector, ref = _caso(caso)
    try:
        forma = zod.forma(lector, ref)
        esquema = zod.Z("object", forma=forma) if forma is not None else zod.leer(lector, ref)
        mayor, sabor = clave.split(":", 1)
        obtenido = {io: publicar_fastmcp(esquema, sabor, io, int(mayor)) for io in ("input", "output")}
    except valores.Irresoluble as e:
        assert caso in DECLINADOS or caso in DECLINADOS_V4 and ":v4" in clave or caso in DECLINADOS_V3 \
            and clave.endswith(":v3"), e.motivo
        return
    verdad = FASTMCP["casos"][caso][clave]
    assert json.dumps(obtenido, sort_keys=True) == json.dumps(verdad, sort_keys=True)


def test_one_id_for_two_schemas_and_an_id_on_the_root_are_declined_by_name():
    """`.meta({ id })` publishes one definition per id, of the one schema object registered under it: two
    objects under one id, even alike, make zod's conversion fail (the SDK's listing: "Duplicate schema id"),
    and a registered root is published by each release in its own way (zod 4.6 fails to list it); one
    object read twice is one definition (the SDK's table, case `M6`)."""
    for otro in ('z.number().meta({ id: "X" })', 'z.string().meta({ id: "X" })'):
        assert publicado(f'{{ a: z.string().meta({{ id: "X" }}), b: {otro} }}', "v4@4.6.7", "input") == (
            "declined: the id `X` of `.meta({ id })` is registered for two schema objects: zod's conversion fails on "
            "it (the SDK's tools/list with it)")
    assert publicado('z.object({ a: z.string() }).meta({ id: "Root" })', "v4@4.6.7", "input") == (
        "declined: a root schema with `.meta({ id })` is published by each zod 4 release in its own way (4.6 fails "
        "to list it), which the analyzer does not write")


def test_a_function_of_a_module_imported_whole_is_read_through_its_return(tmp_path):
    """`types.optional(types.string())` with `import * as types from "./primitives"` (as generated SDKs
    write their schemas): each call is the project function's one return, its parameter bound to the
    argument; a method of an object the module builds is no such function and stays declined by name."""
    (tmp_path / "primitives.ts").write_text(
        'import * as z from "zod";\nexport function string() { return z.string().describe("s"); }\n'
        "export function optional<T extends z.ZodTypeAny>(t: T) { return t.optional(); }\n"
        'export const helpers = { string() { return z.string(); } };\n', encoding="utf-8")
    (tmp_path / "r.ts").write_text(
        'import * as types from "./primitives";\n'
        "export const leidos = { a: types.string(), b: types.optional(types.string()) };\n"
        "export const metodo = { a: types.helpers.string() };\n", encoding="utf-8")
    lector = valores.Lector(tmp_path)
    fuente = lector.fuente("r.ts")
    valor = {valores.texto(fuente, d.child_by_field_name("name")): valores.Ref(fuente, d.child_by_field_name("value"))
             for d in fuente.de_tipo(("variable_declarator",))}
    assert zod_json.publicar_forma(zod.forma(lector, valor["leidos"]), "v4@4.6.7", "input") == {
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["a"],
        "properties": {"a": {"type": "string", "description": "s"}, "b": {"type": "string", "description": "s"}}}
    try:
        zod.forma(lector, valor["metodo"])
    except valores.Irresoluble as e:
        assert e.motivo == "`types.helpers` is not a zod schema the analyzer can read"
    else:
        raise AssertionError("a method of an object was read as a schema")
