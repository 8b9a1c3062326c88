"""Input/output schemas of decorator tools, following the decision order of the SDK family the
server is built with (`Servidor.familia`):

- `mcp1`: mcp 1.x `FastMCP` (`mcp.server.fastmcp`), `func_metadata` as mcp 1.23.0-1.30.0 have it;
- `mcp2`: mcp 2.x `MCPServer` (`mcp.server.mcpserver`), `func_metadata` as mcp 2.3.0 has it;
- `fastmcp`: the standalone package, `ParsedFunction.from_function` plus the schema dereferencing its
  server applies when it lists tools, as fastmcp 3.4.11 and 4.2.3 have them (they agree).

The import names the family: `mcp.server.fastmcp` exists only in mcp 1.x, `mcp.server.mcpserver`
only in 2.x. What the import cannot say (the minor version, fastmcp's major) is assumed as above. A
server that may be either major (`mcp`: code that imports both, e.g. in a try/except) gets what both
publish when they agree, and a `no_resuelto` saying they differ when they do not.
"""

from __future__ import annotations

import json
from typing import Any, Optional

import libcst as cst

from .anotaciones import Derivador, Generador, referencias, titulo
from .literales import describir
from .nodos import escapar
from .proyecto import termina_en
from .recolector import Modulo, texto_cadena
from .tipos import Esquema, NoResuelto, Pos

CONTENIDO = ("TextContent", "ImageContent", "AudioContent", "ResourceLink", "EmbeddedResource", "ContentBlock", "Image", "Audio")
CONTENIDO_FASTMCP = (*CONTENIDO, "File")
AYUDANTES = ("Image", "Audio")  # the SDK's plain helper classes: no annotations, so mcp 1.x derives no model
GENERICOS_BUILTIN = ("list", "dict", "tuple", "set", "frozenset", "type")
DEPENDENCIAS_FASTMCP = ("Depends", "CurrentContext", "CurrentFastMCP", "CurrentRequest", "CurrentHeaders",
                        "CurrentAccessToken", "CurrentDocket", "CurrentWorker", "TokenClaim", "Progress")


def es_mcp(nombres: set[str], *cortos: str) -> bool:
    """A qualified name from the mcp / mcp_types / fastmcp packages ending in one of `cortos`."""
    return any(n.split(".")[0] in ("mcp", "mcp_types", "fastmcp") and n.rsplit(".", 1)[-1] in cortos for n in nombres)


def _args(sub: cst.Subscript) -> list[cst.BaseExpression]:
    """Index expressions of a subscript."""
    return [e.slice.value for e in sub.slice if isinstance(e.slice, cst.Index)]


def _es_none(expr: cst.BaseExpression) -> bool:
    return isinstance(expr, cst.Name) and expr.value == "None"


def _sin_cadena(expr: cst.BaseExpression) -> cst.BaseExpression:
    """A string annotation parsed (as `get_type_hints` evaluates it); anything else as is."""
    texto = texto_cadena(expr)
    if texto is None:
        return expr
    try:
        return cst.parse_expression(texto)
    except cst.ParserSyntaxError:
        return expr


def _sin_alias(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> cst.BaseExpression:
    """A module-level type alias of the same file (`ResponseType = List[TextContent | ImageContent]`)
    replaced by what it names, as the SDK sees the annotation's value; anything else as is. An alias
    of another module is left: its names resolve there, and `salida` says so."""
    for _ in range(10):
        if not isinstance(expr, (cst.Name, cst.Attribute)):
            break
        d = der.proyecto.resolver(m, expr)
        if d is None or d.tipo != "constante" or d.modulo is not m \
                or not isinstance(d.nodo, (cst.Subscript, cst.Name, cst.Attribute, cst.BinaryOperation, cst.SimpleString)):
            break
        expr = _sin_cadena(d.nodo)
    return expr


def _forma(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> str:
    """The typing form a subscript's base names (`Annotated`, `Union`, `list`, ...), or ''."""
    if not isinstance(expr, cst.Subscript):
        return ""
    return next((n.rsplit(".", 1)[-1] for n in sorted(der.proyecto.calificados(m, expr.value))
                 if n.rpartition(".")[0] in ("typing", "typing_extensions", "collections.abc", "builtins")), "")


def _anotado(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> tuple[cst.BaseExpression, list[cst.BaseExpression]]:
    """`Annotated[T, *meta]` -> (T, meta); anything else -> (expr, [])."""
    expr = _sin_cadena(expr)
    if _forma(der, m, expr) == "Annotated":
        args = _args(expr)
        return _sin_cadena(args[0]), args[1:]
    return expr, []


def _ramas(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> Optional[list[cst.BaseExpression]]:
    """The arms of a union written `A | B`, `Union[A, B]` or `Optional[A]`; None for anything else."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return [r for lado in (expr.left, expr.right) for r in (_ramas(der, m, lado) or [lado])]
    forma = _forma(der, m, expr)
    if forma == "Optional":
        return [*_args(expr), cst.Name("None")]
    if forma == "Union":
        return [r for a in _args(expr) for r in (_ramas(der, m, a) or [a])]
    return None


def _hereda(der: Derivador, m: Modulo, expr: cst.BaseExpression, *cortos: str, profundidad: int = 0) -> bool:
    """Whether a type expression is one of the SDK classes `cortos` or an analyzed subclass of one."""
    if es_mcp(der.proyecto.calificados(m, expr), *cortos):
        return True
    d = der.proyecto.resolver(m, expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
    if d is None or d.tipo != "clase" or profundidad > 10:
        return False
    return any(_hereda(der, d.modulo, b.value, *cortos, profundidad=profundidad + 1) for b in d.nodo.bases)


def _devuelve_contenido(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> bool:
    """Mirror of mcp 2.x `_returns_content`: content blocks bare, in list/tuple/Sequence, or in a union."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return _devuelve_contenido(der, m, expr.left) or _devuelve_contenido(der, m, expr.right)
    if isinstance(expr, cst.Subscript):
        n = der.proyecto.calificados(m, expr.value)
        corto = {x.rsplit(".", 1)[-1] for x in n}
        if corto & {"Annotated"}:
            return _devuelve_contenido(der, m, _args(expr)[0])
        if corto & {"Union", "Optional", "list", "List", "tuple", "Tuple", "Sequence"}:
            return any(_devuelve_contenido(der, m, a) for a in _args(expr))
        return False
    return es_mcp(der.proyecto.calificados(m, expr), *CONTENIDO)


def modelos(familia: str) -> dict[str, Any]:
    """The SDK's own models (content blocks, `CallToolResult`) as a family publishes them, by class name."""
    texto = {"mcp1": _MODELOS_MCP1, "mcp2": _MODELOS_MCP2}.get(familia)
    if texto is None:
        return {}
    if familia not in _TABLAS:
        _TABLAS[familia] = {k: v for linea in texto.strip().splitlines() for k, v in json.loads(linea).items()}
    return _TABLAS[familia]


_TABLAS: dict[str, dict[str, Any]] = {}


# -- output --------------------------------------------------------------------------------------

def _una_de_dos(lado: str, derivar) -> Any:
    """Family `mcp` (either major, e.g. a try/except import of both): what mcp 1.x and 2.x agree on, or
    a NoResuelto that says they differ, since only the installed major decides."""
    resultados = []
    for familia in ("mcp1", "mcp2"):
        try:
            resultados.append(derivar(familia))
        except NoResuelto as e:
            resultados.append(e)
    uno, dos = resultados
    if isinstance(uno, NoResuelto) and isinstance(dos, NoResuelto):
        raise dos
    if not isinstance(uno, NoResuelto) and not isinstance(dos, NoResuelto) and _contenido(uno) == _contenido(dos):
        return dos
    raise NoResuelto(f"the code imports both mcp majors and they publish {lado} schemas that differ "
                     f"(1.x: {_resumen(uno)}; 2.x: {_resumen(dos)}); which one applies is decided by the installed SDK",
                     getattr(dos, "pos", None) or getattr(uno, "pos", None))


def _contenido(r: Any) -> Any:
    if isinstance(r, Esquema):
        return r.valor
    return (r[0], r[1].valor if r[1] is not None else None)


def _resumen(r: Any) -> str:
    if isinstance(r, NoResuelto):
        return "not modelled"
    esquema = r if isinstance(r, Esquema) else r[1]
    if esquema is None:
        return "none"
    return f"`{esquema.valor.get('title', 'untitled')}`"


# the first release of each SDK whose tools publish an outputSchema (mcp's FastMCP, the fastmcp package)
SALIDA_DESDE = {"mcp1": ("mcp", (1, 10)), "fastmcp": ("fastmcp", (2, 10))}


def salida(der: Derivador, m: Modulo, fn: cst.FunctionDef, estructurada: Optional[bool], familia: str,
           versiones: Optional[dict[str, tuple[int, ...]]] = None) -> tuple[str, Optional[Esquema]]:
    """(esquema_salida state, schema) of a decorated function; raises NoResuelto when it cannot follow.
    `versiones`: the SDK releases the project pins; one that predates output schemas publishes none."""
    if familia == "mcp":
        return _una_de_dos("output", lambda f: salida(der, m, fn, estructurada, f, versiones))
    nombre = fn.name.value
    paquete, desde = SALIDA_DESDE.get(familia, (None, None))
    fijada = (versiones or {}).get(paquete) if paquete else None
    if estructurada is False or (fijada is not None and fijada < desde):
        return "ninguno", None
    if fn.returns is None:
        if estructurada is True and familia != "fastmcp":
            raise NoResuelto(f"tool `{nombre}` asks for structured output without a return annotation (the SDK refuses it)", m.pos(fn))
        return "ninguno", None
    if familia == "fastmcp":
        return _salida_fastmcp(der, m, fn, _sin_alias(der, m, _sin_cadena(fn.returns.annotation)))
    return _salida_mcp(der, m, fn, estructurada, familia)


def _salida_mcp(der: Derivador, m: Modulo, fn: cst.FunctionDef, estructurada: Optional[bool], familia: str) -> tuple[str, Optional[Esquema]]:
    """`func_metadata`'s output half: InputRequiredResult (2.x), CallToolResult, content blocks (2.x), then the model."""
    nombre = fn.name.value
    original = _sin_alias(der, m, _sin_cadena(fn.returns.annotation))
    tipo, metadatos = _anotado(der, m, original)
    if familia == "mcp2" and _hereda(der, m, tipo, "InputRequiredResult"):
        return "ninguno", None
    ramas = _ramas(der, m, tipo)
    if ramas is not None and familia == "mcp2":
        resto = [r for r in ramas if not _hereda(der, m, r, "InputRequiredResult")]
        if not resto:
            return "ninguno", None
        if len(resto) != len(ramas):  # the data arms drive the schema, as if they had been the annotation
            original = resto[0]
            for r in resto[1:]:
                original = cst.BinaryOperation(original, cst.BitOr(), r)
            tipo, metadatos = _anotado(der, m, original)
            ramas = _ramas(der, m, tipo)
    if ramas is not None and len(ramas) > 1 and any(_hereda(der, m, r, "CallToolResult") for r in ramas if not _es_none(r)):
        raise NoResuelto(f"tool `{nombre}` returns a union holding CallToolResult (the SDK refuses it)", m.pos(fn.returns))
    if _hereda(der, m, tipo, "CallToolResult"):
        if not metadatos:
            return "ninguno", None
        tipo = original = _sin_cadena(metadatos[0])
    if familia == "mcp2" and estructurada is None and _devuelve_contenido(der, m, tipo):
        return "ninguno", None
    return _salida_sdk(der, Generador(der, modelos(familia)), m, fn, tipo, original, familia)


def _salida_sdk(der: Derivador, g: Generador, m: Modulo, fn: cst.FunctionDef, tipo: cst.BaseExpression,
                original: cst.BaseExpression, familia: str) -> tuple[str, Optional[Esquema]]:
    """`_create_output_model` (2.x) / `_try_create_model_and_schema` (1.x) over the syntax tree (Python >= 3.11)."""
    nombre = fn.name.value
    donde = m.pos(fn.returns) if fn.returns is not None else m.pos(fn)
    if _es_none(tipo):
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    if isinstance(tipo, cst.Subscript):
        base = g.que_es(m, tipo.value)
        if base.clase == "typing" and base.nombre in GENERICOS_BUILTIN and termina_en(der.proyecto.calificados(m, tipo.value), *(f"builtins.{x}" for x in GENERICOS_BUILTIN)):
            args = _args(tipo)
            if base.nombre == "dict" and len(args) == 2 and g.que_es(m, args[0]).nombre == "str":
                esquema = g.esquema(m, tipo, "")
                esquema["title"] = f"{nombre}DictOutput"
                g.posiciones.setdefault("", donde)
                return "modelo", der._cerrar(g, None, donde, inline=True, raiz=esquema)
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    if isinstance(tipo, cst.BinaryOperation):
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    t = g.que_es(m, tipo)
    if t.clase == "cadena":
        return _salida_sdk(der, g, m, fn, cst.parse_expression(t.nombre), original, familia)
    if t.clase in ("builtin", "formato"):
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    if t.clase == "typing":
        if t.nombre in ("Any", "object") or t.nombre in GENERICOS_BUILTIN:
            return "ninguno", None
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    if familia == "mcp1" and es_mcp(der.proyecto.calificados(m, tipo), *AYUDANTES):
        return "ninguno", None
    if t.clase == "sdk" and g.bloques:
        if t.nombre == "ContentBlock":  # a union alias, not a class: wrapped
            return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
        g.modelo_sdk(t.nombre, donde)  # a BaseModel of the SDK: its own schema (1.x always, 2.x with structured_output=True)
        g.posiciones.setdefault(f"/$defs/{t.nombre}", donde)
        return "modelo", der._cerrar(g, t.nombre, donde, inline=True)
    if t.clase == "clase":
        d = t.definicion
        tipo_clase = der.tipo_de_clase(d.modulo, d.nodo)
        if tipo_clase == "typeddict" and familia == "mcp1":
            return "modelo", der._cerrar(g, None, d.modulo.pos(d.nodo), inline=True, raiz=_modelo_de_typeddict(der, g, d.modulo, d.nodo))
        if tipo_clase in ("modelo", "typeddict"):
            g.referencia(d, donde)
            return "modelo", der._cerrar(g, d.nombre, d.modulo.pos(d.nodo), inline=True)
        if tipo_clase == "enum":
            return "ninguno", None
        g.origen_def[d.nombre] = (d.modulo.archivo, id(d.nodo))
        raiz = _modelo_de_clase(der, g, d.modulo, d.nodo)
        if raiz is None:
            return "ninguno", None
        return "modelo", der._cerrar(g, None, d.modulo.pos(d.nodo), inline=True, raiz=raiz)
    if t.clase == "sdk":
        raise NoResuelto(f"return annotation `{describir(m, tipo)}` of `{nombre}` is a model of the MCP SDK whose schema is not modelled", donde)
    if t.clase == "alias":
        raise NoResuelto(f"return annotation `{describir(m, tipo)}` of `{nombre}` is a type alias defined in another module "
                         f"(`{t.definicion.modulo.archivo}`), which is not modelled", donde)
    raise NoResuelto(f"return annotation `{describir(m, tipo)}` of `{nombre}` is not defined in an analyzed file"
                     f"{der.proyecto.pista_venv(t.definicion)}", donde)


def _modelo_de_clase(der: Derivador, g: Generador, m: Modulo, clase: cst.ClassDef) -> Optional[dict[str, Any]]:
    """`_create_model_from_class`: a plain model named like the class (no docstring, default config)."""
    g.posiciones[""] = m.pos(clase)
    propiedades: dict[str, Any] = {}
    requeridos: list[str] = []
    for cm, paso, nombre in der._campos(m, clase, "dataclass"):
        clave, esquema, requerido = der.campo_esquema(g, cm, paso, nombre, "clase_sdk", True, "/properties")
        propiedades[clave] = esquema
        if requerido:
            requeridos.append(clave)
    if not propiedades:
        return None
    raiz = {"properties": propiedades, "title": clase.name.value, "type": "object"}
    if requeridos:
        raiz["required"] = requeridos
    return raiz


def _modelo_de_typeddict(der: Derivador, g: Generador, m: Modulo, clase: cst.ClassDef) -> dict[str, Any]:
    """mcp 1.x `_create_model_from_typeddict`: `create_model` over `get_type_hints(td)` — no docstring, no
    config, `Annotated` metadata and `Required`/`NotRequired`/`ReadOnly` stripped, keys outside
    `__required_keys__` given the default None."""
    g.posiciones[""] = m.pos(clase)
    total = True
    for kw in clase.keywords:
        if kw.keyword is not None and kw.keyword.value == "total":
            total = der.literales.evaluar(m, kw.value) is not False
    propiedades: dict[str, Any] = {}
    requeridos: list[str] = []
    for cm, paso, nombre in der._campos(m, clase, "typeddict"):
        ann, requerido = paso.annotation.annotation, total
        while isinstance(ann, cst.Subscript) and _forma(der, cm, ann) in ("Required", "NotRequired", "ReadOnly", "Annotated"):
            requerido = {"Required": True, "NotRequired": False}.get(_forma(der, cm, ann), requerido)
            ann = _args(ann)[0]
        valor = None if requerido else cst.Name("None")
        sencillo = cst.AnnAssign(target=paso.target, annotation=cst.Annotation(ann), value=valor)
        clave, esquema, _ = der.campo_esquema(g, cm, sencillo, nombre, "clase_sdk", True, "/properties", cm.pos(paso))
        propiedades[clave] = esquema
        if requerido:
            requeridos.append(clave)
    raiz = {"properties": propiedades, "title": clase.name.value, "type": "object"}
    if requeridos:
        raiz["required"] = requeridos
    return raiz


def _fastmcp_sin_esquema(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> bool:
    """fastmcp publishes no output schema: None/Any/`...`, bytes or a `ToolResult` (subclasses too) as the
    type or an arm of a top-level union/Annotated, or a content block / Image / Audio / File anywhere in
    the type's arguments (`replace_type` makes them unserializable)."""
    expr = _sin_cadena(expr)
    if _es_none(expr) or isinstance(expr, cst.Ellipsis) or termina_en(der.proyecto.calificados(m, expr), "typing.Any"):
        return True

    def miembro(e: cst.BaseExpression) -> bool:
        e = _sin_cadena(e)
        ramas = _ramas(der, m, e)
        if ramas is not None:
            return any(miembro(r) for r in ramas if not _es_none(r))
        if _forma(der, m, e) == "Annotated":
            return miembro(_args(e)[0])
        return termina_en(der.proyecto.calificados(m, e), "builtins.bytes") or _hereda(der, m, e, "ToolResult")

    def contenido(e: cst.BaseExpression) -> bool:
        e = _sin_cadena(e)
        if isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.BitOr):
            return contenido(e.left) or contenido(e.right)
        if isinstance(e, cst.Subscript):
            return contenido(e.value) or any(contenido(a) for a in _args(e))
        return es_mcp(der.proyecto.calificados(m, e), *CONTENIDO_FASTMCP)

    return miembro(expr) or contenido(expr)


def _salida_fastmcp(der: Derivador, m: Modulo, fn: cst.FunctionDef, tipo: cst.BaseExpression) -> tuple[str, Optional[Esquema]]:
    """fastmcp: the type's serialization schema when it is an object, else wrapped with `x-fastmcp-wrap-result`;
    titles pruned and references inlined, as fastmcp publishes them."""
    if _fastmcp_sin_esquema(der, m, tipo):
        return "ninguno", None
    g = Generador(der)  # the SDK's own models follow the mcp major fastmcp runs on: not modelled
    donde = m.pos(fn.returns) if fn.returns is not None else m.pos(fn)
    t = g.que_es(m, tipo.value if isinstance(tipo, cst.Subscript) else tipo)
    esquema = g.esquema(m, tipo, "")
    if t.clase == "clase" and not isinstance(tipo, cst.Subscript) and _es_objeto(g.defs.get(t.nombre, {})):
        return "modelo", compactar(der._cerrar(g, t.nombre, t.definicion.modulo.pos(t.definicion.nodo), inline=True))
    if _es_objeto(esquema):
        g.posiciones.setdefault("", donde)
        return "modelo", compactar(der._cerrar(g, None, donde, inline=True, raiz=esquema))
    g.posiciones = {(p if p.startswith("/$defs/") else "/properties/result" + p): v for p, v in g.posiciones.items()}
    g.posiciones[""] = donde
    raiz = {"properties": {"result": esquema}, "required": ["result"], "type": "object", "x-fastmcp-wrap-result": True}
    e = compactar(der._cerrar(g, None, donde, inline=True, raiz=raiz))
    e.envoltura = True
    return "modelo", e


# -- fastmcp's compress_schema(prune_titles=True) and list-time dereference_refs -------------------

def _es_objeto(esquema: dict[str, Any]) -> bool:
    """fastmcp's `_is_object_schema` (the `$ref` case is the class root above)."""
    return esquema.get("type") == "object" or "properties" in esquema


_ESTRUCTURA = {"type", "properties", "$ref", "items", "allOf", "oneOf", "anyOf", "required"}
_METADATOS = {"title", "description", "deprecated", "readOnly", "writeOnly"}
_MAPAS = {"properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"}
_LITERALES = {"default", "const", "examples", "example", "enum"}
_LISTAS = {"allOf", "anyOf", "oneOf", "prefixItems"}
_VALORES = {"items", "additionalItems", "additionalProperties", "contains", "contentSchema", "propertyNames",
            "unevaluatedItems", "unevaluatedProperties", "if", "then", "else", "not"}


def _sin_titulos(nodo: Any, en_esquema: bool = True) -> Any:
    """`_single_pass_optimize(prune_titles=True)`: a string `title` goes from every schema node that has
    a structural keyword or only metadata keys; literal values and unknown keywords are left alone."""
    if isinstance(nodo, list):
        return [_sin_titulos(v, en_esquema) for v in nodo]
    if not isinstance(nodo, dict):
        return nodo
    salida = dict(nodo)
    if en_esquema and isinstance(salida.get("title"), str) and (_ESTRUCTURA & salida.keys() or salida.keys() <= _METADATOS):
        salida.pop("title")
    for clave, valor in salida.items():
        if not en_esquema:
            salida[clave] = _sin_titulos(valor, False)
        elif clave in _MAPAS and isinstance(valor, dict):
            salida[clave] = {k: _sin_titulos(v) for k, v in valor.items()}
        elif clave in _LITERALES:
            continue
        elif clave in _LISTAS and isinstance(valor, list):
            salida[clave] = [_sin_titulos(v) for v in valor]
        elif clave in _VALORES:
            salida[clave] = _sin_titulos(valor)
        else:
            salida[clave] = _sin_titulos(valor, False)
    return salida


def _ciclica(defs: dict[str, Any]) -> bool:
    """Whether the `$defs` reference one another in a cycle."""
    aristas = {k: {r.rsplit("/", 1)[-1] for r in referencias(v) if r.startswith("#/$defs/")} for k, v in defs.items()}
    estado: dict[str, int] = {}

    def visita(k: str) -> bool:
        if estado.get(k) == 1:
            return True
        if estado.get(k) == 2 or k not in aristas:
            return False
        estado[k] = 1
        if any(visita(s) for s in aristas[k]):
            return True
        estado[k] = 2
        return False

    return any(visita(k) for k in aristas)


def compactar(e: Esquema) -> Esquema:
    """A schema as fastmcp publishes it: titles pruned, every local `$ref` inlined (the `$ref`'s sibling
    keywords win) and `$defs` dropped, unless the definitions are cyclic. Positions follow the inlining."""
    valor = _sin_titulos(e.valor)
    defs = valor.get("$defs")
    if not isinstance(defs, dict) or _ciclica(defs):
        return Esquema(valor, e.origen, e.clase, e.posiciones, e.envoltura)
    posiciones: dict[str, Pos] = {p: v for p, v in e.posiciones.items() if not p.startswith("/$defs/")}

    def copia(p_def: str, destino: str) -> None:
        for p, v in e.posiciones.items():
            if p == p_def or p.startswith(p_def + "/"):
                posiciones.setdefault(destino + p[len(p_def):], v)

    def inline(nodo: Any, puntero: str) -> Any:
        if isinstance(nodo, list):
            return [inline(v, f"{puntero}/{i}") for i, v in enumerate(nodo)]
        if not isinstance(nodo, dict):
            return nodo
        ref = nodo.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/") and ref[len("#/$defs/"):] in defs:
            nombre = ref[len("#/$defs/"):]
            copia(f"/$defs/{escapar(nombre)}", puntero)
            hermanos = {k: inline(v, f"{puntero}/{escapar(k)}") for k, v in nodo.items() if k != "$ref"}
            return {**inline(defs[nombre], puntero), **hermanos}
        return {k: (v if k in _LITERALES else inline(v, f"{puntero}/{escapar(k)}")) for k, v in nodo.items()}

    raiz = inline({k: v for k, v in valor.items() if k != "$defs"}, "")
    return Esquema(raiz, e.origen, e.clase, posiciones, e.envoltura)


# -- input ---------------------------------------------------------------------------------------

def _nombra_contexto(der: Derivador, m: Modulo, ann: cst.BaseExpression, familia: str, nivel: int = 0) -> bool:
    """mcp `find_context_parameter`: a Context class (subclasses and parametrizations too), or one among the
    arguments of a generic (`Optional[Context]`, `Context | None`); `Annotated` is looked through. fastmcp's
    `is_class_member_of_type`: the class itself or an arm of a union/Annotated, at any depth."""
    ann = _sin_cadena(ann)
    ramas = _ramas(der, m, ann)
    if ramas is not None:
        return (familia == "fastmcp" or nivel == 0) and any(_nombra_contexto(der, m, r, familia, nivel + 1) for r in ramas)
    if isinstance(ann, cst.Subscript):
        if _forma(der, m, ann) == "Annotated":
            return _nombra_contexto(der, m, _args(ann)[0], familia, nivel)
        if _hereda(der, m, ann.value, "Context"):  # `Context[ServerSession, None]`: pydantic makes it a subclass
            return True
        return familia != "fastmcp" and nivel == 0 and any(_nombra_contexto(der, m, a, familia, 1) for a in _args(ann))
    return _hereda(der, m, ann, "Context")


def es_contexto(der: Derivador, m: Modulo, param: cst.Param, familia: str = "mcp2") -> bool:
    """Whether a parameter receives the request Context (skipped from the input schema)."""
    return param.annotation is not None and _nombra_contexto(der, m, param.annotation.annotation, familia)


def _resuelto_mcp2(der: Derivador, m: Modulo, param: cst.Param) -> bool:
    """An mcp 2.x parameter filled by a resolver (`Annotated[T, Resolve(fn)]` at the top level): the
    SDK's `find_resolved_parameters`, skipped from the input schema."""
    if param.annotation is None:
        return False
    ann = _sin_cadena(param.annotation.annotation)
    if not (isinstance(ann, cst.Subscript) and _forma(der, m, ann) == "Annotated"):
        return False
    return any(isinstance(meta, cst.Call) and any(n.split(".")[0] == "mcp" and n.rsplit(".", 1)[-1] == "Resolve"
                                                  for n in der.proyecto.calificados(m, meta.func))
               for meta in _args(ann)[1:])


def _inyectado_fastmcp(der: Derivador, m: Modulo, param: cst.Param) -> bool:
    """A fastmcp dependency parameter (`= Depends(...)`, `= CurrentContext()`, ...), resolved by the server."""
    return isinstance(param.default, cst.Call) and es_mcp(der.proyecto.calificados(m, param.default.func), *DEPENDENCIAS_FASTMCP)


def inyectado(der: Derivador, m: Modulo, param: cst.Param) -> bool:
    """A parameter the server fills and the client never sends (skipped from the input schema): an
    mcp 2.x resolver's (`Annotated[T, Resolve(fn)]`) or a fastmcp dependency (`= Depends(...)`)."""
    return _resuelto_mcp2(der, m, param) or _inyectado_fastmcp(der, m, param)


def entrada(der: Derivador, m: Modulo, fn: cst.FunctionDef, familia: str) -> Esquema:
    """The `{fn}Arguments` model schema of the function's parameters (fastmcp: its function TypeAdapter's)."""
    if familia == "mcp":
        return _una_de_dos("input", lambda f: entrada(der, m, fn, f))
    g = Generador(der, modelos(familia))
    g.posiciones[""] = m.pos(fn)
    propiedades: dict[str, Any] = {}
    requeridos: list[str] = []
    p = fn.params
    estrellas = [x for x in (p.star_arg, p.star_kwarg) if isinstance(x, cst.Param)]
    if estrellas and familia == "fastmcp":  # fastmcp raises ValueError when such a function is registered
        raise NoResuelto(f"tool `{fn.name.value}` takes *args/**kwargs, which fastmcp refuses to register "
                         "(\"Functions with *args are not supported as tools\")", m.pos(fn))
    # mcp's func_metadata reads every parameter of the signature, `*args` and `**kwargs` as fields of
    # their own name (required, as they have no default), in signature order
    todos = [*p.posonly_params, *p.params, *([p.star_arg] if isinstance(p.star_arg, cst.Param) else []),
             *p.kwonly_params, *([p.star_kwarg] if isinstance(p.star_kwarg, cst.Param) else [])]
    contexto = False
    for param in todos:
        nombre = param.name.value
        if nombre == "self":
            continue
        if (familia == "fastmcp" or not contexto) and es_contexto(der, m, param, familia):
            contexto = True  # mcp skips the first Context parameter only; fastmcp injects every one
            continue
        if familia == "fastmcp" and _inyectado_fastmcp(der, m, param):
            continue
        if familia == "mcp2" and _resuelto_mcp2(der, m, param):
            continue
        puntero = f"/properties/{escapar(nombre)}"
        g.posiciones[puntero] = m.pos(param)
        requerido = param.default is None
        if param.annotation is None:
            esquema: dict[str, Any] = {"title": titulo(nombre)} if familia == "fastmcp" else {"title": nombre, "type": "string"}
            if param.default is not None:
                esquema["default"] = der.valor_por_defecto(m, param.default)
        else:
            paso = cst.AnnAssign(target=cst.Name(nombre), annotation=param.annotation, value=param.default)
            _, esquema, requerido = der.campo_esquema(g, m, paso, nombre, "modelo", True, "/properties", m.pos(param),
                                                      descripcion_en_cadena=familia == "fastmcp")
        propiedades[nombre] = esquema
        if requerido:
            requeridos.append(nombre)
    raiz: dict[str, Any] = {"properties": propiedades, "title": f"{fn.name.value}Arguments", "type": "object"}
    if requeridos:
        raiz["required"] = requeridos
    if familia == "fastmcp":
        raiz.pop("title")
        raiz["additionalProperties"] = False
        return compactar(der._cerrar(g, None, m.pos(fn), inline=True, raiz=raiz))
    return der._cerrar(g, None, m.pos(fn), inline=True, raiz=raiz)


# What each family publishes for the SDK's own models: `Model.model_json_schema()` of TextContent, ImageContent,
# AudioContent, ResourceLink, EmbeddedResource and CallToolResult, merged by definition (pydantic 2.14).
# mcp1: mcp 1.23.0 and 1.30.0 publish the same; mcp2: mcp 2.3.0. One definition a line.
_MODELOS_MCP1 = r"""
{"Annotations": {"additionalProperties": true, "properties": {"audience": {"anyOf": [{"items": {"enum": ["user", "assistant"], "type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "title": "Audience"}, "priority": {"anyOf": [{"maximum": 1.0, "minimum": 0.0, "type": "number"}, {"type": "null"}], "default": null, "title": "Priority"}}, "title": "Annotations", "type": "object"}}
{"AudioContent": {"additionalProperties": true, "description": "Audio content for a message.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "data": {"title": "Data", "type": "string"}, "mimeType": {"title": "Mimetype", "type": "string"}, "type": {"const": "audio", "title": "Type", "type": "string"}}, "required": ["type", "data", "mimeType"], "title": "AudioContent", "type": "object"}}
{"BlobResourceContents": {"additionalProperties": true, "description": "Binary contents of a resource.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "blob": {"title": "Blob", "type": "string"}, "mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "uri": {"format": "uri", "minLength": 1, "title": "Uri", "type": "string"}}, "required": ["uri", "blob"], "title": "BlobResourceContents", "type": "object"}}
{"CallToolResult": {"additionalProperties": true, "description": "The server's response to a tool call.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "content": {"items": {"anyOf": [{"$ref": "#/$defs/TextContent"}, {"$ref": "#/$defs/ImageContent"}, {"$ref": "#/$defs/AudioContent"}, {"$ref": "#/$defs/ResourceLink"}, {"$ref": "#/$defs/EmbeddedResource"}]}, "title": "Content", "type": "array"}, "isError": {"default": false, "title": "Iserror", "type": "boolean"}, "structuredContent": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Structuredcontent"}}, "required": ["content"], "title": "CallToolResult", "type": "object"}}
{"EmbeddedResource": {"additionalProperties": true, "description": "The contents of a resource, embedded into a prompt or tool call result.\n\nIt is up to the client how best to render embedded resources for the benefit\nof the LLM and/or the user.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "resource": {"anyOf": [{"$ref": "#/$defs/TextResourceContents"}, {"$ref": "#/$defs/BlobResourceContents"}], "title": "Resource"}, "type": {"const": "resource", "title": "Type", "type": "string"}}, "required": ["type", "resource"], "title": "EmbeddedResource", "type": "object"}}
{"Icon": {"additionalProperties": true, "description": "An icon for display in user interfaces.", "properties": {"mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "sizes": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "title": "Sizes"}, "src": {"title": "Src", "type": "string"}}, "required": ["src"], "title": "Icon", "type": "object"}}
{"ImageContent": {"additionalProperties": true, "description": "Image content for a message.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "data": {"title": "Data", "type": "string"}, "mimeType": {"title": "Mimetype", "type": "string"}, "type": {"const": "image", "title": "Type", "type": "string"}}, "required": ["type", "data", "mimeType"], "title": "ImageContent", "type": "object"}}
{"ResourceLink": {"additionalProperties": true, "description": "A resource that the server is capable of reading, included in a prompt or tool call result.\n\nNote: resource links returned by tools are not guaranteed to appear in the results of `resources/list` requests.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "description": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Description"}, "icons": {"anyOf": [{"items": {"$ref": "#/$defs/Icon"}, "type": "array"}, {"type": "null"}], "default": null, "title": "Icons"}, "mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "name": {"title": "Name", "type": "string"}, "size": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": null, "title": "Size"}, "title": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Title"}, "type": {"const": "resource_link", "title": "Type", "type": "string"}, "uri": {"format": "uri", "minLength": 1, "title": "Uri", "type": "string"}}, "required": ["name", "uri", "type"], "title": "ResourceLink", "type": "object"}}
{"TextContent": {"additionalProperties": true, "description": "Text content for a message.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "text": {"title": "Text", "type": "string"}, "type": {"const": "text", "title": "Type", "type": "string"}}, "required": ["type", "text"], "title": "TextContent", "type": "object"}}
{"TextResourceContents": {"additionalProperties": true, "description": "Text contents of a resource.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "text": {"title": "Text", "type": "string"}, "uri": {"format": "uri", "minLength": 1, "title": "Uri", "type": "string"}}, "required": ["uri", "text"], "title": "TextResourceContents", "type": "object"}}
"""

_MODELOS_MCP2 = r"""
{"Annotations": {"description": "Optional annotations the client can use to inform how objects are used or displayed.", "properties": {"audience": {"anyOf": [{"items": {"enum": ["user", "assistant"], "type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "title": "Audience"}, "lastModified": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Lastmodified"}, "priority": {"anyOf": [{"maximum": 1.0, "minimum": 0.0, "type": "number"}, {"type": "null"}], "default": null, "title": "Priority"}}, "title": "Annotations", "type": "object"}}
{"AudioContent": {"description": "Audio provided to or from an LLM.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "data": {"title": "Data", "type": "string"}, "mimeType": {"title": "Mimetype", "type": "string"}, "type": {"const": "audio", "default": "audio", "title": "Type", "type": "string"}}, "required": ["data", "mimeType"], "title": "AudioContent", "type": "object"}}
{"BlobResourceContents": {"description": "Binary contents of a resource.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "blob": {"title": "Blob", "type": "string"}, "mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "uri": {"title": "Uri", "type": "string"}}, "required": ["uri", "blob"], "title": "BlobResourceContents", "type": "object"}}
{"CallToolResult": {"description": "The server's response to a tool call.\n\nErrors that originate from the tool SHOULD be reported inside the result\nwith `is_error` set to true, not as an MCP protocol-level error, so the LLM\ncan see and self-correct. Errors in finding the tool, or any other\nexceptional condition, should be reported as an MCP error response.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "content": {"items": {"anyOf": [{"$ref": "#/$defs/TextContent"}, {"$ref": "#/$defs/ImageContent"}, {"$ref": "#/$defs/AudioContent"}, {"$ref": "#/$defs/ResourceLink"}, {"$ref": "#/$defs/EmbeddedResource"}]}, "title": "Content", "type": "array"}, "isError": {"default": false, "title": "Iserror", "type": "boolean"}, "resultType": {"anyOf": [{"enum": ["complete", "input_required"], "type": "string"}, {"type": "string"}], "default": "complete", "title": "Resulttype"}, "structuredContent": {"default": null, "title": "Structuredcontent"}}, "required": ["content"], "title": "CallToolResult", "type": "object"}}
{"EmbeddedResource": {"description": "The contents of a resource, embedded into a prompt or tool call result.\n\nIt is up to the client how best to render embedded resources for the benefit\nof the LLM and/or the user.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "resource": {"anyOf": [{"$ref": "#/$defs/TextResourceContents"}, {"$ref": "#/$defs/BlobResourceContents"}], "title": "Resource"}, "type": {"const": "resource", "default": "resource", "title": "Type", "type": "string"}}, "required": ["resource"], "title": "EmbeddedResource", "type": "object"}}
{"Icon": {"description": "An optionally-sized icon for display in a user interface (2025-11-25+).", "properties": {"mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "sizes": {"anyOf": [{"items": {"type": "string"}, "type": "array"}, {"type": "null"}], "default": null, "title": "Sizes"}, "src": {"title": "Src", "type": "string"}, "theme": {"anyOf": [{"enum": ["light", "dark"], "type": "string"}, {"type": "null"}], "default": null, "title": "Theme"}}, "required": ["src"], "title": "Icon", "type": "object"}}
{"ImageContent": {"description": "An image provided to or from an LLM.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "data": {"title": "Data", "type": "string"}, "mimeType": {"title": "Mimetype", "type": "string"}, "type": {"const": "image", "default": "image", "title": "Type", "type": "string"}}, "required": ["data", "mimeType"], "title": "ImageContent", "type": "object"}}
{"ResourceLink": {"description": "A resource that the server is capable of reading, included in a prompt or tool call result.\n\nNote: resource links returned by tools are not guaranteed to appear in the results of `resources/list` requests.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "description": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Description"}, "icons": {"anyOf": [{"items": {"$ref": "#/$defs/Icon"}, "type": "array"}, {"type": "null"}], "default": null, "title": "Icons"}, "mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "name": {"title": "Name", "type": "string"}, "size": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": null, "title": "Size"}, "title": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Title"}, "type": {"const": "resource_link", "default": "resource_link", "title": "Type", "type": "string"}, "uri": {"title": "Uri", "type": "string"}}, "required": ["name", "uri"], "title": "ResourceLink", "type": "object"}}
{"TextContent": {"description": "Text provided to or from an LLM.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "annotations": {"anyOf": [{"$ref": "#/$defs/Annotations"}, {"type": "null"}], "default": null}, "text": {"title": "Text", "type": "string"}, "type": {"const": "text", "default": "text", "title": "Type", "type": "string"}}, "required": ["text"], "title": "TextContent", "type": "object"}}
{"TextResourceContents": {"description": "Text contents of a resource.", "properties": {"_meta": {"anyOf": [{"additionalProperties": true, "type": "object"}, {"type": "null"}], "default": null, "title": "Meta"}, "mimeType": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null, "title": "Mimetype"}, "text": {"title": "Text", "type": "string"}, "uri": {"title": "Uri", "type": "string"}}, "required": ["uri", "text"], "title": "TextResourceContents", "type": "object"}}
"""
