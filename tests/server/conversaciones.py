"""Replay whole JSON-RPC conversations through `python -m oracle_lint.server` and check every observable.

A conversation (`tests/fixtures/conversaciones/*.json`) names a fixture project, the lines
written to stdin (objects are written as compact JSON; strings are written as they are; `{"$pausa":
s}` waits; `{"$esperar": id}` waits until the response with that id was written, so what follows
cannot race it; `{"$bytes": "hex"}` writes raw bytes), and what must come out: the responses (matched by
id; id-less errors in order), lines expected in stderr, the exit status, and whether the project
tree may change (by default it must stay byte-identical).

Placeholders in expected values: `<proyecto>` (the project's resolved root), `<oracle_version>`,
`<sitio>` (the directory of the stand-in base catalog and library) inside strings, and the whole string `<sha256>`
for any SHA-256 (used only for `huella_proyecto`, which hashes absolute paths). A success
result whose expected form omits `content` must carry exactly the compact JSON of its
`structuredContent` as its one text block.

`ORACLE_REGENERAR=1` rewrites the expected responses from what the server said: review the diff.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from oracle_lint.nucleo.version import VERSION

RAIZ_REPO = Path(__file__).resolve().parents[2]
FIXTURES = RAIZ_REPO / "tests" / "fixtures"
CONVERSACIONES = FIXTURES / "conversaciones"
PROYECTOS = FIXTURES / "mcp" / "proyectos"
SITIO = FIXTURES / "mcp" / "sitio"
LANZADERA = FIXTURES / "mcp"
"""Where the server subprocesses start: `python -m` puts the working directory first on sys.path, and
from the repository root that would be the checkout's `oracle_lint` instead of the stand-in site's."""
SEMILLA = FIXTURES / "mcp" / "tools_list_semilla.json"
SHA = re.compile(r"^[0-9a-f]{64}$")
CLAVE_VERSION = "io.modelcontextprotocol/protocolVersion"


def compacto(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def entorno() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")}
    env["PYTHONPATH"] = os.pathsep.join([str(SITIO), str(RAIZ_REPO)])
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def foto(raiz: Path) -> dict[str, str]:
    """Every file under `raiz` (hidden ones and caches included) with the SHA-256 of its bytes."""
    salida = {}
    for ruta in sorted(raiz.rglob("*")):
        if ruta.is_file() or ruta.is_symlink():
            clave = ruta.relative_to(raiz).as_posix()
            salida[clave] = "enlace" if ruta.is_symlink() else hashlib.sha256(ruta.read_bytes()).hexdigest()
        elif ruta.is_dir():
            salida[ruta.relative_to(raiz).as_posix() + "/"] = "dir"
    return salida


ESPERA_MAXIMA = 60.0


class Esperar:
    """Hold the input until the response with `ident` is on stdout (then the next line cannot race it)."""

    def __init__(self, ident: Any) -> None:
        self.ident = ident

    def cumplida(self, escrito: bytes) -> bool:
        """True once `escrito` (stdout so far) holds a whole line answering `ident`."""
        for linea in escrito.split(b"\n")[:-1]:
            try:
                mensaje = json.loads(linea)
            except ValueError:
                continue
            if isinstance(mensaje, dict) and "id" in mensaje and compacto(mensaje["id"]) == compacto(self.ident):
                return True
        return False

    def esperar(self, escrito: Callable[[], bytes]) -> None:
        """Poll `escrito` until the response is there, for at most ESPERA_MAXIMA seconds (then the
        missing response fails the comparison, never a hang)."""
        limite = time.monotonic() + ESPERA_MAXIMA
        while not self.cumplida(escrito()) and time.monotonic() < limite:
            time.sleep(0.005)


def lineas_de_entrada(entrada: list[Any]) -> list[bytes | float | Esperar]:
    salida: list[bytes | float | Esperar] = []
    for item in entrada:
        if isinstance(item, dict) and "$pausa" in item:
            salida.append(float(item["$pausa"]))
        elif isinstance(item, dict) and "$esperar" in item:
            salida.append(Esperar(item["$esperar"]))
        elif isinstance(item, dict) and "$bytes" in item:
            salida.append(bytes.fromhex(item["$bytes"]) + b"\n")
        elif isinstance(item, str):
            salida.append(item.encode("utf-8") + b"\n")
        else:
            salida.append(compacto(item).encode("utf-8") + b"\n")
    return salida


class Corrida:
    """What one replay observed."""

    def __init__(self, conversacion: dict[str, Any], raiz: Path, stdout: bytes, stderr: str, codigo: int,
                 antes: dict[str, str], despues: dict[str, str]) -> None:
        self.conversacion = conversacion
        self.raiz = raiz
        self.stdout = stdout
        self.stderr = stderr
        self.codigo = codigo
        self.antes = antes
        self.despues = despues
        self.mensajes = [json.loads(linea) for linea in stdout.decode("utf-8").splitlines()]


def correr(conversacion: dict[str, Any], tmp: Path, *, tiempo: float = 120.0) -> Corrida:
    """Run one conversation through a subprocess and collect everything it did."""
    origen = PROYECTOS / conversacion["proyecto"]
    if conversacion.get("copiar"):
        raiz = tmp / conversacion["proyecto"]
        shutil.copytree(origen, raiz)
    else:
        raiz = origen
    raiz = raiz.resolve()
    antes = foto(raiz)
    comando = [sys.executable, "-m", "oracle_lint.server", "--proyecto", str(raiz), *conversacion.get("argumentos", [])]
    proceso = subprocess.Popen(
        comando, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=LANZADERA, env=entorno()
    )
    assert proceso.stdin is not None and proceso.stdout is not None and proceso.stderr is not None
    recogido: dict[str, bytes] = {}
    lineas_out: list[bytes] = []

    def recoger(nombre: str, flujo: Any) -> None:
        recogido[nombre] = flujo.read()

    def recoger_lineas(flujo: Any) -> None:
        for linea in iter(flujo.readline, b""):
            lineas_out.append(linea)
        recogido["out"] = b"".join(lineas_out)

    hilos = [threading.Thread(target=recoger_lineas, args=(proceso.stdout,)),
             threading.Thread(target=recoger, args=("err", proceso.stderr))]
    for hilo in hilos:
        hilo.start()
    try:
        for parte in lineas_de_entrada(conversacion["entrada"]):
            if isinstance(parte, float):
                time.sleep(parte)
                continue
            if isinstance(parte, Esperar):
                parte.esperar(lambda: b"".join(lineas_out))
                continue
            proceso.stdin.write(parte)
            proceso.stdin.flush()
        if not conversacion.get("sin_cerrar_entrada"):
            proceso.stdin.close()
    except BrokenPipeError:
        pass
    codigo = proceso.wait(timeout=tiempo)
    for hilo in hilos:
        hilo.join(timeout=tiempo)
    return Corrida(conversacion, raiz, recogido["out"], recogido["err"].decode("utf-8", "replace"), codigo, antes, foto(raiz))


# -- expectations -------------------------------------------------------------------------------


def herramientas_semilla() -> list[Any]:
    """The normative tools/list array of seed 001 (copied verbatim into the fixtures)."""
    return json.loads(SEMILLA.read_text(encoding="utf-8"))


def sustituir(valor: Any, raiz: Path) -> Any:
    """Expected value with placeholders filled in (`<sha256>` is left for `coincide`)."""
    if valor == "<herramientas_semilla>":
        return herramientas_semilla()
    if isinstance(valor, str):
        return (
            valor.replace("<proyecto>", str(raiz))
            .replace("<oracle_version>", VERSION)
            .replace("<sitio>", str(SITIO.resolve()))
        )
    if isinstance(valor, list):
        return [sustituir(v, raiz) for v in valor]
    if isinstance(valor, dict):
        return {k: sustituir(v, raiz) for k, v in valor.items()}
    return valor


def coincide(esperado: Any, real: Any, ruta: str = "$") -> list[str]:
    """Differences between an expected value (after `sustituir`) and the real one."""
    if esperado == "<sha256>":
        return [] if isinstance(real, str) and SHA.match(real) else [f"{ruta}: {real!r} is not a sha256"]
    if isinstance(esperado, str) and "<sha256>" in esperado:
        patron = "^" + re.escape(esperado).replace(re.escape("<sha256>"), "[0-9a-f]{64}") + "$"
        return [] if isinstance(real, str) and re.match(patron, real, re.S) else [f"{ruta}: {real!r} !~ {esperado!r}"]
    if isinstance(esperado, dict) and isinstance(real, dict):
        if "structuredContent" in esperado and "content" not in esperado and "content" in real:
            texto = [{"type": "text", "text": compacto(real.get("structuredContent"))}]
            errores = [] if real["content"] == texto else [f"{ruta}.content: not the compact structuredContent"]
            real = {k: v for k, v in real.items() if k != "content"}
        else:
            errores = []
        if set(esperado) != set(real):
            return errores + [f"{ruta}: keys {sorted(real)} != expected {sorted(esperado)}"]
        for clave in esperado:
            errores += coincide(esperado[clave], real[clave], f"{ruta}.{clave}")
        return errores
    if isinstance(esperado, list) and isinstance(real, list):
        if len(esperado) != len(real):
            return [f"{ruta}: {len(real)} items != expected {len(esperado)}: {compacto(real)[:400]}"]
        errores = []
        for i, (e, r) in enumerate(zip(esperado, real)):
            errores += coincide(e, r, f"{ruta}[{i}]")
        return errores
    if type(esperado) is not type(real) or esperado != real:
        return [f"{ruta}: {real!r} != expected {esperado!r}"]
    return []


def emparejar(esperados: list[dict[str, Any]], reales: list[dict[str, Any]]) -> list[tuple[Any, Any]]:
    """Pairs (expected, real): by id for responses with an id, in order for id-less ones."""
    pares: list[tuple[Any, Any]] = []
    por_id = {compacto(r.get("id")): r for r in reales if r.get("id") is not None}
    sin_id = [r for r in reales if r.get("id") is None]
    esperados_sin_id = [e for e in esperados if e.get("id") is None]
    for e in esperados:
        if e.get("id") is not None:
            pares.append((e, por_id.get(compacto(e["id"]))))
    pares.extend(zip(esperados_sin_id, sin_id))
    return pares


def reverso(valor: Any, raiz: Path) -> Any:
    """Placeholders put back into a real value (for regeneration)."""
    if isinstance(valor, list) and valor == herramientas_semilla():
        return "<herramientas_semilla>"
    if isinstance(valor, str):
        return (
            valor.replace(str(SITIO.resolve()), "<sitio>").replace(str(raiz), "<proyecto>").replace(VERSION, "<oracle_version>")
            if valor != VERSION
            else "<oracle_version>"
        )
    if isinstance(valor, list):
        return [reverso(v, raiz) for v in valor]
    if isinstance(valor, dict):
        salida = {}
        for k, v in valor.items():
            if k == "huella_proyecto" and isinstance(v, str):
                salida[k] = "<sha256>"
            elif k == "version" and v == VERSION:
                salida[k] = "<oracle_version>"
            else:
                salida[k] = reverso(v, raiz)
        if "structuredContent" in salida and "content" in salida and salida.get("isError") is False:
            del salida["content"]
        return salida
    return valor


def verificar_respuestas(conversacion: dict[str, Any], raiz: Path, mensajes: list[dict[str, Any]]) -> None:
    """The responses a run wrote are exactly the conversation's `salida` (matched by id), and no
    cancelled id got one. Shared by the subprocess and the in-process replays."""
    esperados = sustituir(conversacion["salida"], raiz)
    assert len(mensajes) == len(esperados), mensajes
    errores: list[str] = []
    for esperado, real in emparejar(esperados, mensajes):
        if real is None:
            errores.append(f"no response for id {esperado.get('id')!r}")
            continue
        errores += coincide(esperado, real, f"id={esperado.get('id')!r}")
    assert not errores, "\n".join(errores)
    for ident in conversacion.get("sin_respuesta", []):
        assert all(m.get("id") != ident for m in mensajes), f"a response was written for cancelled id {ident}"


SITIO_PAQUETES = ("oracle_lint.rules", "biblio_ajena_medidas")
"""The packages of the stand-in site the in-process replays swap in: its base catalog (the data package
`oracle_lint.rules`, ahead of the repository's on `oracle_lint.__path__`) and a third-party library."""


def _del_sitio(nombre: str) -> bool:
    return any(nombre == p or nombre.startswith(p + ".") for p in SITIO_PAQUETES)


@contextlib.contextmanager
def sitio_primero(ruta: Path) -> Iterator[Path]:
    """`ruta` (a copy of the stand-in site, or the site itself) first, as `PYTHONPATH=<sitio>:…` does for
    the subprocess corpus: on sys.path for its library, and on `oracle_lint.__path__` for its rules; what
    it shadows is restored afterwards."""
    import oracle_lint

    guardados = {n: m for n, m in sys.modules.items() if _del_sitio(n)}
    for nombre in guardados:
        del sys.modules[nombre]
    sys.path.insert(0, str(ruta))
    oracle_lint.__path__.insert(0, str(ruta / "oracle_lint"))
    importlib.invalidate_caches()
    try:
        yield ruta
    finally:
        sys.path.remove(str(ruta))
        oracle_lint.__path__.remove(str(ruta / "oracle_lint"))
        for nombre in [n for n in sys.modules if _del_sitio(n)]:
            del sys.modules[nombre]
        sys.modules.update(guardados)
        importlib.invalidate_caches()
