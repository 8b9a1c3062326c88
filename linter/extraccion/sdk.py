"""Input/output schemas of decorator tools, following the SDK's func_metadata decision order."""

from __future__ import annotations

from typing import Any, Optional

import libcst as cst

from .anotaciones import Derivador, Generador
from .literales import describir
from .proyecto import termina_en
from .recolector import Modulo
from .tipos import Esquema, NoResuelto

CONTENIDO = ("TextContent", "ImageContent", "AudioContent", "ResourceLink", "EmbeddedResource", "Image", "Audio")
GENERICOS_BUILTIN = ("list", "dict", "tuple", "set", "frozenset", "type")


def _es_mcp(nombres: set[str], *cortos: str) -> bool:
    """A qualified name from the mcp / mcp_types / fastmcp packages ending in one of `cortos`."""
    return any(n.split(".")[0] in ("mcp", "mcp_types", "fastmcp") and n.rsplit(".", 1)[-1] in cortos for n in nombres)


def _args(sub: cst.Subscript) -> list[cst.BaseExpression]:
    """Index expressions of a subscript."""
    return [e.slice.value for e in sub.slice if isinstance(e.slice, cst.Index)]


def _devuelve_contenido(der: Derivador, m: Modulo, expr: cst.BaseExpression) -> bool:
    """Mirror of `_returns_content`: content blocks bare, in list/tuple/Sequence, or in a union."""
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
    return _es_mcp(der.proyecto.calificados(m, expr), *CONTENIDO)


def salida(der: Derivador, m: Modulo, fn: cst.FunctionDef, estructurada: Optional[bool], estilo: str) -> tuple[str, Optional[Esquema]]:
    """(esquema_salida state, schema) of a decorated function; raises NoResuelto when it cannot follow."""
    nombre = fn.name.value
    if estructurada is False:
        return "ninguno", None
    if fn.returns is None:
        if estructurada is True:
            raise NoResuelto(f"tool `{nombre}` asks for structured output without a return annotation (the SDK refuses it)", m.pos(fn))
        return "ninguno", None
    ann = fn.returns.annotation
    g = Generador(der)
    metadatos: list[cst.BaseExpression] = []
    tipo = ann
    if isinstance(ann, cst.SimpleString):
        tipo = cst.parse_expression(ann.evaluated_value)
    if isinstance(tipo, cst.Subscript) and termina_en(der.proyecto.calificados(m, tipo.value), "typing.Annotated", "typing_extensions.Annotated"):
        args = _args(tipo)
        tipo, metadatos = args[0], args[1:]
    nombres = der.proyecto.calificados(m, tipo)
    if _es_mcp(nombres, "InputRequiredResult"):
        return "ninguno", None
    if _es_mcp(nombres, "CallToolResult", "ToolResult"):
        if not metadatos or estilo == "fastmcp":
            return "ninguno", None
        tipo, ann = metadatos[0], metadatos[0]
    if estructurada is None and _devuelve_contenido(der, m, tipo):
        return "ninguno", None
    if estilo == "fastmcp":
        return _salida_fastmcp(der, g, m, fn, tipo)
    return _salida_sdk(der, g, m, fn, tipo, ann if not metadatos else tipo)


def _salida_sdk(der: Derivador, g: Generador, m: Modulo, fn: cst.FunctionDef, tipo: cst.BaseExpression,
                original: cst.BaseExpression) -> tuple[str, Optional[Esquema]]:
    """`_create_output_model` over the syntax tree (Python >= 3.11 semantics)."""
    nombre = fn.name.value
    donde = m.pos(fn.returns) if fn.returns is not None else m.pos(fn)
    if isinstance(tipo, cst.Name) and tipo.value == "None":
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
        return _salida_sdk(der, g, m, fn, cst.parse_expression(t.nombre), original)
    if t.clase in ("builtin", "formato"):
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    if t.clase == "typing":
        if t.nombre in ("Any", "object") or t.nombre in GENERICOS_BUILTIN:
            return "ninguno", None
        return "modelo", der.envolver(g, m, original, f"{nombre}Output", donde)
    if t.clase == "clase":
        d = t.definicion
        tipo_clase = der.tipo_de_clase(d.modulo, d.nodo)
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
    raise NoResuelto(f"return annotation `{describir(m, tipo)}` of `{nombre}` is not defined in an analyzed file", donde)


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


def _salida_fastmcp(der: Derivador, g: Generador, m: Modulo, fn: cst.FunctionDef, tipo: cst.BaseExpression) -> tuple[str, Optional[Esquema]]:
    """fastmcp: the type's own schema when it is an object, else wrapped with `x-fastmcp-wrap-result`."""
    donde = m.pos(fn.returns) if fn.returns is not None else m.pos(fn)
    t = g.que_es(m, tipo.value if isinstance(tipo, cst.Subscript) else tipo)
    if t.clase == "typing" and t.nombre in ("Any", "object") and not isinstance(tipo, cst.Subscript):
        return "ninguno", None
    if isinstance(tipo, cst.Name) and tipo.value == "None":
        return "ninguno", None
    if t.clase == "clase" and not isinstance(tipo, cst.Subscript):
        g.referencia(t.definicion, donde)
        return "modelo", der._cerrar(g, t.nombre, t.definicion.modulo.pos(t.definicion.nodo), inline=True)
    esquema = g.esquema(m, tipo, "")
    if esquema.get("type") == "object":
        g.posiciones.setdefault("", donde)
        return "modelo", der._cerrar(g, None, donde, inline=True, raiz=esquema)
    g.posiciones = {"/properties/result" + p: v for p, v in g.posiciones.items()}
    g.posiciones[""] = donde
    raiz = {"properties": {"result": esquema}, "required": ["result"], "type": "object", "x-fastmcp-wrap-result": True}
    e = der._cerrar(g, None, donde, inline=True, raiz=raiz)
    e.envoltura = True
    return "modelo", e


def es_contexto(der: Derivador, m: Modulo, param: cst.Param) -> bool:
    """Whether a parameter receives the request Context (skipped from the input schema)."""
    if param.annotation is None:
        return False
    ann = param.annotation.annotation
    base = ann.value if isinstance(ann, cst.Subscript) else ann
    return _es_mcp(der.proyecto.calificados(m, base), "Context")


def entrada(der: Derivador, m: Modulo, fn: cst.FunctionDef, estilo: str) -> Esquema:
    """The `{fn}Arguments` model schema of the function's parameters."""
    g = Generador(der)
    g.posiciones[""] = m.pos(fn)
    propiedades: dict[str, Any] = {}
    requeridos: list[str] = []
    p = fn.params
    if p.star_arg not in (None, cst.MaybeSentinel.DEFAULT) and isinstance(p.star_arg, cst.Param) or p.star_kwarg is not None:
        raise NoResuelto(f"tool `{fn.name.value}` takes *args/**kwargs; its input schema is not modelled", m.pos(fn))
    for param in [*p.posonly_params, *p.params, *p.kwonly_params]:
        nombre = param.name.value
        if es_contexto(der, m, param) or nombre == "self":
            continue
        puntero = f"/properties/{nombre}"
        g.posiciones[puntero] = m.pos(param)
        if param.annotation is None:
            esquema: dict[str, Any] = {"title": nombre, "type": "string"}
        else:
            paso = cst.AnnAssign(target=cst.Name(nombre), annotation=param.annotation, value=param.default)
            _, esquema, _ = der.campo_esquema(g, m, paso, nombre, "modelo", True, "/properties", m.pos(param))
        if param.default is not None and param.annotation is None:
            esquema["default"] = der.valor_por_defecto(m, param.default)
        propiedades[nombre] = esquema
        if param.default is None:
            requeridos.append(nombre)
    raiz: dict[str, Any] = {"properties": propiedades, "title": f"{fn.name.value}Arguments", "type": "object"}
    if requeridos:
        raiz["required"] = requeridos
    if estilo == "fastmcp":
        raiz.pop("title")
    return der._cerrar(g, None, m.pos(fn), inline=True, raiz=raiz)

