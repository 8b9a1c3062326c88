"""Exact answers through the byte transport for what the conversation corpus leaves loose.

Each test writes JSON-RPC lines into `server.principal.servir` (in-process, over a pipe, as
`test_conversaciones_en_proceso.py` does) and asserts the exact bytes of the answer. They
were added because mutation testing of `server/` (`bench/mutacion_servidor.py`) showed
mutants these behaviours did not kill: the refusal text for each argument of another
`oracle_tareas` action, the `git` flag of `hechos`, the protocol message for a non-string
method, and which files `huella_proyecto` covers.
"""

from __future__ import annotations

import importlib
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conversaciones import PROYECTOS, SITIO
from tests.server.test_conversaciones_en_proceso import SITIO_PAQUETES, replay, sitio  # noqa: F401 - the fixture is used by name

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
    guardados = {n: m for n, m in sys.modules.items() if n.split(".")[0] in SITIO_PAQUETES}
    for nombre in guardados:
        del sys.modules[nombre]
    sys.path.insert(0, str(copia))
    importlib.invalidate_caches()
    try:
        yield copia
    finally:
        sys.path.remove(str(copia))
        for nombre in [n for n in sys.modules if n.split(".")[0] in SITIO_PAQUETES]:
            del sys.modules[nombre]
        sys.modules.update(guardados)
        importlib.invalidate_caches()


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

    publicado = next((sitio_copiado / "rules" / "corpus").glob("*.json"))
    publicado.write_text(publicado.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert _huella(tmp_path, raiz) != tras_el_corpus


# -- an unclassifiable exception: EVALUACION_FALLO to the agent, the traceback to stderr only ------


def test_excepcion_no_clasificada(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import dataclasses

    from server import herramientas

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
    assert 'RuntimeError: se rompió algo adentro' in stderr


# -- a result computed just as its cancellation arrives is still dropped ---------------------------


def test_cancelacion_tras_el_calculo(tmp_path: Path, sitio: None, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    import dataclasses
    import time as reloj

    from server import herramientas

    def ignora_la_cancelacion(contexto: Any, argumentos: dict[str, Any]) -> dict[str, Any]:
        # Work that never checks the flag: it finishes after the cancellation was received.
        limite = reloj.monotonic() + 10
        while not contexto.cancelado() and reloj.monotonic() < limite:
            reloj.sleep(0.01)
        return original.manejador(contexto.__class__(contexto.proyecto), argumentos)

    original = herramientas.POR_NOMBRE["oracle_tareas"]
    monkeypatch.setitem(herramientas.POR_NOMBRE, "oracle_tareas",
                        dataclasses.replace(original, manejador=ignora_la_cancelacion))
    respuestas = _conversar(tmp_path, "efectivo", [
        _llamada(1, "oracle_tareas", {"accion": "listar"}),
        {"$pausa": 0.3},
        {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": META}},
    ])
    assert sorted(respuestas) == ["2"]


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
    assert _texto_de_error(respuesta).splitlines()[0] == (
        f"PROYECTO_INVALIDO — {raiz}: la raíz fijada al arrancar ahora resuelve a {otra.resolve()}."
    )
