"""Whether a tool argument only chooses what the call does: compared, never sent anywhere.

An argument the handler reads only to compare it with named options (`if reply_mode == "custom":`,
`scope in ("a", "b")`, `match kind:` with string cases), to test it (for truth, or against a number),
to say it in a log line or an exception's text, and where a response writes it, steers the call: no
API receives it, so no persisted value could be read back in its place. Plain conversions
(`scope.lower()`, `str(x)`, `x or "global"`) and the locals bound to them are followed, their reads
judged alike, and so are the parameters of the project functions it is passed to (`_mime(body,
content_type)`). Any other read (a call's argument, a request body, arithmetic) sends or computes with
it. One comparison with named options is needed: an argument only echoed, only tested for truth
(`if enabled: client.enable()`) or compared with numbers (`if n < 0:`) is no choice among options.
The analyzer states the fact; rules decide what it excuses.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Optional

import libcst as cst

from .camino import aristas
from .eco import CONVERSIONES as CONVERSIONES_CALIFICADAS
from .eco import METODOS_DE_TEXTO
from .presupuesto import Desbordado
from .programa import Ligadura, parametros
from .recolector import Modulo, texto_cadena
from .tipos import Pos

CONVERSIONES = tuple(c.rsplit(".", 1)[-1] for c in CONVERSIONES_CALIFICADAS)  # `str(x)`, by the builtin's name
REGISTROS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "log"})


Salto = tuple[Modulo, cst.FunctionDef, str]  # a project helper's parameter a call's argument fills
Ligaduras = Callable[[Modulo, cst.BaseExpression, Optional[cst.FunctionDef]], list[Ligadura]]


class Elecciones:
    """`solo_elige` for the arguments of one tool. `escritos`: where its responses write argument
    values; `saltos`: for each argument expression of a call the analyzer followed into a project
    helper (by node identity), the helper and the parameter it fills, so a handler that hands an
    option to the helper that writes the response is judged by what the helper does with it.
    `ligaduras`: what a called name is bound to (`Programa.ligaduras_de`), to follow any other call
    of a project function the same way."""

    def __init__(self, escritos: Collection[Pos], saltos: Mapping[int, Salto], ligaduras: Ligaduras) -> None:
        self.escritos = escritos
        self.saltos = saltos
        self.ligaduras = ligaduras
        self._lecturas: dict[int, tuple[dict[str, list[cst.Name]], dict[cst.CSTNode, cst.CSTNode]]] = {}
        self._usos: dict[tuple[int, str], str] = {}

    def solo_elige(self, m: Modulo, fn: cst.FunctionDef, nombre: str) -> bool:
        """True when every read of parameter `nombre` of `fn`, and of the locals bound to plain
        conversions of it, compares it, tests it, logs it, raises with it, is a place where the tool's
        responses write it or fills a project function's parameter read so, and at least one compares
        it with named options."""
        return self._uso_de(m, fn, nombre, frozenset()) == "compara"

    def _uso_de(self, m: Modulo, fn: cst.FunctionDef, nombre: str, en_curso: frozenset) -> str:
        """`compara`, `neutro` (no read sends it, none compares it) or `otro`."""
        clave = (id(fn), nombre)
        if clave in en_curso:
            return "neutro"
        if clave not in self._usos:
            self._usos[clave] = self._calcular(m, fn, nombre, en_curso | {clave})
        return self._usos[clave]

    def _calcular(self, m: Modulo, fn: cst.FunctionDef, nombre: str, en_curso: frozenset) -> str:
        if id(fn) not in self._lecturas:
            self._lecturas[id(fn)] = lecturas_de(fn)
        lecturas, padres = self._lecturas[id(fn)]
        pendientes, seguidos, compara = [nombre], {nombre}, False
        while pendientes:
            for nodo in lecturas.get(pendientes.pop(), ()):
                x = _convertido(padres, nodo)
                salto = self.saltos.get(id(x))
                if salto is not None:
                    uso, ligado = self._uso_de(*salto, en_curso), None
                else:
                    uso, ligado = _uso(m, padres, x, self.escritos)
                    if uso == "otro":
                        uso = self._pasado(m, fn, padres, x, en_curso)
                if uso == "otro":
                    return "otro"
                compara = compara or uso == "compara"
                if ligado is not None and ligado not in seguidos:
                    seguidos.add(ligado)
                    pendientes.append(ligado)
        return "compara" if compara else "neutro"

    def _pasado(self, m: Modulo, fn: cst.FunctionDef, padres: Mapping[cst.CSTNode, cst.CSTNode], x: cst.CSTNode,
                en_curso: frozenset) -> str:
        """A read passed to a call of a project function by name (`_mime(body, content_type)`): how each
        function it may be uses the parameter it fills; `otro` for any other call or read."""
        arg = padres.get(x)
        llamada = padres.get(arg) if isinstance(arg, cst.Arg) and arg.value is x and not arg.star else None
        if not isinstance(llamada, cst.Call) or not isinstance(llamada.func, cst.Name):
            return "otro"
        try:
            ligaduras = self.ligaduras(m, llamada.func, fn)
        except Desbordado:  # past the step budget: it cannot be told, so it is no choice
            return "otro"
        usos = []
        for l in ligaduras:
            parametro = _parametro_de(llamada, arg, l.nodo) if l.tipo == "funcion" and l.m is not None \
                and isinstance(l.nodo, cst.FunctionDef) else None
            if parametro is None:
                return "otro"
            usos.append(self._uso_de(l.m, l.nodo, parametro, en_curso))
        if not usos or "otro" in usos:
            return "otro"
        return "compara" if "compara" in usos else "neutro"


def _parametro_de(llamada: cst.Call, arg: cst.Arg, fn: cst.FunctionDef) -> Optional[str]:
    """The parameter of `fn` that argument `arg` of `llamada` fills (None: a `*`/`**` one, or not known)."""
    if arg.keyword is not None:
        nombres = [p.name.value for p in (*parametros(fn), *fn.params.kwonly_params)]
        return arg.keyword.value if arg.keyword.value in nombres else None
    posicionales = []
    for a in llamada.args:
        if a.star:
            return None
        if a is arg:
            break
        if a.keyword is None:
            posicionales.append(a)
    dentro = parametros(fn)
    return dentro[len(posicionales)].name.value if len(posicionales) < len(dentro) else None


def lecturas_de(fn: cst.FunctionDef) -> tuple[dict[str, list[cst.Name]], dict[cst.CSTNode, cst.CSTNode]]:
    """The reads of each name in `fn` (nested functions included: they see its parameters; bindings,
    attribute and keyword names left out), and the parent of every node in it. One walk of the
    function's fields (`camino.aristas`), not of its module."""
    lecturas: dict[str, list[cst.Name]] = {}
    padres: dict[cst.CSTNode, cst.CSTNode] = {}
    for hijo, padre in aristas(fn):
        padres[hijo] = padre
        if isinstance(hijo, cst.Name) and _leido(hijo, padre):
            lecturas.setdefault(hijo.value, []).append(hijo)
    return lecturas, padres


def _leido(nombre: cst.Name, padre: cst.CSTNode) -> bool:
    """Whether a `Name` under `padre` reads a variable (not an attribute's or keyword's name, nor a binding)."""
    if isinstance(padre, cst.Attribute):
        return padre.attr is not nombre
    if isinstance(padre, cst.Arg):
        return padre.keyword is not nombre
    if isinstance(padre, (cst.Param, cst.AsName, cst.NameItem, cst.MatchAs, cst.FunctionDef, cst.ClassDef)):
        return padre.name is not nombre
    if isinstance(padre, (cst.AssignTarget, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)):
        return padre.target is not nombre
    return not isinstance(padre, cst.ImportAlias)


def _uso(m: Modulo, padres: Mapping[cst.CSTNode, cst.CSTNode], x: cst.CSTNode,
         escritos: Collection[Pos]) -> tuple[str, Optional[str]]:
    """How one read (`x`, its plain conversions included) uses the value: `compara`, `prueba`, `texto`,
    `emite`, `deriva` (with the local bound to it), or `otro`."""
    padre = padres.get(x)
    if m.pos(x) in escritos:
        return "emite", None
    if isinstance(padre, cst.Comparison) and padre.left is x:
        objetivo = padre.comparisons[0]
        return ("compara" if _con_nombres(objetivo.operator, objetivo.comparator) else "prueba"), None
    if isinstance(padre, cst.ComparisonTarget):  # `"custom" == mode`
        comparacion = padres.get(padre)
        otro = comparacion.left if isinstance(comparacion, cst.Comparison) else None
        return ("compara" if otro is not None and _con_nombres(padre.operator, otro) else "prueba"), None
    if isinstance(padre, cst.Match) and padre.subject is x:
        nombradas = any(isinstance(c.pattern, cst.MatchValue) and texto_cadena(c.pattern.value) is not None
                        or isinstance(c.pattern, cst.MatchOr) and any(
                            isinstance(p.pattern, cst.MatchValue) and texto_cadena(p.pattern.value) is not None
                            for p in c.pattern.patterns)
                        for c in padre.cases)
        return ("compara" if nombradas else "prueba"), None
    if isinstance(padre, (cst.If, cst.While, cst.IfExp, cst.Assert)) and padre.test is x:
        return "prueba", None
    if isinstance(padre, cst.Assign) and padre.value is x and len(padre.targets) == 1 \
            and isinstance(padre.targets[0].target, cst.Name):
        return "deriva", padre.targets[0].target.value
    if isinstance(padre, cst.AnnAssign) and padre.value is x and isinstance(padre.target, cst.Name):
        return "deriva", padre.target.value
    if _en_texto(padres, x):
        return "texto", None
    return "otro", None


def _con_nombres(operador: cst.BaseCompOp, otro: cst.BaseExpression) -> bool:
    """`== "a"`, `!= "a"`, `in ("a", "b")`, `not in [...]`: a comparison with named options (strings)."""
    if isinstance(operador, (cst.Equal, cst.NotEqual)):
        return texto_cadena(otro) is not None
    if isinstance(operador, (cst.In, cst.NotIn)) and isinstance(otro, (cst.Tuple, cst.List, cst.Set)):
        return bool(otro.elements) and all(texto_cadena(e.value) is not None for e in otro.elements)
    return False


def _convertido(padres: Mapping[cst.CSTNode, cst.CSTNode], nodo: cst.CSTNode) -> cst.CSTNode:
    """The outermost plain conversion of `nodo`: `x.strip().lower()`, `str(x)`, `not x`, either side of
    `x or d` and the arms of `a if c else b` are still the value."""
    x = nodo
    while True:
        padre = padres.get(x)
        if isinstance(padre, cst.Attribute) and padre.value is x and padre.attr.value in METODOS_DE_TEXTO:
            llamada = padres.get(padre)
            if isinstance(llamada, cst.Call) and llamada.func is padre and not llamada.args:
                x = llamada
                continue
            return x
        if isinstance(padre, cst.Arg) and padre.keyword is None and not padre.star:
            llamada = padres.get(padre)
            if isinstance(llamada, cst.Call) and len(llamada.args) == 1 and isinstance(llamada.func, cst.Name) \
                    and llamada.func.value in CONVERSIONES:
                x = llamada
                continue
            return x
        if isinstance(padre, cst.IfExp) and padre.test is not x or isinstance(padre, cst.BooleanOperation) \
                or isinstance(padre, cst.UnaryOperation) and isinstance(padre.operator, cst.Not):
            x = padre
            continue
        return x


def _en_texto(padres: Mapping[cst.CSTNode, cst.CSTNode], nodo: cst.CSTNode) -> bool:
    """`nodo` is said in a log call's arguments (`logger.info(f"... {x}")`, `print(x)`) or in a raise."""
    x = padres.get(nodo)
    while x is not None and not isinstance(x, (cst.BaseStatement, cst.BaseSmallStatement)):
        if isinstance(x, cst.Call):
            func = x.func
            if isinstance(func, cst.Attribute) and func.attr.value in REGISTROS \
                    or isinstance(func, cst.Name) and func.value == "print":
                return True
        x = padres.get(x)
    return isinstance(x, cst.Raise)
