"""Walk a published schema: object/array/union nodes, declared keys, validity."""

from __future__ import annotations

import json
from typing import Any, Callable, Iterator, Mapping, Optional

from .evidentes import evidente
from .tipos import Esquema

SUBESQUEMAS = ("additionalProperties", "items", "contains", "not", "if", "then", "else",
               "unevaluatedItems", "unevaluatedProperties", "propertyNames", "additionalItems")
LISTAS = ("anyOf", "oneOf", "allOf", "prefixItems")
MAPAS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")


def escapar(clave: str) -> str:
    """Escape one JSON pointer token."""
    return clave.replace("~", "~0").replace("/", "~1")


def resolver_ref(raiz: Any, ref: str) -> tuple[Optional[Any], Optional[str]]:
    """(node, pointer) a local `$ref` points to, or (None, None)."""
    if not isinstance(ref, str) or not ref.startswith("#"):
        return None, None
    puntero = ref[1:]
    actual = raiz
    for token in [t for t in puntero.split("/")[1:]]:
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(actual, dict) and token in actual:
            actual = actual[token]
        elif isinstance(actual, list) and token.isdigit() and int(token) < len(actual):
            actual = actual[int(token)]
        else:
            return None, None
    return actual, puntero


def _tipos(nodo: dict) -> list[str]:
    t = nodo.get("type")
    return [t] if isinstance(t, str) else [x for x in t if isinstance(x, str)] if isinstance(t, list) else []


# Keywords that give a typeless node an object shape of its own (`required` alone only constrains one).
FORMA_DE_OBJETO = ("properties", "additionalProperties", "patternProperties")


def es_objeto(nodo: Any) -> bool:
    """An object node: `type` object (alone or in a list), or object keywords without a type."""
    if not isinstance(nodo, dict):
        return False
    tipos = _tipos(nodo)
    return "object" in tipos or (not tipos and any(k in nodo for k in ("properties", "additionalProperties", "patternProperties", "required")))


def es_arreglo(nodo: Any) -> bool:
    """An array node."""
    if not isinstance(nodo, dict):
        return False
    tipos = _tipos(nodo)
    return "array" in tipos or (not tipos and any(k in nodo for k in ("items", "prefixItems")))


def ramas(nodo: dict) -> Optional[list[Any]]:
    """Branches of a union node: anyOf/oneOf, or a `type` list of 2+ types."""
    for clave in ("anyOf", "oneOf"):
        if isinstance(nodo.get(clave), list):
            return nodo[clave]
    tipos = _tipos(nodo)
    if isinstance(nodo.get("type"), list) and len(tipos) >= 2:
        return [{"type": t} for t in tipos]
    return None


def estructurada(raiz: Any, rama: Any, vistos: frozenset = frozenset()) -> bool:
    """Whether a branch can hold an object or an array ($ref resolved; nested unions looked into)."""
    if not isinstance(rama, dict):
        return False
    if "$ref" in rama:
        destino, puntero = resolver_ref(raiz, rama["$ref"])
        if destino is None or puntero in vistos:
            return False
        return estructurada(raiz, destino, vistos | {puntero})
    if es_arreglo(rama) or es_objeto(rama) and (_tipos(rama) or any(k in rama for k in FORMA_DE_OBJETO)):
        return True  # (a typeless `{"required": [...]}` branch constrains the enclosing object: no shape of its own)
    sub = ramas(rama) if not isinstance(rama.get("type"), list) else None
    return bool(sub) and any(estructurada(raiz, r, vistos) for r in sub)


def recorrer(esquema: Esquema) -> Iterator[tuple[str, dict]]:
    """(pointer, node) of every schema node reachable from the root, following local `$ref` once."""
    raiz = esquema.valor
    vistos: set[str] = set()
    pendientes: list[tuple[str, Any]] = [("", raiz)]
    while pendientes:
        puntero, nodo = pendientes.pop()
        if puntero in vistos or not isinstance(nodo, dict):
            continue
        vistos.add(puntero)
        yield puntero, nodo
        if "$ref" in nodo:
            destino, p = resolver_ref(raiz, nodo["$ref"])
            if destino is not None:
                pendientes.append((p, destino))
        for clave in SUBESQUEMAS:
            if isinstance(nodo.get(clave), dict):
                pendientes.append((f"{puntero}/{clave}", nodo[clave]))
        for clave in LISTAS:
            if isinstance(nodo.get(clave), list):
                pendientes.extend((f"{puntero}/{clave}/{i}", x) for i, x in enumerate(nodo[clave]))
        for clave in MAPAS:
            if isinstance(nodo.get(clave), dict) and clave not in ("$defs", "definitions"):
                pendientes.extend((f"{puntero}/{clave}/{escapar(k)}", v) for k, v in nodo[clave].items() if isinstance(k, str))
        if isinstance(nodo.get("items"), list):
            pendientes.extend((f"{puntero}/items/{i}", x) for i, x in enumerate(nodo["items"]))


def filas_nodos(herramienta: str, lado: str, esquema: Esquema) -> list[dict]:
    """`esquema_nodo` rows of one published schema."""
    filas = []
    for puntero, nodo in recorrer(esquema):
        props = nodo.get("properties") if isinstance(nodo.get("properties"), dict) else {}
        base = {"herramienta": herramienta, "lado": lado, "puntero": puntero, **esquema.donde(puntero).fila()}
        if es_objeto(nodo):
            filas.append({**base, "tipo": "objeto", "estricta": nodo.get("additionalProperties") is False,
                          "declara_message": "message" in props, "declara_code": "code" in props, "ramas_estructuradas": 0})
        if es_arreglo(nodo):
            filas.append({**base, "tipo": "arreglo", "estricta": None, "declara_message": False, "declara_code": False,
                          "ramas_estructuradas": 0})
        r = ramas(nodo)
        if r is not None:
            cuenta = sum(1 for x in r if estructurada(esquema.valor, x))
            filas.append({**base, "tipo": "union", "estricta": None, "declara_message": False, "declara_code": False,
                          "ramas_estructuradas": cuenta})
    return filas


def _destino(raiz: Any, nodo: Any, vistos: frozenset = frozenset()) -> tuple[Any, frozenset]:
    """The node a chain of local `$ref`s ends at (the node itself without one; None on a cycle or a
    dangling ref), and the pointers passed on the way."""
    while isinstance(nodo, dict) and "$ref" in nodo and isinstance(nodo["$ref"], str):
        destino, puntero = resolver_ref(raiz, nodo["$ref"])
        if destino is None or puntero in vistos:
            return None, vistos
        nodo, vistos = destino, vistos | {puntero}
    return nodo, vistos


def anulable(raiz: Any, nodo: Any, vistos: frozenset = frozenset()) -> bool:
    """Whether a property's schema admits null: `null` among its types, `nullable: true` (OpenAPI),
    null in its `enum` or as its `const`, or a union branch that does ($ref resolved)."""
    nodo, vistos = _destino(raiz, nodo, vistos)
    if not isinstance(nodo, dict):
        return False
    if "null" in _tipos(nodo) or nodo.get("nullable") is True or ("const" in nodo and nodo["const"] is None):
        return True
    if isinstance(nodo.get("enum"), list) and None in nodo["enum"]:
        return True
    return any(anulable(raiz, r, vistos) for clave in ("anyOf", "oneOf") if isinstance(nodo.get(clave), list)
               for r in nodo[clave])


def coleccion(raiz: Any, nodo: Any, vistos: frozenset = frozenset()) -> bool:
    """Whether a property's schema can be an array ($ref resolved; a union branch that can)."""
    nodo, vistos = _destino(raiz, nodo, vistos)
    if not isinstance(nodo, dict):
        return False
    if es_arreglo(nodo):
        return True
    return any(coleccion(raiz, r, vistos) for clave in ("anyOf", "oneOf") if isinstance(nodo.get(clave), list)
               for r in nodo[clave])


def tipos_de(raiz: Any, nodo: Any, vistos: frozenset = frozenset()) -> set[str]:
    """The JSON types a property's schema names: its `type`, and its union branches' ($ref resolved).
    Empty when it names none (`{}`, a bare `enum`)."""
    nodo, vistos = _destino(raiz, nodo, vistos)
    if not isinstance(nodo, dict):
        return set()
    tipos = set(_tipos(nodo))
    for clave in ("anyOf", "oneOf"):
        if isinstance(nodo.get(clave), list):
            for r in nodo[clave]:
                tipos |= tipos_de(raiz, r, vistos)
    return tipos


def propiedades(esquema: Esquema) -> Iterator[tuple[str, dict, str, Any, str]]:
    """Every property of every object node of a published schema: (pointer of the object, the object,
    the property's name, its schema, its own pointer), in the walk's order."""
    for puntero, nodo in recorrer(esquema):
        props = nodo.get("properties")
        if not es_objeto(nodo) or not isinstance(props, dict):
            continue
        for nombre, sub in props.items():
            if isinstance(nombre, str):
                yield puntero, nodo, nombre, sub, f"{puntero}/properties/{escapar(nombre)}"


def filas_propiedades(herramienta: str, lado: str, esquema: Esquema) -> list[dict]:
    """`esquema_propiedad` rows of one published schema: every property of every object node."""
    filas = []
    for puntero, nodo, nombre, sub, lugar in propiedades(esquema):
        requeridas = nodo.get("required") if isinstance(nodo.get("required"), list) else []
        filas.append({"herramienta": herramienta, "lado": lado, "puntero": puntero, "propiedad": nombre,
                      "tipos": ",".join(sorted(tipos_de(esquema.valor, sub))), "coleccion": coleccion(esquema.valor, sub),
                      "anulable": anulable(esquema.valor, sub), "requerida": nombre in requeridas, **esquema.donde(lugar).fila()})
    return filas


def objetos_de(raiz: Any, puntero: str, nodo: Any, vistos: frozenset = frozenset()) -> list[str]:
    """The JSON pointers (as `recorrer` names them) of the object nodes a property's schema resolves to:
    itself when it is an object, where its local `$ref` chain ends, and those of its `anyOf`/`oneOf`
    branches (`Optional[Model]`). An array is not an object (its items are not looked into); a cycle
    or a dangling `$ref` resolves to nothing."""
    if not isinstance(nodo, dict):
        return []
    salida = [puntero] if es_objeto(nodo) else []
    siguientes: list[tuple[str, Any, frozenset]] = []
    if isinstance(nodo.get("$ref"), str):
        destino, p = resolver_ref(raiz, nodo["$ref"])
        if destino is not None and p not in vistos:
            siguientes.append((p, destino, vistos | {p}))
    for clave in ("anyOf", "oneOf"):
        if isinstance(nodo.get(clave), list):
            siguientes += [(f"{puntero}/{clave}/{i}", r, vistos) for i, r in enumerate(nodo[clave])]
    for p, sub, v in siguientes:
        salida += [x for x in objetos_de(raiz, p, sub, v) if x not in salida]
    return salida


def filas_hijos(herramienta: str, lado: str, esquema: Esquema) -> list[dict]:
    """`esquema_hijo` rows of one published schema: for every property of every object node, each
    object node its schema resolves to."""
    return [{"herramienta": herramienta, "lado": lado, "padre": puntero, "propiedad": nombre, "puntero": hijo,
             **esquema.donde(lugar).fila()}
            for puntero, _, nombre, sub, lugar in propiedades(esquema) for hijo in objetos_de(esquema.valor, lugar, sub)]


def valores_de(raiz: Any, nodo: Any, vistos: frozenset = frozenset()) -> list[str]:
    """The strings a property's schema enumerates: its `enum` and `const`, where its local `$ref` chain
    ends, and its `anyOf`/`oneOf` branches' (`Optional[Literal[...]]`, an Enum class); in order, once each."""
    nodo, vistos = _destino(raiz, nodo, vistos)
    if not isinstance(nodo, dict):
        return []
    salida = [v for v in nodo["enum"] if isinstance(v, str)] if isinstance(nodo.get("enum"), list) else []
    if isinstance(nodo.get("const"), str):
        salida.append(nodo["const"])
    for clave in ("anyOf", "oneOf"):
        if isinstance(nodo.get(clave), list):
            for rama in nodo[clave]:
                salida += valores_de(raiz, rama, vistos)
    return list(dict.fromkeys(salida))


def filas_valores(herramienta: str, lado: str, esquema: Esquema) -> list[dict]:
    """`esquema_valor` rows of one published schema: every string each property of every object node enumerates."""
    return [{"herramienta": herramienta, "lado": lado, "puntero": puntero, "propiedad": nombre, "valor": v,
             **esquema.donde(lugar).fila()}
            for puntero, _, nombre, sub, lugar in propiedades(esquema) for v in valores_de(esquema.valor, sub)]


def raiz_estricta(esquema: Esquema) -> bool:
    """The published output root has additionalProperties false (root `$ref` followed)."""
    nodo = esquema.valor
    if isinstance(nodo, dict) and "$ref" in nodo and "properties" not in nodo:
        destino, _ = resolver_ref(nodo, nodo["$ref"])
        nodo = destino if isinstance(destino, dict) else nodo
    return isinstance(nodo, dict) and nodo.get("additionalProperties") is False


def claves_declaradas(esquema: Esquema) -> list[str]:
    """Top-level properties of the published output schema."""
    nodo = esquema.valor
    if isinstance(nodo, dict) and "$ref" in nodo and "properties" not in nodo:
        destino, _ = resolver_ref(nodo, nodo["$ref"])
        nodo = destino if isinstance(destino, dict) else nodo
    props = nodo.get("properties") if isinstance(nodo, dict) else None
    return [k for k in props if isinstance(k, str)] if isinstance(props, dict) else []


def validez(esquema: Esquema) -> tuple[bool, Optional[str]]:
    """Draft 2020-12 meta-schema check: check_schema's answer and first error, from the flat
    meta-schema (metaesquema.py) when the installed one has the expected shape (jsonschema imported only here)."""
    if evidente(esquema.valor):  # plainly valid: jsonschema's import and validator are not needed
        return True, None
    from .metaesquema import validador

    v = validador()
    if v is not None:
        error = next(iter(v.iter_errors(esquema.valor)), None)
    else:
        from jsonschema import Draft202012Validator
        from jsonschema.exceptions import SchemaError

        try:
            Draft202012Validator.check_schema(esquema.valor)
            error = None
        except SchemaError as e:
            error = e
    if error is None:
        return True, None
    ruta = "/".join(str(p) for p in error.path)
    return False, f"{error.message} (at /{ruta})" if ruta else error.message


def raiz_objeto(esquema: Esquema) -> bool:
    """The root declares `type: "object"` (required on the wire through protocol 2025-11-25)."""
    return isinstance(esquema.valor, dict) and esquema.valor.get("type") == "object"


def declara_propiedades(esquema: Esquema) -> bool:
    """The published output root (root `$ref` followed) names at least one key in `properties`:
    false for a map (`dict[str, T]`, `{"type": "object", "additionalProperties": true}`) or a bare object."""
    return bool(claves_declaradas(esquema))


def marcar_primeras(filas: list[dict], *columnas: str) -> None:
    """Set `primera` on the rows of one tool: true on the first row (file, line, column) of each value of `columnas`."""
    primeras: dict[Any, tuple[str, int, int]] = {}
    for f in filas:
        lugar = (str(f.get("archivo") or ""), f.get("linea") or 0, f.get("columna") or 0)
        clave = tuple(f[c] for c in columnas)
        if clave not in primeras or lugar < primeras[clave]:
            primeras[clave] = lugar
    for f in filas:
        f["primera"] = (str(f.get("archivo") or ""), f.get("linea") or 0, f.get("columna") or 0) == primeras[tuple(f[c] for c in columnas)]


def lista_de_claves(filas: list[dict]) -> Optional[str]:
    """The distinct `clave` values of one tool's clave_emitida rows, sorted, comma-separated (None: no key)."""
    claves = sorted({f["clave"] for f in filas})
    return ", ".join(claves) if claves else None


def filas_de_esquemas(herramienta: str, esquemas: Mapping[str, Esquema], origen: Callable[[Esquema], str],
                      validar: Callable[[Esquema], tuple[bool, Optional[str]]]) -> Iterator[tuple[str, dict]]:
    """(relation, row) of one tool's published schemas, whoever read them (the source analysis or a
    live listing): `esquema` per side, its `esquema_nodo`, `esquema_propiedad`, `esquema_hijo` and `esquema_valor` rows, and the output's
    `clave_declarada`."""
    for lado in ("entrada", "salida"):
        esquema = esquemas.get(lado)
        if esquema is None:
            continue
        valido, error = validar(esquema)
        yield "esquema", dict(herramienta=herramienta, lado=lado, valido=valido, error=error, origen=origen(esquema),
                              raiz_objeto=raiz_objeto(esquema), contenido=json.dumps(esquema.valor, sort_keys=True),
                              **esquema.donde("").fila())
        for fila in filas_nodos(herramienta, lado, esquema):
            yield "esquema_nodo", fila
        for fila in filas_propiedades(herramienta, lado, esquema):
            yield "esquema_propiedad", fila
        for fila in filas_hijos(herramienta, lado, esquema):
            yield "esquema_hijo", fila
        for fila in filas_valores(herramienta, lado, esquema):
            yield "esquema_valor", fila
    if esquemas.get("salida") is not None:
        for clave in claves_declaradas(esquemas["salida"]):
            yield "clave_declarada", {"herramienta": herramienta, "clave": clave}
