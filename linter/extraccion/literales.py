"""Evaluate a literal JSON value written in source, following constants and literal helpers."""

from __future__ import annotations

from typing import Any, Callable, Optional

import libcst as cst

from .nodos import escapar
from .proyecto import Proyecto, termina_en
from .recolector import Modulo, dotted, texto_cadena
from .tipos import NoResuelto, Pos

MAX_PROFUNDIDAD = 60
# JSON Schema keywords that only annotate (prose): they change no validation and no shape, so a
# run-time value in their text leaves a schema literal readable (`_texto_con_huecos`), and the probe
# does not compare them (sonda/conciliacion.py)
ANOTACIONES = frozenset({"title", "description", "examples", "$comment"})

Entorno = dict[str, tuple[Modulo, cst.BaseExpression, "Entorno"]]


def describir(m: Modulo, expr: cst.CSTNode) -> str:
    """Short source text of an expression for reasons."""
    try:
        texto = m.arbol.code_for_node(expr)
    except Exception:
        return type(expr).__name__
    texto = " ".join(texto.split())
    return texto if len(texto) <= 60 else texto[:57] + "..."


def numero(nodo: cst.CSTNode) -> Optional[float | int]:
    """Value of an Integer/Float literal, sign included."""
    if isinstance(nodo, cst.UnaryOperation) and isinstance(nodo.operator, (cst.Minus, cst.Plus)):
        v = numero(nodo.expression)
        if v is None:
            return None
        return -v if isinstance(nodo.operator, cst.Minus) else v
    if isinstance(nodo, cst.Integer):
        try:
            return int(nodo.value.replace("_", ""), 0)
        except ValueError:
            return None
    if isinstance(nodo, cst.Float):
        try:
            return float(nodo.value.replace("_", ""))
        except ValueError:
            return None
    return None


def ligar_parametros(fm: Modulo, fn: cst.FunctionDef, m: Modulo, llamada: cst.Call, entorno: Optional[Entorno]) -> Entorno:
    """A helper's parameters bound to what a call passes (by position, by keyword, else their defaults),
    to evaluate its body; raises NoResuelto when the call passes *args/**kwargs."""
    if any(a.star for a in llamada.args):
        raise NoResuelto(f"call to {fn.name.value}() passes *args/**kwargs the analyzer cannot bind", m.pos(llamada))
    local: Entorno = {}
    posicionales = [a for a in llamada.args if a.keyword is None]
    for i, p in enumerate([*fn.params.posonly_params, *fn.params.params]):
        if i < len(posicionales):
            local[p.name.value] = (m, posicionales[i].value, entorno or {})
        elif p.default is not None:
            local[p.name.value] = (fm, p.default, {})
    for a in llamada.args:
        if a.keyword is not None:
            local[a.keyword.value] = (m, a.value, entorno or {})
    for p in fn.params.kwonly_params:
        if p.name.value not in local and p.default is not None:
            local[p.name.value] = (fm, p.default, {})
    return local


# methods of a dict or a string the evaluator computes when it has the receiver's value
METODOS_PUROS = frozenset({"keys", "values", "items", "copy", "get", "join"})


class Literales:
    """Evaluator of JSON literals; records the position of every dict/list written."""

    def __init__(self, proyecto: Proyecto) -> None:
        self.proyecto = proyecto
        self.esquema_de_modelo: Optional[Callable[[Modulo, cst.BaseExpression], Any]] = None
        # `t.name` / `t.schema()` of an object an analyzed class builds (a tool registry's instances):
        # the expression that gives it, where it is written, and the environment it is read in
        self.miembro_de_instancia: Optional[Callable[[Modulo, cst.BaseExpression, Entorno],
                                                     Optional[tuple[Modulo, cst.BaseExpression, Entorno]]]] = None

    def evaluar(self, m: Modulo, expr: cst.BaseExpression, posiciones: Optional[dict[str, Pos]] = None,
                puntero: str = "", entorno: Optional[Entorno] = None, profundidad: int = 0) -> Any:
        """JSON value of `expr`; raises NoResuelto with a specific reason."""
        if profundidad > MAX_PROFUNDIDAD:
            raise NoResuelto("literal is nested or self-referencing too deeply to follow", m.pos(expr))
        pos = {} if posiciones is None else posiciones
        entorno = entorno or {}
        sig = lambda e, p=puntero, mm=m, en=entorno: self.evaluar(mm, e, pos, p, en, profundidad + 1)  # noqa: E731
        if isinstance(expr, cst.Dict):
            pos[puntero] = m.pos(expr)
            salida: dict[str, Any] = {}
            for el in expr.elements:
                if isinstance(el, cst.StarredDictElement):
                    base = sig(el.value)
                    if not isinstance(base, dict):
                        raise NoResuelto(f"`**{describir(m, el.value)}` does not evaluate to a dict", m.pos(el))
                    salida.update(base)
                    continue
                clave = self.evaluar(m, el.key, None, "", entorno, profundidad + 1)
                if not isinstance(clave, str):
                    raise NoResuelto(f"dict key `{describir(m, el.key)}` is not a string", m.pos(el.key))
                try:
                    salida[clave] = sig(el.value, f"{puntero}/{escapar(clave)}")
                except NoResuelto:
                    # a description or title written as an f-string over a run-time value is still a
                    # string: the rest of the literal is read, the unknown fields shown as `{name}`
                    texto = self._texto_con_huecos(m, el.value, entorno, profundidad) if clave in ANOTACIONES else None
                    if texto is None:
                        raise
                    salida[clave] = texto
            return salida
        if isinstance(expr, (cst.List, cst.Tuple)):
            pos[puntero] = m.pos(expr)
            lista: list[Any] = []
            for el in expr.elements:
                if isinstance(el, cst.StarredElement):
                    base = sig(el.value, f"{puntero}/{len(lista)}")
                    if not isinstance(base, list):
                        raise NoResuelto(f"`*{describir(m, el.value)}` does not evaluate to a list", m.pos(el))
                    lista.extend(base)
                else:
                    lista.append(sig(el.value, f"{puntero}/{len(lista)}"))
            return lista
        texto = texto_cadena(expr)
        if texto is not None:
            return texto
        valor_num = numero(expr)
        if valor_num is not None:
            return valor_num
        if isinstance(expr, cst.FormattedString):
            return self._formateada(m, expr, entorno, profundidad)
        if isinstance(expr, cst.ConcatenatedString):  # `"a" f"{b}"`: adjacent literals, some formatted
            izq, der = sig(expr.left), sig(expr.right)
            if isinstance(izq, str) and isinstance(der, str):
                return izq + der
            raise NoResuelto(f"`{describir(m, expr)}` joins values that are not strings", m.pos(expr))
        if isinstance(expr, cst.Name):
            if expr.value in entorno:
                em, ee, een = entorno[expr.value]
                return self.evaluar(em, ee, pos, puntero, een, profundidad + 1)
            if expr.value in ("True", "False", "None"):
                return {"True": True, "False": False, "None": None}[expr.value]
        if isinstance(expr, (cst.Name, cst.Attribute)):
            d = self.proyecto.resolver(m, expr)
            if d is not None and d.tipo == "constante" and d.modulo is not None:
                return self.evaluar(d.modulo, d.nodo, pos, puntero, None, profundidad + 1)
            if isinstance(expr, cst.Attribute):
                miembro = self._miembro(m, expr, profundidad)
                if miembro is not None:
                    cm, valor = miembro
                    return self.evaluar(cm, valor, pos, puntero, None, profundidad + 1)
                de_instancia = self.miembro_de_instancia(m, expr, entorno) if self.miembro_de_instancia else None
                if de_instancia is not None:
                    return self.evaluar(de_instancia[0], de_instancia[1], pos, puntero, de_instancia[2], profundidad + 1)
            raise NoResuelto(f"`{describir(m, expr)}` is not a module-level constant of an analyzed file", m.pos(expr))
        if isinstance(expr, cst.Subscript) and len(expr.slice) == 1 and isinstance(expr.slice[0].slice, cst.Index):
            base = self.evaluar(m, expr.value, None, "", entorno, profundidad + 1)
            indice = self.evaluar(m, expr.slice[0].slice.value, None, "", entorno, profundidad + 1)
            try:
                return base[indice]
            except (KeyError, IndexError, TypeError):
                raise NoResuelto(f"`{describir(m, expr)}` does not index a literal", m.pos(expr)) from None
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, (cst.BitOr, cst.Add)):
            izq, der = sig(expr.left), sig(expr.right)
            if isinstance(izq, dict) and isinstance(der, dict) and isinstance(expr.operator, cst.BitOr):
                return {**izq, **der}
            if type(izq) is type(der) and isinstance(izq, (list, str)) and isinstance(expr.operator, cst.Add):
                return izq + der
            raise NoResuelto(f"`{describir(m, expr)}` combines values that are not literals", m.pos(expr))
        if isinstance(expr, cst.Call):
            return self._llamada(m, expr, pos, puntero, entorno, profundidad)
        raise NoResuelto(f"`{describir(m, expr)}` is not a literal the analyzer can evaluate", m.pos(expr))

    def _formateada(self, m: Modulo, expr: cst.FormattedString, entorno: Entorno, profundidad: int) -> str:
        """An f-string whose fields evaluate to strings or numbers (`f"tool_{i}"` with `i` bound by a
        literal loop); a conversion or format spec is not evaluated."""
        return "".join(self._texto_de_parte(m, expr, parte, entorno, profundidad) for parte in expr.parts)

    def _texto_de_parte(self, m: Modulo, expr: cst.FormattedString, parte: cst.BaseFormattedStringContent,
                        entorno: Entorno, profundidad: int) -> str:
        """The text of one part of the f-string `expr`; raises NoResuelto for a field it cannot evaluate."""
        if isinstance(parte, cst.FormattedStringText):
            return parte.value.replace("{{", "{").replace("}}", "}")
        assert isinstance(parte, cst.FormattedStringExpression)
        if parte.conversion is not None or parte.format_spec is not None:
            raise NoResuelto(f"`{describir(m, expr)}` formats a field with a conversion or spec", m.pos(expr))
        valor = self.evaluar(m, parte.expression, None, "", entorno, profundidad + 1)
        if isinstance(valor, bool) or not isinstance(valor, (str, int, float)):
            raise NoResuelto(f"`{describir(m, parte.expression)}` in `{describir(m, expr)}` is not a string or a number",
                             m.pos(expr))
        return str(valor)

    def _texto_con_huecos(self, m: Modulo, expr: cst.BaseExpression, entorno: Entorno, profundidad: int) -> Optional[str]:
        """An f-string (or adjacent literals holding one) as text, each field the analyzer cannot
        evaluate shown as `{expression}`; None for any other expression, whose type is not known."""
        if isinstance(expr, cst.SimpleString):
            return texto_cadena(expr)
        if isinstance(expr, cst.ConcatenatedString):
            izq = self._texto_con_huecos(m, expr.left, entorno, profundidad)
            der = self._texto_con_huecos(m, expr.right, entorno, profundidad)
            return izq + der if izq is not None and der is not None else None
        if not isinstance(expr, cst.FormattedString):
            return None
        partes = []
        for parte in expr.parts:
            try:
                partes.append(self._texto_de_parte(m, expr, parte, entorno, profundidad))
            except NoResuelto:
                partes.append("{" + describir(m, parte.expression) + "}")  # type: ignore[attr-defined]
        return "".join(partes)

    def _miembro(self, m: Modulo, expr: cst.Attribute, profundidad: int) -> Optional[tuple[Modulo, cst.BaseExpression]]:
        """`Clase.MIEMBRO` (a class-body constant, an Enum member) and `Clase.MIEMBRO.value`: the
        written value, in the class's module. An Enum member of a str/int Enum stands for its value."""
        base, attr = expr.value, expr.attr.value
        if attr == "value" and isinstance(base, cst.Attribute):
            return self._miembro(m, base, profundidad + 1)
        if not isinstance(base, (cst.Name, cst.Attribute)) or profundidad > MAX_PROFUNDIDAD:
            return None
        d = self.proyecto.resolver(m, base)
        if d is None or d.tipo != "clase" or d.modulo is None:
            return None
        cuerpo = d.modulo.atributos_clase.get(id(d.nodo), {})
        return (d.modulo, cuerpo[attr]) if attr in cuerpo else None

    def _llamada(self, m: Modulo, expr: cst.Call, pos: dict[str, Pos], puntero: str, entorno: Entorno,
                 profundidad: int) -> Any:
        """Evaluate `dict(...)`, `copy.deepcopy(x)`, `Model.model_json_schema()` or a literal helper."""
        nombres = self.proyecto.calificados(m, expr.func)
        if termina_en(nombres, "builtins.dict") and all(a.keyword is not None or a.star == "**" for a in expr.args):
            pos[puntero] = m.pos(expr)
            salida: dict[str, Any] = {}
            for a in expr.args:
                if a.keyword is None:
                    base = self.evaluar(m, a.value, pos, puntero, entorno, profundidad + 1)
                    if not isinstance(base, dict):
                        raise NoResuelto(f"`**{describir(m, a.value)}` does not evaluate to a dict", m.pos(a))
                    salida.update(base)
                else:
                    salida[a.keyword.value] = self.evaluar(m, a.value, pos, f"{puntero}/{escapar(a.keyword.value)}",
                                                           entorno, profundidad + 1)
            return salida
        if termina_en(nombres, "builtins.list", "builtins.tuple") and len(expr.args) == 1 and expr.args[0].keyword is None and not expr.args[0].star:
            valor = self.evaluar(m, expr.args[0].value, pos, puntero, entorno, profundidad + 1)
            if isinstance(valor, (list, str)):
                return list(valor)
            raise NoResuelto(f"`{describir(m, expr)}` does not evaluate to a list", m.pos(expr))
        if nombres & {"copy.deepcopy", "copy.copy"} and len(expr.args) == 1:
            return self.evaluar(m, expr.args[0].value, pos, puntero, entorno, profundidad + 1)
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "model_json_schema" and self.esquema_de_modelo:
            esquema = self.esquema_de_modelo(m, expr.func.value)
            for p, donde in esquema.posiciones.items():
                pos[puntero + p] = donde
            return esquema.valor
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value in METODOS_PUROS:
            hecho, valor = self._metodo_puro(m, expr, pos, puntero, entorno, profundidad)
            if hecho:
                return valor
        d = self.proyecto.resolver(m, expr.func)
        if d is not None and d.tipo == "funcion" and d.modulo is not None:
            return self._ayudante(d.modulo, d.nodo, m, expr, pos, puntero, entorno, profundidad)
        de_instancia = self.miembro_de_instancia(m, expr, entorno) if self.miembro_de_instancia else None
        if de_instancia is not None:
            return self.evaluar(de_instancia[0], de_instancia[1], pos, puntero, de_instancia[2], profundidad + 1)
        nombre = dotted(expr.func) or describir(m, expr.func)
        raise NoResuelto(f"value is built by a call to {nombre}() that cannot be followed", m.pos(expr))

    def _metodo_puro(self, m: Modulo, expr: cst.Call, pos: dict[str, Pos], puntero: str, entorno: Entorno,
                     profundidad: int) -> tuple[bool, Any]:
        """A pure method of a value the analyzer evaluates (`", ".join(NAMES)`, `SPEC.keys()`,
        `schema.get("inputSchema", {})`): (True, its result), or (False, None) when the receiver is
        not such a value (a project object's method of that name is followed elsewhere)."""
        assert isinstance(expr.func, cst.Attribute)
        metodo = expr.func.attr.value
        try:
            base = self.evaluar(m, expr.func.value, None, "", entorno, profundidad + 1)
        except NoResuelto:
            return False, None
        if any(a.keyword is not None or a.star for a in expr.args):
            return False, None
        args = [a.value for a in expr.args]
        if isinstance(base, dict) and metodo in ("keys", "values", "items", "copy") and not args:
            return True, {"keys": lambda: list(base), "values": lambda: list(base.values()),
                          "items": lambda: [list(par) for par in base.items()], "copy": lambda: dict(base)}[metodo]()
        if isinstance(base, dict) and metodo == "get" and len(args) in (1, 2):
            clave = self.evaluar(m, args[0], None, "", entorno, profundidad + 1)
            if isinstance(clave, (str, int)) and clave in base:
                return True, base[clave]
            return True, self.evaluar(m, args[1], pos, puntero, entorno, profundidad + 1) if len(args) == 2 else None
        if isinstance(base, str) and metodo == "join" and len(args) == 1:
            partes = self.evaluar(m, args[0], None, "", entorno, profundidad + 1)
            partes = list(partes) if isinstance(partes, dict) else partes
            if isinstance(partes, list) and all(isinstance(p, str) for p in partes):
                return True, base.join(partes)
            raise NoResuelto(f"`{describir(m, expr)}` joins values that are not strings", m.pos(expr))
        return False, None

    def _ayudante(self, fm: Modulo, fn: cst.FunctionDef, m: Modulo, llamada: cst.Call, pos: dict[str, Pos],
                  puntero: str, entorno: Entorno, profundidad: int) -> Any:
        """Evaluate a helper whose body is assignments and one final `return <literal>`."""
        nombre = fn.name.value
        cuerpo = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else [fn.body]
        local = ligar_parametros(fm, fn, m, llamada, entorno)
        for i, sentencia in enumerate(cuerpo):
            partes = sentencia.body if isinstance(sentencia, cst.SimpleStatementLine) else None
            if partes is None or len(partes) != 1:
                break
            paso = partes[0]
            if isinstance(paso, cst.Expr) and texto_cadena(paso.value) is not None and i == 0:
                continue
            if isinstance(paso, cst.Assign) and len(paso.targets) == 1 and isinstance(paso.targets[0].target, cst.Name):
                local[paso.targets[0].target.value] = (fm, paso.value, dict(local))
                continue
            if isinstance(paso, cst.Return) and paso.value is not None and i == len(cuerpo) - 1:
                return self.evaluar(fm, paso.value, pos, puntero, local, profundidad + 1)
            break
        raise NoResuelto(f"helper {nombre}() does not simply return a literal", fm.pos(fn))
