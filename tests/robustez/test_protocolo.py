"""Protocol fuzzing of `python -m oracle_lint.server`: random and adversarial stdin, one long-lived process per test.

Asserted for every run: each stdout line is exactly one JSON-RPC 2.0 response object; each
request with a readable id is answered exactly once and nothing else is answered (the
`protocolo.esperado` model); id-less errors come in input order with -32700/-32600; the
process stays alive until end of input or `exit` and exits 0 at end of input; its resident
memory stays under `MEMORIA_MAXIMA_KB`; stderr shows no traceback; the project tree is
byte-identical afterwards. The hypothesis budget is `ORACLE_FUZZ_EJEMPLOS` (see docs/robustez.md).
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.robustez.protocolo import CLAVE_CAPACIDADES, CLAVE_VERSION, META_MODERNA, Libro, es_id
from tests.robustez.servidor import MEMORIA_MAXIMA_KB, ServidorVivo, copiar_proyecto, ejemplos, foto

HERRAMIENTAS = ["oracle_catalogo_efectivo", "oracle_evaluar", "oracle_desafiar", "oracle_juzgar", "oracle_tareas"]
METODOS = [
    "initialize", "ping", "tools/list", "tools/call", "server/discover", "notifications/cancelled",
    "notifications/initialized", "resources/list", "resources/read", "prompts/list", "prompts/get",
    "sampling/createMessage", "roots/list", "logging/setLevel", "completion/complete", "tools/Call",
    "TOOLS/LIST", "", "notifications/progress", "$/cancelRequest",
]
"""Every method the server knows except `shutdown` and `exit` (which end the session; see test_ciclo_de_vida)."""

TEXTO_VALIDO = (
    'id = "candidato.largo"\nsegun = "candidato"\nporque = "explorar"\nalcance = "cada herramienta"\n'
    'requiere = ["herramienta"]\ntestigos = "herramienta | donde documentada = falso"\n'
    'umbral = { operador = "==", valor = 0 }\n'
)


class Marca:
    """A placeholder resolved when the line is written (fresh ids, absent fields, deep values)."""

    def __init__(self, nombre: str, *datos: Any) -> None:
        self.nombre = nombre
        self.datos = datos

    def __repr__(self) -> str:
        return f"<{self.nombre}{''.join(f' {d!r}' for d in self.datos)}>"


FRESCO = Marca("fresco")
AUSENTE = Marca("ausente")

# -- values -----------------------------------------------------------------------------------

escalares = (
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
)
valores = st.recursive(
    escalares, lambda h: st.lists(h, max_size=4) | st.dictionaries(st.text(max_size=8), h, max_size=4), max_leaves=10
)
no_ids = valores.filter(lambda v: not es_id(v))
profundos = st.builds(
    lambda n, c: Marca("profundo", n, c),
    st.integers(1, 850) | st.integers(1150, 3000),  # never near the reader's limit (see protocolo.PROFUNDIDAD_*)
    st.sampled_from(["[", "{"]),
)


def o_aleatorio(*plausibles: Any) -> st.SearchStrategy[Any]:
    """A field value: one of the plausible ones, a random JSON value, or a deeply nested one."""
    return st.one_of(st.sampled_from(plausibles), valores, profundos) if plausibles else st.one_of(valores, profundos)


medidas = st.one_of(
    st.sampled_from([
        {"id": "propio.herramienta_documentada"}, {"id": "propio.raiz_estricta"}, {"id": "no.existe"},
        {"id": "Mal"}, {"id": 3}, {"texto": TEXTO_VALIDO, "formato": "oracle"}, {"texto": "basura [[", "formato": "oracle"},
        {"texto": TEXTO_VALIDO, "formato": "json"}, {"id": "propio.raiz_estricta", "texto": "x", "formato": "oracle"}, {},
    ]),
    valores, profundos,
)
filas = st.dictionaries(st.sampled_from(["herramienta", "documentada", "procedencia", "estricta", "x"]), valores, max_size=3)
evidencias = st.one_of(
    st.sampled_from([
        {"herramienta": [{"herramienta": "a", "documentada": False}]}, {"raiz": []},
        {"raiz": [{"herramienta": "b", "procedencia": "own", "estricta": False}]}, {"Mal-Nombre": []}, {},
    ]),
    st.dictionaries(st.sampled_from(["herramienta", "raiz", "x"]), st.lists(filas, max_size=3), max_size=2),
    valores, profundos,
)
casos = st.one_of(
    st.lists(st.fixed_dictionaries({"id": st.sampled_from(["a", "b", ""]), "espera": st.sampled_from(["verde", "rojo", "gris"]),
                                    "evidencia": evidencias}), max_size=2),
    valores, profundos,
)
ARGUMENTOS = {
    "medida": medidas,
    "evidencia": evidencias,
    "casos": casos,
    "usar_evidencia_del_proyecto": o_aleatorio(True, False),
    "ids": o_aleatorio(["propio.raiz_estricta"], ["no.existe"], [], ["Mal"], ["propio.raiz_estricta", "propio.raiz_estricta"]),
    "accion": o_aleatorio("listar", "ver", "buscar", "hechos", "borrar"),
    "estado": o_aleatorio("ABIERTA", "CERRADA", "abierta"),
    "etiqueta": o_aleatorio("x", ""),
    "id": o_aleatorio("0001", "00", "9999", ""),
    "texto": o_aleatorio("raíz", "", "   "),
    "git": o_aleatorio(False),
    "proyecto": o_aleatorio("/etc", ".."),
}
argumentos = st.one_of(
    st.lists(st.sampled_from(sorted(ARGUMENTOS)), max_size=4, unique=True).flatmap(
        lambda claves: st.fixed_dictionaries({k: ARGUMENTOS[k] for k in claves})
    ),
    valores.filter(lambda v: not isinstance(v, dict)),
    profundos,
    st.just(AUSENTE),
)
metas = st.one_of(
    st.just(AUSENTE),
    st.just(META_MODERNA),
    st.sampled_from([
        {CLAVE_VERSION: "2099-01-01", CLAVE_CAPACIDADES: {}}, {CLAVE_VERSION: 20260728, CLAVE_CAPACIDADES: {}},
        {CLAVE_VERSION: "2026-07-28"}, {CLAVE_VERSION: "2026-07-28", CLAVE_CAPACIDADES: []},
        {CLAVE_VERSION: "2025-11-25", CLAVE_CAPACIDADES: {}}, {CLAVE_CAPACIDADES: {}},
    ]),
    valores, profundos,
)
params = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "name": o_aleatorio(*HERRAMIENTAS, "oracle_escribir", "", "ORACLE_EVALUAR"),
            "arguments": argumentos,
            "_meta": metas,
            "requestId": st.one_of(st.integers(-1000, -1), st.just("ajeno"), no_ids, profundos),
            "protocolVersion": o_aleatorio("2025-11-25", "2026-07-28"),
            "capabilities": o_aleatorio({}),
        },
    ),
    valores.filter(lambda v: not isinstance(v, dict)),
    profundos,
    st.just(AUSENTE),
)
mensajes = st.fixed_dictionaries(
    {
        "jsonrpc": st.one_of(st.just("2.0"), st.just("2.0"), st.just("2.0"), st.just(AUSENTE), st.just("1.0"), valores, profundos),
        "id": st.one_of(st.just(FRESCO), st.just(FRESCO), st.just(AUSENTE), no_ids, profundos),
        "method": st.one_of(st.sampled_from(METODOS), st.sampled_from(METODOS), st.just(AUSENTE), valores.filter(
            lambda v: v not in ("exit", "shutdown")), profundos),
        "params": params,
    },
    optional={"result": valores, "error": valores, "extra": valores},
)


# -- lines ------------------------------------------------------------------------------------


def plan_de_linea() -> st.SearchStrategy[tuple[Any, ...]]:
    """How a line is made: a message written whole, cut, with bad UTF-8, in a batch; or no message at all."""
    return st.one_of(
        st.tuples(st.just("entero"), mensajes),
        st.tuples(st.just("entero"), mensajes),
        st.tuples(st.just("entero"), mensajes),
        st.tuples(st.just("truncado"), mensajes, st.floats(0, 1)),
        st.tuples(st.just("utf8"), mensajes, st.floats(0, 1),
                  st.sampled_from([b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\x80", b"\xf8\x88\x80\x80\x80"])),
        st.tuples(st.just("lote"), st.lists(mensajes, max_size=3)),
        st.tuples(st.just("valor"), valores.filter(lambda v: not isinstance(v, dict))),
        st.tuples(st.just("profundo"), profundos),
        st.tuples(st.just("bytes"), st.binary(max_size=80)),
        st.tuples(st.just("blanco"), st.sampled_from([b"", b"   ", b"\t", b"\r"])),
    )


class Escritor:
    """Turns plans into bytes: fresh ids (1000, "1000", 1001, ... so `1` and `"1"` are both live), deep values."""

    def __init__(self) -> None:
        self._ids = itertools.count(1000)
        self._pendiente: int | None = None

    def fresco(self) -> int | str:
        if self._pendiente is None:
            self._pendiente = next(self._ids)
            return self._pendiente
        ident, self._pendiente = str(self._pendiente), None
        return ident

    def _resolver(self, valor: Any, profundos: list[str]) -> Any:
        if valor is FRESCO:
            return self.fresco()
        if isinstance(valor, Marca) and valor.nombre == "profundo":
            n, apertura = valor.datos
            profundos.append(apertura * n + "]" * n if apertura == "[" else '{"a":' * n + "1" + "}" * n)
            return f"\x00profundo{len(profundos) - 1}\x00"
        if isinstance(valor, dict):
            return {k: self._resolver(v, profundos) for k, v in valor.items() if v is not AUSENTE}
        if isinstance(valor, list):
            return [self._resolver(v, profundos) for v in valor if v is not AUSENTE]
        return valor

    def json(self, valor: Any) -> bytes:
        profundos: list[str] = []
        texto = json.dumps(self._resolver(valor, profundos), separators=(",", ":"))
        for i, profundo in enumerate(profundos):
            texto = texto.replace(json.dumps(f"\x00profundo{i}\x00"), profundo)
        return texto.encode("utf-8", "surrogatepass")

    def linea(self, plan: tuple[Any, ...]) -> bytes:
        clase = plan[0]
        if clase == "entero":
            datos = self.json(plan[1])
        elif clase == "truncado":
            entero = self.json(plan[1])
            datos = entero[: int(len(entero) * plan[2])]
        elif clase == "utf8":
            entero = self.json(plan[1])
            corte = int(len(entero) * plan[2])
            datos = entero[:corte] + plan[3] + entero[corte:]
        elif clase == "lote":
            datos = self.json(plan[1])
        elif clase in ("valor", "profundo"):
            datos = self.json(plan[1])
        else:
            datos = plan[1]
        return datos.replace(b"\n", b" ")


# -- the run ----------------------------------------------------------------------------------


class Sesion:
    """One server, its ledger and the writer of its lines."""

    def __init__(self, raiz: Path, *argumentos: str) -> None:
        self.raiz = raiz
        self.antes = foto(raiz)
        self.servidor = ServidorVivo(raiz, *argumentos)
        self.libro = Libro()
        self.escritor = Escritor()
        self._centinelas = itertools.count()

    def enviar(self, lineas: list[bytes], *, esperar: float = 30.0) -> None:
        """Write the lines and a `ping` sentinel in one go; wait until everything owed is answered."""
        assert self.servidor.vivo(), "the server is no longer running (an earlier example ended it)"
        centinela = f"centinela-{next(self._centinelas)}".encode()
        lineas = [*lineas, b'{"jsonrpc":"2.0","id":"' + centinela + b'","method":"ping"}']
        for linea in lineas:
            assert b"\n" not in linea
            e = self.libro.anotar(linea)
            assert not e.termina, f"the test must not end the session here: {linea[:200]!r}"
        self.servidor.enviar(b"\n".join(lineas) + b"\n")
        assert self.servidor.esperar(self.libro.respondidos, esperar), (
            f"not everything answered within {esperar}s; alive={self.servidor.vivo()}; lines:\n"
            + "\n".join(repr(linea[:300]) for linea in lineas) + "\nstderr tail:\n" + self.servidor.stderr[-3000:]
        )
        assert "Traceback" not in self.servidor.stderr, self.servidor.stderr[-5000:]
        assert self.servidor.vivo(), "the server ended although input was not closed and no exit was sent"
        assert not self.servidor.invalidas, self.servidor.invalidas[:3]

    def terminar(self, codigo_esperado: int = 0) -> None:
        """End of input: exit status, every line, every id, memory, stderr and the tree."""
        codigo = self.servidor.cerrar()
        assert codigo == codigo_esperado, f"exit status {codigo}; stderr tail:\n{self.servidor.stderr[-3000:]}"
        assert not self.servidor.invalidas, self.servidor.invalidas[:3]
        fallas = self.libro.fallas(self.servidor.mensajes)
        assert not fallas, "\n".join(fallas[:20])
        assert len(self.servidor.crudas) == len(self.servidor.mensajes)
        assert self.servidor.memoria_maxima_kb < MEMORIA_MAXIMA_KB, f"VmRSS peaked at {self.servidor.memoria_maxima_kb} kB"
        assert self.servidor.memoria_maxima_kb > 0, "memory was never sampled"
        assert "Traceback" not in self.servidor.stderr, self.servidor.stderr[-5000:]
        assert foto(self.raiz) == self.antes, "the project tree changed"


AJUSTES: dict[str, Any] = {
    "deadline": None,
    # One server lives through all the examples, so a failing example cannot be replayed alone:
    # no shrinking (the failure names the lines and the server's stderr instead).
    "phases": [Phase.explicit, Phase.reuse, Phase.generate],
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
}

INICIALIZAR = b'{"jsonrpc":"2.0","id":"ini","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}'
INICIALIZADA = b'{"jsonrpc":"2.0","method":"notifications/initialized"}'


def _lineas_aleatorias(sesion: Sesion, planes: st.SearchStrategy[tuple[Any, ...]], maximo: int,
                       primero: list[bytes] | None = None) -> None:
    """Send `primero`, then `maximo` examples of 1-6 random lines, into the one server of `sesion`;
    it must stay up and exit 0 (a failure kills it and re-raises)."""
    try:
        if primero:
            sesion.enviar(primero)

        @settings(max_examples=ejemplos(maximo), **AJUSTES)
        @given(st.lists(planes, min_size=1, max_size=6))
        def ejemplo(lote: list[tuple[Any, ...]]) -> None:
            sesion.enviar([sesion.escritor.linea(p) for p in lote])

        ejemplo()
    except BaseException:
        sesion.servidor.matar()
        raise
    sesion.terminar(0)


def test_entrada_aleatoria(tmp_path: Path) -> None:
    """Random lines (both eras interleaved, a legacy session open) into one server."""
    _lineas_aleatorias(Sesion(copiar_proyecto("efectivo", tmp_path)), plan_de_linea(), 150,
                       [INICIALIZAR, INICIALIZADA])


def test_sin_sesion_heredada(tmp_path: Path) -> None:
    """The same random lines into a server no `initialize` reached: legacy calls refused, modern ones served."""
    solo_sin_initialize = plan_de_linea().filter(lambda p: p[0] == "entero" and p[1].get("method") != "initialize")
    _lineas_aleatorias(Sesion(copiar_proyecto("efectivo", tmp_path)), solo_sin_initialize, 40)


# -- deterministic adversarial input ----------------------------------------------------------

MB = 1024 * 1024
VALORES_EQUIVOCADOS: list[Any] = [{"a": 1}, [1, "x"], 7, -1.5, "x", None, True, False, {}, []]


def _pedido(ident: Any, metodo: str, params: Any = AUSENTE, **extra: Any) -> dict[str, Any]:
    mensaje = {"jsonrpc": "2.0", "id": ident, "method": metodo, **extra}
    if params is not AUSENTE:
        mensaje["params"] = params
    return mensaje


def _llamada(ident: Any, herramienta: Any, argumentos: Any, moderna: bool) -> dict[str, Any]:
    params: dict[str, Any] = {"name": herramienta, "arguments": argumentos}
    if moderna:
        params["_meta"] = META_MODERNA
    return _pedido(ident, "tools/call", params)


def _linea(mensaje: Any) -> bytes:
    return json.dumps(mensaje, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


VALIDOS: dict[str, dict[str, Any]] = {
    "oracle_catalogo_efectivo": {"ids": ["propio.raiz_estricta"]},
    "oracle_evaluar": {"medida": {"id": "propio.herramienta_documentada"},
                       "evidencia": {"herramienta": [{"herramienta": "a", "documentada": False}]}},
    "oracle_desafiar": {"medida": {"texto": TEXTO_VALIDO, "formato": "oracle"}, "usar_evidencia_del_proyecto": False,
                        "casos": [{"id": "v", "espera": "verde", "evidencia": {"herramienta": [{"documentada": True}]}}]},
    "oracle_juzgar": {"evidencia": {"raiz": []}, "ids": ["propio.raiz_estricta"]},
    "oracle_tareas": {"accion": "listar", "estado": "ABIERTA"},
}


def lineas_adversarias(fresco: Any) -> list[bytes]:
    """Named hostile inputs; `fresco()` gives a new id each time."""
    lineas: list[bytes] = []
    ping = _linea(_pedido(fresco(), "ping"))
    # Invalid UTF-8: a stray byte, an overlong form, an encoded surrogate, a cut multibyte sequence.
    for malo in (b"\xff", b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82", b"\x80\x80", b"\xfe\xfe\xff"):
        lineas.append(malo)
        lineas.append(_linea(_pedido(fresco(), "ping", {"x": "y"})).replace(b'"y"', b'"' + malo + b'"'))
    # Truncated JSON: a whole tool call cut every few bytes.
    entero = _linea(_llamada(fresco(), "oracle_evaluar", VALIDOS["oracle_evaluar"], True))
    lineas += [entero[:corte] for corte in range(1, len(entero), 11)]
    lineas += [b"{", b"}", b"[", b'{"jsonrpc":"2.0"', b'{"jsonrpc":"2.0","id":1,', b"nul", b"NaN", b"Infinity",
               _linea(_pedido(fresco(), "ping", {"x": 1})).replace(b"1}", b"NaN}")]
    # Non-object messages, batches included (MCP has no batches: one -32600, nothing inside answered).
    for valor in ([], [1], 1, -1.5, 0, "hola", None, True, False, {}, [[]], [{}], ""):
        lineas.append(_linea(valor))
    lineas.append(_linea([_pedido(fresco(), "ping"), _pedido(fresco(), "tools/list")]))
    lineas.append(_linea([{"jsonrpc": "2.0", "method": "notifications/initialized"}]))
    lineas.append(_linea([_llamada(fresco(), "oracle_evaluar", VALIDOS["oracle_evaluar"], True)]))
    # Wrong types in every envelope field, of a request and of a notification.
    for valor in VALORES_EQUIVOCADOS:
        lineas.append(_linea({"jsonrpc": valor, "id": fresco(), "method": "ping"}))
        lineas.append(_linea({"jsonrpc": "2.0", "id": valor, "method": "ping"}))
        lineas.append(_linea({"jsonrpc": "2.0", "id": fresco(), "method": valor}))
        lineas.append(_linea({"jsonrpc": "2.0", "id": fresco(), "method": "ping", "params": valor}))
        lineas.append(_linea({"jsonrpc": "2.0", "method": valor}))
        lineas.append(_linea({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": valor}))
        lineas.append(_linea({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": valor}}))
        lineas.append(_linea({"jsonrpc": "2.0", "id": valor, "result": {}}))
        lineas.append(_linea({"jsonrpc": "2.0", "id": fresco(), "error": valor}))
        for moderna in (False, True):
            lineas.append(_linea(_pedido(fresco(), "tools/call", {"name": valor, "arguments": {}})))
            lineas.append(_linea(_llamada(fresco(), "oracle_juzgar", valor, moderna)))
            meta = {CLAVE_VERSION: valor, CLAVE_CAPACIDADES: {}} if moderna else {CLAVE_VERSION: "2026-07-28", CLAVE_CAPACIDADES: valor}
            lineas.append(_linea(_pedido(fresco(), "tools/list", {"_meta": meta})))
            lineas.append(_linea(_pedido(fresco(), "server/discover", {"_meta": valor})))
            # Every argument of every tool, one at a time, with a wrong value; then an extra property.
            for herramienta, validos in VALIDOS.items():
                for argumento in validos:
                    lineas.append(_linea(_llamada(fresco(), herramienta, {**validos, argumento: valor}, moderna)))
                lineas.append(_linea(_llamada(fresco(), herramienta, {**validos, "extra": valor}, moderna)))
    # Unknown methods and tools, in both eras.
    for metodo in ("resources/list", "resources/read", "prompts/get", "sampling/createMessage", "roots/list",
                   "logging/setLevel", "completion/complete", "tools/Call", "", "🙂", "x" * 10_000):
        lineas.append(_linea(_pedido(fresco(), metodo, {})))
        lineas.append(_linea(_pedido(fresco(), metodo, {"_meta": META_MODERNA})))
    for nombre in ("oracle_escribir", "ORACLE_EVALUAR", "", " oracle_evaluar", "oracle_evaluar\u0000", "x" * 10_000):
        for moderna in (False, True):
            lineas.append(_linea(_llamada(fresco(), nombre, {}, moderna)))
    # Both eras interleaved, valid calls.
    for herramienta, validos in VALIDOS.items():
        for moderna in (False, True, False, True):
            lineas.append(_linea(_llamada(fresco(), herramienta, validos, moderna)))
    lineas.append(ping)
    return lineas


def lineas_enormes(fresco: Any) -> list[bytes]:
    """Several megabytes in one line, and nesting far beyond any stack."""
    grande = "x" * (5 * MB)
    return [
        _linea(_pedido(fresco(), "ping", {"relleno": grande})),
        _linea(_pedido(fresco(), grande, {})),
        _linea(_llamada(fresco(), "oracle_evaluar", {"medida": {"id": "propio.herramienta_documentada"},
                                                     "evidencia": {"herramienta": [{"herramienta": grande, "documentada": False}]}}, True)),
        _linea(_llamada(fresco(), "oracle_juzgar", {"evidencia": {"herramienta": [
            {"herramienta": f"h{i}", "documentada": i % 2 == 0} for i in range(50_000)]}}, False)),
        _linea(_llamada(fresco(), "oracle_evaluar", {"medida": {"texto": grande, "formato": "oracle"}, "evidencia": {}}, True)),
        b" " * (5 * MB) + _linea(_pedido(fresco(), "ping")),
        bytes(range(256)).replace(b"\n", b"") * (8 * 4096),
        b'"' + b"a" * (6 * MB),
        b"[" * 100_000 + b"]" * 100_000,
        b"[" * 100_000,
        b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
        b'{"jsonrpc":"2.0","id":"hondo","method":"ping","params":{"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}}",
        b'{"jsonrpc":"2.0","id":' + b"[" * 100_000 + b"]" * 100_000 + b',"method":"ping"}',
    ]


def test_entrada_adversaria(tmp_path: Path) -> None:
    """Named hostile lines (bad UTF-8, cut JSON, non-objects, batches, wrong types, unknown names, huge, deep)."""
    sesion = Sesion(copiar_proyecto("efectivo", tmp_path))
    try:
        sesion.enviar([INICIALIZAR, INICIALIZADA])
        lineas = lineas_adversarias(sesion.escritor.fresco)
        for inicio in range(0, len(lineas), 200):
            sesion.enviar(lineas[inicio:inicio + 200], esperar=120.0)
        for linea in lineas_enormes(sesion.escritor.fresco):
            sesion.enviar([linea], esperar=120.0)
    except BaseException:
        sesion.servidor.matar()
        raise
    sesion.terminar(0)
    por_id = {json.dumps(m["id"]): m for m in sesion.servidor.mensajes if m.get("id") is not None}
    # 100 000 nested arrays or objects: refused as unparseable, never a RecursionError that ends the reader.
    nulas = [m["error"] for m in sesion.servidor.mensajes if m.get("id") is None]
    assert sum(1 for e in nulas if e["code"] == -32700 and "recursion" in e["message"]) >= 5
    assert '"hondo"' not in por_id
    # The same valid call in both eras carries the same domain object (seed 001: one Oracle contract).
    dominios: dict[str, list[Any]] = {}
    for linea in lineas:
        try:
            pedido = json.loads(linea)
        except ValueError:
            continue
        if not (isinstance(pedido, dict) and pedido.get("method") == "tools/call" and es_id(pedido.get("id"))
                and isinstance(pedido.get("params"), dict)):
            continue
        nombre, args = pedido["params"].get("name"), pedido["params"].get("arguments")
        if isinstance(nombre, str) and nombre in VALIDOS and args == VALIDOS[nombre]:
            resultado = por_id[json.dumps(pedido["id"])]["result"]
            assert resultado["isError"] is False, resultado
            moderna = "_meta" in pedido["params"]
            assert (resultado.get("resultType") == "complete") == moderna
            dominios.setdefault(nombre, []).append(resultado["structuredContent"])
    assert set(dominios) == set(VALIDOS)
    for nombre, objetos in dominios.items():
        assert len(objetos) >= 4 and all(o == objetos[0] for o in objetos), nombre


def test_anidamiento_en_el_limite(tmp_path: Path) -> None:
    """Values nested right at the reader's recursion limit, in every field: at most one answer, never a crash.

    Near the limit whether a line parses depends on the stack in use, so either outcome is
    allowed: the line's own id answered once, or one id-less -32700/-32600; never both, never two.
    """
    raiz = copiar_proyecto("efectivo", tmp_path)
    antes = foto(raiz)
    servidor = ServidorVivo(raiz)
    plantillas = [
        '{"jsonrpc":%s,"id":"%s","method":"ping"}',
        '{"jsonrpc":"2.0","id":"%s","method":%s}',
        '{"jsonrpc":"2.0","id":"%s","method":"ping","params":%s}',
        '{"jsonrpc":"2.0","id":"%s","method":"tools/list","params":{"_meta":%s}}',
        '{"jsonrpc":"2.0","id":"%s","method":"tools/list","params":{"_meta":{"%s":%%s}}}' % ("%s", CLAVE_VERSION),
        '{"jsonrpc":"2.0","id":"%s","method":"tools/call","params":{"name":%s}}',
        '{"jsonrpc":"2.0","id":"%s","result":%s}',
        '{"jsonrpc":"2.0","id":"%s","method":"tools/call","params":{"_meta":{"' + CLAVE_VERSION + '":"2026-07-28","'
        + CLAVE_CAPACIDADES + '":{}},"name":"oracle_evaluar","arguments":{"medida":{"id":"propio.raiz_estricta"},"evidencia":%s}}}',
        '{"jsonrpc":"2.0","id":"%s","method":"tools/call","params":{"_meta":{"' + CLAVE_VERSION + '":"2026-07-28","'
        + CLAVE_CAPACIDADES + '":{}},"name":"oracle_tareas","arguments":{"accion":"ver","id":%s}}}',
        '{"jsonrpc":"2.0","id":"%s","method":"tools/call","params":{"_meta":{"' + CLAVE_VERSION + '":"2026-07-28","'
        + CLAVE_CAPACIDADES + '":{}},"name":"oracle_desafiar","arguments":{"medida":{"id":"propio.raiz_estricta"},"casos":[%s]}}}',
    ]
    hondos = [("[" * n + "]" * n, '{"a":' * n + "1" + "}" * n) for n in range(880, 1001, 3)]
    lineas: list[tuple[str, bytes]] = []
    for i, plantilla in enumerate(plantillas):
        for j, (arreglo, objeto) in enumerate(hondos):
            for k, valor in enumerate((arreglo, objeto)):
                ident = f"h{i}-{j}-{k}"
                texto = (plantilla % (valor, ident)) if i == 0 else (plantilla % (ident, valor))
                lineas.append((ident, texto.encode()))
    try:
        for ident, linea in lineas:
            servidor.enviar(linea + b"\n" + _linea(_pedido(f"s-{ident}", "ping")) + b"\n")
        servidor.enviar(_linea(_pedido("fin", "ping")) + b"\n")
        ids = {ident for ident, _ in lineas}
        assert servidor.esperar(lambda ms: any(m.get("id") == "fin" for m in ms), 120)
        assert servidor.esperar(lambda ms: len({m.get("id") for m in ms} & ids) + sum(
            1 for m in ms if m.get("id") is None) >= len(lineas) - sum(1 for _, l in lineas if b'"result"' in l), 120)
    except BaseException:
        servidor.matar()
        raise
    codigo = servidor.cerrar()
    assert codigo == 0, servidor.stderr[-3000:]
    assert not servidor.invalidas, servidor.invalidas[:3]
    assert "Traceback" not in servidor.stderr, servidor.stderr[-5000:]
    mensajes = servidor.mensajes
    posicion = {m["id"]: n for n, m in enumerate(mensajes) if isinstance(m.get("id"), str) and m["id"].startswith("s-")}
    anterior = -1
    for ident, linea in lineas:
        actual = posicion[f"s-{ident}"]
        nulas = [m for m in mensajes[anterior + 1:actual] if m.get("id") is None]
        propias = [m for m in mensajes if m.get("id") == ident]
        assert all(m["error"]["code"] in (-32700, -32600) for m in nulas), nulas
        if b'"result"' in linea:
            assert not propias and len(nulas) <= 1, (ident, nulas, propias)
        else:
            assert len(nulas) + len(propias) == 1, (ident, nulas, propias)
        anterior = actual
    assert servidor.memoria_maxima_kb < MEMORIA_MAXIMA_KB
    assert foto(raiz) == antes


def test_ciclo_de_vida(tmp_path: Path) -> None:
    """The process ends only at end of input (0) or `exit` (0 after shutdown, 1 without); lines after it are unread."""
    raiz = copiar_proyecto("efectivo", tmp_path)
    antes = foto(raiz)
    casi_salidas = [
        b'[{"jsonrpc":"2.0","method":"exit"}]', b'{"jsonrpc":"1.0","method":"exit"}', b'{"method":"exit"}',
        b'{"jsonrpc":"2.0","method":"exit","params":"ya"}', b'{"jsonrpc":"2.0","method":"EXIT"}',
        b'{"jsonrpc":"2.0","method":"exit"', b'{"jsonrpc":"2.0","id":{"a":1},"method":"exit"}',
        b'{"jsonrpc":"2.0","method":"notifications/exit"}', b'"exit"',
    ]
    casos = [
        (b"", 0, 0),
        (b"\n".join(casi_salidas), 0, len(casi_salidas) - 2),  # two near-misses are well-formed notifications
        (b'{"jsonrpc":"2.0","id":1,"method":"shutdown"}\n{"jsonrpc":"2.0","method":"exit"}\n'
         b'{"jsonrpc":"2.0","id":2,"method":"ping"}', 0, 1),
        (b'{"jsonrpc":"2.0","method":"exit"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}', 1, 0),
        (b'{"jsonrpc":"2.0","id":1,"method":"shutdown"}\n{"jsonrpc":"2.0","id":2,"method":"ping"}\n'
         b'{"jsonrpc":"2.0","id":3,"method":"exit"}\n{"jsonrpc":"2.0","id":4,"method":"ping"}', 0, 2),
    ]
    for entrada, codigo_esperado, respuestas in casos:
        servidor = ServidorVivo(raiz)
        servidor.enviar(entrada + b"\n")
        codigo = servidor.cerrar()
        assert (codigo, len(servidor.mensajes)) == (codigo_esperado, respuestas), (entrada, servidor.mensajes)
        assert not servidor.invalidas and "Traceback" not in servidor.stderr
    # Without end of input or exit the server keeps waiting, whatever it was sent.
    servidor = ServidorVivo(raiz)
    servidor.enviar(b"\n".join(casi_salidas) + b"\n" + _linea(_pedido("vivo", "ping")) + b"\n")
    assert servidor.esperar(lambda ms: any(m.get("id") == "vivo" for m in ms), 30)
    servidor.proceso.stdin.flush()  # type: ignore[union-attr]
    assert servidor.proceso.poll() is None
    assert servidor.cerrar() == 0
    assert foto(raiz) == antes
