"""Exact rows per style and fact kind (both polarities)."""

import pytest

from oracle_lint.linter.extraccion import extraer

from .marcas import FIXTURES


def ev(estilo: str) -> dict:
    d = FIXTURES / estilo
    return extraer(sorted(d.glob("*.py")), d)


@pytest.fixture(scope="module")
def tabla() -> dict:
    return ev("tabla")


def sin_pos(filas, *claves):
    return sorted(tuple(f[c] for c in claves) for f in filas)


def test_table_tools(tabla):
    fila = next(f for f in tabla["herramienta"] if f["herramienta"] == "propia_estricta")
    assert fila == {"herramienta": "propia_estricta", "registro": "tabla", "esquema_salida": "literal",
                    "esquema_entrada": "literal", "claves_emitidas": "items, total", "archivo": "servidor.py",
                    "linea": 112, "columna": 5, "solo_lectura": "ausente", "destructiva": "ausente"}
    estados = {f["herramienta"]: (f["esquema_salida"], f["esquema_entrada"]) for f in tabla["herramienta"]}
    assert estados["generado"] == ("no_resuelto", "literal")
    assert tabla["archivo"] == [{"archivo": "esquemas.py", "herramientas": 0}, {"archivo": "servidor.py", "herramientas": 19}]


def test_table_provenance(tabla):
    raiz = {f["herramienta"]: (f["procedencia"], f["estricta"], f["linea"]) for f in tabla["raiz"]}
    assert raiz["propia_estricta"] == ("own", True, 32)
    assert raiz["propia_suelta"] == ("own", False, 36)
    assert raiz["eco_bien"] == ("echoed", False, 41)
    assert raiz["eco_mal"] == ("echoed", True, 46)
    assert raiz["opaca"] == ("opaque", True, 55)


def test_spread_order(tabla):
    assert sin_pos(tabla["spread"], "herramienta", "linea", "clave_propia_antes", "procedencia") == [
        ("eco_bien", 41, False, "echoed"), ("eco_mal", 48, True, "echoed")]


def test_helper_keys_are_own_and_point_into_the_helper(tabla):
    filas = [f for f in tabla["clave_emitida"] if f["herramienta"] == "propia_estricta"]
    assert filas == [
        {"herramienta": "propia_estricta", "clave": "items", "archivo": "servidor.py", "linea": 28, "columna": 13, "primera": True},
        {"herramienta": "propia_estricta", "clave": "total", "archivo": "servidor.py", "linea": 28, "columna": 26, "primera": True},
    ]
    assert not [f for f in tabla["clave_emitida"] if f["herramienta"] in ("eco_bien", "eco_mal", "opaca")]


def test_complete_every_kind(tabla):
    assert sin_pos(tabla["complete"], "herramienta", "evidencia", "linea") == [
        ("construccion", "por_construccion", 100), ("corpus", "corpus_propio", 88), ("falso", "no_afirma", 104),
        ("literal", "ninguna", 93), ("meta", "meta_api", 68), ("paginas", "paginacion_agotada", 78),
        ("todas", "paginacion_agotada", 83)]


def test_schema_nodes_message_and_unions(tabla):
    nodos = {(f["herramienta"], f["lado"], f["puntero"], f["tipo"]): f for f in tabla["esquema_nodo"]}
    raiz = nodos[("mensajes", "salida", "", "objeto")]
    assert (raiz["declara_message"], raiz["declara_code"], raiz["estricta"], raiz["linea"]) == (True, False, True, 153)
    assert nodos[("mensajes", "salida", "/properties/error", "objeto")]["declara_code"] is True
    assert nodos[("mensajes", "salida", "/properties/resultados/items", "objeto")]["linea"] == 160
    assert nodos[("uniones", "salida", "/properties/valor", "union")]["ramas_estructuradas"] == 2
    assert nodos[("uniones", "salida", "/properties/opcional", "union")]["ramas_estructuradas"] == 1
    assert nodos[("uniones", "salida", "/properties/tipos", "union")]["ramas_estructuradas"] == 1
    assert nodos[("uniones", "salida", "/properties/tipos", "objeto")]["estricta"] is False
    assert nodos[("uniones", "entrada", "/properties/objetivo", "union")]["ramas_estructuradas"] == 2
    assert nodos[("uniones", "entrada", "/properties/nombre", "union")]["ramas_estructuradas"] == 0
    assert ("uniones", "salida", "/$defs/Par", "objeto") in nodos


def test_cross_file_schema_constant(tabla):
    filas = [f for f in tabla["esquema_nodo"] if f["herramienta"] == "evento" and f["lado"] == "salida"]
    assert sin_pos(filas, "puntero", "archivo", "linea", "declara_message") == [
        ("", "esquemas.py", 3, False), ("/properties/detalle", "esquemas.py", 8, True)]
    entrada = next(f for f in tabla["esquema"] if f["herramienta"] == "evento" and f["lado"] == "entrada")
    assert entrada["archivo"] == "esquemas.py" and entrada["valido"] is True


def test_invalid_schema_row(tabla):
    fila = next(f for f in tabla["esquema"] if f["herramienta"] == "invalido" and f["lado"] == "salida")
    assert (fila["valido"], fila["linea"]) == (False, 209)
    assert "objeto" in fila["error"]


def test_table_no_resuelto(tabla):
    assert sin_pos(tabla["no_resuelto"], "herramienta", "linea", "motivo") == [
        ("generado", 197, "schema of tool `generado`: value is built by a call to build_schema() that cannot be followed"),
        ("sin_manejador", 204, "handler `manejador_inexistente` of tool `sin_manejador` not found")]


def test_lowlevel_both_eras():
    e = ev("lowlevel")
    assert sin_pos(e["herramienta"], "archivo", "herramienta", "registro", "esquema_salida") == [
        ("servidor_v1.py", "clima", "lowlevel", "literal"), ("servidor_v1.py", "eco", "lowlevel", "literal"),
        ("servidor_v1.py", "huerfana", "lowlevel", "literal"), ("servidor_v1.py", "perfil", "lowlevel", "literal"),
        ("servidor_v1.py", "saludo", "lowlevel", "ninguno"), ("servidor_v2.py", "documento", "lowlevel", "literal"),
        ("servidor_v2.py", "estado", "lowlevel", "literal")]
    assert sin_pos(e["raiz"], "herramienta", "procedencia", "linea") == [
        ("clima", "own", 35), ("documento", "echoed", 28), ("eco", "echoed", 40), ("estado", "own", 25), ("perfil", "own", 37)]
    assert sin_pos(e["complete"], "herramienta", "evidencia") == [("estado", "ninguna")]
    assert sin_pos(e["no_resuelto"], "herramienta", "motivo") == [
        ("huerfana", "no branch of the call_tool handler dispatches tool `huerfana`")]


def test_fastmcp_style():
    e = ev("fastmcp")
    assert sin_pos(e["herramienta"], "herramienta", "registro", "esquema_salida") == [
        ("ajeno", "fastmcp", "modelo"), ("contar_nombres", "fastmcp", "literal"), ("duplicar", "fastmcp", "modelo"),
        ("libre", "fastmcp", "ninguno"), ("perfil_fm", "fastmcp", "modelo"), ("punto", "fastmcp", "modelo")]
    assert sin_pos(e["raiz"], "herramienta", "procedencia", "estricta", "envoltura") == [
        ("ajeno", "opaque", False, False), ("contar_nombres", "own", True, False), ("duplicar", "own", False, True),
        ("perfil_fm", "own", True, False), ("punto", "own", False, False)]
    assert sin_pos(e["clave_declarada"], "herramienta", "clave")[:2] == [("contar_nombres", "nombres"), ("contar_nombres", "total")]


def test_broken_files_are_rows_not_tracebacks():
    e = ev("roto")
    assert e["no_resuelto"] == [
        {"herramienta": "hola", "motivo": "decorator `@app.tool()` on `hola`: `app` is not a known MCP server instance (`crear_servidor` is `servidores_propios.crear_servidor`, neither an analyzed function nor an SDK server class)",
         "archivo": "estilo_desconocido.py", "linea": 8, "columna": 1},
        {"herramienta": None, "motivo": "file is not valid UTF-8: invalid continuation byte at byte 38",
         "archivo": "latin1.py", "linea": 2, "columna": 1},
        {"herramienta": None, "motivo": "syntax error: invalid syntax", "archivo": "sintaxis.py", "linea": 3, "columna": 10},
    ]
    assert [f["archivo"] for f in e["archivo"]] == ["estilo_desconocido.py", "latin1.py", "sintaxis.py"]
