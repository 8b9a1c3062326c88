"""Derive JSON Schemas from type annotations the way pydantic (validation mode) writes them."""

from __future__ import annotations

import inspect
import json
from typing import Any, Optional

import libcst as cst

from .literales import Literales, describir
from .nodos import escapar
from .proyecto import Definicion, Proyecto, termina_en
from .recolector import Modulo, texto_cadena
from .tipos import Esquema, NoResuelto, Pos

TYPING = ("typing", "typing_extensions", "collections.abc")
BLOQUES = ("TextContent", "ImageContent", "AudioContent", "ResourceLink", "EmbeddedResource")
MODELOS_SDK = (*BLOQUES, "ContentBlock", "CallToolResult")
PRIMITIVOS = {"str": {"type": "string"}, "int": {"type": "integer"}, "float": {"type": "number"},
              "bool": {"type": "boolean"}, "bytes": {"type": "string", "format": "binary"},
              "NoneType": {"type": "null"}}
PYDANTIC = {  # pydantic's own types, as pydantic 2.14 writes them (validation and serialization alike)
    "AnyUrl": {"format": "uri", "minLength": 1, "type": "string"},
    "AnyHttpUrl": {"format": "uri", "minLength": 1, "type": "string"},
    "FileUrl": {"format": "uri", "minLength": 1, "type": "string"},
    "HttpUrl": {"format": "uri", "maxLength": 2083, "minLength": 1, "type": "string"},
    "PositiveInt": {"exclusiveMinimum": 0, "type": "integer"}, "NegativeInt": {"exclusiveMaximum": 0, "type": "integer"},
    "NonNegativeInt": {"minimum": 0, "type": "integer"}, "NonPositiveInt": {"maximum": 0, "type": "integer"},
    "PositiveFloat": {"exclusiveMinimum": 0, "type": "number"}, "NegativeFloat": {"exclusiveMaximum": 0, "type": "number"},
    "NonNegativeFloat": {"minimum": 0, "type": "number"}, "NonPositiveFloat": {"maximum": 0, "type": "number"},
    "StrictStr": {"type": "string"}, "StrictInt": {"type": "integer"}, "StrictFloat": {"type": "number"},
    "StrictBool": {"type": "boolean"}, "SecretStr": {"format": "password", "type": "string", "writeOnly": True},
    "FilePath": {"format": "file-path", "type": "string"}, "DirectoryPath": {"format": "directory-path", "type": "string"},
}
FORMATOS = {"datetime.datetime": "date-time", "datetime.date": "date", "datetime.time": "time",
            "uuid.UUID": "uuid", "datetime.timedelta": "duration"}
CAMPO_CLAVES = {"default", "default_factory", "description", "title", "alias", "ge", "le", "gt", "lt",
                "min_length", "max_length", "pattern", "examples", "deprecated", "json_schema_extra", "discriminator"}
CAMPO = ("pydantic.Field", "pydantic.fields.Field", "dataclasses.field")
RESTRICCIONES_TEXTO = ("pydantic.StringConstraints", "pydantic.types.StringConstraints")
RESTRICCIONES_TEXTO_CLAVES = {"min_length", "max_length", "pattern"}
RESTRICCIONES_TEXTO_SIN_ESQUEMA = {"strip_whitespace", "to_upper", "to_lower", "strict"}
# pydantic's functional validators: these three run around the type's own validation and leave its
# JSON schema as it is; PlainValidator replaces the validation, so the schema is its
# `json_schema_input_type` (Any, no type at all, when not given).
VALIDADORES_SIN_ESQUEMA = tuple(f"{m}.{v}" for m in ("pydantic", "pydantic.functional_validators")
                                for v in ("BeforeValidator", "AfterValidator", "WrapValidator"))
# What makes pydantic read `Annotated` metadata (annotated_types' grouped metadata is iterated);
# a metadata class defining none of these, with every base read, leaves the schema as the type's.
GANCHOS_PYDANTIC = frozenset({"__get_pydantic_core_schema__", "__get_pydantic_json_schema__", "__get_validators__",
                              "__modify_schema__", "__is_annotated_types_grouped_metadata__", "__iter__"})
PROTOCOLOS = ("typing.Protocol", "typing_extensions.Protocol")  # also what makes a class a protocol (Programa)
# Bases that define none of those hooks (the neutral bases of a plain class).
BASES_NEUTRAS = ("abc.", "typing.Generic", *PROTOCOLOS)
VALIDADOR_PLANO = ("pydantic.PlainValidator", "pydantic.functional_validators.PlainValidator")
RESTRICCIONES = {"ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum", "lt": "exclusiveMaximum", "pattern": "pattern"}


def titulo(nombre: str) -> str:
    """pydantic's title for a field name."""
    return nombre.title().replace("_", " ").strip()


class Tipo:
    """What an annotation expression denotes: a typing form, a builtin, an analyzed class, or unknown."""

    def __init__(self, clase: str, nombre: str, definicion: Optional[Definicion] = None) -> None:
        self.clase, self.nombre, self.definicion = clase, nombre, definicion


class Generador:
    """Builds one published schema: its `$defs`, positions and the type -> schema mapping.

    `bloques` holds the SDK's own models (content blocks, `CallToolResult`) as the SDK family the
    server uses publishes them, by class name; empty when that family's schemas are not modelled."""

    def __init__(self, derivador: "Derivador", bloques: Optional[dict[str, Any]] = None) -> None:
        self.d = derivador
        self.defs: dict[str, Any] = {}
        self.origen_def: dict[str, tuple[str, int]] = {}
        self.posiciones: dict[str, Pos] = {}
        self.extra_contexto: Optional[str] = None
        self.bloques: dict[str, Any] = bloques or {}

    # -- classification ------------------------------------------------------
    def que_es(self, m: Modulo, expr: cst.BaseExpression) -> Tipo:
        """Classify an annotation expression."""
        if isinstance(expr, cst.Name) and expr.value == "None":
            return Tipo("builtin", "NoneType")
        texto = texto_cadena(expr)
        if texto is not None:
            return Tipo("cadena", texto)
        d = self.d.proyecto.resolver(m, expr) if isinstance(expr, (cst.Name, cst.Attribute)) else None
        if d is None and isinstance(expr, (cst.Name, cst.Attribute)):
            d = self._anidada(m, expr)
        d = self.d.proyecto.instalada(d) or d  # a class or alias of an installed package (the project's venv)
        if d is not None and d.tipo == "clase":
            return Tipo("clase", d.nombre, d)
        nombres = self.d.proyecto.calificados(m, expr)
        for n in sorted(nombres):
            modulo, _, corto = n.rpartition(".")
            if modulo in TYPING or modulo == "builtins" and corto in ("list", "dict", "set", "frozenset", "tuple", "type", "object"):
                return Tipo("typing", corto)
            if modulo == "builtins" and corto in PRIMITIVOS:
                return Tipo("builtin", corto)
            if n in FORMATOS:
                return Tipo("formato", n)
            if n.split(".")[0] == "pydantic" and corto in PYDANTIC:
                return Tipo("pydantic", corto)
        if d is not None and d.tipo == "constante":
            return Tipo("alias", d.nombre, d)
        for n in sorted(nombres):
            if n.split(".")[0] in ("mcp", "mcp_types") and n.rsplit(".", 1)[-1] in MODELOS_SDK:
                return Tipo("sdk", n.rsplit(".", 1)[-1])
        return Tipo("externo", sorted(nombres)[0] if nombres else describir(m, expr), d)

    def _anidada(self, m: Modulo, expr: cst.BaseExpression) -> Optional[Definicion]:
        """A class defined in another class's body: `Shrimp` read in that body (or a nested one), or
        `ShrimpTank.Shrimp` / `A.B.C` through an analyzed class. pydantic names it by its own name."""
        if isinstance(expr, cst.Attribute):
            base = self.d.proyecto.resolver(m, expr.value) if isinstance(expr.value, cst.Name) else \
                self._anidada(m, expr.value) if isinstance(expr.value, cst.Attribute) else None
            if base is None and isinstance(expr.value, cst.Attribute):
                base = self.d.proyecto.resolver(m, expr.value)
            if base is None or base.tipo != "clase" or base.modulo is None:
                return None
            interna = _clase_en(base.nodo, expr.attr.value)
            return Definicion("clase", expr.attr.value, base.modulo, interna) if interna is not None else None
        assert isinstance(expr, cst.Name)
        if expr.value not in m.clases_anidadas:
            return None  # no class body of this module defines that name (and parents cost a tree walk)
        actual = m.padres.get(expr)
        while actual is not None:
            if isinstance(actual, cst.ClassDef):
                interna = _clase_en(actual, expr.value)
                if interna is not None:
                    return Definicion("clase", expr.value, m, interna)
            actual = m.padres.get(actual)
        return None

    # -- types -> schema -----------------------------------------------------
    def esquema(self, m: Modulo, expr: cst.BaseExpression, puntero: str) -> dict[str, Any]:
        """JSON Schema of a type expression."""
        base, argumentos = expr, []
        if isinstance(expr, cst.Subscript):
            base = expr.value
            for el in expr.slice:
                if not isinstance(el.slice, cst.Index):
                    raise NoResuelto(f"annotation `{describir(m, expr)}` uses a slice", m.pos(expr))
                argumentos.append(el.slice.value)
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
            return self._union(m, _ramas_or(expr), puntero)
        t = self.que_es(m, base)
        if t.clase == "cadena":
            try:
                sub = cst.parse_expression(t.nombre)
            except cst.ParserSyntaxError:
                raise NoResuelto(f"string annotation `{t.nombre}` does not parse", m.pos(expr)) from None
            return self.esquema(m, sub, puntero)
        if t.clase == "builtin":
            return dict(PRIMITIVOS[t.nombre])
        if t.clase == "formato":
            return {"format": FORMATOS[t.nombre], "type": "string"}
        if t.clase == "pydantic":
            return dict(PYDANTIC[t.nombre])
        if t.clase == "clase":
            return self.referencia(t.definicion, m.pos(expr))
        if t.clase == "alias":
            return self.esquema(t.definicion.modulo, t.definicion.nodo, puntero)
        if t.clase == "typing":
            return self._typing(m, expr, t.nombre, argumentos, puntero)
        if t.clase == "sdk" and self.bloques:
            return self.modelo_sdk(t.nombre, m.pos(expr))
        if t.clase == "sdk":
            raise NoResuelto(f"type `{describir(m, expr)}` is a model of the MCP SDK whose schema this server's SDK family "
                             "publishes is not modelled", m.pos(expr))
        raise NoResuelto(f"type `{describir(m, expr)}` ({t.nombre}) is not defined in an analyzed file and is not modelled"
                         f"{self.d.proyecto.pista_venv(t.definicion)}", m.pos(expr))

    def _typing(self, m: Modulo, expr: cst.BaseExpression, nombre: str, args: list[cst.BaseExpression], puntero: str) -> dict[str, Any]:
        """Schema of a typing/builtin generic form."""
        if nombre in ("Any", "object"):
            return {}
        if nombre == "Optional" and len(args) == 1:
            return self._union(m, [args[0], cst.Name("None")], puntero)
        if nombre == "Union":
            return self._union(m, args, puntero)
        if nombre in ("List", "list", "Sequence", "MutableSequence", "Iterable", "Set", "set", "FrozenSet", "frozenset", "AbstractSet"):
            salida = {"items": self.esquema(m, args[0], puntero + "/items") if args else {}, "type": "array"}
            if nombre in ("Set", "set", "FrozenSet", "frozenset", "AbstractSet"):
                salida["uniqueItems"] = True
            return salida
        if nombre in ("Tuple", "tuple"):
            if len(args) == 2 and isinstance(args[1], cst.Ellipsis):
                return {"items": self.esquema(m, args[0], puntero + "/items"), "type": "array"}
            if not args:
                return {"items": {}, "type": "array"}
            prefijo = [self.esquema(m, a, f"{puntero}/prefixItems/{i}") for i, a in enumerate(args)]
            return {"maxItems": len(args), "minItems": len(args), "prefixItems": prefijo, "type": "array"}
        if nombre in ("Dict", "dict", "Mapping", "MutableMapping"):
            if not args:
                return {"additionalProperties": True, "type": "object"}
            valor = self.esquema(m, args[1], puntero + "/additionalProperties") if len(args) == 2 else {}
            return {"additionalProperties": valor if valor else True, "type": "object"}
        if nombre == "Literal":
            valores = [self.d.literales.evaluar(m, a) for a in args]
            tipos = {type(v) for v in valores}
            salida: dict[str, Any] = {"const": valores[0]} if len(valores) == 1 else {"enum": valores}
            nombre_json = {str: "string", int: "integer", bool: "boolean", float: "number"}
            if len(tipos) == 1 and next(iter(tipos)) in nombre_json:
                salida["type"] = nombre_json[next(iter(tipos))]
            return salida
        if nombre == "Annotated" and args:
            esquema = self.esquema(m, args[0], puntero)
            for meta in args[1:]:
                info = self.d.campo(m, meta)
                if "plano" in info:
                    esquema = self.plano(info.pop("plano"), puntero)
                _aplicar(esquema, info, m, meta, self.defs)
            return esquema
        raise NoResuelto(f"typing form `{nombre}` in `{describir(m, expr)}` is not modelled", m.pos(expr))

    def plano(self, entrada: tuple[Modulo, Optional[cst.BaseExpression]], puntero: str) -> dict[str, Any]:
        """The schema a `PlainValidator` publishes: its `json_schema_input_type`'s, or none (Any)."""
        m, tipo = entrada
        return {} if tipo is None else self.esquema(m, tipo, puntero)

    def _union(self, m: Modulo, ramas: list[cst.BaseExpression], puntero: str) -> dict[str, Any]:
        """anyOf of the branches, as `typing` builds the union: nested unions (`A | B`, `Union[...]`,
        `Optional[...]`) flattened and repeated branches dropped."""
        planas: list[cst.BaseExpression] = []
        vistas: set[str] = set()
        pendientes = list(reversed(ramas))  # a stack, not a recursive closure: a closure that calls itself
        while pendientes:                   # is a reference cycle holding the module until a full collection
            r = pendientes.pop()
            if isinstance(r, cst.BinaryOperation) and isinstance(r.operator, cst.BitOr):
                pendientes.extend(reversed(_ramas_or(r)))
                continue
            if isinstance(r, cst.Subscript) and self.que_es(m, r.value).nombre in ("Union", "Optional") and self.que_es(m, r.value).clase == "typing":
                argumentos = [e.slice.value for e in r.slice if isinstance(e.slice, cst.Index)]
                pendientes.extend(reversed(argumentos + ([cst.Name("None")] if self.que_es(m, r.value).nombre == "Optional" else [])))
                continue
            clave = cst.Module([]).code_for_node(r)
            if clave not in vistas:
                vistas.add(clave)
                planas.append(r)
        esquemas = [self.esquema(m, r, f"{puntero}/anyOf/{i}") for i, r in enumerate(planas)]
        return esquemas[0] if len(esquemas) == 1 else {"anyOf": esquemas}

    def modelo_sdk(self, nombre: str, donde: Pos) -> dict[str, Any]:
        """A `$ref` to one of the SDK's own models (`ContentBlock`: the union of the five blocks),
        copying its definition, and those it references, from the family's table."""
        if nombre == "ContentBlock":
            return {"anyOf": [self.modelo_sdk(b, donde) for b in BLOQUES]}
        pendientes = [nombre]
        while pendientes:
            actual = pendientes.pop()
            clave = ("<sdk>", 0)
            if actual in self.origen_def and self.origen_def[actual] != clave:
                raise NoResuelto(f"two classes named `{actual}` meet in one schema; pydantic renames them and this is not modelled", donde)
            if actual in self.origen_def:
                continue
            self.origen_def[actual] = clave
            self.defs[actual] = definicion = json.loads(json.dumps(self.bloques[actual]))
            pendientes.extend(r.rsplit("/", 1)[-1] for r in referencias(definicion))
        return {"$ref": f"#/$defs/{nombre}"}

    def referencia(self, d: Definicion, donde: Pos) -> dict[str, Any]:
        """A `$ref` to the definition of an analyzed class, generating it once."""
        nombre = d.nombre
        clave = (d.modulo.archivo, id(d.nodo))
        if nombre in self.origen_def and self.origen_def[nombre] != clave:
            raise NoResuelto(f"two classes named `{nombre}` meet in one schema; pydantic renames them and this is not modelled", donde)
        if nombre not in self.origen_def:
            self.origen_def[nombre] = clave
            self.defs[nombre] = {}
            self.defs[nombre] = self.d.clase(self, d.modulo, d.nodo, f"/$defs/{escapar(nombre)}")
        return {"$ref": f"#/$defs/{nombre}"}


def referencias(x: Any) -> list[str]:
    """Every `$ref` value inside a schema."""
    if isinstance(x, dict):
        return [*([x["$ref"]] if isinstance(x.get("$ref"), str) else []), *(r for v in x.values() for r in referencias(v))]
    if isinstance(x, list):
        return [r for v in x for r in referencias(v)]
    return []


def _clase_en(clase: Optional[cst.CSTNode], nombre: str) -> Optional[cst.ClassDef]:
    """The class named `nombre` that the body of `clase` defines, if any."""
    if not isinstance(clase, cst.ClassDef) or not isinstance(clase.body, cst.IndentedBlock):
        return None
    return next((s for s in clase.body.body if isinstance(s, cst.ClassDef) and s.name.value == nombre), None)


def _ramas_or(expr: cst.BaseExpression) -> list[cst.BaseExpression]:
    """Operands of an `A | B | C` chain."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return [*_ramas_or(expr.left), *_ramas_or(expr.right)]
    return [expr]


def _aplicar(esquema: dict[str, Any], info: dict[str, Any], m: Modulo, nodo: cst.CSTNode,
             defs: Optional[dict[str, Any]] = None) -> None:
    """Apply Field(...) constraints to a schema; on `Optional[T]` they constrain `T`, as pydantic does.
    `defs`: the schema's `$defs` so far (a discriminated union reads its branches' tags there)."""
    restricciones = {k: v for k, v in info.items() if k in RESTRICCIONES or k in ("min_length", "max_length")}
    if restricciones and "anyOf" in esquema:
        ramas = [r for r in esquema["anyOf"] if r != {"type": "null"}]
        if len(ramas) != 1:
            raise NoResuelto(f"constraints {sorted(restricciones)} on a union of several types are not modelled", m.pos(nodo))
        _aplicar(ramas[0], restricciones, m, nodo)
        info = {k: v for k, v in info.items() if k not in restricciones}
    for clave, valor in info.items():
        if clave in RESTRICCIONES:
            esquema[RESTRICCIONES[clave]] = valor
        elif clave in ("min_length", "max_length"):
            tipo = esquema.get("type")
            sufijo = "Items" if tipo == "array" else "Properties" if tipo == "object" else "Length"
            esquema[("min" if clave == "min_length" else "max") + sufijo] = valor
        elif clave == "examples":
            esquema["examples"] = valor
        elif clave == "deprecated" and valor:  # True or a message: pydantic publishes `deprecated: true`
            esquema["deprecated"] = True
        elif clave == "json_schema_extra":  # pydantic updates the schema with it (a field's: after its title)
            if not isinstance(valor, dict):
                raise NoResuelto("json_schema_extra that is not a dict literal is not modelled", m.pos(nodo))
            esquema.update(valor)
        elif clave == "discriminator":
            _discriminar(esquema, valor, defs or {}, m, nodo)


def _discriminar(esquema: dict[str, Any], propiedad: Any, defs: dict[str, Any], m: Modulo, nodo: cst.CSTNode) -> None:
    """`Field(discriminator="tipo")` on a union of models: pydantic publishes `oneOf` their `$ref`s and a
    `discriminator` mapping each value of their `tipo` Literal to its model."""
    ramas = esquema.get("anyOf")
    if not isinstance(propiedad, str) or not isinstance(ramas, list) or len(ramas) < 2 \
            or not all(isinstance(r, dict) and set(r) == {"$ref"} and r["$ref"].startswith("#/$defs/") for r in ramas):
        raise NoResuelto("a discriminator on anything but a union of models is not modelled", m.pos(nodo))
    mapeo: dict[str, str] = {}
    for rama in ramas:
        campo = (defs.get(rama["$ref"][len("#/$defs/"):]) or {}).get("properties", {}).get(propiedad, {})
        valores = [campo["const"]] if "const" in campo else campo.get("enum")
        if not valores or not all(isinstance(v, str) for v in valores):
            raise NoResuelto(f"discriminator `{propiedad}`: `{rama['$ref']}` has no Literal field of that name", m.pos(nodo))
        mapeo.update({v: rama["$ref"] for v in valores})
    del esquema["anyOf"]
    esquema["oneOf"] = ramas
    esquema["discriminator"] = {"mapping": dict(sorted(mapeo.items())), "propertyName": propiedad}


def clave_de_campo(info: dict[str, Any], nombre: str) -> str:
    """The property a field is published and serialized under: its `Field(alias=...)`, else its name."""
    alias = info.get("alias")
    return alias if isinstance(alias, str) and alias else nombre


class Derivador:
    """Annotation-to-schema derivation for SDK and fastmcp decorator tools."""

    def __init__(self, proyecto: Proyecto, literales: Literales) -> None:
        self.proyecto = proyecto
        self.literales = literales
        self.avisos: list[NoResuelto] = []
        literales.esquema_de_modelo = self.esquema_de_modelo

    # -- Field(...) -----------------------------------------------------------
    def campo_de(self, m: Modulo, expr: cst.BaseExpression, profundidad: int = 0) -> Optional[tuple[Modulo, cst.Call]]:
        """The `Field(...)` call `expr` is, written in place or bound to a module-level constant
        (`limit: int = LIMIT_FIELD`, `Annotated[int, LIMIT_FIELD]`), with the module it is written in."""
        if isinstance(expr, cst.Call):
            return (m, expr) if termina_en(self.proyecto.calificados(m, expr.func), *CAMPO) else None
        if isinstance(expr, (cst.Name, cst.Attribute)) and profundidad < 10:
            d = self.proyecto.resolver(m, expr)
            if d is not None and d.tipo == "constante" and d.modulo is not None:
                return self.campo_de(d.modulo, d.nodo, profundidad + 1)
            local = self._local(m, expr) if d is None and isinstance(expr, cst.Name) else None
            if local is not None:  # `api_field = Field(...)` in the function that registers the tool
                return self.campo_de(m, local, profundidad + 1)
        return None

    @classmethod
    def _local(cls, m: Modulo, nombre: cst.Name) -> Optional[cst.BaseExpression]:
        """The one value a function enclosing `nombre` binds that name to, when that function binds it
        exactly once (a default read from a variable of the registering function)."""
        ligados = cls._ligados(m, nombre)
        return ligados[0] if len(ligados) == 1 else None

    @staticmethod
    def _ligados(m: Modulo, nombre: cst.Name) -> list[Optional[cst.BaseExpression]]:
        """The values the nearest function enclosing `nombre` that binds that name binds it to."""
        if not any(nombre.value in info.asignaciones for info in m.info.values()):
            return []  # no function of the module binds it (and parents cost a tree walk)
        hijo, actual = nombre, m.padres.get(nombre)
        while actual is not None and not isinstance(actual, cst.Module):
            # a default is read where its function is defined, not in that function's body
            if isinstance(actual, cst.FunctionDef) and hijo is not actual.params:
                info = m.funcion(actual)
                if info is not None and nombre.value in info.asignaciones:
                    return [a.valor for a in info.asignaciones[nombre.value]]
            hijo, actual = actual, m.padres.get(actual)
        return []

    def campo(self, m: Modulo, nodo: cst.BaseExpression, profundidad: int = 0) -> dict[str, Any]:
        """Keyword arguments of a `Field(...)` call, or the constraints of a `StringConstraints(...)`,
        directly or through a module-level constant; {} for metadata pydantic ignores (a string, a number)."""
        encontrado = self.campo_de(m, nodo)
        if encontrado is None and isinstance(nodo, (cst.Name, cst.Attribute)):
            d = self.proyecto.resolver(m, nodo)
            d = self.proyecto.instalada(d) or d
            if d is not None and d.tipo == "clase" and d.modulo is not None:
                return self._metadato_ignorado(d, m.pos(nodo))
            if d is None or d.tipo != "constante" or d.modulo is None or profundidad >= 10:
                raise NoResuelto(f"annotation metadata `{describir(m, nodo)}` is not a module-level constant of an analyzed file"
                                 f"{self.proyecto.pista_venv(d)}", m.pos(nodo))
            return self.campo(d.modulo, d.nodo, profundidad + 1)
        if encontrado is None:
            nombres = self.proyecto.calificados(m, nodo.func) if isinstance(nodo, cst.Call) else set()
            if termina_en(nombres, *RESTRICCIONES_TEXTO):
                return self._restricciones_texto(m, nodo)
            if nombres & set(VALIDADORES_SIN_ESQUEMA):
                return {}
            if nombres & set(VALIDADOR_PLANO):
                entrada = next((a.value for a in nodo.args if a.keyword is not None and a.keyword.value == "json_schema_input_type"), None)
                return {"plano": (m, entrada)}
            if isinstance(nodo, cst.Call):
                clase = self.proyecto.resolver(m, nodo.func) if isinstance(nodo.func, (cst.Name, cst.Attribute)) else None
                clase = self.proyecto.instalada(clase) or clase
                if clase is not None and clase.tipo == "clase" and clase.modulo is not None:
                    return self._metadato_ignorado(clase, m.pos(nodo))  # `Logged(length_only=True)`
                raise NoResuelto(f"annotation metadata `{describir(m, nodo)}` is not modelled", m.pos(nodo))
            return {}
        m, nodo = encontrado
        info: dict[str, Any] = {}
        for i, a in enumerate(nodo.args):
            clave = a.keyword.value if a.keyword is not None else ("default" if i == 0 else None)
            if clave is None or clave not in CAMPO_CLAVES:
                raise NoResuelto(f"Field argument `{clave or describir(m, a.value)}` is not modelled", m.pos(a))
            if clave == "default_factory":
                info[clave] = True
                continue
            if clave == "default" and isinstance(a.value, cst.Ellipsis):
                continue
            info.update(self._defecto(m, a.value) if clave == "default" else {clave: self.valor_por_defecto(m, a.value)})
        return info

    def _metadato_ignorado(self, d: Definicion, donde: Pos) -> dict[str, Any]:
        """`Annotated` metadata that is a class, or an instance of one, of the project or its venv:
        pydantic ignores it (its schema is the bare type's) unless the class or one of its bases
        hooks into pydantic. Every base must be read to say so; a base outside what is read, a
        metaclass or a hook leaves the schema unread."""
        pendientes, vistas = [d], set()
        while pendientes:
            actual = pendientes.pop()
            if actual.modulo is None or not isinstance(actual.nodo, cst.ClassDef):
                raise NoResuelto(f"annotation metadata `{d.nombre}`: class `{actual.nombre}` cannot be read", donde)
            if id(actual.nodo) in vistas:
                continue
            vistas.add(id(actual.nodo))
            if len(vistas) > 50:
                raise NoResuelto(f"annotation metadata `{d.nombre}` has too many bases to read", donde)
            # what the class body defines: its methods and bindings, as the collector recorded them
            cuerpo = {*actual.modulo.metodos.get(id(actual.nodo), {}), *actual.modulo.atributos_clase.get(id(actual.nodo), {})}
            gancho = next((n for n in sorted(cuerpo) if n in GANCHOS_PYDANTIC), None)
            if gancho is not None:
                raise NoResuelto(f"annotation metadata `{d.nombre}`: class `{actual.nombre}` defines `{gancho}`, "
                                 "which changes the schema pydantic publishes in a way that is not modelled", donde)
            for base in actual.nodo.bases:
                if base.keyword is not None:
                    raise NoResuelto(f"annotation metadata `{d.nombre}`: class `{actual.nombre}` passes "
                                     f"`{base.keyword.value}=` to its class statement, which is not modelled", donde)
                definida = self.proyecto.resolver(actual.modulo, base.value) \
                    if isinstance(base.value, (cst.Name, cst.Attribute)) else None
                definida = self.proyecto.instalada(definida) or definida
                if definida is not None and definida.tipo == "clase":
                    pendientes.append(definida)
                    continue
                nombres = self.proyecto.calificados(actual.modulo, base.value)
                if not nombres or not all(n in ("builtins.object", "object") or n.startswith(BASES_NEUTRAS) for n in nombres):
                    fuera = sorted(nombres)[0] if nombres else describir(actual.modulo, base.value)
                    raise NoResuelto(f"annotation metadata `{d.nombre}`: its base `{fuera}` is not defined in an "
                                     "analyzed file (set `venv` in [tool.oracle] to read installed packages)", donde)
        return {}

    def _defecto(self, m: Modulo, nodo: cst.BaseExpression) -> dict[str, Any]:
        """`{"default": value}`; a default computed when the module is imported (`os.environ.get(...)`,
        a call) makes the field optional all the same: `{"default_computado": True}`, its value unknown."""
        try:
            return {"default": self.valor_por_defecto(m, nodo)}
        except NoResuelto:
            if isinstance(nodo, cst.Name) and any(v is not None and self.campo_de(m, v) is not None
                                                  for v in self._ligados(m, nodo)):
                # one of its bindings is a Field(...): which one publishes the schema is not known
                raise NoResuelto(f"default `{nodo.value}` is bound more than once, to a Field(...) among other values",
                                 m.pos(nodo)) from None
            return {"default_computado": True}

    def _cadena(self, m: Modulo, expr: cst.BaseExpression) -> Optional[str]:
        """A string literal, or a module-level constant bound to one."""
        texto = texto_cadena(expr)
        if texto is None and isinstance(expr, (cst.Name, cst.Attribute)):
            d = self.proyecto.resolver(m, expr)
            if d is not None and d.tipo == "constante" and d.modulo is not None:
                texto = texto_cadena(d.nodo)
        return texto

    def _restricciones_texto(self, m: Modulo, nodo: cst.Call) -> dict[str, Any]:
        """`StringConstraints(...)`: length and pattern constraints (the transformations leave the schema as is)."""
        info: dict[str, Any] = {}
        for a in nodo.args:
            clave = a.keyword.value if a.keyword is not None else None
            if clave in RESTRICCIONES_TEXTO_SIN_ESQUEMA:
                continue
            if clave not in RESTRICCIONES_TEXTO_CLAVES:
                raise NoResuelto(f"StringConstraints argument `{clave or describir(m, a.value)}` is not modelled", m.pos(a))
            valor = self.valor_por_defecto(m, a.value)
            if valor is not None:
                info[clave] = valor
        return info

    def valor_por_defecto(self, m: Modulo, nodo: cst.BaseExpression) -> Any:
        """JSON value of a default: literals, constants, enum members, empty set()/list()/dict()."""
        if isinstance(nodo, cst.Call) and not nodo.args:
            n = self.proyecto.calificados(m, nodo.func)
            if termina_en(n, "builtins.set", "builtins.list", "builtins.frozenset", "builtins.tuple"):
                return []
            if termina_en(n, "builtins.dict"):
                return {}
        if isinstance(nodo, cst.Attribute):
            d = self.proyecto.resolver(m, nodo.value)
            if d is not None and d.tipo == "clase":
                for miembro, valor in self._miembros(d.modulo, d.nodo):
                    if miembro == nodo.attr.value:
                        return valor
        return self.literales.evaluar(m, nodo)

    # -- classes -------------------------------------------------------------
    def tipo_de_clase(self, m: Modulo, clase: cst.ClassDef, profundidad: int = 0) -> str:
        """`modelo`, `typeddict`, `dataclass`, `enum` or `otra`."""
        for dec in clase.decorators:
            objetivo = dec.decorator.func if isinstance(dec.decorator, cst.Call) else dec.decorator
            if termina_en(self.proyecto.calificados(m, objetivo), "dataclasses.dataclass", "pydantic.dataclasses.dataclass"):
                return "dataclass"
        for base in clase.bases:
            n = self.proyecto.calificados(m, base.value)
            if termina_en(n, "pydantic.BaseModel", "pydantic.main.BaseModel"):
                return "modelo"
            if any(x.rpartition(".")[0] in TYPING and x.endswith(".TypedDict") for x in n):
                return "typeddict"
            if termina_en(n, "enum.Enum", "enum.StrEnum", "enum.IntEnum"):
                return "enum"
            d = self.proyecto.resolver(m, base.value)
            if d is not None and d.tipo == "clase" and profundidad < 10:
                tipo = self.tipo_de_clase(d.modulo, d.nodo, profundidad + 1)
                if tipo != "otra":
                    return tipo
        return "otra"

    def _miembros(self, m: Modulo, clase: cst.ClassDef) -> list[tuple[str, Any]]:
        """Members of an Enum class with literal values."""
        salida = []
        for s in clase.body.body:
            if isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.Assign):
                a = s.body[0]
                if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name):
                    salida.append((a.targets[0].target.value, self.literales.evaluar(m, a.value)))
        return salida

    def _campos(self, m: Modulo, clase: cst.ClassDef, tipo: str, profundidad: int = 0) -> list[tuple[Modulo, cst.AnnAssign, str]]:
        """Annotated fields in definition order, inherited ones first."""
        campos: dict[str, tuple[Modulo, cst.AnnAssign, str]] = {}
        for base in clase.bases:
            d = self.proyecto.resolver(m, base.value)
            if d is not None and d.tipo == "clase" and profundidad < 10:
                for c in self._campos(d.modulo, d.nodo, tipo, profundidad + 1):
                    campos[c[2]] = c
        for s in clase.body.body:
            if isinstance(s, cst.SimpleStatementLine):
                for paso in s.body:
                    if isinstance(paso, cst.AnnAssign) and isinstance(paso.target, cst.Name):
                        nombre = paso.target.value
                        ann = paso.annotation.annotation
                        base = ann.value if isinstance(ann, cst.Subscript) else ann
                        if nombre.startswith("_") or termina_en(self.proyecto.calificados(m, base), "typing.ClassVar"):
                            continue
                        if nombre == "model_config":
                            continue
                        campos[nombre] = (m, paso, nombre)
        return list(campos.values())

    def claves_de_typeddict(self, m: Modulo, clase: cst.ClassDef) -> Optional[frozenset[str]]:
        """The keys a TypedDict declares, inherited ones included; None for any other class."""
        if self.tipo_de_clase(m, clase) != "typeddict":
            return None
        return frozenset(nombre for _, _, nombre in self._campos(m, clase, "typeddict"))

    def claves_cerradas(self, m: Modulo, clase: cst.ClassDef) -> Optional[list[tuple[str, Pos]]]:
        """The keys an instance of a class serializes whatever it was built from, with where each field
        is declared: a pydantic model that does not allow extra keys (pydantic drops or refuses the
        keys it does not declare: `Model(**payload)`, `Model.model_validate(payload)`) or a dataclass
        (its constructor refuses them). None for a class that keeps what it is given (a TypedDict, a
        model with `extra="allow"`), for other classes, and when the config or an alias is not read."""
        try:
            tipo = self.tipo_de_clase(m, clase)
            if tipo not in ("modelo", "dataclass") or (tipo == "modelo" and self._config(m, clase).get("extra") == "allow"):
                return None
            claves = []
            for cm, paso, nombre in self._campos(m, clase, tipo):
                info: dict[str, Any] = {}
                ann = paso.annotation.annotation
                anotada = isinstance(ann, cst.Subscript) and termina_en(self.proyecto.calificados(cm, ann.value),
                                                                         *(f"{t}.Annotated" for t in TYPING))
                metas = [e.slice.value for e in ann.slice[1:]] if anotada else []
                for x in [*metas, *([paso.value] if paso.value is not None else [])]:
                    if self.campo_de(cm, x) is not None:
                        info.update(self.campo(cm, x))  # the default's Field wins, as in campo_esquema
                claves.append((clave_de_campo(info, nombre), cm.pos(paso)))
            return claves
        except NoResuelto:
            return None

    def _config(self, m: Modulo, clase: cst.ClassDef, profundidad: int = 0) -> dict[str, Any]:
        """The model config (`model_config = ConfigDict(...)` / dict / class keywords), inherited."""
        config: dict[str, Any] = {}
        for base in clase.bases:
            d = self.proyecto.resolver(m, base.value)
            if d is not None and d.tipo == "clase" and profundidad < 10:
                config.update(self._config(d.modulo, d.nodo, profundidad + 1))
        for kw in clase.keywords:
            if kw.keyword is not None and kw.keyword.value not in ("total", "metaclass"):
                config[kw.keyword.value] = self.literales.evaluar(m, kw.value)
        for s in clase.body.body:
            if isinstance(s, cst.SimpleStatementLine):
                for paso in s.body:
                    objetivo = paso.targets[0].target if isinstance(paso, cst.Assign) and len(paso.targets) == 1 else paso.target if isinstance(paso, cst.AnnAssign) else None
                    if isinstance(objetivo, cst.Name) and objetivo.value in ("model_config", "__pydantic_config__") and paso.value is not None:
                        valor = paso.value
                        if isinstance(valor, cst.Call) and termina_en(self.proyecto.calificados(m, valor.func), "pydantic.ConfigDict", "pydantic.config.ConfigDict"):
                            for a in valor.args:
                                if a.keyword is None:
                                    raise NoResuelto("ConfigDict with positional arguments is not modelled", m.pos(a))
                                config[a.keyword.value] = self.literales.evaluar(m, a.value)
                        else:
                            config.update(self.literales.evaluar(m, valor))
        for clave in config:
            if clave not in ("extra", "frozen", "str_strip_whitespace", "validate_assignment", "from_attributes",
                             "populate_by_name", "validate_by_name", "validate_by_alias", "arbitrary_types_allowed",
                             "use_enum_values"):
                raise NoResuelto(f"model config `{clave}` of `{clase.name.value}` is not modelled", m.pos(clase))
        return config

    def clase(self, g: Generador, m: Modulo, clase: cst.ClassDef, puntero: str, titulo_raiz: Optional[str] = None) -> dict[str, Any]:
        """Object schema of a model/TypedDict/dataclass (or enum schema)."""
        tipo = self.tipo_de_clase(m, clase)
        g.posiciones[puntero] = m.pos(clase)
        nombre = clase.name.value
        if tipo == "enum":
            valores = [v for _, v in self._miembros(m, clase)]
            salida: dict[str, Any] = {"enum": valores, "title": nombre}
            tipos = {type(v) for v in valores}
            if tipos == {str}:
                salida["type"] = "string"
            elif tipos == {int}:
                salida["type"] = "integer"
            return salida
        if tipo == "otra":
            raise NoResuelto(f"class `{nombre}` is not a pydantic model, TypedDict, dataclass or Enum", m.pos(clase))
        config = self._config(m, clase) if tipo == "modelo" else {}
        total = True
        for kw in clase.keywords:
            if kw.keyword is not None and kw.keyword.value == "total":
                total = self.literales.evaluar(m, kw.value) is not False
        extra_previo = g.extra_contexto
        extra = config.get("extra") if tipo == "modelo" else g.extra_contexto
        if tipo == "modelo":
            g.extra_contexto = config.get("extra")
        propiedades: dict[str, Any] = {}
        requeridos: list[str] = []
        try:
            for cm, paso, campo_nombre in self._campos(m, clase, tipo):
                clave, esquema, requerido = self.campo_esquema(g, cm, paso, campo_nombre, tipo, total, f"{puntero}/properties")
                propiedades[clave] = esquema
                if requerido:
                    requeridos.append(clave)
        finally:
            g.extra_contexto = extra_previo
        salida = {"properties": propiedades, "title": titulo_raiz or nombre, "type": "object"}
        if requeridos:
            salida["required"] = requeridos
        doc = clase.get_docstring(clean=False) if tipo in ("modelo", "typeddict") else None
        if doc:
            salida["description"] = inspect.cleandoc(doc)
        if extra == "forbid":
            salida["additionalProperties"] = False
        elif extra == "allow":
            salida["additionalProperties"] = True
        return salida

    def campo_esquema(self, g: Generador, m: Modulo, paso: cst.AnnAssign, nombre: str, tipo: str, total: bool,
                      prefijo: str, donde: Optional[Pos] = None, descripcion_en_cadena: bool = False) -> tuple[str, dict[str, Any], bool]:
        """(property name, schema, required) of one class field (or function parameter)."""
        ann = paso.annotation.annotation
        requerido_td: Optional[bool] = None
        if tipo == "typeddict" and isinstance(ann, cst.Subscript):
            t = g.que_es(m, ann.value)
            if t.clase == "typing" and t.nombre in ("Required", "NotRequired", "ReadOnly"):
                requerido_td = {"Required": True, "NotRequired": False}.get(t.nombre)
                ann = ann.slice[0].slice.value
        info: dict[str, Any] = {}
        if paso.value is not None:
            if self.campo_de(m, paso.value) is not None:
                info = self.campo(m, paso.value)
            else:
                info = self._defecto(m, paso.value)
        metas: list[cst.BaseExpression] = []
        if isinstance(ann, cst.Subscript) and g.que_es(m, ann.value).nombre == "Annotated":
            metas = [e.slice.value for e in ann.slice[1:]]
            ann = ann.slice[0].slice.value
        de_metas: dict[str, Any] = {}
        for meta in metas:
            texto = self._cadena(m, meta) if descripcion_en_cadena and len(metas) == 1 else None
            if texto is not None:
                de_metas["description"] = texto  # fastmcp: `Annotated[T, "text"]` describes the parameter
            else:
                de_metas.update(self.campo(m, meta))
        info = {**de_metas, **info}
        clave = clave_de_campo(info, nombre)
        puntero = f"{prefijo}/{escapar(clave)}"
        g.posiciones[puntero] = donde or m.pos(paso)
        esquema = g.esquema(m, ann, puntero) if "plano" not in info else g.plano(info.pop("plano"), puntero)
        _aplicar(esquema, info, m, paso, g.defs)
        if "title" in info:
            esquema["title"] = info["title"]
        elif self._titulo_aplica(g, m, ann):
            esquema["title"] = titulo(clave) if tipo != "parametro_sin_tipo" else clave
        if "description" in info:
            esquema["description"] = info["description"]
        if "default" in info:
            esquema["default"] = info["default"]
        if isinstance(info.get("json_schema_extra"), dict):  # applied again: it wins over the title and description
            esquema.update(info["json_schema_extra"])
        if tipo == "typeddict":
            requerido = requerido_td if requerido_td is not None else total
        elif tipo == "clase_sdk":  # _create_model_from_class: only a class attribute counts as a default
            requerido = "default" not in info and "default_computado" not in info
        else:
            requerido = not {"default", "default_factory", "default_computado"} & set(info)
        return clave, esquema, requerido

    def _titulo_aplica(self, g: Generador, m: Modulo, ann: cst.BaseExpression) -> bool:
        """pydantic's field_title_should_be_set: no title for referenced classes, bare or Optional."""
        ramas = _ramas_or(ann)
        base = ann.value if isinstance(ann, cst.Subscript) else ann
        t = g.que_es(m, base)
        if t.clase == "cadena":
            try:
                return self._titulo_aplica(g, m, cst.parse_expression(t.nombre))
            except cst.ParserSyntaxError:
                return True
        if isinstance(ann, cst.Subscript) and t.clase == "typing":
            args = [e.slice.value for e in ann.slice if isinstance(e.slice, cst.Index)]
            if t.nombre == "Optional" and args:
                ramas = [args[0]]
            elif t.nombre == "Union":
                ramas = args
            elif t.nombre == "Annotated" and args:
                return self._titulo_aplica(g, m, args[0])
            else:
                return True
        no_nulas = [r for r in ramas if not (isinstance(r, cst.Name) and r.value == "None")]
        if len(no_nulas) != 1 or len(ramas) > 2:
            return True
        unica = no_nulas[0]
        if unica is not ann and len(ramas) > 1:
            return self._titulo_aplica(g, m, unica)
        t = g.que_es(m, unica)
        return t.clase != "clase" and not (t.clase == "sdk" and t.nombre != "ContentBlock")

    # -- entry points ---------------------------------------------------------
    def esquema_de_modelo(self, m: Modulo, expr: cst.BaseExpression) -> Esquema:
        """`Model.model_json_schema()` of an analyzed model (root not inlined when self-referencing)."""
        d = self.proyecto.resolver(m, expr)
        if d is None and isinstance(expr, cst.Name):
            d = self._importado_en_funcion(m, expr)
        if d is None or d.tipo != "clase":
            raise NoResuelto(f"`{describir(m, expr)}` is not a class of an analyzed file", m.pos(expr))
        g = Generador(self)
        g.referencia(d, m.pos(expr))
        return self._cerrar(g, d.nombre, d.modulo.pos(d.nodo), inline=False)

    def _importado_en_funcion(self, m: Modulo, nombre: cst.Name) -> Optional[Definicion]:
        """What an import inside the function that reads `nombre` (or one enclosing it) binds it to
        (`from .tools import Input` in the body, then `Input.model_json_schema()`)."""
        actual = m.padres.get(nombre)
        while actual is not None and not isinstance(actual, cst.Module):
            if isinstance(actual, cst.FunctionDef):
                info = m.funcion(actual)
                if info is not None and nombre.value in info.importados:
                    return self.proyecto.definicion_importada(m, nombre.value, info.importados[nombre.value])
                if info is not None and (nombre.value in info.asignaciones or nombre.value in info.parametros()):
                    return None  # bound otherwise in that function
            actual = m.padres.get(actual)
        return None

    def _cerrar(self, g: Generador, nombre: Optional[str], origen: Pos, inline: bool, raiz: Optional[dict] = None) -> Esquema:
        """Assemble root + `$defs`, mirroring pydantic and the SDK's `_inline_root_ref`."""
        posiciones = dict(g.posiciones)
        if raiz is None:
            recursivo = _se_referencia(g.defs, nombre)
            if recursivo:
                valor = {"$defs": g.defs, "$ref": f"#/$defs/{nombre}"}
                if inline:
                    valor = {**g.defs[nombre], **valor}
                    valor.pop("$ref")
                    for p, pos in list(g.posiciones.items()):
                        if p.startswith(f"/$defs/{escapar(nombre)}"):
                            posiciones[p[len(f'/$defs/{escapar(nombre)}'):]] = pos
                return Esquema(valor, origen, "modelo", posiciones)
            raiz = g.defs.pop(nombre)
            prefijo = f"/$defs/{escapar(nombre)}"
            posiciones = {}
            for p, pos in g.posiciones.items():
                posiciones[p[len(prefijo):] if p == prefijo or p.startswith(prefijo + "/") else p] = pos
        if g.defs:
            raiz = {**raiz, "$defs": g.defs}
        return Esquema(raiz, origen, "modelo", posiciones)

    def envolver(self, g: Generador, m: Modulo, ann: cst.BaseExpression, titulo_modelo: str, donde: Pos) -> Esquema:
        """The SDK's `{"result": ...}` wrapper model around a return annotation."""
        esquema = g.esquema(m, ann, "/properties/result")
        if self._titulo_aplica(g, m, ann):
            esquema["title"] = "Result"
        g.posiciones.setdefault("", donde)
        raiz = {"properties": {"result": esquema}, "required": ["result"], "title": titulo_modelo, "type": "object"}
        e = self._cerrar(g, None, donde, inline=True, raiz=raiz)
        e.envoltura = True
        return e


def _se_referencia(defs: dict[str, Any], nombre: Optional[str]) -> bool:
    """Whether any definition references `nombre` (a recursive root)."""
    objetivo = f"#/$defs/{nombre}"

    def busca(x: Any) -> bool:
        if isinstance(x, dict):
            return x.get("$ref") == objetivo or any(busca(v) for v in x.values())
        if isinstance(x, list):
            return any(busca(v) for v in x)
        return False

    return busca(defs)
