"""The pipeline language: canonical forms, printing round trips, macros and exact errors."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.lenguaje import a_texto, escalares_de, parsear, relaciones_de, validar_forma

R = {"op": "relacion", "nombre": "raiz"}


def test_stages_parse_to_the_documented_canonical_form():
    forma = parsear('raiz | donde a = "x" y no (b > 1 o existe c) | proyectar herramienta, clave')
    assert forma == {
        "op": "proyectar",
        "campos": ["herramienta", "clave"],
        "de": {
            "op": "donde",
            "de": R,
            "cond": {
                "op": "y",
                "args": [
                    {"op": "=", "izq": {"campo": "a"}, "der": {"lit": "x"}},
                    {
                        "op": "no",
                        "arg": {
                            "op": "o",
                            "args": [
                                {"op": ">", "izq": {"campo": "b"}, "der": {"lit": 1}},
                                {"op": "existe", "campo": "c"},
                            ],
                        },
                    },
                ],
            },
        },
    }


def test_join_antijoin_group_union_distinct():
    forma = parsear(
        "raiz | unir herramienta en herramienta | excepto (lista | donde lista = \"x\") en herramienta, clave"
        " | agrupar por herramienta contar como n | mas otra | distinto"
    )
    assert forma["op"] == "distinto"
    assert forma["de"]["op"] == "mas" and forma["de"]["con"] == {"op": "relacion", "nombre": "otra"}
    agrupar = forma["de"]["de"]
    assert agrupar["op"] == "agrupar" and agrupar["por"] == ["herramienta"] and agrupar["contar"] == "n"
    excepto = agrupar["de"]
    assert excepto["en"] == ["herramienta", "clave"] and excepto["con"]["op"] == "donde"
    assert excepto["de"]["op"] == "unir"
    assert relaciones_de(forma) == ("herramienta", "lista", "otra", "raiz")


def test_literals_lists_and_scalar_calls():
    forma = parsear('r | donde x en ["a", 1, 2.5, verdadero, falso, nulo] y minusculas(n) = "a" y k <= -3')
    args = forma["cond"]["args"]
    assert args[0] == {"op": "en", "izq": {"campo": "x"}, "lista": ["a", 1, 2.5, True, False, None]}
    assert args[1]["izq"] == {"llamada": "minusculas", "args": [{"campo": "n"}]}
    assert args[2] == {"op": "<=", "izq": {"campo": "k"}, "der": {"lit": -3}}
    assert escalares_de(forma) == ("minusculas",)


def test_comments_and_newlines_are_ignored():
    assert parsear("raiz # all roots\n| distinto  # no duplicates\n") == {"op": "distinto", "de": R}


def test_macros_expand_before_everything_and_nest():
    macros = {"propias": 'raiz | donde procedencia = "own"', "laxas": "propias | donde estricta = falso"}
    assert parsear("laxas", macros=macros) == parsear('raiz | donde procedencia = "own" | donde estricta = falso')


def _error(texto: str, **kw) -> str:
    with pytest.raises(ErrorOracle) as info:
        parsear(texto, quien="m.x", **kw)
    return info.value.linea()


@pytest.mark.parametrize(
    ("texto", "linea"),
    [
        ("raiz | donde", "MEDIDA_INVALIDA — m.x: se esperaba una columna, un literal o una escalar y se encontró el fin de la expresión en testigos, línea 1, columna 13."),
        ("raiz\n| filtrar a", "MEDIDA_INVALIDA — m.x: se esperaba una etapa (donde, proyectar, unir, excepto, agrupar, primero, mas, distinto) y se encontró «filtrar» en testigos, línea 2, columna 3."),
        ('raiz | donde a = "x', "MEDIDA_INVALIDA — m.x: cadena sin cerrar en testigos, línea 1, columna 18."),
        ("raiz raiz", "MEDIDA_INVALIDA — m.x: sobra «raiz»; se esperaba «|» o el fin de la expresión en testigos, línea 1, columna 6."),
        ("raiz | donde a ~ 1", "MEDIDA_INVALIDA — m.x: carácter inesperado «~» en testigos, línea 1, columna 16."),
        ("(raiz | distinto", "MEDIDA_INVALIDA — m.x: se esperaba «)» y se encontró el fin de la expresión en testigos, línea 1, columna 17."),
        ("raiz | unir otra herramienta", "MEDIDA_INVALIDA — m.x: se esperaba «en» y se encontró «herramienta» en testigos, línea 1, columna 18."),
        ("raiz | primero por h, l", "MEDIDA_INVALIDA — m.x: se esperaba «segun» y se encontró el fin de la expresión en testigos, línea 1, columna 24."),
        ("raiz | primero h segun l", "MEDIDA_INVALIDA — m.x: se esperaba «por» y se encontró «h» en testigos, línea 1, columna 16."),
    ],
)
def test_syntax_errors_name_line_and_column(texto, linea):
    assert _error(texto) == linea


def test_macro_cycle_is_invalid_not_a_hang():
    linea = _error("a", macros={"a": "b | distinto", "b": "a"})
    assert linea == (
        "MEDIDA_INVALIDA — m.x: en la macro «a» (línea 1, columna 1): en la macro «b» (línea 1, columna 1): "
        "la macro «a» se usa a sí misma (a -> b -> a) en testigos, línea 1, columna 1."
    )


def test_budgets_depth_and_expansions_are_algebra_limits():
    assert _error("(" * 70 + "raiz" + ")" * 70).startswith(
        "LIMITE_DE_ALGEBRA — profundidad_de_expresion: se observó 65 y el límite activo es 64."
    )
    macros = {f"m{i}": f"m{i + 1} | distinto" for i in range(10)} | {"m10": "raiz"}
    assert parsear("m0", macros=macros, expansiones_maximas=11)["op"] == "distinto"
    assert _error("m0", macros=macros, expansiones_maximas=10) == (
        "LIMITE_DE_ALGEBRA — expansiones_de_macros: se observó 11 y el límite activo es 10."
    )


def test_canonical_form_as_data_is_validated_with_its_path():
    assert validar_forma({"op": "distinto", "de": R}) == {"op": "distinto", "de": R}
    with pytest.raises(ErrorOracle) as info:
        validar_forma({"op": "donde", "de": R, "cond": {"op": "y", "args": [{"op": "existe", "campo": "a"}, {"op": "~"}]}}, quien="m.x")
    assert info.value.linea() == (
        "MEDIDA_INVALIDA — m.x: operador de condición desconocido «~» en la forma canónica $.cond.args[1].op."
    )
    with pytest.raises(ErrorOracle) as info:
        validar_forma({"op": "proyectar", "de": R, "campos": []}, quien="m.x")
    assert "$.campos" in info.value.linea()
    primero = {"op": "primero", "de": R, "por": ["herramienta"], "segun": ["archivo", "linea"]}
    assert validar_forma(primero) == primero == parsear("raiz | primero por herramienta segun archivo, linea")
    with pytest.raises(ErrorOracle) as info:
        validar_forma({**primero, "segun": []}, quien="m.x")
    assert info.value.linea() == ("MEDIDA_INVALIDA — m.x: se esperaba una lista no vacía de nombres en la forma "
                                  "canónica $.segun.")


NOMBRES = st.sampled_from(["raiz", "lista", "clave", "herramienta"])
LITS = st.one_of(st.text(max_size=5), st.integers(-5, 5), st.booleans(), st.none())
TERMINOS = st.one_of(NOMBRES.map(lambda n: {"campo": n}), LITS.map(lambda v: {"lit": v}))
CONDS = st.recursive(
    st.one_of(
        st.builds(lambda op, a, b: {"op": op, "izq": a, "der": b}, st.sampled_from(["=", "!=", "<", "<=", ">", ">="]), TERMINOS, TERMINOS),
        NOMBRES.map(lambda n: {"op": "existe", "campo": n}),
        st.builds(lambda a, xs: {"op": "en", "izq": a, "lista": xs}, TERMINOS, st.lists(LITS, min_size=1, max_size=3)),
    ),
    lambda hijos: st.one_of(
        hijos.map(lambda c: {"op": "no", "arg": c}),
        st.builds(lambda op, xs: {"op": op, "args": xs}, st.sampled_from(["y", "o"]), st.lists(hijos, min_size=2, max_size=3)),
    ),
    max_leaves=6,
)
FORMAS = st.recursive(
    NOMBRES.map(lambda n: {"op": "relacion", "nombre": n}),
    lambda hijos: st.one_of(
        st.builds(lambda d, c: {"op": "donde", "de": d, "cond": c}, hijos, CONDS),
        st.builds(lambda d, cs: {"op": "proyectar", "de": d, "campos": cs}, hijos, st.lists(NOMBRES, min_size=1, max_size=2)),
        st.builds(lambda op, d, s, k: {"op": op, "de": d, "con": s, "en": k}, st.sampled_from(["unir", "excepto"]), hijos, hijos, st.lists(NOMBRES, min_size=1, max_size=2)),
        st.builds(lambda d, k, n: {"op": "agrupar", "de": d, "por": k, "contar": n}, hijos, st.lists(NOMBRES, min_size=1, max_size=2), st.one_of(st.none(), st.just("n"))),
        st.builds(lambda d, k, o: {"op": "primero", "de": d, "por": k, "segun": o}, hijos, st.lists(NOMBRES, min_size=1, max_size=2), st.lists(NOMBRES, min_size=1, max_size=3)),
        st.builds(lambda d, s: {"op": "mas", "de": d, "con": s}, hijos, hijos),
        hijos.map(lambda d: {"op": "distinto", "de": d}),
    ),
    max_leaves=5,
)


def _normal(c):
    """Flatten nested y/o of the same operator: the printer and parser agree up to associativity."""
    if isinstance(c, dict) and c.get("op") in ("y", "o"):
        args = []
        for a in c["args"]:
            a = _normal(a)
            args.extend(a["args"] if a.get("op") == c["op"] else [a])
        return {"op": c["op"], "args": args}
    if isinstance(c, dict):
        return {k: _normal(v) for k, v in c.items()}
    if isinstance(c, list):
        return [_normal(v) for v in c]
    return c


@settings(max_examples=200, deadline=None)
@given(FORMAS)
def test_printing_then_parsing_gives_back_the_canonical_form(forma):
    validar_forma(forma)
    texto = a_texto(forma)
    assert _normal(parsear(texto)) == _normal(forma), texto
    json.dumps(forma)  # canonical forms are JSON
