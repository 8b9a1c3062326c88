"""Algebra semantics and laws (property tests): filters never add rows, grouping never grows,
`distinto` is idempotent, and results do not depend on input row order."""

import pytest
from hypothesis import given, settings, strategies as st

from oracle_lint.nucleo.algebra import Evaluador, LimitesAlgebra, comparar, iguales
from oracle_lint.nucleo.canonico import canonico
from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.lenguaje import parsear

VALORES = st.one_of(st.sampled_from(["a", "b", "own"]), st.integers(0, 3), st.booleans(), st.none())
FILAS = st.lists(st.dictionaries(st.sampled_from(["h", "k", "v"]), VALORES, max_size=3), max_size=12)


def ev(texto, evidencia, limites=None):
    return Evaluador(evidencia, limites or LimitesAlgebra()).evaluar(parsear(texto))


def orden(filas):
    return sorted(filas, key=canonico)


def test_equality_is_by_value_and_type():
    assert iguales(1, 1.0) and not iguales(True, 1) and iguales(None, None) and not iguales("1", 1)
    assert comparar("<", 1, 2) and not comparar("<", "1", 2) and not comparar(">", None, 0)
    assert comparar("!=", True, 1) and comparar(">=", "b", "a")


def test_en_is_equality_with_some_element_of_the_list():
    filas = [{"x": 1.0}, {"x": 1}, {"x": True}, {"x": "1"}, {"x": None}, {"x": "a"}, {}, {"x": 2}, {"x": False}]
    assert ev('r | donde x en [1, "a"]', {"r": filas}) == [{"x": 1.0}, {"x": 1}, {"x": "a"}]
    assert ev("r | donde x en [verdadero, nulo]", {"r": filas}) == [{"x": True}, {"x": None}, {}]
    assert ev("r | donde no x en [falso, 2]", {"r": filas}) == filas[:7]  # 0 is not falso, nor 2.0 a string


@given(FILAS, st.lists(VALORES, min_size=1, max_size=4))
@settings(max_examples=60, deadline=None)
def test_en_agrees_with_iguales_on_any_rows_and_list(filas, lista):
    literales = ", ".join("nulo" if v is None else ("verdadero" if v is True else "falso") if isinstance(v, bool)
                          else f'"{v}"' if isinstance(v, str) else str(v) for v in lista)
    esperadas = [f for f in filas if any(iguales(f.get("v"), x) for x in lista)]
    assert ev(f"r | donde v en [{literales}]", {"r": filas}) == esperadas


def test_missing_column_is_null_and_existe_needs_a_value():
    filas = [{"h": "a"}, {"h": "b", "k": None}, {"h": "c", "k": 0}]
    assert ev("r | donde k = nulo", {"r": filas}) == filas[:2]
    assert ev("r | donde existe k", {"r": filas}) == [filas[2]]


def test_join_left_wins_on_shared_columns_and_antijoin_keeps_unmatched():
    izq = [{"h": "a", "x": 1}, {"h": "b", "x": 2}]
    der = [{"h": "a", "x": 9, "y": "z"}, {"h": "a", "x": 8, "y": "w"}]
    assert orden(ev("i | unir d en h", {"i": izq, "d": der})) == orden(
        [{"h": "a", "x": 1, "y": "z"}, {"h": "a", "x": 1, "y": "w"}]
    )
    assert ev("i | excepto d en h", {"i": izq, "d": der}) == [{"h": "b", "x": 2}]


def test_group_counts_and_set_semantics():
    filas = [{"h": "a", "v": 1}, {"h": "a", "v": 2}, {"h": "b", "v": 1}]
    assert orden(ev("r | agrupar por h contar como n", {"r": filas})) == [{"h": "a", "n": 2}, {"h": "b", "n": 1}]
    assert orden(ev("r | proyectar h", {"r": filas})) == [{"h": "a"}, {"h": "b"}]
    assert orden(ev("r | proyectar h | mas (r | proyectar h)", {"r": filas})) == [{"h": "a"}, {"h": "b"}]


def test_primero_keeps_the_least_row_of_each_group_whatever_the_input_order():
    filas = [{"h": "a", "f": "b.py", "l": 3, "v": 1}, {"h": "a", "f": "a.py", "l": 9, "v": 2},
             {"h": "a", "f": "a.py", "l": 4, "v": 3}, {"h": "b", "f": "z.py", "l": 1, "v": 4}]
    esperadas = [{"h": "a", "f": "a.py", "l": 4, "v": 3}, {"h": "b", "f": "z.py", "l": 1, "v": 4}]
    for filas_ in (filas, list(reversed(filas))):
        assert orden(ev("r | primero por h segun f, l", {"r": filas_})) == esperadas
    # the order columns in their order: by line first, group a keeps line 3 (b.py)
    assert orden(ev("r | primero por h segun l, f", {"r": filas})) == [filas[0], filas[3]]
    # a group key that is missing reads as nulo and groups with nulo; nulo orders after every value
    otras = [{"f": "a.py"}, {"l": 2, "f": None}, {"l": 1, "f": "c.py"}]
    assert ev("r | primero por h segun f", {"r": otras}) == [{"f": "a.py"}]
    assert ev("r | primero por h segun l", {"r": otras}) == [{"l": 1, "f": "c.py"}]
    # a tie on the order columns goes to the least canonical JSON, so the input order never decides
    empate = [{"h": "a", "l": 1, "x": "z"}, {"h": "a", "l": 1, "x": "y"}]
    assert ev("r | primero por h segun l", {"r": empate}) == ev("r | primero por h segun l", {"r": empate[::-1]}) == [empate[1]]


def test_budgets_are_enforced_by_the_algebra():
    filas = [{"h": i} for i in range(11)]
    with pytest.raises(ErrorOracle) as info:
        ev("r", {"r": filas}, LimitesAlgebra(filas_por_relacion=10))
    assert info.value.linea() == "LIMITE_DE_ALGEBRA — filas_por_relacion: se observó 11 y el límite activo es 10."
    assert len(ev("r", {"r": filas}, LimitesAlgebra(filas_por_relacion=11))) == 11
    pares = [{"k": 1, "i": i} for i in range(5)]
    with pytest.raises(ErrorOracle) as info:
        ev("r | unir (r | proyectar k) en k | unir r en k", {"r": pares}, LimitesAlgebra(filas_de_union=20))
    assert info.value.linea() == "LIMITE_DE_ALGEBRA — filas_de_union: se observó 21 y el límite activo es 20."
    assert len(ev("r | unir r en k", {"r": pares}, LimitesAlgebra(filas_de_union=25))) == 25
    with pytest.raises(ErrorOracle) as info:
        ev("r | distinto | distinto", {"r": []}, LimitesAlgebra(profundidad_de_expresion=2))
    assert info.value.codigo == "LIMITE_DE_ALGEBRA" and "profundidad_de_expresion" in info.value.mensaje


@settings(max_examples=150, deadline=None)
@given(FILAS, FILAS)
def test_filters_and_antijoins_never_add_rows(r, s):
    for texto in ('r | donde h = "a" o v = 1', "r | donde no existe k", "r | excepto s en h", "r | excepto s en h, k"):
        out = ev(texto, {"r": r, "s": s})
        assert len(out) <= len(r)
        assert all(f in r for f in out)


@settings(max_examples=150, deadline=None)
@given(FILAS)
def test_group_never_yields_more_groups_than_rows(r):
    out = ev("r | agrupar por h, k contar como n", {"r": r})
    assert len(out) <= len(r)
    assert sum(f["n"] for f in out) == len(r)


@settings(max_examples=150, deadline=None)
@given(FILAS)
def test_distinto_is_idempotent(r):
    una = ev("r | distinto", {"r": r})
    assert orden(ev("r | distinto | distinto", {"r": r})) == orden(una)
    assert len({canonico(f) for f in una}) == len(una)


@settings(max_examples=150, deadline=None)
@given(FILAS, FILAS, st.randoms())
def test_results_do_not_depend_on_row_order(r, s, azar):
    texto = "r | unir s en h | excepto (s | donde v = 1) en k | agrupar por h contar como n | mas (s | proyectar h, n)"
    r2, s2 = list(r), list(s)
    azar.shuffle(r2)
    azar.shuffle(s2)
    assert orden(ev(texto, {"r": r, "s": s})) == orden(ev(texto, {"r": r2, "s": s2}))
