"""Measures: text form, three states (never red for missing evidence), canonical witnesses, errors."""

import pytest
from hypothesis import given, settings, strategies as st

from oracle_lint.nucleo.errores import ErrorOracle
from oracle_lint.nucleo.escalares import Escalares, cargar_escalares
from oracle_lint.nucleo.medida import macros_de_texto, medida_de_texto, medidas_de_catalogo

BASE = """
id = "contrato.raiz_propia_estricta"
segun = "seed 000 §2.4"
porque = "publish own roots strict"
alcance = "roots of structured results"
requiere = ["raiz"]
testigos = '''
raiz
| donde procedencia = "own" y estricta = falso
| excepto (lista | donde lista = "underdeclared") en herramienta
'''
umbral = { operador = "==", valor = 0 }
"""


def medida(extra: str = "", base: str = BASE):
    return medida_de_texto(base + extra)


def test_three_states_and_the_exemption():
    m = medida()
    propias = [
        {"herramienta": "b", "procedencia": "own", "estricta": False},
        {"herramienta": "a", "procedencia": "own", "estricta": False},
        {"herramienta": "c", "procedencia": "own", "estricta": True},
    ]
    rojo = m.evaluar({"raiz": propias, "lista": []})
    assert rojo.estado == "rojo" and rojo.valor == 2
    assert [t["herramienta"] for t in rojo.testigos] == ["a", "b"]  # canonical order, not input order
    exento = m.evaluar({"raiz": propias, "lista": [{"lista": "underdeclared", "herramienta": "a"}, {"lista": "underdeclared", "herramienta": "b"}]})
    assert exento.estado == "verde" and exento.valor == 0 and exento.testigos == ()
    vacio = m.evaluar({"raiz": [], "lista": []})
    assert vacio.estado == "verde" and not vacio.advertencias


def test_missing_required_relation_is_sin_evidencia_never_red():
    v = medida().evaluar({"lista": []})
    assert v.estado == "sin_evidencia" and v.faltan == ("raiz",) and v.testigos == () and not v.ok


def test_consumed_but_undeclared_relation_warns_and_keeps_semantics():
    v = medida().evaluar({"raiz": [{"herramienta": "a", "procedencia": "own", "estricta": False}]})
    assert v.estado == "rojo" and v.valor == 1
    assert v.advertencias == (
        "la relación «lista» que consume la medida no está en requiere y falta en la evidencia: se evaluó como vacía",
    )


def test_aggregates_and_thresholds():
    texto = 'id = "a.b"\nsegun = "s"\nporque = "p"\nalcance = "a"\nrequiere = ["r"]\ntestigos = "r"\nvalor = "suma n"\numbral = { operador = "<=", valor = 3 }\n'
    m = medida_de_texto(texto)
    assert m.evaluar({"r": [{"n": 1}, {"n": 2}]}).estado == "verde"
    v = m.evaluar({"r": [{"n": 1}, {"n": 3}]})
    assert v.estado == "rojo" and v.valor == 4
    with pytest.raises(ErrorOracle) as info:
        m.evaluar({"r": [{"n": "x"}]})
    assert info.value.linea() == 'EVALUACION_FALLO — TypeError: suma de «n»: el testigo {"n":"x"} no tiene un número. No se produjo un veredicto.'
    maximo = medida_de_texto(texto.replace('"suma n"', '"maximo n"'))
    assert maximo.evaluar({"r": [{"n": 1}, {"n": 3}]}).valor == 3
    vacio = maximo.evaluar({"r": []})
    assert vacio.valor == 0 and vacio.advertencias == ("maximo de un conjunto vacío: se informa 0",)


@pytest.mark.parametrize(
    ("cambio", "linea"),
    [
        (('id = "contrato.raiz_propia_estricta"', 'id = "Mal"'), "MEDIDA_INVALIDA — Mal: «id» debe cumplir ^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)+$ en el texto."),
        (('umbral = { operador = "==", valor = 0 }', 'umbral = { operador = "=", valor = 0 }'), "MEDIDA_INVALIDA — contrato.raiz_propia_estricta: operador de umbral «=» desconocido; usá == != < <= > >= en el texto."),
        (('segun = "seed 000 §2.4"', 'segun = ""'), "MEDIDA_INVALIDA — contrato.raiz_propia_estricta: falta «segun» o no es una cadena no vacía en el texto."),
        (('requiere = ["raiz"]', 'requiere = ["raiz", "raiz"]'), "MEDIDA_INVALIDA — contrato.raiz_propia_estricta: «requiere» repite una relación en el texto."),
        (('requiere = ["raiz"]', 'requiere = ["raiz"]\ncolor = "rojo"'), "MEDIDA_INVALIDA — contrato.raiz_propia_estricta: claves desconocidas ['color'] en el texto."),
        (('umbral = { operador = "==", valor = 0 }', 'umbral = { operador = "==", valor = "0" }'), "MEDIDA_INVALIDA — contrato.raiz_propia_estricta: «umbral.valor» debe ser un número en el texto."),
        (('requiere = ["raiz"]', 'requiere = ["raiz"]\nambito = "global"'), "MEDIDA_INVALIDA — contrato.raiz_propia_estricta: «ambito» «global» no es universal ni del_origen en el texto."),
    ],
)
def test_invalid_measures_say_what_and_where(cambio, linea):
    with pytest.raises(ErrorOracle) as info:
        medida_de_texto(BASE.replace(*cambio))
    assert info.value.linea() == linea


def test_bad_toml_is_medida_invalida_with_position():
    with pytest.raises(ErrorOracle) as info:
        medida_de_texto('id = "a.b"\nsegun = \nporque = "p"')
    assert info.value.linea() == "MEDIDA_INVALIDA — <texto>: TOML inválido (Invalid value (at line 2, column 9)) en el texto."


def test_canonical_form_text_is_equivalent_to_the_pipeline_text():
    import json

    m = medida()
    por_forma = medida_de_texto(BASE.split("testigos =")[0] + "forma = '''" + json.dumps(m.forma) + "'''\numbral = { operador = \"==\", valor = 0 }\n")
    assert por_forma.a_datos() == m.a_datos()
    ev = {"raiz": [{"herramienta": "a", "procedencia": "own", "estricta": False}], "lista": []}
    assert por_forma.evaluar(ev) == m.evaluar(ev)


def test_catalog_file_with_local_macros_and_line_of_the_faulty_table():
    texto = """
[[macro]]
nombre = "propias"
expresion = 'raiz | donde procedencia = "own"'

[[medida]]
id = "a.uno"
segun = "s"
porque = "p"
alcance = "a"
requiere = ["raiz"]
testigos = "propias"
umbral = { operador = "==", valor = 0 }

[[medida]]
id = "a.dos"
segun = "s"
porque = "p"
alcance = "a"
testigos = "raiz | donde"
umbral = { operador = "==", valor = 0 }
"""
    with pytest.raises(ErrorOracle) as info:
        medidas_de_catalogo(texto, fuente="rules/x.toml")
    assert info.value.linea().startswith("MEDIDA_INVALIDA — a.dos: se esperaba una columna")
    assert info.value.linea().endswith("en rules/x.toml, línea 15, testigos, línea 1, columna 13.")
    medidas = medidas_de_catalogo(texto.replace('"raiz | donde"', '"raiz"'), fuente="rules/x.toml")
    assert [m.id for m in medidas] == ["a.uno", "a.dos"]
    assert medidas[0].forma["op"] == "donde"  # macro expanded
    with pytest.raises(ErrorOracle) as info:
        medidas_de_catalogo(texto.replace('"a.dos"', '"a.uno"').replace('"raiz | donde"', '"raiz"'), fuente="f.toml")
    assert info.value.linea() == "MEDIDA_INVALIDA — a.uno: el id ya está definido en f.toml, línea 6 en f.toml, línea 15."


def test_macros_file():
    assert macros_de_texto('[[macro]]\nnombre = "m"\nexpresion = "r"\n', fuente="m.toml") == {"m": "r"}
    with pytest.raises(ErrorOracle) as info:
        macros_de_texto('[[macro]]\nnombre = "m"\nexpresion = "r"\n[[macro]]\nnombre = "m"\nexpresion = "s"\n', fuente="m.toml")
    assert info.value.linea() == "MEDIDA_INVALIDA — m.toml: la macro «m» está definida dos veces en m.toml, línea 4."


def test_mensaje_template_fills_witness_columns():
    m = medida('mensaje = "tool {herramienta} publishes a loose own root"\n')
    assert m.mensaje_para({"herramienta": "x"}) == "tool x publishes a loose own root"
    assert m.mensaje_para({}) == "tool ? publishes a loose own root"
    assert medida().mensaje_para({"herramienta": "x"}) == "publish own roots strict"


def test_scalars_need_trust(tmp_path):
    texto = BASE.replace('y estricta = falso', 'y es_rara(herramienta) = verdadero')
    m = medida_de_texto(texto)
    (tmp_path / "escalares.py").write_text("def es_rara(h):\n    return h.startswith('z')\n")
    ev = {"raiz": [{"herramienta": "zeta", "procedencia": "own"}], "lista": []}
    with pytest.raises(ErrorOracle) as info:
        m.evaluar(ev, escalares=cargar_escalares(tmp_path, confiar=False))
    assert info.value.linea() == (
        f"ESCALARES_NO_AUTORIZADAS — {tmp_path / 'escalares.py'} es código externo; autorizalo en la configuración "
        "de arranque del servidor, no en esta llamada."
    )
    assert m.evaluar(ev, escalares=cargar_escalares(tmp_path, confiar=True)).valor == 1
    with pytest.raises(ErrorOracle) as info:
        m.evaluar(ev, escalares=Escalares())
    assert info.value.codigo == "MEDIDA_INVALIDA" and "es_rara" in info.value.mensaje
    builtin = medida_de_texto(BASE.replace('y estricta = falso', 'y empieza_con(herramienta, "z") = verdadero'))
    assert builtin.evaluar(ev, escalares=cargar_escalares(tmp_path, confiar=False)).valor == 1


def test_failing_scalar_is_evaluacion_fallo(tmp_path):
    (tmp_path / "escalares.py").write_text("def boom(h):\n    raise RuntimeError('kaput')\n")
    m = medida_de_texto(BASE.replace('y estricta = falso', 'y boom(herramienta) = verdadero'))
    with pytest.raises(ErrorOracle) as info:
        m.evaluar({"raiz": [{"herramienta": "a", "procedencia": "own"}], "lista": []}, escalares=cargar_escalares(tmp_path, True))
    assert info.value.linea() == "EVALUACION_FALLO — RuntimeError: kaput. No se produjo un veredicto."


FILA = st.fixed_dictionaries({"herramienta": st.sampled_from("abcdef"), "procedencia": st.sampled_from(["own", "echoed"]), "estricta": st.booleans()})


@settings(max_examples=100, deadline=None)
@given(st.lists(FILA, max_size=10), st.booleans())
def test_sin_evidencia_is_never_red_and_states_match_the_threshold(filas, con_raiz):
    ev = {"lista": []} | ({"raiz": filas} if con_raiz else {})
    v = medida().evaluar(ev)
    if not con_raiz:
        assert v.estado == "sin_evidencia"
    else:
        assert v.estado == ("verde" if v.valor == 0 else "rojo")
        assert v.valor == len(v.testigos)
