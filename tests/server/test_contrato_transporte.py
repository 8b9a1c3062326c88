"""Exact answers through the byte transport for what the conversation corpus leaves loose.

Each test writes JSON-RPC lines into `server.principal.servir` (in-process, over a pipe, as
`test_conversaciones_en_proceso.py` does) and asserts the exact bytes of the answer. They
were added because mutation testing of `server/` (`bench/mutacion_servidor.py`) showed
mutants these behaviours did not kill: the refusal text for each argument of another
`oracle_tareas` action, the `git` flag of `hechos`, the protocol message for a non-string
method, and which files `huella_proyecto` covers.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conversaciones import PROYECTOS, SITIO, sitio_primero
from tests.server.test_conversaciones_en_proceso import replay, sitio  # noqa: F401 - the fixture is used by name

META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


def _llamada(ident: int, nombre: str, argumentos: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "method": "tools/call",
            "params": {"name": nombre, "arguments": argumentos, "_meta": META}}


def _conversar(tmp: Path, proyecto: str, entrada: list[Any], *, copiar: bool = False) -> dict[Any, dict[str, Any]]:
    raiz, stdout, _, codigo, antes, despues = replay(
        {"proyecto": proyecto, "entrada": entrada, "copiar": copiar}, tmp
    )
    assert codigo == 0
    assert antes == despues
    mensajes = [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]
    return {json.dumps(m.get("id")): m for m in mensajes}


def _texto_de_error(respuesta: dict[str, Any]) -> str:
    resultado = respuesta["result"]
    assert resultado["isError"] is True and "structuredContent" not in resultado
    assert resultado["resultType"] == "complete"
    [bloque] = resultado["content"]
    assert bloque["type"] == "text"
    return bloque["text"]


# -- oracle_tareas: an argument of another action is refused, by name ---------------------------

OTRA_ACCION = [
    ({"accion": "ver", "id": "0001", "estado": "ABIERTA"}, "estado", '"ABIERTA"', "ver", "listar"),
    ({"accion": "ver", "id": "0001", "etiqueta": "x"}, "etiqueta", '"x"', "ver", "listar"),
    ({"accion": "listar", "id": "0001"}, "id", '"0001"', "listar", "ver"),
    ({"accion": "listar", "texto": "x"}, "texto", '"x"', "listar", "buscar"),
    ({"accion": "listar", "git": True}, "git", "true", "listar", "hechos"),
]


@pytest.mark.parametrize(("argumentos", "clave", "valor", "accion", "duena"), OTRA_ACCION,
                         ids=[c[1] for c in OTRA_ACCION])
def test_argumento_de_otra_accion(tmp_path: Path, sitio: None, argumentos: dict[str, Any], clave: str,  # noqa: F811
                                  valor: str, accion: str, duena: str) -> None:
    respuestas = _conversar(tmp_path, "efectivo", [_llamada(1, "oracle_tareas", argumentos)])
    assert _texto_de_error(respuestas["1"]) == (
        f"ARGUMENTOS_INVALIDOS — $.{clave}: {valor}; se esperaba ausente con accion «{accion}» "
        f"({clave} sólo aplica a {duena}).\n"
        f"campo: $.{clave}\n"
        f"corrección: quitá «{clave}» o usá accion «{duena}»."
    )


OBLIGATORIOS = [
    ({"accion": "ver"}, "ARGUMENTOS_INVALIDOS — $.id: ausente; se esperaba un id canónico o un prefijo inequívoco "
     "(obligatorio con accion «ver»).\ncampo: $.id\ncorrección: enviá un id canónico o un prefijo inequívoco "
     "(obligatorio con accion «ver») en $.id."),
    ({"accion": "buscar"}, "ARGUMENTOS_INVALIDOS — $.texto: ausente; se esperaba un texto no vacío "
     "(obligatorio con accion «buscar»).\ncampo: $.texto\ncorrección: enviá un texto no vacío "
     "(obligatorio con accion «buscar») en $.texto."),
    ({"accion": "buscar", "texto": "  "}, "ARGUMENTOS_INVALIDOS — $.texto: \"  \"; se esperaba un texto no vacío."
     "\ncampo: $.texto\ncorrección: enviá un texto no vacío en $.texto."),
    ({"accion": "ver", "id": " "}, "ARGUMENTOS_INVALIDOS — $.id: \" \"; se esperaba un id canónico o un prefijo "
     "inequívoco.\ncampo: $.id\ncorrección: enviá un id canónico o un prefijo inequívoco en $.id."),
]


@pytest.mark.parametrize(("argumentos", "texto"), OBLIGATORIOS, ids=["ver", "buscar", "buscar_vacio", "ver_vacio"])
def test_argumento_obligatorio_de_la_accion(tmp_path: Path, sitio: None, argumentos: dict[str, Any],  # noqa: F811
                                           texto: str) -> None:
    respuestas = _conversar(tmp_path, "efectivo", [_llamada(1, "oracle_tareas", argumentos)])
    assert _texto_de_error(respuestas["1"]) == texto


def test_hechos_pasa_git_al_tracker(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    respuestas = _conversar(tmp_path, "efectivo", [
        _llamada(1, "oracle_tareas", {"accion": "hechos"}),
        _llamada(2, "oracle_tareas", {"accion": "hechos", "git": False}),
        _llamada(3, "oracle_tareas", {"accion": "hechos", "git": True}),
    ])
    relaciones = {i: sorted(respuestas[i]["result"]["structuredContent"]["resultado"]) for i in ("1", "2")}
    assert relaciones == {"1": ["etiqueta", "nota", "tarea"], "2": ["etiqueta", "nota", "tarea"]}
    # git: true reaches the tracker: inside a git work tree it adds tarea_git; outside one (a copy
    # of the repository without .git) the tracker refuses the flag. Never the answer of git: false.
    con_git = respuestas["3"]["result"]
    if con_git["isError"]:
        assert _texto_de_error(respuestas["3"]).startswith("ARGUMENTOS_INVALIDOS — git: true; se esperaba false: ")
    else:
        assert sorted(con_git["structuredContent"]["resultado"]) == ["etiqueta", "nota", "tarea", "tarea_git"]


# -- protocol: the type named in a -32600 message -------------------------------------------------

@pytest.mark.parametrize(("metodo", "tipo"), [({}, "un objeto"), ([], "una lista"), (1.5, "un número"),
                                              (True, "un booleano"), (None, "null")])
def test_method_que_no_es_cadena(tmp_path: Path, sitio: None, metodo: Any, tipo: str) -> None:  # noqa: F811
    respuestas = _conversar(tmp_path, "efectivo", [{"jsonrpc": "2.0", "id": 1, "method": metodo}])
    assert respuestas["1"] == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {"code": -32600, "message": f"pedido JSON-RPC inválido: method es {tipo}; se esperaba una cadena"},
    }


# -- huella_proyecto covers the project's corpus and the publishers' corpus -------------------------


@pytest.fixture()
def sitio_copiado(tmp_path: Path) -> Iterator[Path]:
    """A writable copy of the stand-in site (base catalog with its publisher corpus), first on sys.path."""
    copia = tmp_path / "sitio"
    shutil.copytree(SITIO, copia, ignore=shutil.ignore_patterns("__pycache__"))
    with sitio_primero(copia):
        yield copia


def _huella(tmp: Path, raiz: Path) -> str:
    raiz_vista, stdout, _, codigo, _, _ = replay(
        {"proyecto": str(raiz), "entrada": [_llamada(1, "oracle_catalogo_efectivo", {})]}, tmp
    )
    assert codigo == 0 and raiz_vista == raiz.resolve()
    [respuesta] = [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]
    return respuesta["result"]["structuredContent"]["huella_proyecto"]


def test_la_huella_cubre_el_corpus_del_proyecto_y_el_del_publicador(tmp_path: Path, sitio_copiado: Path) -> None:
    raiz = tmp_path / "proyecto"
    shutil.copytree(PROYECTOS / "efectivo", raiz)
    inicial = _huella(tmp_path, raiz)
    assert _huella(tmp_path, raiz) == inicial  # nothing changed: same fingerprint

    caso = raiz / "corpus" / "documentada-verde.json"
    caso.write_text(caso.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    tras_el_corpus = _huella(tmp_path, raiz)
    assert tras_el_corpus != inicial

    publicado = next((sitio_copiado / "oracle_lint" / "rules" / "corpus").glob("*.json"))
    publicado.write_text(publicado.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _huella(tmp_path, raiz) != tras_el_corpus


# -- an unclassifiable exception: EVALUACION_FALLO to the agent, the traceback to stderr only ------


def test_excepcion_no_clasificada(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import dataclasses

    from oracle_lint.server import herramientas

    def revienta(contexto: Any, argumentos: dict[str, Any]) -> dict[str, Any]:
        raise RuntimeError("se rompió algo adentro")

    original = herramientas.POR_NOMBRE["oracle_juzgar"]
    monkeypatch.setitem(herramientas.POR_NOMBRE, "oracle_juzgar", dataclasses.replace(original, manejador=revienta))
    raiz, stdout, stderr, codigo, antes, despues = replay(
        {"proyecto": "efectivo", "entrada": [_llamada(1, "oracle_juzgar", {"evidencia": {}})]}, tmp_path
    )
    assert codigo == 0 and antes == despues
    assert stdout == (
        '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"EVALUACION_FALLO — RuntimeError: '
        'se rompió algo adentro. No se produjo un veredicto.\\ncampo: medida\\ncorrección: revisá la medida o la escalar '
        'que levantó la excepción."}],"isError":true,"resultType":"complete"}}\n'
    ).encode("utf-8")
    assert "excepción en oracle_juzgar:\nTraceback (most recent call last):" in stderr
    assert stderr.startswith("oracle-mcp: excepción en oracle_juzgar:\nTraceback (most recent call last):\n")
    assert stderr.endswith("\nRuntimeError: se rompió algo adentro\n")


# -- a result computed just as its cancellation arrives is still dropped ---------------------------


def test_cancelacion_tras_el_calculo(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import dataclasses
    import time as reloj

    from oracle_lint.server import herramientas

    def ignora_la_cancelacion(contexto: Any, argumentos: dict[str, Any]) -> dict[str, Any]:
        # Work that never checks the flag: it finishes after the cancellation was received.
        limite = reloj.monotonic() + 10
        while not contexto.cancelado() and reloj.monotonic() < limite:
            reloj.sleep(0.01)
        return original.manejador(contexto.__class__(contexto.proyecto), argumentos)

    original = herramientas.POR_NOMBRE["oracle_tareas"]
    monkeypatch.setitem(herramientas.POR_NOMBRE, "oracle_tareas",
                        dataclasses.replace(original, manejador=ignora_la_cancelacion))
    _, stdout, stderr, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": [
        _llamada(1, "oracle_tareas", {"accion": "listar"}),
        {"$pausa": 0.3},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": META}},
    ]}, tmp_path)
    assert codigo == 0
    assert [m["id"] for m in (json.loads(linea) for linea in stdout.decode("utf-8").splitlines())] == [2]
    # The result was computed: it is dropped at write time, and stderr says so.
    assert stderr == (
        "oracle-mcp: pedido 1 cancelado: no se escribirá su respuesta\n"
        "oracle-mcp: respuesta de 1 descartada: el pedido fue cancelado\n"
    )


# -- the root fixed at start-up cannot move under the server ---------------------------------------


def test_la_raiz_no_se_mueve(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    import threading

    raiz = tmp_path / "raiz"
    otra = tmp_path / "otra"
    shutil.copytree(PROYECTOS / "efectivo", raiz)
    shutil.copytree(PROYECTOS / "efectivo", otra)

    def mover() -> None:
        raiz.rename(tmp_path / "apartada")
        raiz.symlink_to(otra, target_is_directory=True)

    temporizador = threading.Timer(0.2, mover)
    temporizador.start()
    _, stdout, _, codigo, _, _ = replay(
        {"proyecto": str(raiz), "entrada": [{"$pausa": 0.8}, _llamada(1, "oracle_tareas", {"accion": "listar"})]},
        tmp_path,
    )
    temporizador.join()
    [respuesta] = [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]
    assert codigo == 0
    assert _texto_de_error(respuesta) == (
        f"PROYECTO_INVALIDO — {raiz}: la raíz fijada al arrancar ahora resuelve a {otra.resolve()}.\n"
        "campo: proyecto\n"
        "corrección: reiniciá el servidor con la raíz que corresponda; una llamada no puede moverla."
    )


# -- the legacy era: a tools/call result carries no resultType -------------------------------------

INICIALIZAR = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
               "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}


def test_resultado_heredado_sin_result_type(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    respuestas = _conversar(tmp_path, "efectivo", [
        INICIALIZAR,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
         "params": {"name": "oracle_tareas", "arguments": {"accion": "listar"}}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "oracle_tareas", "arguments": {"accion": "ver"}}},
        _llamada(3, "oracle_tareas", {"accion": "listar"}),
    ])
    heredada, error_heredado, moderna = respuestas["1"]["result"], respuestas["2"]["result"], respuestas["3"]["result"]
    assert sorted(heredada) == ["content", "isError", "structuredContent"]
    assert sorted(error_heredado) == ["content", "isError"] and error_heredado["isError"] is True
    assert sorted(moderna) == ["content", "isError", "resultType", "structuredContent"]
    assert moderna["resultType"] == "complete"
    assert heredada["structuredContent"] == moderna["structuredContent"]


# -- what goes to stderr for notifications and stray responses (and nothing to stdout) -------------


def test_notificaciones_y_respuestas_ajenas(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    _, stdout, stderr, codigo, antes, despues = replay({"proyecto": "efectivo", "entrada": [
        INICIALIZAR,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progress": 1}},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 99}},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": True}},
        {"jsonrpc": "2.0", "method": "notifications/cancelled"},
        {"jsonrpc": "2.0", "id": "r", "result": {}},
        {"jsonrpc": "2.0", "id": 5, "error": {"code": 1, "message": "x"}},
        {"jsonrpc": "2.0", "id": 1, "method": "ping"},
    ]}, tmp_path)
    assert codigo == 0 and antes == despues
    assert stdout.decode("utf-8").splitlines()[1:] == ['{"jsonrpc":"2.0","id":1,"result":{}}']
    assert stderr == (
        "oracle-mcp: se ignora la notificación notifications/progress\n"
        'oracle-mcp: se ignora una respuesta al id "r": este servidor no hace pedidos\n'
        "oracle-mcp: se ignora una respuesta al id 5: este servidor no hace pedidos\n"
    )


def test_cancelacion_registrada_solo_para_un_pedido_en_curso(tmp_path: Path, sitio: None,  # noqa: F811
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses
    import time as reloj

    from oracle_lint.server import herramientas

    def espera_la_cancelacion(contexto: Any, argumentos: dict[str, Any]) -> dict[str, Any]:
        limite = reloj.monotonic() + 10
        while not contexto.cancelado() and reloj.monotonic() < limite:
            reloj.sleep(0.01)
        contexto.revisar()
        raise AssertionError("the cancellation never reached the call")

    original = herramientas.POR_NOMBRE["oracle_tareas"]
    monkeypatch.setitem(herramientas.POR_NOMBRE, "oracle_tareas",
                        dataclasses.replace(original, manejador=espera_la_cancelacion))
    _, stdout, stderr, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": [
        _llamada("a", "oracle_tareas", {"accion": "listar"}),
        {"$pausa": 0.2},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "b"}},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": "a"}},
    ]}, tmp_path)
    assert codigo == 0 and stdout == b""
    assert stderr == (
        'oracle-mcp: pedido "a" cancelado: no se escribirá su respuesta\n'
        'oracle-mcp: pedido "a": trabajo detenido tras la cancelación\n'
    )


# -- oracle_desafiar hands the call's cancellation flag to the core's round ------------------------


def test_desafiar_pasa_la_cancelacion_a_la_ronda(tmp_path: Path, sitio: None,  # noqa: F811
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from oracle_lint.server import adaptador

    vistos: list[Any] = []
    real = adaptador.desafiar_medida

    def espia(*posicionales: Any, **nombrados: Any) -> Any:
        vistos.append(nombrados.get("cancelado", "ausente"))
        return real(*posicionales, **nombrados)

    monkeypatch.setattr(adaptador, "desafiar_medida", espia)
    texto = ('id = "candidato.x"\nsegun = "candidato"\nporque = "explorar"\nalcance = "cada herramienta"\n'
             'requiere = ["herramienta"]\ntestigos = "herramienta"\numbral = { operador = "==", valor = 0 }\n')
    respuestas = _conversar(tmp_path, "efectivo", [_llamada(1, "oracle_desafiar", {
        "medida": {"texto": texto, "formato": "oracle"}, "usar_evidencia_del_proyecto": False,
        "casos": [{"id": "c0", "espera": "verde", "evidencia": {"herramienta": []}}],
    })])
    assert respuestas["1"]["result"]["isError"] is False
    [cancelado] = vistos
    # The flag of this call's job (a bound method of its Trabajo), not a default nor None.
    assert callable(cancelado) and cancelado() is False
    assert type(cancelado.__self__).__name__ == "Trabajo"


# -- oracle_tareas: the tracker changing during the read ------------------------------------------


def test_tareas_cambia_durante_la_lectura(tmp_path: Path, sitio: None,  # noqa: F811
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    from oracle_lint.nucleo import tareas as tracker
    from oracle_lint.nucleo.huellas import huella_proyecto

    raiz = tmp_path / "efectivo"
    shutil.copytree(PROYECTOS / "efectivo", raiz)
    raiz = raiz.resolve()
    tarea = raiz / "tareas" / "0001-documentar-buscar.md"

    def archivos() -> list[Path]:
        return sorted(p for p in (raiz / "tareas").rglob("*") if p.is_file())

    inicial = huella_proyecto(archivos())
    real = tracker.listar

    def listar_y_tocar(*posicionales: Any, **nombrados: Any) -> Any:
        resultado = real(*posicionales, **nombrados)
        tarea.write_text(tarea.read_text(encoding="utf-8") + "\ntocada\n", encoding="utf-8")
        return resultado

    monkeypatch.setattr(tracker, "listar", listar_y_tocar)
    _, stdout, _, codigo, _, _ = replay(
        {"proyecto": str(raiz), "entrada": [_llamada(1, "oracle_tareas", {"accion": "listar"})]}, tmp_path
    )
    final = huella_proyecto(archivos())
    assert codigo == 0 and inicial != final
    [respuesta] = [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]
    assert _texto_de_error(respuesta) == (
        f"PROYECTO_CAMBIO_DURANTE_LA_CONSULTA — huella inicial {inicial} y final {final}; reintentá sobre un "
        "estado estable.\ncampo: proyecto\ncorrección: repetí la consulta cuando el árbol deje de cambiar."
    )


# -- the modern envelope: a version that is not a string -------------------------------------------


@pytest.mark.parametrize(("version", "tipo"), [(20260728, "un número"), ({}, "un objeto"), (None, "null")])
def test_version_moderna_que_no_es_cadena(tmp_path: Path, sitio: None, version: Any, tipo: str) -> None:  # noqa: F811
    meta = {**META, "io.modelcontextprotocol/protocolVersion": version}
    respuestas = _conversar(tmp_path, "efectivo", [
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": meta}},
    ])
    assert respuestas["1"] == {"jsonrpc": "2.0", "id": 1, "error": {
        "code": -32600,
        "message": f'pedido JSON-RPC inválido: params._meta["io.modelcontextprotocol/protocolVersion"] es {tipo}; '
                   "se esperaba una cadena",
    }}


# -- oracle_catalogo_efectivo: a detail row missing a promised field is a post-condition failure ----


def test_detalle_incompleto_es_poscondicion_rota(tmp_path: Path, sitio: None,  # noqa: F811
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from oracle_lint.server import adaptador

    real = adaptador._fila_de_catalogo

    def sin_fuente(*posicionales: Any, **nombrados: Any) -> dict[str, Any]:
        fila = real(*posicionales, **nombrados)
        fila.pop("fuente", None)
        return fila

    monkeypatch.setattr(adaptador, "_fila_de_catalogo", sin_fuente)
    respuestas = _conversar(tmp_path, "efectivo", [
        _llamada(1, "oracle_catalogo_efectivo", {"ids": ["propio.raiz_estricta"]}),
        _llamada(2, "oracle_catalogo_efectivo", {}),
    ])
    assert _texto_de_error(respuestas["1"]) == (
        "EVALUACION_FALLO — PoscondicionRota: detalle: true sin todos los campos de detalle. No se produjo un "
        "veredicto.\ncampo: medida\ncorrección: revisá la medida o la escalar que levantó la excepción."
    )
    assert respuestas["2"]["result"]["isError"] is False  # the index promises no detail fields


# -- oracle_evaluar by id: a shadow naming no effective measure refuses, naming the root -----------


def test_evaluar_con_sombra_huerfana(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    raiz = tmp_path / "efectivo"
    shutil.copytree(PROYECTOS / "efectivo", raiz)
    pyproject = raiz / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + (
        '\n[tool.oracle.sombras."propio.inexistente"]\ndesde = "2026-09-01"\nporque = "x"\ncota = 1\n'
    ), encoding="utf-8")
    _, stdout, _, codigo, antes, despues = replay({"proyecto": str(raiz), "entrada": [
        _llamada(1, "oracle_evaluar", {"medida": {"id": "propio.raiz_estricta"}, "evidencia": {}}),
    ]}, tmp_path)
    assert codigo == 0 and antes == despues
    [respuesta] = [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]
    assert _texto_de_error(respuesta) == (
        f"PROYECTO_INVALIDO — {raiz.resolve()}: la sombra «propio.inexistente» nombra una medida que no está en el "
        "catálogo efectivo.\ncampo: proyecto\ncorrección: quitá la sombra «propio.inexistente» de "
        "[tool.oracle.sombras] o corregí su id (`oracle medida listar` muestra el catálogo efectivo)."
    )


# -- envelope checks: the id's type, the jsonrpc member, exit as a request, initialize's era -------


def _lineas(stdout: bytes) -> list[dict[str, Any]]:
    return [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]


def test_id_de_tipo_invalido(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    ids = [(1.5, "un número"), (True, "un booleano"), (None, "null"), ([1], "una lista"), ({}, "un objeto")]
    _, stdout, stderr, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": [
        *({"jsonrpc": "2.0", "id": ident, "method": "ping"} for ident, _ in ids),
        {"jsonrpc": "2.0", "id": 2.0, "result": {}},
        {"jsonrpc": "2.0", "id": "s", "method": "ping"},
        {"jsonrpc": "1.0", "id": 7, "method": "ping"},
        {"id": 8, "method": "ping"},
    ]}, tmp_path)
    assert codigo == 0 and stderr == "oracle-mcp: se ignora una respuesta al id 2.0: este servidor no hace pedidos\n"
    assert _lineas(stdout) == [
        *({"jsonrpc": "2.0", "id": None, "error": {
            "code": -32600,
            "message": f"pedido JSON-RPC inválido: id es {tipo}; se esperaba una cadena o un entero"}}
          for _, tipo in ids),
        {"jsonrpc": "2.0", "id": "s", "result": {}},
        {"jsonrpc": "2.0", "id": 7, "error": {
            "code": -32600, "message": 'pedido JSON-RPC inválido: jsonrpc es "1.0"; se esperaba "2.0"'}},
        {"jsonrpc": "2.0", "id": 8, "error": {
            "code": -32600, "message": 'pedido JSON-RPC inválido: jsonrpc es null; se esperaba "2.0"'}},
    ]


@pytest.mark.parametrize(("apagar", "codigo_esperado"), [(True, 0), (False, 1)])
def test_exit_como_pedido(tmp_path: Path, sitio: None, apagar: bool, codigo_esperado: int) -> None:  # noqa: F811
    entrada = [INICIALIZAR]
    if apagar:
        entrada.append({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
    entrada += [{"jsonrpc": "2.0", "id": 2, "method": "exit"}, {"jsonrpc": "2.0", "id": 3, "method": "ping"}]
    _, stdout, _, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": entrada}, tmp_path)
    assert codigo == codigo_esperado
    # exit ends the process without an answer; nothing after it is read.
    assert [m["id"] for m in _lineas(stdout)] == ([0, 1] if apagar else [0])


def test_initialize_con_sobre_moderno_es_heredado(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    inicial = {**INICIALIZAR, "params": {**INICIALIZAR["params"], "_meta": META}}
    respuestas = _conversar(tmp_path, "efectivo", [inicial])
    assert respuestas["0"]["result"]["protocolVersion"] == "2025-11-25"
    assert "resultType" not in respuestas["0"]["result"]


def test_llamada_sin_arguments(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    respuestas = _conversar(tmp_path, "efectivo", [
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "oracle_catalogo_efectivo", "_meta": META}},
    ])
    resultado = respuestas["1"]["result"]
    assert resultado["isError"] is False and resultado["structuredContent"]["detalle"] is False


# -- in-flight ids: a duplicate is refused while running, the id is free again once answered --------


def _manejador_lento(monkeypatch: pytest.MonkeyPatch, segundos: float) -> dict[str, Any]:
    import dataclasses
    import threading
    import time as reloj

    from oracle_lint.server import herramientas

    estado: dict[str, Any] = {"activos": 0, "maximo": 0, "hilos": set(), "cerrojo": threading.Lock()}
    original = herramientas.POR_NOMBRE["oracle_tareas"]

    def lento(contexto: Any, argumentos: dict[str, Any]) -> dict[str, Any]:
        with estado["cerrojo"]:
            estado["activos"] += 1
            estado["maximo"] = max(estado["maximo"], estado["activos"])
            estado["hilos"].add(threading.current_thread().name)
        reloj.sleep(segundos)
        with estado["cerrojo"]:
            estado["activos"] -= 1
        return original.manejador(contexto, argumentos)

    monkeypatch.setitem(herramientas.POR_NOMBRE, "oracle_tareas", dataclasses.replace(original, manejador=lento))
    return estado


def test_id_en_curso_y_reutilizado(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    _manejador_lento(monkeypatch, 0.3)
    _, stdout, stderr, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": [
        _llamada(1, "oracle_tareas", {"accion": "listar"}),
        _llamada(1, "oracle_tareas", {"accion": "listar"}),
        {"$pausa": 2.0},
        _llamada(1, "oracle_tareas", {"accion": "listar"}),
    ]}, tmp_path)
    assert codigo == 0 and stderr == ""
    lineas = _lineas(stdout)
    assert lineas[0] == {"jsonrpc": "2.0", "id": 1, "error": {
        "code": -32600, "message": "pedido JSON-RPC inválido: el id 1 ya está en curso"}}
    assert [(m["id"], m["result"]["isError"]) for m in lineas[1:]] == [(1, False), (1, False)]


def test_trabajadores_acotados(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    from oracle_lint.server.trabajos import TRABAJADORES

    estado = _manejador_lento(monkeypatch, 0.5)
    respuestas = _conversar(tmp_path, "efectivo", [
        _llamada(i, "oracle_tareas", {"accion": "listar"}) for i in range(TRABAJADORES + 3)
    ])
    assert sorted(respuestas) == sorted(json.dumps(i) for i in range(TRABAJADORES + 3))
    assert estado["maximo"] == TRABAJADORES
    assert estado["hilos"] and all(nombre.startswith("oracle-mcp_") for nombre in estado["hilos"])


# -- stdout that cannot be written: each lost line is reported on stderr, the reader goes on -------


class _Roto:
    def write(self, datos: bytes) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        pass


def test_stdout_roto(sitio: None) -> None:  # noqa: F811
    import os

    from oracle_lint.server.principal import servir
    from oracle_lint.server.transporte import Salida
    from tests.server.test_conversaciones_en_proceso import _Texto

    lineas = [json.dumps(m).encode("utf-8") + b"\n" for m in (
        {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": META}},
        _llamada(2, "oracle_tareas", {"accion": "listar"}),
    )]
    lectura, escritura = os.pipe()
    os.write(escritura, b"".join(lineas))
    os.close(escritura)
    err = _Texto()
    real = sys.stderr
    sys.stderr = err
    try:
        with os.fdopen(lectura, "rb") as entrada:
            codigo = servir((PROYECTOS / "efectivo").resolve(), False, Salida(_Roto()), entrada)  # type: ignore[arg-type]
    finally:
        sys.stderr = real
    assert codigo == 0
    assert err.valor() == (
        "oracle-mcp: no se pudo escribir en stdout (BrokenPipeError)\n"
        "oracle-mcp: no se pudo escribir en stdout (BrokenPipeError)\n"
        "oracle-mcp: respuesta de 2 descartada: el pedido fue cancelado\n"
    )


# -- line framing: only the line terminator is stripped; a lone surrogate is written escaped -------


def test_solo_se_quita_el_fin_de_linea(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    _, stdout, _, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": [
        '{"jsonrpc":"2.0","id":1,"method":"ping"}\r',
        '{"jsonrpc":"2.0","id":2,"method":"ping"}\x0c',
        "X",
        '{"jsonrpc":"2.0","id":3,"method":"ping"}  ',
    ]}, tmp_path)
    assert codigo == 0
    lineas = _lineas(stdout)
    assert lineas[0] == {"jsonrpc": "2.0", "id": 1, "result": {}}
    assert lineas[1]["id"] is None and lineas[1]["error"]["code"] == -32700
    assert lineas[1]["error"]["message"].startswith("JSON inválido: Extra data")
    assert lineas[2] == {"jsonrpc": "2.0", "id": None, "error": {
        "code": -32700, "message": "JSON inválido: Expecting value (línea 1, columna 1)"}}
    assert lineas[3] == {"jsonrpc": "2.0", "id": 3, "result": {}}


def test_sustituto_solitario(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    _, stdout, _, codigo, _, _ = replay({"proyecto": "efectivo", "entrada": [
        '{"jsonrpc":"2.0","id":1,"method":"\\ud800x"}',
    ]}, tmp_path)
    assert codigo == 0
    assert stdout == b'{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"m\xc3\xa9todo no soportado: \\ud800x"}}\n'


# -- a handler whose answer breaks its outputSchema: EVALUACION_FALLO naming the fault -------------


def test_respuesta_fuera_de_su_esquema(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import dataclasses

    from oracle_lint.server import herramientas

    original = herramientas.POR_NOMBRE["oracle_tareas"]

    def sin_accion(contexto: Any, argumentos: dict[str, Any]) -> dict[str, Any]:
        objeto = original.manejador(contexto, argumentos)
        del objeto["accion"]
        return objeto

    monkeypatch.setitem(herramientas.POR_NOMBRE, "oracle_tareas", dataclasses.replace(original, manejador=sin_accion))
    respuestas = _conversar(tmp_path, "efectivo", [_llamada(1, "oracle_tareas", {"accion": "listar"})])
    assert _texto_de_error(respuestas["1"]).splitlines()[0] == (
        "EVALUACION_FALLO — PoscondicionRota: la respuesta no cumple su outputSchema ($.accion: ausente; se esperaba "
        'uno de "listar", "ver", "buscar", "hechos" (obligatorio).). No se produjo un veredicto.'
    )


def test_la_huella_no_cubre_un_corpus_junto_a_las_medidas_del_proyecto(tmp_path: Path, sitio: None) -> None:  # noqa: F811
    # Publishers' corpus sits beside their measure files; a project's own measures are exercised
    # on the project's corpus/ only, so a corpus/ beside them is not an input of the answer.
    raiz = tmp_path / "proyecto"
    shutil.copytree(PROYECTOS / "efectivo", raiz)
    ajeno = raiz / "medidas" / "corpus" / "ajeno.json"
    ajeno.parent.mkdir()
    ajeno.write_text("{}\n", encoding="utf-8")
    inicial = _huella(tmp_path, raiz)
    ajeno.write_text('{"cambiado": true}\n', encoding="utf-8")
    assert _huella(tmp_path, raiz) == inicial
