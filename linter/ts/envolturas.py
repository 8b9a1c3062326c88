"""Where the tools of a registration written inside a function are: one per call of that function.

A registration that passes on its function's own parameters (`function add(server, name, config, fn) {
server.registerTool(name, config, fn) }`), spreads its rest parameter (`(name, ...rest) =>
server.tool(name, ...rest)`), or reads them inside its arguments (`inputSchema: { ...common }`,
`tool.name` of a definition) is read at each call of the function, those parameters bound to what the
call passes; the function a named factory returns (`const tool = createRegisterTool(server, sdk);
tool(def)`) is called through the names bound to the factory's calls. linter/ts/registro.py reads each
site; this module finds them.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from .arbol import Fuente, de_prueba, nombrados, nombres_en, texto
from .valores import (ENVOLTURAS, FUNCIONES_DE_VALOR, Lector, Ref, desnudar, ligadura, parametros_planos,
                      retorno_unico, seguir, verdad_estatica)
from . import clases, llamadas


def sitios_de_envoltura(lector: Lector, todas: Sequence[Fuente], llamada: Ref, args: list[Ref]
                        ) -> list[tuple[Ref, list[Ref], dict[tuple[str, int, str], Ref]]]:
    """Each call of the function around a registration that passes it its own parameters, in the
    analyzed files and the project's other sources (a subclass's `this.helper(...)` of a base
    class's method included): (where the tool is, the registration's arguments at that call, the
    parameters read inside those arguments bound to what the call passes). A function that only reads
    its parameters inside the arguments (`inputSchema: { ...common, deep: ... }`) and is called once
    outside the tests keeps the tool at the registration, its parameters bound to that call's."""
    funcion = llamada.nodo.parent
    while funcion is not None and funcion.type not in FUNCIONES_DE_VALOR + ("method_definition",):
        funcion = funcion.parent
    if funcion is None:
        return [(llamada, args, {})]
    parametros = parametros_por_nombre(llamada.fuente, funcion)
    indices = [parametros.get(texto(a.fuente, a.nodo)) if a.nodo.type == "identifier"
               and ligadura(a.fuente, texto(a.fuente, a.nodo), a.nodo) is None else None for a in args]
    resto = _resto(llamada.fuente, funcion)
    esparcido = [i for i, a in enumerate(args) if resto is not None and a.nodo.type == "spread_element"
                 and texto(a.fuente, nombrados(a.nodo)[0]) == resto[0]]
    anidados = _parametros_anidados(llamada.fuente, funcion, parametros, args)
    nombre = llamadas.nombre_de_funcion(llamada.fuente, funcion)
    # `return (tool) => { server.tool(tool.name, ...) }` of a named factory: its calls are those of the
    # names bound to a call of the factory (`const tool = createRegisterTool(server, sdk)`)
    fabrica = _fabrica(llamada.fuente, funcion) if nombre is None else None
    if all(i is None for i in indices) and not esparcido and not anidados or nombre is None and fabrica is None:
        return [(llamada, args, {})]
    vistas = {f.rel: f for f in todas}
    buscadas = [*todas, *lector.que_nombran(vistas, {nombre or fabrica[1]}).values()]  # type: ignore[index]
    if fabrica is not None:
        buscadas = [f for f in buscadas if not de_prueba(f.rel)]  # a test's calls register into its own server
        nombres = _ligados_a_una_llamada(buscadas, fabrica[1])
        if nombres is None:
            return [(llamada, args, {})]  # the function it returns is handed on as a value: its calls are not followed
    else:
        nombres = {nombre, *_alias(llamada.fuente, nombre)}
    sitios, muertas = [], 0
    for fuente in buscadas:
        for n in fuente.de_tipo(("call_expression",)) if nombres else ():
            callee = n.child_by_field_name("function")
            if callee is None or texto(fuente, callee).rsplit(".", 1)[-1] not in nombres:
                continue
            destino = seguir(lector, Ref(fuente, callee))
            if fabrica is not None:
                if not _llamada_de(lector, destino, llamada.fuente, fabrica[0]):
                    continue
            else:
                if callee.type == "member_expression" and nombrados(callee)[0].type == "this" \
                        and clases.clase_lexica(callee) is not None:  # `this.helper(...)` in a subclass
                    destino = clases.metodo(lector, Ref(fuente, clases.clase_lexica(callee)), nombre) or destino
                elif callee.type == "member_expression":  # `server.registerTool(...)` on an instance of the wrapper class
                    clase = clases.clase_de_valor(lector, Ref(fuente, callee.child_by_field_name("object")))
                    destino = (clases.metodo(lector, clase, nombre) if clase is not None else None) or destino
                if destino.fuente.rel != llamada.fuente.rel or destino.nodo != funcion and destino.nodo != funcion.parent:
                    continue
            pasados = nombrados(n.child_by_field_name("arguments"))
            if any(p.type == "spread_element" for p in pasados):
                continue
            if not esparcido and all(i is None for i in indices) and de_prueba(fuente.rel):
                continue  # a test's call of a helper registers into the test's own server
            de_sitio: list[Ref] = []
            for k, (a, i) in enumerate(zip(args, indices)):
                if k in esparcido:  # `...rest`: what the call passes from the rest parameter's place on
                    de_sitio += [Ref(fuente, p) for p in pasados[resto[1]:]]  # type: ignore[index]
                else:
                    de_sitio.append(Ref(fuente, pasados[i]) if i is not None and i < len(pasados) else a)
            atados = {(llamada.fuente.rel, funcion.start_byte, p): Ref(fuente, pasados[parametros[p]])
                      for p in anidados if parametros[p] < len(pasados)}
            if atados and _rama_muerta(lector, llamada, funcion, atados):
                muertas += 1
                continue  # `if (tool.args) server.tool(name, desc, tool.args, cb) else ...`: not this element's branch
            sitios.append((Ref(fuente, n), de_sitio, atados))
    if len(sitios) == 1 and all(i is None for i in indices) and not esparcido and fabrica is None:
        return [(llamada, args, sitios[0][2])]  # only read inside the arguments: the tool stays where it is written
    if not sitios and muertas:
        return []  # every call takes the other branch: this registration runs for none
    return sitios or [(llamada, args, {})]


def _fabrica(fuente: Fuente, funcion: Any) -> Optional[tuple[Any, str]]:
    """(F, its name) when `funcion` is the one value a named project function F returns
    (`function createRegisterTool(server) { return (tool) => { ... } }`); None otherwise."""
    n = funcion.parent
    while n is not None and n.type in ENVOLTURAS:
        n = n.parent
    if n is None:
        return None
    fabrica = n.parent if n.type == "return_statement" else n if n.type == "arrow_function" else None
    while fabrica is not None and n.type == "return_statement" and fabrica.type not in FUNCIONES_DE_VALOR + ("method_definition",):
        fabrica = fabrica.parent
    if fabrica is None or fabrica.type == "method_definition":
        return None
    devuelto = retorno_unico(Ref(fuente, fabrica))
    if devuelto is None or desnudar(devuelto.nodo) != funcion:
        return None
    nombre = llamadas.nombre_de_funcion(fuente, fabrica)
    return (fabrica, nombre) if nombre is not None else None


def _ligados_a_una_llamada(fuentes: Sequence[Fuente], nombre: str) -> Optional[set[str]]:
    """The names a `const` binds to a call of `nombre` (`const tool = createRegisterTool(...)`); None
    when such a name is used other than called in its file (handed on: `register({ app, register })`),
    or a call of `nombre` is not bound to a name at all."""
    salida = set()
    for fuente in fuentes:
        for n in nombres_en(fuente, nombre):
            llamada = n.parent.parent if n.parent is not None and n.parent.type == "member_expression" else n.parent
            if llamada is None or llamada.type != "call_expression" or llamada.child_by_field_name("function") not in (n, n.parent):
                continue
            d = llamada.parent
            while d is not None and d.type in ENVOLTURAS + ("await_expression",):
                d = d.parent
            nombre_d = d.child_by_field_name("name") if d is not None and d.type == "variable_declarator" else None
            if nombre_d is None or nombre_d.type != "identifier":
                return None
            ligado = texto(fuente, nombre_d)
            for uso in nombres_en(fuente, ligado):
                if uso == nombre_d or uso.type not in ("identifier", "shorthand_property_identifier"):
                    continue
                vinculo = ligadura(fuente, ligado, uso)
                if not isinstance(vinculo, Ref) or desnudar(vinculo.nodo) != llamada:
                    continue  # another binding of the same spelling
                if uso.parent is None or uso.parent.type != "call_expression" or uso.parent.child_by_field_name("function") != uso:
                    if not _en_objeto_sin_uso(fuente, uso):
                        return None
            salida.add(ligado)
    return salida


def _en_objeto_sin_uso(fuente: Fuente, uso: Any) -> bool:
    """Whether a name is put in an object literal bound to a `const` that nothing reads but `void x`
    (`const register = { tool, prompt }; void register;`, as generated code silences a linter)."""
    objeto = uso.parent.parent if uso.parent is not None and uso.parent.type == "pair" else uso.parent
    if objeto is None or objeto.type != "object" or (uso.parent.type == "pair" and uso.parent.child_by_field_name("value") != uso):
        return False
    d = objeto.parent
    nombre_d = d.child_by_field_name("name") if d is not None and d.type == "variable_declarator" else None
    if nombre_d is None or nombre_d.type != "identifier":
        return False
    for otro in nombres_en(fuente, texto(fuente, nombre_d)):
        if otro == nombre_d or otro.type not in ("identifier", "shorthand_property_identifier"):
            continue
        vinculo = ligadura(fuente, texto(fuente, otro), otro)
        if isinstance(vinculo, Ref) and vinculo.nodo == objeto \
                and (otro.parent is None or otro.parent.type != "unary_expression" or not texto(fuente, otro.parent).startswith("void")):
            return False
    return True


def _llamada_de(lector: Lector, valor: Ref, fuente: Fuente, fabrica: Any) -> bool:
    """Whether `valor` is a call of the project function `fabrica` (of `fuente`)."""
    if valor.nodo is None or valor.nodo.type != "call_expression" or valor.nodo.child_by_field_name("function") is None:
        return False
    destino = seguir(lector, Ref(valor.fuente, valor.nodo.child_by_field_name("function")))
    return destino.fuente.rel == fuente.rel and destino.nodo == fabrica


def _rama_muerta(lector: Lector, llamada: Ref, funcion: Any, atados: dict[tuple[str, int, str], Ref]) -> bool:
    """Whether, with the parameters bound to one call's arguments, the registration sits in a branch of an
    `if` whose test reads false (`if (tool.args)` of an element without `args`) or true (its `else`)."""
    n, hijo = llamada.nodo.parent, llamada.nodo
    with lector.en(None, atados):
        while n is not None and n != funcion:
            if n.type == "if_statement" and n.child_by_field_name("condition") is not None \
                    and hijo != n.child_by_field_name("condition"):
                verdad = verdad_estatica(lector, Ref(llamada.fuente, n.child_by_field_name("condition")))
                if verdad is not None and (hijo == n.child_by_field_name("consequence")) != verdad:
                    return True
            n, hijo = n.parent, n
    return False


def _parametros_anidados(fuente: Fuente, funcion: Any, parametros: dict[str, int], args: list[Ref]) -> set[str]:
    """The parameters of `funcion` a registration reads inside its arguments other than the handler
    (`{ ...common, deep: z.boolean() }`): what a call of `funcion` passes decides the schema; a
    parameter read only inside a nested function (the handler) is left to the handler's reading."""
    salida = set()
    for a in args:
        pila = [a.nodo] if a.nodo.type != "identifier" else []
        while pila:
            n = pila.pop()
            if n.type in FUNCIONES_DE_VALOR + ("method_definition",):
                continue
            if n.type == "identifier" and texto(fuente, n) in parametros \
                    and ligadura(fuente, texto(fuente, n), n) is None and _parametro_de(fuente, n, funcion):
                salida.add(texto(fuente, n))
            pila.extend(n.children)
    return salida


def _parametro_de(fuente: Fuente, nodo: Any, funcion: Any) -> bool:
    """Whether the name at `nodo` is a parameter of `funcion` (no function between them declares it)."""
    nombre = texto(fuente, nodo)
    n = nodo.parent
    while n is not None and n != funcion:
        if n.type in FUNCIONES_DE_VALOR + ("method_definition",) and nombre in parametros_por_nombre(fuente, n):
            return False
        n = n.parent
    return n == funcion


def _resto(fuente: Fuente, funcion: Any) -> Optional[tuple[str, int]]:
    """(name, place) of a function's rest parameter (`...rest`), None without one."""
    parametros = funcion.child_by_field_name("parameters")
    for i, p in enumerate(nombrados(parametros) if parametros is not None else []):
        patron = p.child_by_field_name("pattern") if p.type in ("required_parameter", "optional_parameter") else p
        if patron is not None and patron.type == "rest_pattern" and nombrados(patron) \
                and nombrados(patron)[0].type == "identifier":
            return texto(fuente, nombrados(patron)[0]), i
    return None


def _alias(fuente: Fuente, nombre: str) -> set[str]:
    """The names a file binds to `nombre` itself (`const tool = registerTool`)."""
    salida = set()
    for d in fuente.de_tipo(("variable_declarator",)):
        valor, nombre_d = desnudar(d.child_by_field_name("value")), d.child_by_field_name("name")
        if valor is not None and valor.type == "identifier" and texto(fuente, valor) == nombre \
                and nombre_d is not None and nombre_d.type == "identifier":
            salida.add(texto(fuente, nombre_d))
    return salida


def parametros_por_nombre(fuente: Fuente, funcion: Any) -> dict[str, int]:
    """name -> position of a function's plain parameters (`valores.parametros_planos`)."""
    return {nombre: i for i, (nombre, _) in enumerate(parametros_planos(fuente, funcion)) if nombre is not None}
