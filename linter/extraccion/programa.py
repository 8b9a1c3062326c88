"""The program across the analyzed files: what a name is bound to, who calls a function, of
which class a value is an instance. Facts from the syntax tree and the import table only.

Every look-up beyond the current file goes through `Proyecto` (so the cache records what was
read), and every answer that cannot be given says why: a `Ligadura` of kind `desconocido`
carries the reason a stage can put in a `no_resuelto` row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Union

import libcst as cst

from .anotaciones import PROTOCOLOS
from .camino import padres_hasta
from .proyecto import Proyecto, termina_en
from .literales import Entorno, describir, numero
from .presupuesto import paso
from .recolector import FuncionInfo, Modulo, dotted, texto_cadena

MAX_PROFUNDIDAD = 10


@dataclass(frozen=True)
class Ligadura:
    """What a name denotes where it is read.

    `tipo`: `valor` (bound to `expr`, evaluated in `fn`), `parametro` (the parameter `nodo` of
    `fn`), `funcion` / `clase` (a def or class statement `nodo`), `bucle` (a target of the
    `for` statement `nodo`), `modulo`, `externo` (a name of a module that is not analyzed,
    `nombre` qualified), or `desconocido` (`motivo` says why).
    """

    tipo: str
    m: Optional[Modulo] = None
    nodo: Optional[cst.CSTNode] = None
    fn: Optional[cst.FunctionDef] = None
    nombre: str = ""
    motivo: str = ""


@dataclass(frozen=True)
class Llamada:
    """A place that calls a function: `nodo` is the Call (or the decorated def when the function
    is used as a decorator), evaluated in `fn` of `m`; `salto` is how many leading parameters the
    call binds implicitly (1 for `self` in a method call or a constructor)."""

    m: Modulo
    nodo: cst.CSTNode
    fn: Optional[cst.FunctionDef]
    salto: int
    decorador: bool = False
    exterior: Optional["Llamada"] = None  # for a closure its factory returns: the call of the factory


def parametros(fn: cst.FunctionDef) -> list[cst.Param]:
    """Positional parameters in order (positional-only first)."""
    return [*fn.params.posonly_params, *fn.params.params]


def es_metodo_estatico(fn: cst.FunctionDef) -> bool:
    """Whether a method is a staticmethod (no implicit first parameter)."""
    return any(isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod" for d in fn.decorators)


def solo_lanza(fn: cst.FunctionDef) -> bool:
    """Whether a function can only raise: its body, past a docstring, is `raise` statements (with `pass`
    or `...` at most), as an implementation that refuses a method (`raise NotImplementedError(...)`).
    Reads no further than the first statement that is none of these."""
    if isinstance(fn.body, cst.IndentedBlock):
        lineas = fn.body.body
    else:
        lineas = (fn.body,)
    lanza = False
    for n, linea in enumerate(lineas):
        if not isinstance(linea, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return False
        for m, p in enumerate(linea.body):
            if isinstance(p, cst.Raise):
                lanza = True
            elif isinstance(p, cst.Pass) or isinstance(p, cst.Expr) and (
                    isinstance(p.value, cst.Ellipsis)
                    or n == m == 0 and isinstance(p.value, (cst.SimpleString, cst.ConcatenatedString))):
                continue
            else:
                return False
    return lanza


def argumento(llamada: Llamada, fn: cst.FunctionDef, nombre: str) -> Optional[cst.BaseExpression]:
    """The expression a call site passes for parameter `nombre` of `fn` (or its default)."""
    if llamada.decorador:
        posicionales = parametros(fn)
        return None if not posicionales or posicionales[0].name.value != nombre else _nombre_de_def(llamada.nodo)
    if not isinstance(llamada.nodo, cst.Call):
        return None
    for a in llamada.nodo.args:
        if a.keyword is not None and a.keyword.value == nombre:
            return a.value
    posicionales = [a for a in llamada.nodo.args if a.keyword is None and not a.star]
    nombres = [p.name.value for p in parametros(fn)][llamada.salto:]
    if nombre in nombres:
        i = nombres.index(nombre)
        if any(a.star for a in llamada.nodo.args[: i + 1]):
            return None
        if i < len(posicionales):
            return posicionales[i].value
    for p in [*parametros(fn), *fn.params.kwonly_params]:
        if p.name.value == nombre and p.default is not None:
            return p.default
    return None


def _nombre_de_def(nodo: cst.CSTNode) -> Optional[cst.BaseExpression]:
    return nodo.name if isinstance(nodo, (cst.FunctionDef, cst.ClassDef)) else None


class Programa:
    """Name binding, call sites and instance classes over the analyzed files."""

    def __init__(self, proyecto: Proyecto) -> None:
        self.proyecto = proyecto
        self._llamadas: dict[int, list[Llamada]] = {}
        # Questions are keyed by what they ask (module, scope, name or dotted name), not by the node
        # that asks them: `resource = resource.model_copy(...)` written N times is one question, not N
        # chains of N. An answer is remembered once it is final: it read no question still being
        # answered further up the stack (a cycle, cut there with the empty answer), so memory never
        # keeps an answer a cycle truncated. Each question computed is one step of the tool's budget.
        self._memo: dict[tuple, object] = {}
        self._en_curso: dict[tuple, int] = {}  # question -> its depth on the stack
        self._bajos: list[int] = []  # per open question: the lowest depth of an open question it read
        self._ligaduras: dict[tuple[str, int, str], list[Ligadura]] = {}
        self._implementaciones: dict[tuple[int, str], list[tuple[Modulo, cst.ClassDef]]] = {}
        # Every node whose id keys a remembered answer, kept alive as long as the answers: a node freed
        # while its answer is remembered (a `cst.Attribute` built for one question, a module the loader
        # dropped) would give its id to the next node, which would then get the old node's answer.
        self._vivos: dict[int, object] = {}

    def _id(self, nodo: object) -> int:
        """`id(nodo)` for a key of remembered answers: the node is kept alive with them."""
        self._vivos.setdefault(id(nodo), nodo)
        return id(nodo)

    def _guardado(self, clave: tuple, vacio, calcular, m: Modulo, nodo: cst.CSTNode):
        """Answer `calcular()` for question `clave` once: remembered when final; `vacio` when the
        same question is being answered up the stack (a cycle such as `self.c = self.c or C()`) or
        the stack is too deep. `m` and `nodo` name the construct when the step budget runs out."""
        if clave in self._memo:
            return self._memo[clave]
        nivel = self._en_curso.get(clave)
        if nivel is not None or len(self._bajos) > 4 * MAX_PROFUNDIDAD:
            self._marcar(nivel if nivel is not None else 0)
            return vacio
        paso(lambda: f"`{describir(m, nodo)}` ({m.archivo}:{m.pos(nodo).linea})")
        k = len(self._bajos)
        self._en_curso[clave] = k
        self._bajos.append(k)
        try:
            respuesta = calcular()
        finally:
            del self._en_curso[clave]
            bajo = self._bajos.pop()
        if bajo >= k:
            self._memo[clave] = respuesta
        else:
            self._marcar(bajo)
        return respuesta

    def _marcar(self, nivel: int) -> None:
        """The open question on top read the answer of the one at depth `nivel` before it was final
        (or a depth cut): it is not final either, down to that depth."""
        if self._bajos and self._bajos[-1] > nivel:
            self._bajos[-1] = nivel

    # -- names ---------------------------------------------------------------------
    def ligaduras(self, m: Modulo, fn: Optional[cst.FunctionDef], nombre: str) -> list[Ligadura]:
        """Every binding `nombre` may have when read inside `fn` (module level when None)."""
        clave = (m.archivo, self._id(fn), nombre)
        if clave not in self._ligaduras:
            self._ligaduras[clave] = self._buscar_ligaduras(m, fn, nombre)
        return self._ligaduras[clave]

    def _buscar_ligaduras(self, m: Modulo, fn: Optional[cst.FunctionDef], nombre: str) -> list[Ligadura]:
        info = m.funcion(fn)
        while info is not None:
            if nombre in info.globales:
                break
            if nombre in info.asignaciones:
                return [self._de_asignacion(m, info, a.nodo, a.valor, nombre) for a in info.asignaciones[nombre]]
            if nombre in info.parametros():
                nodo = next(p for p in _todos_los_parametros(info.nodo) if p.name.value == nombre)
                return [Ligadura("parametro", m, nodo, info.nodo, nombre)]
            if nombre in info.importados:
                return [self._importado(m, nombre, info.importados[nombre])]
            info = m.funcion(info.padre)
        return self._de_modulo(m, nombre)

    def _importado(self, m: Modulo, nombre: str, objetivo: tuple[str, Optional[str]]) -> Ligadura:
        """A name bound by an import inside a function body."""
        d = self.proyecto.definicion_importada(m, nombre, objetivo)
        if d is None:
            return Ligadura("desconocido", m, None, None, nombre, f"`{nombre}` is imported from something the analyzer cannot find")
        if d.tipo == "constante":
            return Ligadura("valor", d.modulo, d.nodo, None, nombre)
        if d.tipo in ("funcion", "clase"):
            return Ligadura(d.tipo, d.modulo, d.nodo, None, d.nombre)
        if d.tipo == "modulo":
            return Ligadura("modulo", d.modulo, None, None, d.nombre)
        return Ligadura("externo", None, None, None, d.nombre)

    def _de_asignacion(self, m: Modulo, info: Optional[FuncionInfo], nodo: cst.CSTNode, valor: Optional[cst.BaseExpression],
                       nombre: str) -> Ligadura:
        fn = info.nodo if info is not None else None
        if isinstance(nodo, cst.FunctionDef):
            return Ligadura("funcion", m, nodo, fn, nombre)
        if isinstance(nodo, cst.For):
            return Ligadura("bucle", m, nodo, fn, nombre)
        if valor is not None:
            return Ligadura("valor", m, valor, fn, nombre)
        return Ligadura("desconocido", m, nodo, fn, nombre, f"`{nombre}` is bound by `{describir(m, nodo)}`")

    def _de_modulo(self, m: Modulo, nombre: str) -> list[Ligadura]:
        if nombre in m.bucles_modulo:
            return [Ligadura("bucle", m, f, None, nombre) for f in m.bucles_modulo[nombre]]
        globales = [Ligadura("valor", m, a.valor, fn, nombre) for fn, a in m.globales_asignadas.get(nombre, []) if a.valor is not None]
        return self._definido(m, nombre) + globales

    def _definido(self, m: Modulo, nombre: str) -> list[Ligadura]:
        d = self.proyecto.definicion(m, nombre)
        if d is None and m.enlaces.get(nombre):
            # bound more than once, or mutated (`app.x = ...`): every binding is a possible value
            return [Ligadura("valor", m, a.valor, None, nombre) if a.valor is not None
                    else self._de_asignacion(m, None, a.nodo, None, nombre) for a in m.enlaces[nombre]]
        if d is None:
            if nombre in m.reasignadas:
                return [Ligadura("desconocido", m, None, None, nombre, f"`{nombre}` is rebound at module level")]
            return [Ligadura("desconocido", m, None, None, nombre, f"`{nombre}` is not defined in an analyzed file")]
        if d.tipo == "constante":
            return [Ligadura("valor", d.modulo, d.nodo, None, nombre)]
        if d.tipo in ("funcion", "clase"):
            return [Ligadura(d.tipo, d.modulo, d.nodo, None, d.nombre)]
        if d.tipo == "modulo":
            return [Ligadura("modulo", d.modulo, None, None, d.nombre)]
        return [Ligadura("externo", None, None, None, d.nombre)]

    def ligaduras_de(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef]) -> list[Ligadura]:
        """Bindings of a Name, or of `module.attr` / `self.attr` / `Class.attr` / `instance.attr`."""
        if isinstance(expr, cst.Name):
            return self.ligaduras(m, fn, expr.value)
        if isinstance(expr, cst.Attribute):
            return self.atributo(m, expr, fn)
        return [Ligadura("valor", m, expr, fn)]

    def atributo(self, m: Modulo, expr: cst.Attribute, fn: Optional[cst.FunctionDef], profundidad: int = 0) -> list[Ligadura]:
        """What `base.attr` denotes: a module member, or an attribute of a class or instance."""
        vacio = [Ligadura("desconocido", m, expr, fn, expr.attr.value, "attribute refers to itself or is too deep to follow")]
        return self._guardado(("atributo", m.archivo, self._id(fn), _pregunta(expr, self._id)), vacio,
                              lambda: self._atributo(m, expr, fn, profundidad), m, expr)

    def _atributo(self, m: Modulo, expr: cst.Attribute, fn: Optional[cst.FunctionDef], profundidad: int) -> list[Ligadura]:
        attr = expr.attr.value
        if profundidad > MAX_PROFUNDIDAD:
            self._marcar(0)
            return [Ligadura("desconocido", m, expr, fn, attr, "attribute chain too deep to follow")]
        bases = self.ligaduras_de(m, expr.value, fn) if isinstance(expr.value, (cst.Name, cst.Attribute)) else []
        salida: list[Ligadura] = []
        for base in bases:
            if base.tipo == "modulo":
                if base.m is None:
                    salida.append(Ligadura("externo", None, None, None, f"{base.nombre}.{attr}"))
                    continue
                salida.extend(self._de_modulo(base.m, attr))
            elif base.tipo == "externo":
                salida.append(Ligadura("externo", None, None, None, f"{base.nombre}.{attr}"))
            elif base.tipo == "clase":
                salida.extend(self.miembro(base.m, base.nodo, attr, instancia=False))
        if salida:
            return salida
        clase = self.clase_de_instancia(m, expr.value, fn)
        if clase is not None:
            return [l for cm, c in self.despacho(clase[0], clase[1], attr) for l in self.miembro(cm, c, attr, instancia=True)]
        if bases and all(b.tipo == "bucle" for b in bases):
            return [Ligadura("desconocido", m, expr, fn, attr, f"`{describir(m, expr.value)}` is a loop variable over a value "
                             "that is not a literal sequence")]
        return [Ligadura("desconocido", m, expr, fn, attr, f"`{describir(m, expr.value)}` is not an analyzed module, class or instance")]

    def vueltas(self, m: Modulo, bucle: Union[cst.For, cst.CompFor], fn: Optional[cst.FunctionDef],
                entorno: Optional[Entorno] = None) -> Optional[list[Entorno]]:
        """Bindings of a `for` target (of a statement or a comprehension) per element of a literal
        sequence, `.items()` of a literal dict, `range()` of literal integers, or `mod.__all__` of
        a module an outer loop binds (`entorno`)."""
        it = bucle.iter
        rango = _rango(it)
        if rango is not None:
            return [{bucle.target.value: (m, cst.Integer(str(i)), {})} for i in rango] if isinstance(bucle.target, cst.Name) else None
        if entorno and isinstance(it, cst.Attribute) and isinstance(it.value, cst.Name) and it.value.value in entorno:
            em, ee, _ = entorno[it.value.value]  # `for name in module.__all__` inside `for module in (a, b)`
            if not isinstance(ee, (cst.Name, cst.Attribute)):
                return None
            ligaduras = self.atributo(em, cst.Attribute(value=ee, attr=it.attr), None)
            valores = [l for l in ligaduras if l.tipo == "valor"]
            if len(valores) != 1 or len(ligaduras) != 1:
                return None
            m, it, fn = valores[0].m, valores[0].nodo, valores[0].fn
        vista = None  # `d.items()` / `d.values()` / `d.keys()` of a literal dict
        if isinstance(it, cst.Call) and isinstance(it.func, cst.Attribute) and it.func.attr.value in ("items", "values", "keys") \
                and not it.args:
            it, vista = it.func.value, it.func.attr.value
        devuelto = self._lista_devuelta(m, it, fn)
        if devuelto is not None:  # `for d in crear_defs()`: the one sequence a project function returns
            m, it, fn = devuelto
        if isinstance(it, (cst.Name, cst.Attribute)):
            ligaduras = self.ligaduras_de(m, it, fn)
            valores = [l for l in ligaduras if l.tipo == "valor"]
            if len(valores) != 1 or len(ligaduras) != 1:
                return None  # rebound: not one value
            if self.mutado(m, it, fn) or self._mutado_en_funciones(valores[0], it):
                agregados = self._agregados(valores[0], vista is not None)
                if agregados is None or not isinstance(bucle.target, cst.Name):
                    return None  # changed otherwise than by appends the analyzer can enumerate
                return [{bucle.target.value: el} for el in agregados]
            m, it, fn = valores[0].m, valores[0].nodo, valores[0].fn
        if vista is not None and isinstance(it, cst.Dict):
            parte = {"items": None, "values": "value", "keys": "key"}[vista]
            elementos = [getattr(e, parte) if parte else cst.Tuple([cst.Element(e.key), cst.Element(e.value)])
                         for e in it.elements if isinstance(e, cst.DictElement)]
            if len(elementos) != len(it.elements):
                return None  # a `**spread` of another dict
        elif isinstance(it, (cst.List, cst.Tuple, cst.Set)) and vista is None:
            elementos = [e.value for e in it.elements if isinstance(e, cst.Element)]
        else:
            return None
        vueltas = []
        for el in elementos:
            entorno: Entorno = {}
            if not _desestructurar(bucle.target, el, m, entorno):
                return None
            vueltas.append(entorno)
        return vueltas

    def iteraciones(self, m: Modulo, fn: Optional[cst.FunctionDef], sitio: cst.CSTNode,
                    exprs: list[cst.BaseExpression]) -> list[Entorno]:
        """One environment per iteration of the loops around `sitio` whose variables `exprs` read
        (directly, or through an inner loop's iterable: `for n in mod.__all__` in `for mod in (a, b)`),
        each over a literal; the single empty environment when there is none or one is not literal."""
        # A loop runs the site when the site is in its body: found by searching the loop's body for it
        # (camino.padres_hasta), not by comparing lines, which would need the whole module's positions.
        bucles: dict[int, tuple[int, cst.For]] = {}  # id -> (how deep the site is below it, the loop)
        pendientes, vistos = list(exprs), set()
        while pendientes:
            for n in nombres_leidos(pendientes.pop()):
                if n.value in vistos:
                    continue
                vistos.add(n.value)
                for lig in self.ligaduras(m, fn, n.value):
                    if lig.tipo == "bucle" and isinstance(lig.nodo, cst.For) and lig.m is m and id(lig.nodo) not in bucles \
                            and lig.nodo is not sitio:
                        camino = padres_hasta(lig.nodo.body, sitio)
                        if camino is not None:
                            bucles[id(lig.nodo)] = (len(camino), lig.nodo)
                            pendientes.append(lig.nodo.iter)
        entornos: list[Entorno] = [{}]
        for _, bucle in sorted(bucles.values(), key=lambda b: -b[0]):  # outer first: inner iterables read them
            siguientes = []
            for exterior in entornos:
                vueltas = self.vueltas(m, bucle, fn, exterior)
                if vueltas is None:
                    return [{}]
                siguientes.extend({**exterior, **v} for v in vueltas)
            entornos = siguientes
        return entornos

    def comprension(self, m: Modulo, nodo: cst.CSTNode, fn: Optional[cst.FunctionDef]) -> Optional[list[Entorno]]:
        """When `nodo` is (inside) the element of a comprehension, one environment per element its
        `for` clauses produce over literals (`[Tool(name=f"t_{i}") for i in range(3)]`); None when
        it is in no comprehension, [] when the clauses iterate over something else. A clause's
        `if` is a run-time filter: every element it may keep is counted."""
        hijo, actual = nodo, m.padres.get(nodo)
        while actual is not None and not isinstance(actual, (cst.FunctionDef, cst.Lambda, cst.Module)):
            if isinstance(actual, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)):
                if hijo is not getattr(actual, "elt", None) and hijo is not getattr(actual, "key", None) \
                        and hijo is not getattr(actual, "value", None):
                    hijo, actual = actual, m.padres.get(actual)
                    continue
                clausulas, clausula = [], actual.for_in
                while clausula is not None:
                    clausulas.append(clausula)
                    clausula = clausula.inner_for_in
                entornos: list[Entorno] = [{}]
                for clausula in clausulas:
                    siguientes = []
                    for e in entornos:
                        vueltas = self.vueltas(m, clausula, fn, e)
                        if vueltas is None:
                            return []
                        siguientes.extend({**e, **v} for v in vueltas)
                    entornos = siguientes
                exteriores = self.comprension(m, actual, fn)
                return entornos if exteriores is None else [{**x, **e} for x in exteriores for e in entornos]
            hijo, actual = actual, m.padres.get(actual)
        return None

    def _lista_devuelta(self, m: Modulo, it: cst.BaseExpression, fn: Optional[cst.FunctionDef]
                        ) -> Optional[tuple[Modulo, cst.BaseExpression, cst.FunctionDef]]:
        """For a call of a project function whose one return is a literal sequence or a name (read in
        that function), that expression and where it is read."""
        if not (isinstance(it, cst.Call) and isinstance(it.func, (cst.Name, cst.Attribute))):
            return None
        ligaduras = self.ligaduras_de(m, it.func, fn)
        if len(ligaduras) != 1 or ligaduras[0].tipo != "funcion" or ligaduras[0].m is None:
            return None
        fm, f = ligaduras[0].m, ligaduras[0].nodo
        info = fm.funcion(f)
        retornos = [r.value for r in (info.retornos if info else []) if r.value is not None]
        if len(retornos) != 1 or not isinstance(retornos[0], (cst.List, cst.Tuple, cst.Name)):
            return None
        return fm, retornos[0], f

    def _mutado_en_funciones(self, lig: Ligadura, expr: cst.BaseExpression) -> bool:
        """Whether a module-level name is changed in place inside a function of its module that does
        not bind it (`REGISTRO.append(...)` in a registry decorator)."""
        if lig.fn is not None or lig.m is None or not lig.nombre:
            return False
        return bool(self._cambios_en_funciones(lig.m, lig.nombre))

    @staticmethod
    def _cambios_en_funciones(m: Modulo, nombre: str) -> list[tuple[FuncionInfo, cst.CSTNode]]:
        """In-place changes of the module-level `nombre` inside functions of `m` (where neither the
        function nor one enclosing it binds a name of its own so spelt)."""
        def propio(info: Optional[FuncionInfo]) -> bool:
            while info is not None:
                if nombre in info.asignaciones or nombre in info.parametros() or nombre in info.importados:
                    return nombre not in info.globales
                info = m.funcion(info.padre)
            return False
        return [(info, c) for info in m.info.values() if nombre in info.mutaciones and not propio(info)
                for c in info.mutaciones[nombre]]

    def _agregados(self, lig: Ligadura, pares: bool) -> Optional[list[tuple[Modulo, cst.BaseExpression, Entorno]]]:
        """The elements of a list built by appends: in the function that binds it (`out = []` and
        `out.append(x)` of the variable of loops over literals), each appended element once per
        iteration that reaches it; for a module-level list, also those functions of its module
        append (a registry decorator: `REGISTRO.append(Def(name=name, fn=fn))`), once per call
        of that function, its parameters bound to that call's arguments. An append under a run-time
        condition counts: the element may be in the list. None when the list starts other than
        literal, is changed by anything but such appends, or is appended to by a function no
        analyzed file calls."""
        info = lig.m.funcion(lig.fn)
        if pares or not isinstance(lig.nodo, cst.List):
            return None
        nombre = lig.nombre
        salida = [(lig.m, e.value, {}) for e in lig.nodo.elements if isinstance(e, cst.Element)]
        if len(salida) != len(lig.nodo.elements):
            return None
        if lig.fn is None:
            if nombre in lig.m.reasignadas:
                return None  # also changed at module level, where appends are not enumerated
            de_funciones = self._agregados_de_funciones(lig.m, nombre)
            if de_funciones is None:
                return None
            salida.extend(de_funciones)
        cambios = info.mutaciones.get(nombre, []) if info is not None else []
        if not cambios:
            return salida if lig.fn is None and len(salida) > len(lig.nodo.elements) else None
        for c in cambios:
            if not (isinstance(c, cst.Call) and isinstance(c.func, cst.Attribute) and c.func.attr.value == "append"
                    and len(c.args) == 1 and c.args[0].keyword is None and not c.args[0].star):
                return None
            valor = c.args[0].value
            for entorno in self.iteraciones(lig.m, lig.fn, c, [valor]):
                if not (isinstance(valor, cst.Name) and valor.value in entorno):
                    return None  # a value read in the function (not a loop element): where it is bound is not kept
                salida.append(entorno[valor.value])
        return salida

    def _agregados_de_funciones(self, m: Modulo, nombre: str) -> Optional[list[tuple[Modulo, cst.BaseExpression, Entorno]]]:
        """What functions of `m` append to its module-level list `nombre`: `x` of each `nombre.append(x)`,
        once per call of the function (decorator uses and a decorator factory's applications
        included), its parameters (and its factory's) bound to that call's arguments."""
        salida: list[tuple[Modulo, cst.BaseExpression, Entorno]] = []
        for info, c in self._cambios_en_funciones(m, nombre):
            if not (isinstance(c, cst.Call) and isinstance(c.func, cst.Attribute) and c.func.attr.value == "append"
                    and len(c.args) == 1 and c.args[0].keyword is None and not c.args[0].star):
                return None
            llamadas = self.llamadas_a(m, info.nodo)
            if not llamadas:
                return None  # called from outside the analyzed files, or never: its appends cannot be counted
            for llamada in llamadas:
                salida.append((m, c.args[0].value, self.entorno_de_llamada(llamada, m, info.nodo)))
        return salida

    def entorno_de_llamada(self, llamada: Llamada, m: Modulo, fn: cst.FunctionDef) -> Entorno:
        """`fn`'s parameters (and, for a closure, its factory's) bound to what `llamada` passes (or their defaults)."""
        entorno: Entorno = {}
        if llamada.exterior is not None:
            fabrica = self.funcion_que_encierra(m, fn)
            if fabrica is not None:
                entorno.update(self.entorno_de_llamada(llamada.exterior, m, fabrica))
        for p in [*parametros(fn), *fn.params.kwonly_params]:
            valor = argumento(llamada, fn, p.name.value)
            if valor is not None:
                donde = m if valor is p.default else llamada.m
                entorno[p.name.value] = (donde, valor, {})
        return entorno

    @staticmethod
    def funcion_que_encierra(m: Modulo, fn: cst.FunctionDef) -> Optional[cst.FunctionDef]:
        """The function whose body defines `fn` (None at module or class level)."""
        info = m.funcion(fn)
        return info.padre if info is not None else None

    def mutado(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef]) -> bool:
        """Whether a name is changed in place after it is bound (`x.append(...)`, `x[k] = v`, `x += ...`)."""
        if not isinstance(expr, cst.Name):
            return False
        info = m.funcion(fn)
        while info is not None:
            if expr.value in info.mutaciones:
                return True
            if expr.value in info.asignaciones or expr.value in info.parametros():
                return False
            info = m.funcion(info.padre)
        return expr.value in m.reasignadas

    # -- classes -------------------------------------------------------------------
    def bases(self, m: Modulo, clase: cst.ClassDef) -> list[tuple[Optional[Modulo], Optional[cst.ClassDef], set[str]]]:
        """The bases of a class: (module, class) when analyzed, else their qualified names."""
        salida = []
        for arg in clase.bases:
            if arg.keyword is not None:
                continue
            d = self.proyecto.resolver(m, arg.value) if isinstance(arg.value, (cst.Name, cst.Attribute)) else None
            if d is not None and d.tipo == "clase" and d.modulo is not None:
                salida.append((d.modulo, d.nodo, set()))
            else:
                salida.append((None, None, self.proyecto.calificados(m, arg.value)))
        return salida

    def linaje(self, m: Modulo, clase: cst.ClassDef) -> list[tuple[Modulo, cst.ClassDef]]:
        """The class and its analyzed ancestors, nearest first (method resolution, simplified)."""
        salida: list[tuple[Modulo, cst.ClassDef]] = []
        pendientes = [(m, clase)]
        while pendientes and len(salida) < 32:
            cm, c = pendientes.pop(0)
            if any(c is x for _, x in salida):
                continue
            salida.append((cm, c))
            pendientes.extend((bm, bc) for bm, bc, _ in self.bases(cm, c) if bm is not None and bc is not None)
        return salida

    def miembro(self, m: Modulo, clase: cst.ClassDef, attr: str, instancia: bool) -> list[Ligadura]:
        """`attr` of a class or of its instances: a method, a class-body binding, or `self.attr = v`."""
        for cm, c in self.linaje(m, clase):
            metodo = cm.metodos.get(id(c), {}).get(attr)
            if metodo is not None:
                return [Ligadura("funcion", cm, metodo, None, attr)]
            if attr in cm.atributos_clase.get(id(c), {}):
                return [Ligadura("valor", cm, cm.atributos_clase[id(c)][attr], None, attr)]
        if instancia:
            salida = []
            for cm, c in self.linaje(m, clase):
                for metodo in cm.metodos.get(id(c), {}).values():
                    info = cm.funcion(metodo)
                    propio = parametros(metodo)[0].name.value if parametros(metodo) and not es_metodo_estatico(metodo) else None
                    if info is None or propio is None:
                        continue
                    for a in info.atributos.get((propio, attr), []):
                        if a.valor is not None:
                            salida.append(Ligadura("valor", cm, a.valor, metodo, attr))
            if salida:
                return salida
        return [Ligadura("desconocido", m, clase, None, attr, f"`{clase.name.value}` has no attribute `{attr}` the analyzer can see")]

    def es_protocolo(self, m: Modulo, clase: cst.ClassDef) -> bool:
        """Whether `clase` is a `typing.Protocol` (one of its own bases is `Protocol` or `Protocol[T]`)."""
        for arg in clase.bases:
            base = arg.value.value if isinstance(arg.value, cst.Subscript) else arg.value
            ultimo = base.attr.value if isinstance(base, cst.Attribute) else base.value if isinstance(base, cst.Name) else None
            # only a base spelled `Protocol` is asked for its qualified names (which may need a scope analysis)
            if arg.keyword is None and ultimo == "Protocol" and self.proyecto.calificados(m, base) & set(PROTOCOLOS):
                return True
        return False

    def despacho(self, m: Modulo, clase: cst.ClassDef, attr: str) -> list[tuple[Modulo, cst.ClassDef]]:
        """The classes whose `attr` runs on a value typed as `clase`: a Protocol's implementations
        (`implementaciones`) when it has any, else the class itself."""
        return (self.implementaciones(m, clase, attr) if self.es_protocolo(m, clase) else []) or [(m, clase)]

    def implementaciones(self, m: Modulo, protocolo: cst.ClassDef, metodo: str) -> list[tuple[Modulo, cst.ClassDef]]:
        """The analyzed classes a Protocol-typed value may be when `metodo` is called on it: those that
        subclass the protocol, and those whose lineage defines every method the protocol (with the
        protocols it extends) declares, as a type checker matches them. Searched among the modules that
        spell `metodo` (a recorded dependency, as for call sites)."""
        clave = (self._id(protocolo), metodo)
        if clave not in self._implementaciones:
            declarados = {n for cm, c in self.linaje(m, protocolo) if self.es_protocolo(cm, c)
                          for n in cm.metodos.get(id(c), {})}
            salida: list[tuple[Modulo, cst.ClassDef]] = []
            for om in self.proyecto.modulos_con(metodo):
                for c in om.clases.values():
                    if c is protocolo or self.es_protocolo(om, c):
                        continue
                    linaje = self.linaje(om, c)
                    definidos = {n for cm, k in linaje for n in cm.metodos.get(id(k), {})}
                    if any(k is protocolo for _, k in linaje) or (declarados and declarados <= definidos):
                        salida.append((om, c))
            self._implementaciones[clave] = salida
        return self._implementaciones[clave]

    def clase_de_metodo(self, m: Modulo, fn: Optional[cst.FunctionDef]) -> Optional[cst.ClassDef]:
        """The class whose body defines `fn`."""
        info = m.funcion(fn)
        return info.clase if info is not None else None

    def clase_de_instancia(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef],
                           profundidad: int = 0) -> Optional[tuple[Modulo, cst.ClassDef]]:
        """The analyzed class `expr` is an instance of (the first, when it may be several)."""
        clases = self.clases_de_instancia(m, expr, fn, profundidad)
        return clases[0] if clases else None

    def clases_de_instancia(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef],
                            profundidad: int = 0) -> list[tuple[Modulo, cst.ClassDef]]:
        """Every analyzed class `expr` may be an instance of: `self`, `C(...)`, a name bound to one,
        `cls(...)` in a loop over a literal sequence of classes."""
        if profundidad > MAX_PROFUNDIDAD:
            self._marcar(0)
            return []
        return self._guardado(("instancia", m.archivo, self._id(fn), _pregunta(expr, self._id)), [],
                              lambda: self._clases_de_instancia(m, expr, fn, profundidad), m, expr)

    def _clases_de_instancia(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef],
                             profundidad: int) -> list[tuple[Modulo, cst.ClassDef]]:
        if isinstance(expr, cst.Await):
            return self.clases_de_instancia(m, expr.expression, fn, profundidad + 1)
        if isinstance(expr, cst.Call) and isinstance(expr.func, (cst.Name, cst.Attribute)):
            clases = self.clases_nombradas(m, expr.func, fn, profundidad + 1)
            if clases:
                return clases
            # a factory of the project: the classes of what its returns are (`get_graph().schema()`)
            de_fabrica: list[tuple[Modulo, cst.ClassDef]] = []
            for lig in self.ligaduras_de(m, expr.func, fn):
                info = lig.m.funcion(lig.nodo) if lig.tipo == "funcion" and lig.m is not None else None
                de_esta: list[tuple[Modulo, cst.ClassDef]] = []
                for r in info.retornos if info is not None else []:
                    if r.value is not None:
                        de_esta.extend(self.clases_de_instancia(lig.m, r.value, lig.nodo, profundidad + 1))
                if not de_esta and info is not None and isinstance(lig.nodo, cst.FunctionDef) and lig.nodo.returns is not None:
                    # what its returns do not place, its return annotation does (`def get_pool() -> Pool`)
                    anotada = self.clase_anotada(lig.m, lig.nodo.returns.annotation)
                    de_esta.extend([anotada] if anotada is not None else [])
                de_fabrica.extend(de_esta)
            return list({id(c): (cm, c) for cm, c in de_fabrica}.values())
        salida: list[tuple[Modulo, cst.ClassDef]] = []
        if isinstance(expr, cst.Name):
            clase = self.clase_de_metodo(m, fn)
            if clase is not None and fn is not None and parametros(fn) and not es_metodo_estatico(fn) \
                    and parametros(fn)[0].name.value == expr.value:
                return [(m, clase)]
            for lig in self.ligaduras(m, fn, expr.value):
                if lig.tipo == "valor" and lig.m is not None:
                    salida.extend(self.clases_de_instancia(lig.m, lig.nodo, lig.fn, profundidad + 1))
                elif lig.tipo == "parametro" and isinstance(lig.nodo, cst.Param) and lig.nodo.annotation is not None:
                    anotada = self.clase_anotada(lig.m, lig.nodo.annotation.annotation)
                    if anotada is not None:
                        salida.append(anotada)
        elif isinstance(expr, cst.Attribute):
            for lig in self.atributo(m, expr, fn, profundidad + 1):
                if lig.tipo == "valor" and lig.m is not None:
                    salida.extend(self.clases_de_instancia(lig.m, lig.nodo, lig.fn, profundidad + 1))
            if not salida:  # a field the class body annotates (`pool: Pool` of a dataclass, or a plain class)
                for cm, c in self.clases_de_instancia(m, expr.value, fn, profundidad + 1):
                    anotadas = [self.clase_anotada(am, anotacion) for am, _, anotacion in self._campo_anotado(cm, c, expr.attr.value)]
                    salida.extend([a for a in anotadas if a is not None][:1])
        return salida

    def clases_nombradas(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef],
                         profundidad: int = 0) -> list[tuple[Modulo, cst.ClassDef]]:
        """The analyzed classes a callee expression names: a class, an alias of one, or a loop
        variable over a literal sequence of classes."""
        if profundidad > MAX_PROFUNDIDAD:
            self._marcar(0)
            return []
        return self._guardado(("nombradas", m.archivo, self._id(fn), _pregunta(expr, self._id)), [],
                              lambda: self._clases_nombradas(m, expr, fn, profundidad), m, expr)

    def _clases_nombradas(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef],
                          profundidad: int) -> list[tuple[Modulo, cst.ClassDef]]:
        salida: list[tuple[Modulo, cst.ClassDef]] = []
        for lig in self.ligaduras_de(m, expr, fn):
            if lig.tipo == "clase" and lig.m is not None:
                salida.append((lig.m, lig.nodo))
            elif lig.tipo == "valor" and lig.m is not None and isinstance(lig.nodo, (cst.Name, cst.Attribute)):
                salida.extend(self.clases_nombradas(lig.m, lig.nodo, lig.fn, profundidad + 1))
            elif lig.tipo == "bucle" and lig.m is not None and isinstance(lig.nodo, cst.For):
                for entorno in self.vueltas(lig.m, lig.nodo, lig.fn) or []:
                    if lig.nombre in entorno:
                        em, ee, _ = entorno[lig.nombre]
                        if isinstance(ee, (cst.Name, cst.Attribute)):
                            salida.extend(self.clases_nombradas(em, ee, lig.fn, profundidad + 1))
        return salida

    def campo_sin_tipo(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef]) -> Optional[str]:
        """The analyzed class whose field `expr` is (`res.service` of a dataclass `service: object`) when that
        field is annotated `object` or `Any`: the project stores something there without saying its class,
        so a method called on it may be the project's own. None otherwise."""
        if not isinstance(expr, cst.Attribute):
            return None
        for cm, c in self.clases_de_instancia(m, expr.value, fn):
            for am, ac, anotacion in self._campo_anotado(cm, c, expr.attr.value)[:1]:  # the nearest annotation decides
                anotacion = _sin_opcional(anotacion)
                if isinstance(anotacion, cst.Name) and anotacion.value == "object" \
                        or isinstance(anotacion, (cst.Name, cst.Attribute)) \
                        and termina_en(self.proyecto.calificados(am, anotacion), "typing.Any", "typing_extensions.Any"):
                    return ac.name.value
        return None

    def _campo_anotado(self, m: Modulo, clase: cst.ClassDef, campo: str) -> list[tuple[Modulo, cst.ClassDef, cst.BaseExpression]]:
        """The annotations the lineage of `clase` gives the field `campo`, nearest class first."""
        salida = []
        for am, ac in self.linaje(m, clase):
            anotacion = _anotacion_de_campo(ac, campo)
            if anotacion is not None:
                salida.append((am, ac, anotacion))
        return salida

    def clase_anotada(self, m: Modulo, ann: cst.BaseExpression) -> Optional[tuple[Modulo, cst.ClassDef]]:
        """The analyzed class an annotation or a constructor names (`Pool`, `"Pool"`, `Optional[Pool]`, `Pool | None`)."""
        ann = _sin_opcional(ann)
        if isinstance(ann, cst.SimpleString):
            texto = texto_cadena(ann)
            try:
                ann = _sin_opcional(cst.parse_expression(texto)) if texto else ann
            except Exception:
                return None
        if isinstance(ann, (cst.Name, cst.Attribute)):
            d = self.proyecto.resolver(m, ann)
            if d is not None and d.tipo == "clase" and d.modulo is not None:
                return d.modulo, d.nodo
        return None

    # -- call sites ----------------------------------------------------------------
    def llamadas_a(self, m: Modulo, fn: cst.FunctionDef) -> list[Llamada]:
        """Every place in the analyzed files that calls `fn` (or applies it as a decorator)."""
        if id(fn) not in self._llamadas:
            self._llamadas[self._id(fn)] = self._buscar_llamadas(m, fn)
        return self._llamadas[id(fn)]

    def _buscar_llamadas(self, m: Modulo, fn: cst.FunctionDef) -> list[Llamada]:
        info = m.funcion(fn)
        nombre = fn.name.value
        clase = info.clase if info is not None else None
        salida: list[Llamada] = []
        if clase is not None and nombre == "__init__":
            otros = self.proyecto.modulos_que_llaman(clase.name.value, m.archivo)
            renombrada = any(_renombra(otro, clase.name.value) for otro in otros)
            if renombrada:
                otros = self.proyecto.modulos_con(clase.name.value)
            for otro in otros:
                for c in otro.llamadas:
                    if (isinstance(c.func, (cst.Name, cst.Attribute)) and (renombrada or _nombra(c.func, clase.name.value))
                            and self._es_clase(otro, c.func, otro.contexto.get(id(c)), clase)):
                        salida.append(Llamada(otro, c, otro.contexto.get(id(c)), 1))
            return salida
        salto = 0 if clase is None or es_metodo_estatico(fn) else 1
        encierra = info.padre if info is not None else None
        if encierra is not None and self._devuelve_nombre(m, encierra, nombre):
            return self._llamadas_de_cierre(m, encierra)
        for otro in self.proyecto.modulos_que_llaman(nombre, m.archivo):
            for c in otro.llamadas:
                donde = otro.contexto.get(id(c))
                if self._invoca(otro, c.func, donde, m, fn, clase):
                    salida.append(Llamada(otro, c, donde, salto))
            for definida, dec in otro.decoradas:
                objetivo = dec.decorator
                if isinstance(objetivo, (cst.Name, cst.Attribute)) and self._invoca(otro, objetivo, padre(otro, definida), m, fn, clase):
                    salida.append(Llamada(otro, definida, padre(otro, definida), 0, decorador=True))
        return salida

    @staticmethod
    def _devuelve_nombre(m: Modulo, fn: cst.FunctionDef, nombre: str) -> bool:
        """Whether `fn` returns its local `nombre` (a decorator factory returning its inner decorator)."""
        info = m.funcion(fn)
        return any(isinstance(r.value, cst.Name) and r.value.value == nombre for r in (info.retornos if info else []))

    def _llamadas_de_cierre(self, m: Modulo, fabrica: cst.FunctionDef) -> list[Llamada]:
        """Where the closure `fabrica(...)` returns is applied: `fabrica(...)(f)` and `@fabrica(...)`."""
        salida: list[Llamada] = []
        for exterior in self.llamadas_a(m, fabrica):
            if exterior.decorador or not isinstance(exterior.nodo, cst.Call):
                continue
            em = exterior.m
            for c in em.llamadas:
                if c.func is exterior.nodo:
                    salida.append(Llamada(em, c, em.contexto.get(id(c)), 0, exterior=exterior))
            for definida, dec in em.decoradas:
                if dec.decorator is exterior.nodo:
                    salida.append(Llamada(em, definida, padre(em, definida), 0, decorador=True, exterior=exterior))
        return salida

    def _es_clase(self, m: Modulo, expr: cst.BaseExpression, fn: Optional[cst.FunctionDef], clase: cst.ClassDef) -> bool:
        return any(l.tipo == "clase" and l.nodo is clase for l in self.ligaduras_de(m, expr, fn))

    def _invoca(self, m: Modulo, func: cst.BaseExpression, donde: Optional[cst.FunctionDef], dm: Modulo,
                fn: cst.FunctionDef, clase: Optional[cst.ClassDef]) -> bool:
        """Whether the callee expression `func` (read in `donde` of `m`) is the function `fn`."""
        nombre = fn.name.value
        if isinstance(func, cst.Name):
            if func.value != nombre and not _alias_de(m, donde, func.value, nombre):
                return False
            return any(l.tipo == "funcion" and l.nodo is fn for l in self.ligaduras(m, donde, func.value))
        if not (isinstance(func, cst.Attribute) and func.attr.value == nombre):
            return False
        if clase is None:
            return any(l.tipo == "funcion" and l.nodo is fn for l in self.atributo(m, func, donde))
        clases = self.clases_de_instancia(m, func.value, donde)
        if not clases and isinstance(func.value, (cst.Name, cst.Attribute)):
            clases = self.clases_nombradas(m, func.value, donde)
        return any(l.tipo == "funcion" and l.nodo is fn for cm, c in clases for l in self.miembro(cm, c, nombre, instancia=True))


def _pregunta(expr: cst.CSTNode, ident: "Callable[[object], int]" = id) -> tuple:
    """What a question about `expr` asks, whatever node spells it: a name, a dotted name (`self.c`,
    `mod.x.y`), or, for any other expression, that very node (`ident`: its id, kept alive)."""
    if isinstance(expr, cst.Name):
        return ("n", expr.value)
    texto = dotted(expr) if isinstance(expr, cst.Attribute) else None
    return ("d", texto) if texto is not None else ("x", ident(expr))


def _nombra(func: Union[cst.Name, cst.Attribute], nombre: str) -> bool:
    """Whether a callee spells `nombre` as its name or its last attribute (`Foo(...)`, `mod.Foo(...)`)."""
    return (func.value if isinstance(func, cst.Name) else func.attr.value) == nombre


def _renombra(m: Modulo, nombre: str) -> bool:
    """Whether an import of `m` (module or function level) binds something named `nombre` under
    another name (`from a import Foo as Bar`).

    A callee resolves to a class only through the class's own name or an import chain
    (`Programa.ligaduras`, `atributo`: assignments, parameters, loops and members never give a
    class). A chain that ends at `class Foo` under another name passes such an import, in a file of
    the class's import-graph component that imports `Foo`: one `modulos_que_llaman("Foo", ...)`
    returns. When none of those renames, only a call that spells `Foo` (`Foo(...)`, `x.Foo(...)`)
    can construct it, in a file those already hold; when one does, every file naming `Foo` is
    searched, every call resolved."""
    tablas = [m.importados, *(info.importados for info in m.info.values())]
    return any(atributo == nombre and local != nombre for t in tablas for local, (_, atributo) in t.items())


def _alias_de(m: Modulo, fn: Optional[cst.FunctionDef], local: str, nombre: str) -> bool:
    """Whether `local` is bound by `import ... as local` of something named `nombre` (module or function level)."""
    tablas = [m.importados]
    info = m.funcion(fn)
    while info is not None:
        tablas.append(info.importados)
        info = m.funcion(info.padre)
    return any(local in t and (t[local][1] or t[local][0]).rsplit(".", 1)[-1] == nombre for t in tablas)


def _todos_los_parametros(fn: cst.FunctionDef) -> list[cst.Param]:
    p = fn.params
    todos = [*p.posonly_params, *p.params, *p.kwonly_params]
    for extra in (p.star_arg, p.star_kwarg):
        if isinstance(extra, cst.Param):
            todos.append(extra)
    return todos


def padre(m: Modulo, fn: cst.FunctionDef) -> Optional[cst.FunctionDef]:
    """The function enclosing a def (None at module or class level of the module)."""
    info = m.funcion(fn)
    return info.padre if info is not None else None


def nombres_leidos(expr: cst.CSTNode) -> list[cst.Name]:
    """Bare names read by an expression (not attribute names)."""
    salida: list[cst.Name] = []

    class _V(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            salida.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False

    expr.visit(_V())
    return salida


def _rango(it: cst.BaseExpression) -> Optional[range]:
    """`range(a[, b[, c]])` of integer literals (at most 1000 values), else None."""
    if not (isinstance(it, cst.Call) and isinstance(it.func, cst.Name) and it.func.value == "range") or not 1 <= len(it.args) <= 3:
        return None
    if any(a.keyword is not None or a.star for a in it.args):
        return None
    valores = [numero(a.value) for a in it.args]
    if any(not isinstance(v, int) or isinstance(v, bool) for v in valores):
        return None
    try:
        r = range(*valores)
    except ValueError:
        return None
    return r if len(r) <= 1000 else None


def _desestructurar(objetivo: cst.BaseExpression, valor: cst.BaseExpression, m: Modulo, entorno: Entorno) -> bool:
    """Bind a `for` target to one literal element (tuples destructured); False when shapes differ."""
    if isinstance(objetivo, cst.Name):
        entorno[objetivo.value] = (m, valor, {})
        return True
    if isinstance(objetivo, (cst.Tuple, cst.List)) and isinstance(valor, (cst.Tuple, cst.List)):
        partes = [e for e in objetivo.elements]
        valores = [e.value for e in valor.elements if isinstance(e, cst.Element)]
        if len(partes) != len(valores) or any(isinstance(p, cst.StarredElement) for p in partes):
            return False
        return all(_desestructurar(p.value, v, m, entorno) for p, v in zip(partes, valores))
    return False



def _anotacion_de_campo(clase: cst.ClassDef, nombre: str) -> Optional[cst.BaseExpression]:
    """The annotation a class body gives `nombre` (`nombre: T` or `nombre: T = v`), if any."""
    if not isinstance(clase.body, cst.IndentedBlock):
        return None
    for sentencia in clase.body.body:
        if isinstance(sentencia, cst.SimpleStatementLine):
            for pequena in sentencia.body:
                if isinstance(pequena, cst.AnnAssign) and isinstance(pequena.target, cst.Name) and pequena.target.value == nombre:
                    return pequena.annotation.annotation
    return None


def _sin_opcional(ann: cst.BaseExpression) -> cst.BaseExpression:
    """`T` of `Optional[T]` or `T | None` (the annotation as it is otherwise)."""
    if isinstance(ann, cst.BinaryOperation) and isinstance(ann.operator, cst.BitOr):
        lados = [l for l in (ann.left, ann.right) if not (isinstance(l, cst.Name) and l.value == "None")]
        return lados[0] if len(lados) == 1 else ann
    if isinstance(ann, cst.Subscript) and isinstance(ann.value, (cst.Name, cst.Attribute)) \
            and (ann.value.value if isinstance(ann.value, cst.Name) else ann.value.attr.value) == "Optional" \
            and len(ann.slice) == 1 and isinstance(ann.slice[0].slice, cst.Index):
        return ann.slice[0].slice.value
    return ann
