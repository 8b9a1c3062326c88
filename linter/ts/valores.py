"""What a TypeScript expression stands for, read without running it: constants, imports between the
project's own modules, object literals and their spreads.

A `Ref` is a node of a parsed file. `seguir` follows a name to the value it is bound to (a `const`
declaration in an enclosing scope, a function or class declaration, or an import of a relative
module's export), looking through parentheses, `as`/`satisfies` casts and `!`. A name it cannot
follow (a parameter, a `let`, a package's export) is returned as it is: the caller decides, and says
what it could not read (`Irresoluble`), never guesses.
"""

from __future__ import annotations

import math
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from .arbol import Fuente, NoParsea, cadena_literal, exporta_solo_tipos, nombrados, numero_literal, parsear, recorrer, texto, valor_de_escape
from .tsconfig import alias_de_rutas, por_alias
from . import espacio

ENVOLTURAS = ("parenthesized_expression", "as_expression", "satisfies_expression", "non_null_expression",
              "type_assertion")
NOMBRES = ("identifier", "shorthand_property_identifier")
EXTENSIONES = (".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx")
PROFUNDIDAD = 64  # names followed in one chain before the chain is called a cycle


@dataclass(frozen=True)
class Ref:
    """A node of a parsed file."""

    fuente: Fuente
    nodo: Any

    def texto(self) -> str:
        return texto(self.fuente, self.nodo)

    def corto(self, n: int = 60) -> str:
        """The node's source on one line, cut at `n` characters (for messages)."""
        plano = " ".join(self.texto().split())
        return plano if len(plano) <= n else plano[:n - 1] + "…"


class Irresoluble(Exception):
    """A construct the front end cannot read; `motivo` says which, in English, `ref` where."""

    def __init__(self, motivo: str, ref: Ref) -> None:
        super().__init__(motivo)
        self.motivo, self.ref = motivo, ref


_EN_CURSO = object()  # a question of `exportado_de` under way


MODULO_CJS = "module.exports"  # what `const m = require("./m")` binds: resolved in `exportado`


@dataclass(frozen=True)
class _Importado:
    especificador: str
    nombre: str  # the exported name, "default", or "*" for a namespace import


class Lector:
    """The project's TypeScript files as resolution reaches them: each read and parsed once."""

    def __init__(self, raiz: Path, datos: Optional[dict[str, bytes]] = None) -> None:
        self.raiz = raiz.resolve()
        self._datos = dict(datos or {})
        self._fuentes: dict[str, Fuente | NoParsea | None] = {}
        self._reexportan: dict[str, bool] = {}  # rel -> whether its bytes may hold `export *`
        self.zod_vistos: set[tuple[str, str]] = set()  # (file, specifier) of the zod imports a reading used
        self.zod_perezosos: set[tuple[str, int]] = set()  # the `z.lazy(...)` calls being read (a cycle's guard)
        # the concrete class whose instance a reading is of (a class-based tool): `this.x` and `this.m()`
        # in the classes of its chain are read as that instance's members (linter/ts/clases.py)
        self.instancia: Optional[Ref] = None
        self.construccion: Optional[Ref] = None  # the `new` that builds that instance, when known
        # the project's other sources: read where resolution needs them (their relative paths are
        # computed on the first need: most runs never look)
        self.resto_rutas: tuple[Path, ...] = ()
        self._resto: Optional[tuple[str, ...]] = None
        # names bound while a reading goes on: a loop's variable to one element of its collection, a
        # factory's parameter to what the call passes: (file, start of the `for`, callback or function
        # that binds it, name) -> the value
        self.atados: dict[tuple[str, int, str], Ref] = {}
        self._alias_por_carpeta: dict[Path, list[tuple[str, list[Path]]]] = {}
        self._modulos: dict[tuple[str, str], Optional[Fuente]] = {}  # (importing folder, specifier) -> module
        self.exportados: dict[tuple[str, str], object] = {}  # (module, name) -> what it exports so
        self.ciclos = 0  # answers of `exportado_de` that met a question under way (those are not kept)

    @contextmanager
    def en(self, instancia: Optional[Ref], atados: dict[tuple[str, int, str], Ref],
           construccion: Optional[Ref] = None) -> Iterator[None]:
        """Read as the instance of `instancia` that `construccion` builds, loop variables bound to
        `atados` (all restored after)."""
        antes = self.instancia, self.atados, self.construccion
        self.instancia, self.atados, self.construccion = instancia, atados, construccion
        try:
            yield
        finally:
            self.instancia, self.atados, self.construccion = antes

    def que_nombran(self, vistas: dict[str, Fuente], nombres: set[str],
                    excluir: Optional[Callable[[str], bool]] = None) -> dict[str, Fuente]:
        """The project's other sources (`resto`), not among `vistas`, that name one of `nombres`
        (looked for by name before they are parsed; one that does not parse or cannot be read holds
        nothing read here)."""
        if self._resto is None:
            self._resto = tuple(self._relativa(r) for r in self.resto_rutas)
        salida = {}
        palabras = tuple(n.encode() for n in nombres)
        for rel in self._resto:
            if rel not in vistas and (excluir is None or not excluir(rel)) and self.contiene(rel, palabras):
                try:
                    salida[rel] = self.fuente(rel)
                except (NoParsea, FileNotFoundError):
                    continue
        return salida

    def _relativa(self, ruta: Path) -> str:
        try:  # the walk gives paths under the root: resolved only when they are not
            return (ruta if ruta.is_absolute() else ruta.resolve()).relative_to(self.raiz).as_posix()
        except ValueError:
            try:
                return ruta.resolve().relative_to(self.raiz).as_posix()
            except (OSError, ValueError):
                return ruta.as_posix()
        except OSError:
            return ruta.as_posix()

    def contiene(self, rel: str, palabras: tuple[bytes, ...]) -> bool:
        """Whether the file `rel` holds any of `palabras` as a whole word (a cheap look before parsing it)."""
        datos = self._bytes(rel)
        return datos is not None and any(palabra_en(datos, p) for p in palabras)

    def puede_exportar(self, rel: str, nombre: str) -> bool:
        """Whether the module `rel` may export `nombre`: it names it, or re-exports all of another module
        (`export * from`); a byte look before a barrel's module is parsed. A file that cannot be read
        says yes: parsing it tells."""
        datos = self._bytes(rel)
        if datos is None or palabra_en(datos, nombre.encode()):
            return True
        if rel not in self._reexportan:
            self._reexportan[rel] = reexporta_todo(datos)
        return self._reexportan[rel]

    def _bytes(self, rel: str) -> Optional[bytes]:
        datos = self._datos.get(rel)
        if datos is None:
            try:
                datos = self._datos[rel] = (self.raiz / rel).read_bytes()
            except OSError:
                return None
        return datos

    def fuente(self, rel: str) -> Fuente:
        """The parsed file `rel` (relative to the root); NoParsea if it does not parse."""
        if rel not in self._fuentes:
            self._fuentes[rel] = self._cargar(rel)
        valor = self._fuentes[rel]
        if isinstance(valor, NoParsea):
            raise valor
        if valor is None:
            raise FileNotFoundError(rel)
        return valor

    def _cargar(self, rel: str) -> Fuente | NoParsea | None:
        datos = self._datos.get(rel)
        if datos is None:
            try:
                datos = (self.raiz / rel).read_bytes()
            except OSError:
                return None
        try:
            return parsear(rel, datos)
        except NoParsea as error:
            return error

    def _alias(self, carpeta: Path) -> list[tuple[str, list[Path]]]:
        """The `paths` of the tsconfig.json nearest `carpeta`, up to the project root (read once per folder)."""
        if carpeta not in self._alias_por_carpeta:
            tsconfig = carpeta / "tsconfig.json"
            if tsconfig.is_file():
                self._alias_por_carpeta[carpeta] = alias_de_rutas(tsconfig)
            elif carpeta == self.raiz or carpeta.parent == carpeta or self.raiz not in carpeta.parents:
                self._alias_por_carpeta[carpeta] = []
            else:
                self._alias_por_carpeta[carpeta] = self._alias(carpeta.parent)
        return self._alias_por_carpeta[carpeta]

    def modulo(self, desde: Fuente, especificador: str) -> Optional[Fuente]:
        """The parsed project module an import names (`ruta_del_modulo`); None when there is none or it
        does not parse."""
        rel = self.ruta_del_modulo(desde, especificador)
        if rel is None:
            return None
        try:
            return self.fuente(rel)
        except (NoParsea, FileNotFoundError):
            return None

    def ruta_del_modulo(self, desde: Fuente, especificador: str) -> Optional[str]:
        """`_modulo`, once per importing folder and specifier: the file's path, before it is parsed."""
        clave = (desde.rel.rpartition("/")[0], especificador)  # the importing folder (`rel` is a POSIX path)
        if clave not in self._modulos:
            self._modulos[clave] = self._modulo(desde, especificador)
        return self._modulos[clave]

    def _modulo(self, desde: Fuente, especificador: str) -> Optional[str]:
        """The project module an import names: a relative one (`./lib.js` is `./lib.ts` in TypeScript's
        ESM convention; `./lib` may be `./lib.ts` or `./lib/index.ts`), an alias the nearest
        tsconfig.json's `paths` maps into the project (`@/lib.js`), or a package of the repository's
        workspace (its sources, linter/ts/espacio.py); None for an installed package or a file outside
        the project (its path, relative to the root)."""
        del_espacio = desde.rel.startswith("../")  # a workspace package's own modules are read where they are
        if especificador.startswith("."):
            bases = [(self.raiz / desde.rel).parent / especificador]
        else:  # an alias of the nearest tsconfig.json's `paths` (`@/utils/x.js`), else a package
            bases = por_alias(self._alias((self.raiz / desde.rel).parent), especificador)
            partes = espacio.partir(especificador) if not bases else None
            paquete = espacio.carpeta_del_paquete((self.raiz / desde.rel).parent, partes[0]) if partes else None
            if paquete is not None:  # a package of the repository's workspace: its sources (linter/ts/espacio.py)
                bases, del_espacio = espacio.candidatos(paquete, partes[1]), True  # type: ignore[index]
        for c in _candidatos([str(b) for b in bases]):
            if not os.path.isfile(c):
                continue  # most candidates are not there: looked at before anything is resolved
            try:
                resuelto = Path(c).resolve()
                # a workspace package may sit beside the project's folder: read as `../pkg/src/x.ts`
                rel = Path(os.path.relpath(resuelto, self.raiz)).as_posix() if del_espacio \
                    and "node_modules" not in resuelto.parts else resuelto.relative_to(self.raiz).as_posix()
            except (OSError, ValueError):
                continue
            if resuelto.is_file():
                return rel
        return None


def _candidatos(bases: list[str]) -> Iterator[str]:
    """The files an import of each base path may name, in the order TypeScript tries them: the path, its
    TypeScript twin (`./lib.js` is `./lib.ts`), the path with each extension, its folder's `index`; made one
    at a time (the first is most often the one)."""
    for base in bases:
        yield base
        raiz, extension = os.path.splitext(base)
        if extension in (".js", ".mjs", ".cjs", ".jsx"):
            yield from (raiz + e for e in (".ts", ".tsx", ".mts", ".cts"))
        yield from (base + e for e in EXTENSIONES)
        yield from (os.path.join(base, "index" + e) for e in EXTENSIONES)


_DE_NOMBRE = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")


def palabra_en(datos: bytes, palabra: bytes) -> bool:
    """Whether `palabra` occurs in `datos` as a whole name (`register` in `x.register(`, not in
    `registerMany`): a byte look before a file is parsed, never a decision."""
    i = datos.find(palabra)
    while i >= 0:
        fin = i + len(palabra)
        antes_libre = i == 0 or palabra[0] not in _DE_NOMBRE or datos[i - 1] not in _DE_NOMBRE
        if antes_libre and (fin >= len(datos) or datos[fin] not in _DE_NOMBRE):
            return True
        i = datos.find(palabra, i + 1)
    return False


def reexporta_todo(datos: bytes) -> bool:
    """Whether a source may hold `export *` (blanks or a comment between the two): a byte look that
    may say yes for text or a comment, never no for a real one."""
    i = datos.find(b"export")
    while i >= 0:
        j = i + 6
        while j < len(datos) and datos[j] in b" \t\r\n":
            j += 1
        if j < len(datos) and datos[j] in b"*/":  # `*`, or a comment that may hide one
            return True
        i = datos.find(b"export", j)
    return False


def desnudar(nodo: Any) -> Any:
    """The expression inside parentheses, `x as T`, `x satisfies T`, `x!` and `<T>x`."""
    while nodo is not None and nodo.type in ENVOLTURAS:
        hijos = nombrados(nodo)
        nodo = hijos[0] if nodo.type != "type_assertion" else hijos[-1]
    return nodo


def sin_await(ref: Ref) -> Ref:
    """The value an awaited expression settles to: `await x` and `Promise.resolve(x)` as `x` (a handler's
    return is awaited by the SDK), parentheses and type assertions looked through."""
    nodo = desnudar(ref.nodo)
    while nodo is not None:
        if nodo.type == "await_expression":
            nodo = desnudar(nombrados(nodo)[0])
            continue
        funcion = nodo.child_by_field_name("function") if nodo.type == "call_expression" else None
        argumentos = nodo.child_by_field_name("arguments") if funcion is not None else None
        if funcion is not None and texto(ref.fuente, funcion) == "Promise.resolve" and argumentos is not None \
                and len(nombrados(argumentos)) == 1:
            nodo = desnudar(nombrados(argumentos)[0])
            continue
        break
    return Ref(ref.fuente, nodo)


def seguir(lector: Lector, ref: Ref, profundidad: int = 0) -> Ref:
    """The value `ref` stands for: names followed to their `const` value, function or class, through
    relative imports (and, reading a class-based tool, `this.x` / `this.m()` to the instance's member);
    anything else (a call, a literal, a name it cannot follow) as it is."""
    nodo = desnudar(ref.nodo)
    ref = Ref(ref.fuente, nodo)
    if nodo is not None and lector.instancia is not None and nodo.type in ("member_expression", "call_expression") \
            and profundidad <= PROFUNDIDAD:
        from .clases import valor_de_this

        valor = valor_de_this(lector, ref)
        if valor is not None:
            return seguir(lector, valor, profundidad + 1)
    if nodo is not None and nodo.type == "member_expression" and profundidad <= PROFUNDIDAD:
        from .clases import valor_estatico_de_this

        valor = valor_estatico_de_this(lector, ref) or _miembro_de_valor(lector, ref, profundidad)
        if valor is not None:
            return seguir(lector, valor, profundidad + 1)
    if nodo is not None and nodo.type == "call_expression" and profundidad <= PROFUNDIDAD:
        valor = _invocada_en_el_acto(ref) or _identidad(lector, ref, profundidad)
        if valor is not None:
            return seguir(lector, valor, profundidad + 1)
    if nodo is None or nodo.type not in NOMBRES or profundidad > PROFUNDIDAD:
        return ref
    ligado = ligadura(ref.fuente, texto(ref.fuente, nodo), nodo)
    if isinstance(ligado, _Importado):
        destino = exportado(lector, ref.fuente, ligado)
        return seguir(lector, destino, profundidad + 1) if destino is not None else ref
    if ligado is None:
        atado = atado_a(lector, ref) if lector.atados else None
        return seguir(lector, atado, profundidad + 1) if atado is not None else ref
    return seguir(lector, ligado, profundidad + 1) if ligado.nodo.type in NOMBRES + ENVOLTURAS else ligado


def _invocada_en_el_acto(ref: Ref) -> Optional[Ref]:
    """`(() => { ...; return v; })()`, a function without parameters called where it is written with no
    arguments: the value of its one return; None for any other call."""
    funcion = desnudar(ref.nodo.child_by_field_name("function"))
    argumentos = ref.nodo.child_by_field_name("arguments")
    if funcion is None or funcion.type not in ("arrow_function", "function_expression", "function") \
            or argumentos is None or nombrados(argumentos) or any(h.type == "async" for h in funcion.children):
        return None  # an async one's value is a promise
    parametros = funcion.child_by_field_name("parameters") or funcion.child_by_field_name("parameter")
    if parametros is not None and (parametros.type != "formal_parameters" or nombrados(parametros)):
        return None
    return retorno_unico(Ref(ref.fuente, funcion))


def _identidad(lector: Lector, ref: Ref, profundidad: int) -> Optional[Ref]:
    """`toSchema(S)` of a project function whose one return is one of its own parameters, through type
    assertions (`return schema as unknown as AnySchema`): the argument the call passes there; None for
    any other call."""
    funcion = ref.nodo.child_by_field_name("function")
    argumentos = ref.nodo.child_by_field_name("arguments")
    if funcion is None or funcion.type != "identifier" or argumentos is None:
        return None
    destino = seguir(lector, Ref(ref.fuente, funcion), profundidad + 1)
    if destino.nodo is None or destino.nodo.type not in FUNCIONES_DE_VALOR:
        return None
    devuelto = retorno_unico(destino)
    nodo = desnudar(devuelto.nodo) if devuelto is not None else None
    if nodo is None or nodo.type != "identifier":
        return None
    nombre = texto(destino.fuente, nodo)
    if _alcance(destino.fuente, nombre, nodo) != (None, None):
        return None  # not a parameter (or a parameter of a function nested inside)
    posiciones = [i for i, (p, _) in enumerate(parametros_planos(destino.fuente, destino.nodo)) if p == nombre]
    pasados = nombrados(argumentos)
    if len(posiciones) != 1 or posiciones[0] >= len(pasados) or any(p.type == "spread_element" for p in pasados):
        return None
    return Ref(ref.fuente, pasados[posiciones[0]])


def atado_a(lector: Lector, ref: Ref) -> Optional[Ref]:
    """What a name bound in `lector.atados` stands for: the element a loop variable or callback
    parameter is while one element of a collection is read, or the argument a project factory's
    parameter was given by the call being read; None for any other name."""
    nombre = texto(ref.fuente, ref.nodo)
    n = ref.nodo.parent
    while n is not None:
        atado = lector.atados.get((ref.fuente.rel, n.start_byte, nombre))
        if atado is not None and n.type in ("for_in_statement", "arrow_function", "function_expression", "function",
                                             "function_declaration", "method_definition"):
            return atado
        n = n.parent
    return None


def indefinido(lector: Lector, ref: Ref) -> bool:
    """Whether an expression is `undefined`: the name, or a property an object literal (a constant, an
    element being read) does not have."""
    nodo = desnudar(ref.nodo)
    if nodo is not None and nodo.type == "member_expression":
        objeto = desnudar(nodo.child_by_field_name("object"))
        propiedad = nodo.child_by_field_name("property")
        if objeto is not None and objeto.type == "identifier" and propiedad is not None:
            elemento = valor_de_objeto(lector, Ref(ref.fuente, objeto))
            if elemento.nodo != objeto and elemento.nodo.type == "object":
                try:
                    return texto(ref.fuente, propiedad) not in dict(propiedades(lector, elemento))
                except Irresoluble:
                    return False
    r = seguir(lector, ref)
    return r.nodo.type == "undefined" or r.nodo.type == "identifier" and texto(r.fuente, r.nodo) == "undefined"


def _miembro_de_valor(lector: Lector, ref: Ref, profundidad: int = 0) -> Optional[Ref]:
    """`x.p` where `x` stands for an object literal (a constant, an imported one, an element being
    read, or itself such a property: `tools.start.schema`) or a `new` of a project class: the literal's
    property `p`, or the instance's member (linter/ts/clases.py); None otherwise."""
    objeto = desnudar(ref.nodo.child_by_field_name("object"))
    propiedad = ref.nodo.child_by_field_name("property")
    if objeto is None or objeto.type not in ("identifier", "member_expression") or propiedad is None \
            or propiedad.type != "property_identifier" or profundidad > PROFUNDIDAD:
        return None
    if objeto.type == "member_expression":
        interior = _miembro_de_valor(lector, Ref(ref.fuente, objeto), profundidad + 1)
        if interior is None:
            return None
        elemento = valor_de_objeto(lector, interior, profundidad + 1)
    else:
        elemento = valor_de_objeto(lector, Ref(ref.fuente, objeto), profundidad + 1)
        if elemento.nodo == objeto:
            return None
    nombre = texto(ref.fuente, propiedad)
    if elemento.nodo.type == "program":  # `ns.x` of `import * as ns from "./m"`: what m exports as x
        return exportado_de(lector, elemento.fuente, nombre)
    if elemento.nodo.type == "enum_declaration":  # `E.A` of `enum E { A = "a" }`: the value written
        cuerpo = elemento.nodo.child_by_field_name("body")
        for m in nombrados(cuerpo) if cuerpo is not None else []:
            if m.type == "enum_assignment" and texto(elemento.fuente, m.child_by_field_name("name")) == nombre:
                return Ref(elemento.fuente, m.child_by_field_name("value"))
        return None
    if elemento.nodo.type == "object":
        try:
            return dict(propiedades(lector, elemento)).get(nombre)
        except Irresoluble:
            return None
    if elemento.nodo.type == "new_expression" and elemento.nodo.child_by_field_name("constructor") is not None:
        from .clases import CLASES, miembro

        clase = seguir(lector, Ref(elemento.fuente, elemento.nodo.child_by_field_name("constructor")))
        return miembro(lector, clase, nombre, elemento) if clase.nodo.type in CLASES else None
    if elemento.nodo.type == "call_expression" and elemento.nodo.child_by_field_name("function") is not None:
        forma = _forma_de_objeto(elemento) if nombre == "shape" else None
        return forma if forma is not None else _propiedad_de_cada_retorno(lector, elemento, nombre, profundidad)
    return None


def _forma_de_objeto(llamada: Ref) -> Optional[Ref]:
    """`S.shape` of `S = z.object({...})` (or `strictObject` / `looseObject`, with no method after it):
    the object literal the call is given; None otherwise."""
    funcion = llamada.nodo.child_by_field_name("function")
    argumentos = nombrados(llamada.nodo.child_by_field_name("arguments")) \
        if llamada.nodo.child_by_field_name("arguments") is not None else []
    if funcion is None or funcion.type != "member_expression" or len(argumentos) != 1 \
            or texto(llamada.fuente, funcion.child_by_field_name("property")) not in ("object", "strictObject", "looseObject") \
            or desnudar(funcion.child_by_field_name("object")).type != "identifier" or argumentos[0].type != "object":
        return None
    return Ref(llamada.fuente, argumentos[0])


def _propiedad_de_cada_retorno(lector: Lector, llamada: Ref, nombre: str, profundidad: int) -> Optional[Ref]:
    """`f(...).p` of a project function with several returns (`tool(name, schemaOrHandler)` choosing
    by the argument's type): the property when every return is an object literal that writes it the
    same way (`{ name, ... }` in each), the function's parameters bound to the call's arguments; None
    when one return is no literal, lacks it, or writes it otherwise."""
    funcion = seguir(lector, Ref(llamada.fuente, llamada.nodo.child_by_field_name("function")), profundidad + 1)
    cuerpo = funcion.nodo.child_by_field_name("body") if funcion.nodo.type in FUNCIONES_DE_VALOR else None
    if cuerpo is None or cuerpo.type != "statement_block":
        return None
    escritos = []
    for r in sentencias_return(funcion):
        valor = seguir(lector, Ref(funcion.fuente, nombrados(r)[0]), profundidad + 1) if nombrados(r) else None
        if valor is None or valor.nodo.type != "object":
            return None
        try:
            propiedad = dict(propiedades(lector, valor)).get(nombre)
        except Irresoluble:
            return None
        if propiedad is None:
            return None
        escritos.append(propiedad)
    if not escritos or len({" ".join(p.texto().split()) for p in escritos}) != 1:
        return None
    _atar_parametros(lector, funcion, llamada)
    return escritos[0]


def retorno_de_llamada(lector: Lector, llamada: Ref) -> Optional[Ref]:
    """`pingSchema()` / `shapeFor("doc")` / `types.string()` (a function of a module imported whole, `import *
    as types`) of a project function (not async) with one return: the value it returns, its plain
    parameters bound to the call's arguments while the reading goes on; None for any other call."""
    f = desnudar(llamada.nodo.child_by_field_name("function")) if llamada.nodo.type == "call_expression" else None
    if f is None or llamada.nodo.child_by_field_name("arguments") is None:
        return None
    if f.type != "identifier" and not de_un_modulo_entero(llamada.fuente, f):
        return None
    destino = seguir(lector, Ref(llamada.fuente, f))
    if destino.nodo is None or destino.nodo.type not in FUNCIONES_DE_VALOR \
            or any(h.type == "async" for h in destino.nodo.children):
        return None
    devuelto = retorno_unico(destino)
    if devuelto is None:
        return None
    _atar_parametros(lector, destino, llamada)
    return devuelto


def de_un_modulo_entero(fuente: Fuente, nodo: Any) -> bool:
    """Whether `nodo` is `ns.name` of a namespace import (`import * as ns from "./m"`)."""
    if nodo.type != "member_expression":
        return False
    objeto = desnudar(nodo.child_by_field_name("object"))
    if objeto is None or objeto.type != "identifier":
        return False
    ligado = ligadura(fuente, texto(fuente, objeto), objeto)
    return isinstance(ligado, _Importado) and ligado.nombre == "*"


def llenado_despues(ref: Ref) -> Optional[Ref]:
    """Where a name bound to an object literal is written into after it is declared (`shape[key] = ...`,
    `shape.a = ...`, `Object.assign(shape, ...)`, `delete shape.a`): the literal is not what the name
    holds; None when the name is no such binding or nothing writes into it."""
    nodo = desnudar(ref.nodo)
    if nodo is None or nodo.type != "identifier":
        return None
    ligado = ligadura(ref.fuente, texto(ref.fuente, nodo), nodo)
    if not isinstance(ligado, Ref) or desnudar(ligado.nodo) is None or desnudar(ligado.nodo).type != "object":
        return None
    escritas = escrituras_en(ref)
    return escritas[0] if escritas else None


def escrituras_en(ref: Ref) -> Optional[list[Ref]]:
    """The writes into what a `const` name holds, in the block that declares it, in source order
    (`x.a = ...`, `x[k] += ...`, `delete x.a`, `Object.assign(x, ...)`); None when `ref` is no name
    bound to a `const`'s value."""
    nodo = desnudar(ref.nodo)
    if nodo is None or nodo.type != "identifier":
        return None
    nombre = texto(ref.fuente, nodo)
    ligado = ligadura(ref.fuente, nombre, nodo)
    bloque = bloque_que_declara(ref.fuente, nombre, nodo)
    if not isinstance(ligado, Ref) or bloque is None:
        return None
    return [Ref(ref.fuente, n) for n, objetivo in
            ref.fuente.memo(("escrituras", bloque.id), lambda: _escrituras(ref.fuente, bloque)).get(nombre, ())
            if ligadura(ref.fuente, nombre, objetivo) == ligado]


def copia_de(lector: Lector, ref: Ref) -> Optional[Ref]:
    """What a deep copy copies: `x` of `structuredClone(x)` or `JSON.parse(JSON.stringify(x))` (casts
    looked through, neither name the project's own); None for any other expression."""
    r = seguir(lector, ref)
    for global_, interior in (("structuredClone", None), ("JSON.parse", "JSON.stringify")):
        nodo = desnudar(r.nodo)
        funcion = nodo.child_by_field_name("function") if nodo is not None and nodo.type == "call_expression" else None
        argumentos = nombrados(nodo.child_by_field_name("arguments")) if funcion is not None else []
        if funcion is None or texto(r.fuente, funcion) != global_ or len(argumentos) != 1 \
                or seguir(lector, Ref(r.fuente, funcion)).nodo != funcion:
            continue
        if interior is None:
            return Ref(r.fuente, argumentos[0])
        dentro = desnudar(argumentos[0])
        f2 = dentro.child_by_field_name("function") if dentro is not None and dentro.type == "call_expression" else None
        a2 = nombrados(dentro.child_by_field_name("arguments")) if f2 is not None else []
        if f2 is not None and texto(r.fuente, f2) == interior and len(a2) == 1:
            return Ref(r.fuente, a2[0])
    return None


def copia_sin_borradas(lector: Lector, ref: Ref) -> Optional[tuple[Ref, list[str]]]:
    """`const copy = structuredClone(t); delete copy.outputSchema;`: (what `copy` copies, the keys
    deleted from it); Irresoluble when a write into the copy is not such a delete; None when `ref` is
    no name bound to a deep copy."""
    nodo = desnudar(ref.nodo)
    if nodo is None or nodo.type != "identifier":
        return None
    inicial = ligadura(ref.fuente, texto(ref.fuente, nodo), nodo)
    original = copia_de(lector, inicial) if isinstance(inicial, Ref) else None
    if original is None:
        return None
    escritas = escrituras_en(Ref(ref.fuente, nodo)) or []
    borradas = claves_borradas(lector, escritas, texto(ref.fuente, nodo))
    if borradas is None:
        raise Irresoluble(f"`{texto(ref.fuente, nodo)}`, a copy, is written into after it is made "
                          f"(`{escritas[0].corto()}`): what it holds is not known", escritas[0])
    return original, borradas


def claves_borradas(lector: Lector, escritas: list[Ref], nombre: str) -> Optional[list[str]]:
    """The keys `delete x.k` / `delete x["k"]` take out of `nombre`'s object when every write is such a
    delete of one of its own keys (`for (const k of ["anyOf", "oneOf"]) delete x[k]`: each string of the
    loop's known array); None when any write is another (it adds or changes what it holds)."""
    claves = []
    for e in escritas:
        arg = nombrados(e.nodo)[0] if e.nodo.type == "unary_expression" and nombrados(e.nodo) \
            and texto(e.fuente, e.nodo).startswith("delete") else None
        arg = desnudar(arg)
        objeto = desnudar(arg.child_by_field_name("object")) if arg is not None and arg.type in (
            "member_expression", "subscript_expression") else None
        if objeto is None or objeto.type != "identifier" or texto(e.fuente, objeto) != nombre:
            return None
        clave = arg.child_by_field_name("property") if arg.type == "member_expression" else arg.child_by_field_name("index")
        if clave is not None and clave.type == "identifier":
            de_bucle = _claves_del_bucle(lector, Ref(e.fuente, clave))
            if de_bucle is None:
                return None
            claves.extend(de_bucle)
            continue
        valor = texto(e.fuente, clave) if clave is not None and clave.type == "property_identifier" \
            else cadena_literal(e.fuente, clave) if clave is not None else None
        if valor is None:
            return None
        claves.append(valor)
    return claves


def _claves_del_bucle(lector: Lector, clave: Ref) -> Optional[list[str]]:
    """The strings a `for (const k of A)` around `clave` binds `k` to, A an array the analyzer knows;
    None for any other name."""
    nombre = texto(clave.fuente, clave.nodo)
    n = clave.nodo.parent
    while n is not None and n.type not in FUNCIONES_DE_VALOR + ("method_definition",):
        izquierda = n.child_by_field_name("left") if n.type == "for_in_statement" else None
        if izquierda is not None and any(c.type == "of" for c in n.children):
            if izquierda.type != "identifier" or texto(clave.fuente, izquierda) != nombre:
                return None
            try:
                lista = json_literal(lector, Ref(clave.fuente, n.child_by_field_name("right")))
            except Irresoluble:
                return None
            return lista if isinstance(lista, list) and all(isinstance(x, str) for x in lista) else None
        n = n.parent
    return None


def _escrituras(fuente: Fuente, bloque: Any) -> dict[str, list[tuple[Any, Any]]]:
    """name -> (the write, the name's node) of every write into an object through a name inside
    `bloque`: `x.a = ...`, `x[k] += ...`, `x.a.b = ...`, `delete x.a`, `Object.assign(x, ...)` (found
    once per block, by the file's node query)."""
    salida: dict[str, list[tuple[Any, Any]]] = {}
    for n in fuente.de_tipo(("assignment_expression", "augmented_assignment_expression", "unary_expression",
                             "call_expression")):
        if n.start_byte < bloque.start_byte or n.end_byte > bloque.end_byte:
            continue
        objetivo = None
        if n.type in ("assignment_expression", "augmented_assignment_expression"):
            izq = n.child_by_field_name("left")
            objetivo = izq.child_by_field_name("object") if izq is not None and izq.type in (
                "member_expression", "subscript_expression") else None
        elif n.type == "unary_expression":
            arg = nombrados(n)[0] if nombrados(n) and texto(fuente, n).startswith("delete") else None
            objetivo = arg.child_by_field_name("object") if arg is not None and arg.type in (
                "member_expression", "subscript_expression") else None
        elif n.child_by_field_name("function") is not None and texto(fuente, n.child_by_field_name("function")) == "Object.assign":
            argumentos = nombrados(n.child_by_field_name("arguments"))
            objetivo = argumentos[0] if argumentos else None
        objetivo = desnudar(objetivo)
        while objetivo is not None and objetivo.type in ("member_expression", "subscript_expression"):
            objetivo = desnudar(objetivo.child_by_field_name("object"))  # `schema.properties.x = ...` fills `schema`
        if objetivo is not None and objetivo.type == "identifier":
            salida.setdefault(texto(fuente, objetivo), []).append((n, objetivo))
    return salida


def _atar_parametros(lector: Lector, funcion: Ref, llamada: Ref) -> None:
    """The function's plain parameters stand for what the call passes while the reading goes on (a new
    dict: the site's own is restored when its reading ends, `Lector.en`)."""
    argumentos = nombrados(llamada.nodo.child_by_field_name("arguments")) if llamada.nodo.child_by_field_name("arguments") else []
    planos = parametros_planos(funcion.fuente, funcion.nodo)
    nuevos = {(funcion.fuente.rel, funcion.nodo.start_byte, nombre): Ref(llamada.fuente, argumentos[i])
              for i, (nombre, _) in enumerate(planos)
              if nombre is not None and i < len(argumentos) and argumentos[i].type != "spread_element"}
    if not any(a.type == "spread_element" for a in argumentos):  # a parameter the call leaves out: its default
        for i, ((nombre, _), defecto) in enumerate(zip(planos, _defectos(funcion))):
            if defecto is not None and nombre is not None and i >= len(argumentos):
                nuevos[(funcion.fuente.rel, funcion.nodo.start_byte, nombre)] = Ref(funcion.fuente, defecto)
    if nuevos:
        lector.atados = {**lector.atados, **nuevos}


def _defectos(funcion: Ref) -> list[Any]:
    """The default value of each parameter of a function, in order (None where it has none)."""
    parametros = funcion.nodo.child_by_field_name("parameters")
    if parametros is None:
        return []
    return [p.child_by_field_name("value") if p.type in ("required_parameter", "optional_parameter") else None
            for p in nombrados(parametros)]


FUNCIONES_DE_VALOR = ("function_declaration", "arrow_function", "function_expression", "function")


def valor_de_objeto(lector: Lector, ref: Ref, profundidad: int = 0) -> Ref:
    """What an expression whose properties are read stands for: `seguir`'s value, or, for a call of a
    project function with one return (`const t = makeTool(server, "name")`), what that return is,
    followed, the function's plain parameters bound to the call's arguments for the rest of the
    reading."""
    r = seguir(lector, ref, profundidad)
    if r.nodo.type != "call_expression" or r.nodo.child_by_field_name("function") is None:
        return r
    funcion = seguir(lector, Ref(r.fuente, r.nodo.child_by_field_name("function")), profundidad + 1)
    devuelto = retorno_unico(funcion) if funcion.nodo.type in FUNCIONES_DE_VALOR else None
    if devuelto is None:
        return r
    _atar_parametros(lector, funcion, r)  # the factory's parameters stand for what this call passes
    return seguir(lector, devuelto, profundidad + 1)


def parametros_planos(fuente: Fuente, funcion: Any) -> list[tuple[Optional[str], bool]]:
    """(name, whether it is a parameter property) of each parameter of a function, in order: the name
    of a plain one (`name`, `name: T`, `name = d`, `readonly name: T`), None for a pattern or a rest."""
    parametros = funcion.child_by_field_name("parameters") or funcion.child_by_field_name("parameter")
    if parametros is None:
        return []
    salida: list[tuple[Optional[str], bool]] = []
    for p in [parametros] if parametros.type == "identifier" else nombrados(parametros):
        patron = p.child_by_field_name("pattern") if p.type in ("required_parameter", "optional_parameter") else p
        nombre = texto(fuente, patron) if patron is not None and patron.type == "identifier" else None
        salida.append((nombre, any(c.type in ("accessibility_modifier", "readonly", "override_modifier") for c in p.children)))
    return salida


def sentencias_return(funcion: Ref) -> list[Any]:
    """A function's own `return` statements (not those of the functions inside it), with or without a
    value, in source order; none for an arrow's expression body. Read once per function (Fuente.memo)."""
    cuerpo = funcion.nodo.child_by_field_name("body")
    if cuerpo is None or cuerpo.type != "statement_block":
        return []
    clave = ("retornos", funcion.nodo.type, funcion.nodo.start_byte, funcion.nodo.end_byte)
    return funcion.fuente.memo(clave, lambda: [n for n in funcion.fuente.de_tipo(("return_statement",))
                                              if cuerpo.start_byte <= n.start_byte < cuerpo.end_byte
                                              and funcion_propia(n) == funcion.nodo])


def valores_devueltos(funcion: Ref) -> list[Ref]:
    """The values a function returns: an arrow's expression body, or the value of each of its own
    `return x` (a bare `return` gives none)."""
    cuerpo = funcion.nodo.child_by_field_name("body")
    if cuerpo is not None and cuerpo.type != "statement_block":
        return [Ref(funcion.fuente, cuerpo)]
    return [Ref(funcion.fuente, nombrados(n)[0]) for n in sentencias_return(funcion) if nombrados(n)]


def retorno_unico(funcion: Ref) -> Optional[Ref]:
    """The value of a function's one return statement (an arrow's expression body); None otherwise."""
    devueltos = valores_devueltos(funcion)
    return devueltos[0] if len(devueltos) == 1 else None


def funcion_propia(nodo: Any) -> Any:
    """The nearest function (or method) around a node."""
    n = nodo.parent
    while n is not None and n.type not in FUNCIONES_DE_VALOR + ("method_definition", "generator_function",
                                                                 "generator_function_declaration"):
        n = n.parent
    return n


def ligadura(fuente: Fuente, nombre: str, desde: Any) -> "Ref | _Importado | None":
    """What `nombre` is bound to where `desde` stands: the nearest enclosing declaration of it (a
    `const` with its value, a function or class declaration, an import); None for a parameter, a
    `let`/`var`, or a name declared nowhere it can see."""
    alcance = _alcance(fuente, nombre, desde)
    return alcance[1] if alcance is not None and alcance[0] is not None else None


def bloque_que_declara(fuente: Fuente, nombre: str, desde: Any) -> Optional[Any]:
    """The block whose statements declare the `nombre` seen at `desde` (None for a parameter, or a
    name nothing it can see declares)."""
    alcance = _alcance(fuente, nombre, desde)
    return alcance[0] if alcance is not None else None


def _alcance(fuente: Fuente, nombre: str, desde: Any) -> "Optional[tuple[Any, Ref | _Importado | None]]":
    """(the block whose statements declare `nombre`, what its declaration binds it to: `_declarado_en`)
    for the nearest enclosing declaration; (None, None) when a function's parameter is nearer; None when
    nothing it can see declares it. A fact of the tree: found once per (name, place)."""
    return fuente.memo(("alcance", nombre, desde.id), lambda: _buscar_alcance(fuente, nombre, desde))


def _buscar_alcance(fuente: Fuente, nombre: str, desde: Any) -> "Optional[tuple[Any, Ref | _Importado | None]]":
    nodo = desde.parent
    while nodo is not None:
        if nodo.type in ("program", "statement_block", "switch_body"):
            hallado = _declarado_en(fuente, nombre, nodo)
            if hallado is not False:
                return nodo, hallado  # type: ignore[return-value]
        elif nodo.type in ("arrow_function", "function_expression", "function_declaration", "method_definition",
                           "function", "generator_function", "generator_function_declaration"):
            parametros = nodo.child_by_field_name("parameters") or nodo.child_by_field_name("parameter")
            if parametros is not None and nombre in _nombres_de_patron(fuente, parametros):
                return None, None
        nodo = nodo.parent
    return None


def _declarado_en(fuente: Fuente, nombre: str, bloque: Any) -> "Ref | _Importado | None | bool":
    """The binding `bloque`'s own statements give `nombre` (False: they declare no such name)."""
    return fuente.memo(("declaraciones", bloque.id), lambda: _declaraciones(fuente, bloque)).get(nombre, False)


def _declaraciones(fuente: Fuente, bloque: Any) -> "dict[str, Ref | _Importado | None]":
    """Every name `bloque`'s own statements declare, with what the first declaration of it binds it to:
    a `const`'s value (or what it takes out of a module imported at run time), a function, class or
    enum declaration, an import; None for a `let`/`var` or a destructured name (read once per block)."""
    salida: dict[str, Ref | _Importado | None] = {}
    for sentencia in nombrados(bloque):
        if sentencia.type == "export_statement" and sentencia.child_by_field_name("declaration") is not None:
            sentencia = sentencia.child_by_field_name("declaration")
        tipo = sentencia.type
        if tipo in ("lexical_declaration", "variable_declaration"):
            constante = tipo == "lexical_declaration" and sentencia.children[0].type == "const"
            for d in nombrados(sentencia):
                if d.type != "variable_declarator":
                    continue
                patron = d.child_by_field_name("name")
                valor = d.child_by_field_name("value")
                if patron is None:
                    continue
                if patron.type == "identifier":
                    nombre = texto(fuente, patron)
                    if nombre not in salida:
                        salida[nombre] = None if not constante or valor is None else \
                            _importado_al_correr(fuente, patron, valor, nombre) or Ref(fuente, valor)
                    continue
                for nombre in _nombres_de_patron(fuente, patron):
                    # destructured: followed only out of a module imported at run time
                    if nombre not in salida:
                        salida[nombre] = _importado_al_correr(fuente, patron, valor, nombre) \
                            if constante and valor is not None else None
        elif tipo in ("function_declaration", "class_declaration", "generator_function_declaration",
                      "abstract_class_declaration", "enum_declaration"):
            n = sentencia.child_by_field_name("name")
            if n is not None:
                salida.setdefault(texto(fuente, n), Ref(fuente, sentencia))
        elif tipo == "import_statement":
            for nombre in _nombres_importados(fuente, sentencia):
                if nombre not in salida:
                    importado = _importa(fuente, sentencia, nombre)
                    if importado is not None:
                        salida[nombre] = importado
    return salida


def _nombres_importados(fuente: Fuente, sentencia: Any) -> list[str]:
    """The local names an import statement binds (default, namespace, each named import's alias)."""
    clausula = next((c for c in sentencia.named_children if c.type == "import_clause"), None)
    salida = []
    for c in clausula.named_children if clausula is not None else []:
        if c.type == "identifier":
            salida.append(texto(fuente, c))
        elif c.type == "namespace_import":
            salida += [texto(fuente, i) for i in c.named_children if i.type == "identifier"]
        elif c.type == "named_imports":
            for s in c.named_children:
                alias = s.child_by_field_name("alias") or s.child_by_field_name("name") if s.type == "import_specifier" else None
                if alias is not None:
                    salida.append(texto(fuente, alias))
    return salida


def _importado_al_correr(fuente: Fuente, patron: Any, valor: Any, nombre: str) -> Optional[_Importado]:
    """A name a `const` takes out of a module imported at run time: `const m = await import("./m")` (the
    namespace), `const { f } = await import("./m")`, and `const [{ f }, g] = await Promise.all([import("./a"),
    import("./b")])` (each element of the pattern from the import at its place); None otherwise."""
    valor = desnudar(valor)
    while valor is not None and valor.type == "await_expression":
        valor = desnudar(nombrados(valor)[0])
    if valor is None or valor.type != "call_expression":
        return None
    funcion = valor.child_by_field_name("function")
    argumentos = nombrados(valor.child_by_field_name("arguments")) if valor.child_by_field_name("arguments") else []
    if funcion is not None and (funcion.type == "import" or funcion.type == "identifier"
                                and texto(fuente, funcion) == "require"):  # `require("./m")`: CommonJS
        especificador = cadena_literal(fuente, argumentos[0]) if len(argumentos) == 1 else None
        if especificador is not None and funcion.type == "identifier" and patron.type == "identifier":
            return _Importado(especificador, MODULO_CJS) if texto(fuente, patron) == nombre else None
        return _de_modulo(fuente, patron, especificador, nombre) if especificador is not None else None
    if funcion is None or texto(fuente, funcion) != "Promise.all" or len(argumentos) != 1 \
            or argumentos[0].type != "array" or patron.type != "array_pattern":
        return None
    importaciones = nombrados(argumentos[0])
    for i, elemento in enumerate(nombrados(patron)):
        if nombre in _nombres_de_patron(fuente, elemento) and i < len(importaciones):
            return _importado_al_correr(fuente, elemento, importaciones[i], nombre)
    return None


def _de_modulo(fuente: Fuente, patron: Any, especificador: str, nombre: str) -> Optional[_Importado]:
    """What a pattern binds `nombre` to out of a module's namespace: the namespace itself (`m`), or the
    export a `{ f }` / `{ f: g }` / `{ default: g }` takes; None for a rest or a nested pattern."""
    if patron.type == "identifier":
        return _Importado(especificador, "*") if texto(fuente, patron) == nombre else None
    if patron.type != "object_pattern":
        return None
    for p in nombrados(patron):
        if p.type == "shorthand_property_identifier_pattern" and texto(fuente, p) == nombre:
            return _Importado(especificador, nombre)
        if p.type == "pair_pattern":
            clave, destino = p.child_by_field_name("key"), p.child_by_field_name("value")
            if destino is not None and destino.type == "identifier" and texto(fuente, destino) == nombre and clave is not None:
                exportado_como = cadena_literal(fuente, clave) or texto(fuente, clave)
                return _Importado(especificador, exportado_como)
    return None


def declara(fuente: Fuente, nodo: Any, nombre: str) -> bool:
    """Whether a parameter list or a loop's left side (`nodo`) binds `nombre`."""
    if nodo is None:
        return False
    return any(n.type in ("identifier", "shorthand_property_identifier_pattern") and texto(fuente, n) == nombre
               for n in recorrer(nodo))


def _nombres_de_patron(fuente: Fuente, patron: Any) -> set[str]:
    """Every name a parameter list or destructuring pattern binds."""
    nombres = set()
    pila = [patron]
    while pila:
        n = pila.pop()
        if n.type in ("identifier", "shorthand_property_identifier_pattern"):
            nombres.add(texto(fuente, n))
        elif n.type == "pair_pattern":
            valor = n.child_by_field_name("value")
            if valor is not None:
                pila.append(valor)
        elif n.type not in ("type_annotation", "predefined_type"):
            pila.extend(c for c in n.named_children if c.type not in ("type_annotation",))
    return nombres


def _importa(fuente: Fuente, sentencia: Any, nombre: str) -> Optional[_Importado]:
    """The import of `nombre` this import statement makes, if any."""
    origen = sentencia.child_by_field_name("source")
    especificador = cadena_literal(fuente, origen) if origen is not None else None
    clausula = next((c for c in sentencia.named_children if c.type == "import_clause"), None)
    if especificador is None or clausula is None:
        return None
    for c in clausula.named_children:
        if c.type == "identifier" and texto(fuente, c) == nombre:
            return _Importado(especificador, "default")
        if c.type == "namespace_import":
            ident = next((i for i in c.named_children if i.type == "identifier"), None)
            if ident is not None and texto(fuente, ident) == nombre:
                return _Importado(especificador, "*")
        if c.type == "named_imports":
            for s in c.named_children:
                if s.type != "import_specifier":
                    continue
                original = s.child_by_field_name("name")
                alias = s.child_by_field_name("alias") or original
                if alias is not None and texto(fuente, alias) == nombre and original is not None:
                    return _Importado(especificador, cadena_literal(fuente, original) or texto(fuente, original))
    return None


def de_un_paquete(lector: Lector, r: Ref) -> Optional[tuple[str, str]]:
    """(name, package) when the followed expression `r` is a name (or `ns.name`) imported from a
    package whose sources are not among the project's: what a row then names as the cause."""
    nodo = desnudar(r.nodo)
    if nodo is not None and nodo.type == "member_expression":
        nodo = desnudar(nodo.child_by_field_name("object"))
    if nodo is None or nodo.type != "identifier":
        return None
    importado = ligadura(r.fuente, texto(r.fuente, nodo), nodo)
    if not isinstance(importado, _Importado) or lector.ruta_del_modulo(r.fuente, importado.especificador) is not None \
            or importado.especificador == "zod" or importado.especificador.startswith("zod/"):
        return None  # (zod's own namespace is read, not a package's value: what it builds is named otherwise)
    return texto(r.fuente, nodo), importado.especificador


def especificador_de(lector: Lector, fuente: Fuente, nombre: str, desde: Any) -> Optional[tuple[str, str]]:
    """(module specifier, exported name) when `nombre` at `desde` is an import; None otherwise."""
    ligado = ligadura(fuente, nombre, desde)
    return (ligado.especificador, ligado.nombre) if isinstance(ligado, _Importado) else None


def exportado(lector: Lector, fuente: Fuente, importado: _Importado, profundidad: int = 0) -> Optional[Ref]:
    """The value a project module exports under a name (a namespace import: the module's program
    node); None for a package or a name it does not export."""
    modulo = lector.modulo(fuente, importado.especificador)
    if modulo is None or profundidad > PROFUNDIDAD:
        return None
    if importado.nombre == MODULO_CJS:  # `require("./m")`: `module.exports` when it is no object literal (a
        # function, a class), else the module's names (the literal's keys and `exports.x = ...` are among them)
        directos, _ = modulo.memo("exportaciones", lambda: _exportaciones(modulo))
        defecto = directos.get("default")
        literal = isinstance(defecto, Ref) and desnudar(defecto.nodo) is not None and desnudar(defecto.nodo).type == "object"
        importado = _Importado(importado.especificador, "default" if defecto is not None and not literal else "*")
    if importado.nombre == "*":
        return Ref(modulo, modulo.raiz)
    return exportado_de(lector, modulo, importado.nombre, profundidad)


def nombres_exportados(lector: Lector, modulo: Fuente, profundidad: int = 0) -> list[str]:
    """The names a module exports values under, in source order (`export const a`, `export function f`,
    `export { a as b }`, `export * from "./x"`'s own, `default`); type-only exports left out."""
    salida: list[str] = []
    for s in nombrados(modulo.raiz):
        if s.type != "export_statement" or exporta_solo_tipos(s):
            continue  # `export type { T }` / `export type * from`: types, no values
        declaracion, origen = s.child_by_field_name("declaration"), s.child_by_field_name("source")
        clausula = next((c for c in s.named_children if c.type == "export_clause"), None)
        if declaracion is not None:
            if declaracion.type in ("lexical_declaration", "variable_declaration"):
                salida += [texto(modulo, d.child_by_field_name("name")) for d in nombrados(declaracion)
                           if d.type == "variable_declarator" and d.child_by_field_name("name").type == "identifier"]
            elif declaracion.type in ("function_declaration", "generator_function_declaration", "class_declaration",
                                      "abstract_class_declaration", "enum_declaration") \
                    and declaracion.child_by_field_name("name") is not None:
                salida.append(texto(modulo, declaracion.child_by_field_name("name")))
        elif clausula is not None:
            salida += [texto(modulo, e.child_by_field_name("alias") or e.child_by_field_name("name"))
                       for e in clausula.named_children if e.type == "export_specifier"
                       and not any(c.type == "type" for c in e.children)]
        elif any(c.type == "default" for c in s.children):
            salida.append("default")
        elif origen is not None and profundidad <= PROFUNDIDAD:  # `export * from "./x"`
            otro = lector.modulo(modulo, cadena_literal(modulo, origen) or "")
            salida += [n for n in nombres_exportados(lector, otro, profundidad + 1) if n != "default"] if otro else []
    return list(dict.fromkeys(salida))


def exportado_de(lector: Lector, modulo: Fuente, nombre: str, profundidad: int = 0) -> Optional[Ref]:
    """The value `modulo` exports as `nombre` (once per module and name: a barrel's `export * from` of
    hundreds of modules is asked for every name read through it; a question under way is a cycle)."""
    clave = (modulo.rel, nombre)
    if clave in lector.exportados:
        hallado = lector.exportados[clave]
        if hallado is _EN_CURSO:
            lector.ciclos += 1  # an answer that met a question under way is not kept
            return None
        return hallado  # type: ignore[return-value]
    lector.exportados[clave] = _EN_CURSO
    ciclos = lector.ciclos
    hallado = _exportado_de(lector, modulo, nombre, profundidad)
    if lector.ciclos == ciclos and profundidad == 0:
        lector.exportados[clave] = hallado
    else:
        del lector.exportados[clave]
    return hallado


def _exportado_de(lector: Lector, modulo: Fuente, nombre: str, profundidad: int) -> Optional[Ref]:
    directos, estrellas = modulo.memo("exportaciones", lambda: _exportaciones(modulo))
    entrada = directos.get(nombre)
    if entrada is not None:
        if isinstance(entrada, Ref):
            return entrada
        return exportado(lector, modulo, _Importado(*entrada), profundidad + 1)  # `export { a as b } from "./x"`
    resueltas = modulo.memo("estrellas", lambda: [(e, lector.ruta_del_modulo(modulo, e)) for e in estrellas])
    for especificador, rel in resueltas:  # `export * from "./x"`, each resolved once per barrel
        if rel is None or not lector.puede_exportar(rel, nombre):
            continue  # a barrel's module that names neither: not parsed (most of a large barrel's are not)
        otro = lector.modulo(modulo, especificador)
        if otro is None:
            continue
        sus_directos, sus_estrellas = otro.memo("exportaciones", lambda: _exportaciones(otro))
        if nombre not in sus_directos and not sus_estrellas:
            continue  # it neither exports the name nor re-exports another module's
        hallado = exportado(lector, modulo, _Importado(especificador, nombre), profundidad + 1)
        if hallado is not None:
            return hallado
    return None


def _exportaciones(modulo: Fuente) -> tuple[dict[str, "Ref | tuple[str, str]"], list[str]]:
    """A module's exports, read once: name -> the value it exports (the first export of the name in
    source order), or (specifier, name) of a re-export; and the specifiers of its `export * from`."""
    directos: dict[str, Ref | tuple[str, str]] = {}
    estrellas: list[str] = []
    for s in nombrados(modulo.raiz):
        if s.type == "expression_statement":  # CommonJS: `module.exports = {...}`, `exports.x = ...`
            for nombre, valor in _exportacion_commonjs(modulo, s):
                directos.setdefault(nombre, valor)
            continue
        if s.type != "export_statement" or exporta_solo_tipos(s):
            continue
        declaracion = s.child_by_field_name("declaration")
        valor = s.child_by_field_name("value")
        origen = s.child_by_field_name("source")
        if declaracion is not None:
            if declaracion.type in ("lexical_declaration", "variable_declaration"):
                constante = declaracion.type == "lexical_declaration" and declaracion.children[0].type == "const"
                for d in nombrados(declaracion):
                    patron = d.child_by_field_name("name") if d.type == "variable_declarator" else None
                    if patron is not None and patron.type == "identifier" and constante \
                            and d.child_by_field_name("value") is not None:
                        directos.setdefault(texto(modulo, patron), Ref(modulo, d.child_by_field_name("value")))
            elif declaracion.child_by_field_name("name") is not None:
                directos.setdefault(texto(modulo, declaracion.child_by_field_name("name")), Ref(modulo, declaracion))
        elif valor is not None:
            directos.setdefault("default", Ref(modulo, valor))
        elif any(c.type == "default" for c in s.children):
            directos.setdefault("default", Ref(modulo, nombrados(s)[-1]))
        clausula = next((c for c in s.named_children if c.type == "export_clause"), None)
        if clausula is not None:
            for e in clausula.named_children:
                local = e.child_by_field_name("name")
                alias = e.child_by_field_name("alias") or local
                if local is None or alias is None:
                    continue
                directos.setdefault(texto(modulo, alias), (cadena_literal(modulo, origen) or "", texto(modulo, local))
                                    if origen is not None else Ref(modulo, local))
        elif origen is not None:
            estrellas.append(cadena_literal(modulo, origen) or "")
    return directos, estrellas


def _exportacion_commonjs(modulo: Fuente, sentencia: Any) -> list[tuple[str, Ref]]:
    """What a top-level CommonJS assignment exports: `module.exports = { a, b: c }` each property (and
    the object as `default`, what `require` of the whole module gives), `module.exports = X` X as
    `default`, `module.exports.a = v` / `exports.a = v` the name `a`."""
    asignacion = nombrados(sentencia)[0] if nombrados(sentencia) else None
    if asignacion is None or asignacion.type != "assignment_expression":
        return []
    izquierda, valor = asignacion.child_by_field_name("left"), asignacion.child_by_field_name("right")
    if izquierda is None or valor is None or izquierda.type != "member_expression":
        return []
    objetivo = texto(modulo, izquierda)
    if objetivo == "module.exports":
        salida = [("default", Ref(modulo, valor))]
        if desnudar(valor) is not None and desnudar(valor).type == "object":
            for c in nombrados(desnudar(valor)):
                if c.type == "shorthand_property_identifier":
                    salida.append((texto(modulo, c), Ref(modulo, c)))
                elif c.type == "pair" and c.child_by_field_name("key").type == "property_identifier":
                    salida.append((texto(modulo, c.child_by_field_name("key")), Ref(modulo, c.child_by_field_name("value"))))
                elif c.type == "method_definition" and c.child_by_field_name("name") is not None:
                    salida.append((texto(modulo, c.child_by_field_name("name")), Ref(modulo, c)))
        return salida
    objeto = izquierda.child_by_field_name("object")
    propiedad = izquierda.child_by_field_name("property")
    if objeto is not None and propiedad is not None and propiedad.type == "property_identifier" \
            and texto(modulo, objeto) in ("module.exports", "exports"):
        return [(texto(modulo, propiedad), Ref(modulo, valor))]
    return []


def numero_como_texto(numero: object) -> Optional[str]:
    """A number as JavaScript writes it in a template literal (`${0.1}` is "0.1", `${3.0}` is "3"), where
    Python's shortest round-trip form is the same (fixed notation); None otherwise."""
    if isinstance(numero, bool) or not isinstance(numero, (int, float)):
        return None
    if isinstance(numero, int):
        return str(numero)
    if not math.isfinite(numero):
        return None
    if numero.is_integer() and abs(numero) < 1e21:
        return str(int(numero))
    return repr(numero) if 1e-4 <= abs(numero) < 1e16 else None


def cadena(lector: Lector, ref: Ref) -> Optional[str]:
    """The string an expression is: a literal, a constant bound to one, a template literal or a `+` of
    such, or an array of such joined (`[...].join("\n")`)."""
    r = seguir(lector, ref)
    valor = cadena_literal(r.fuente, r.nodo)
    if valor is not None:
        return valor
    if r.nodo.type == "property_identifier" and r.nodo.parent is not None and r.nodo.parent.type == "pair" \
            and r.nodo.parent.child_by_field_name("key") == r.nodo:
        return texto(r.fuente, r.nodo)  # a key as `Object.entries` gives it: `{ list_zones: ... }`
    if r.nodo.type == "template_string":  # `${x} fields`: each substitution a string (or an integer) it reads
        partes = []
        for c in r.nodo.named_children:
            if c.type == "template_substitution":
                interior = Ref(r.fuente, nombrados(c)[0]) if nombrados(c) else None
                parte = cadena(lector, interior) if interior is not None else None
                if parte is None and interior is not None:
                    numero = numero_literal(seguir(lector, interior).fuente, seguir(lector, interior).nodo)
                    parte = numero_como_texto(numero)
                if parte is None:
                    return None
                partes.append(parte)
            elif c.type == "string_fragment":
                partes.append(texto(r.fuente, c))
            elif c.type == "escape_sequence":
                partes.append(valor_de_escape(texto(r.fuente, c)))
        return "".join(partes)
    if r.nodo.type == "call_expression":  # `["a", "b"].join("\n")`: an array of strings joined
        funcion = r.nodo.child_by_field_name("function")
        argumentos = nombrados(r.nodo.child_by_field_name("arguments")) if r.nodo.child_by_field_name("arguments") else []
        if funcion is not None and funcion.type == "member_expression" and len(argumentos) <= 1 \
                and texto(r.fuente, funcion.child_by_field_name("property")) == "join":
            lista = seguir(lector, Ref(r.fuente, funcion.child_by_field_name("object")))
            separador = cadena(lector, Ref(r.fuente, argumentos[0])) if argumentos else ","
            if lista.nodo.type == "array" and separador is not None:
                partes_ = [cadena(lector, Ref(lista.fuente, e)) for e in nombrados(lista.nodo)]
                if all(p is not None for p in partes_):
                    return separador.join(partes_)  # type: ignore[arg-type]
            elif lista.nodo.type == "call_expression" and separador is not None:  # `A.map((t) => t.slug)`
                try:
                    valor = json_literal(lector, lista)
                except Irresoluble:
                    valor = None
                if isinstance(valor, list) and all(isinstance(p, str) for p in valor):
                    return separador.join(valor)
    if r.nodo.type == "binary_expression" and texto(r.fuente, r.nodo.child_by_field_name("operator")) == "+":
        izquierda = cadena(lector, Ref(r.fuente, r.nodo.child_by_field_name("left")))
        derecha = cadena(lector, Ref(r.fuente, r.nodo.child_by_field_name("right")))
        if izquierda is not None and derecha is not None:
            return izquierda + derecha
    return None


def propiedades(lector: Lector, ref: Ref) -> list[tuple[str, Ref]]:
    """The properties of the object literal an expression is, in order, spreads of object literals
    folded in (a later key overrides an earlier one, keeping its place, as JavaScript does).
    Irresoluble when it is not an object literal or spreads something that is not one."""
    r = seguir(lector, ref)
    if r.nodo.type != "object":
        raise Irresoluble(f"`{ref.corto()}` is not an object literal the analyzer can read", ref)
    # keys written out and no spread: the same whatever is bound, so read once per literal (a schema's
    # `x.k` lookups into a large constant asked for all its keys once per key: quadratic)
    estaticas = r.fuente.memo(("propiedades", r.nodo.start_byte, r.nodo.end_byte), lambda: _estaticas(lector, r))
    return list(estaticas) if estaticas is not None else _propias(lector, r)


def _estaticas(lector: Lector, r: Ref) -> Optional[list[tuple[str, Ref]]]:
    """An object literal's properties when its keys are all written out and it spreads nothing; None
    otherwise (what it holds may depend on what is bound)."""
    if all(c.type in ("shorthand_property_identifier", "method_definition") or c.type == "pair" and c.child_by_field_name(
            "key").type in ("property_identifier", "string", "number") for c in nombrados(r.nodo)):
        return _propias(lector, r)
    return None


def _propias(lector: Lector, r: Ref) -> list[tuple[str, Ref]]:
    salida: dict[str, Ref] = {}
    for c in nombrados(r.nodo):
        if c.type == "pair":
            clave = clave_de_propiedad(lector, Ref(r.fuente, c.child_by_field_name("key")))
            if clave is None:
                raise Irresoluble(f"the key `{Ref(r.fuente, c.child_by_field_name('key')).corto()}` is computed", Ref(r.fuente, c))
            salida[clave] = Ref(r.fuente, c.child_by_field_name("value"))
        elif c.type == "shorthand_property_identifier":
            salida[texto(r.fuente, c)] = Ref(r.fuente, c)
        elif c.type == "spread_element":
            for clave, valor in propiedades(lector, Ref(r.fuente, nombrados(c)[0])):
                salida[clave] = valor
        elif c.type == "method_definition":
            n = c.child_by_field_name("name")
            salida[texto(r.fuente, n)] = Ref(r.fuente, c)
    return list(salida.items())


def clave_de_propiedad(lector: Lector, ref: Ref) -> Optional[str]:
    """An object key as a string: a name, a string or number literal, or `[expr]` of a constant string."""
    nodo = ref.nodo
    if nodo.type == "property_identifier":
        return texto(ref.fuente, nodo)
    if nodo.type in ("string", "template_string"):
        return cadena_literal(ref.fuente, nodo)
    if nodo.type == "number":
        n = numero_literal(ref.fuente, nodo)
        return None if n is None else str(n)
    if nodo.type == "computed_property_name":
        return cadena(lector, Ref(ref.fuente, nombrados(nodo)[0]))
    return None


def json_literal(lector: Lector, ref: Ref) -> Any:
    """The JSON value an expression spells: object and array literals (spreads of literals folded in),
    strings, numbers, booleans, null, and constants bound to them (not an object literal written into
    later: `schema.properties.x = ...`). Irresoluble otherwise."""
    llenado = llenado_despues(ref)
    if llenado is not None:
        raise Irresoluble(f"`{ref.corto()}` is filled after it is written (`{llenado.corto()}`): what it holds is not "
                          "known", llenado)
    copia = copia_sin_borradas(lector, ref)  # `const c = structuredClone(x); delete c.k;`: x without k
    if copia is not None:
        original = json_literal(lector, copia[0])
        return {k: v for k, v in original.items() if k not in copia[1]} if isinstance(original, dict) else original
    r = seguir(lector, ref)
    nodo = r.nodo
    if nodo.type == "object":  # an undefined value is no key (as JSON.stringify writes it)
        return {k: json_literal(lector, v) for k, v in propiedades(lector, r) if not indefinido(lector, v)}
    if nodo.type == "array":
        salida = []
        for c in nombrados(nodo):
            if c.type == "spread_element":
                interior = json_literal(lector, Ref(r.fuente, nombrados(c)[0]))
                if not isinstance(interior, list):
                    raise Irresoluble(f"`{Ref(r.fuente, c).corto()}` spreads what is not an array", Ref(r.fuente, c))
                salida.extend(interior)
            else:
                salida.append(json_literal(lector, Ref(r.fuente, c)))
        return salida
    valor = cadena(lector, r)
    if valor is not None:
        return valor
    numero = numero_literal(r.fuente, nodo)
    if numero is not None:
        return numero
    if nodo.type == "binary_expression" and texto(r.fuente, nodo.child_by_field_name("operator")) in ARITMETICA:
        calculado = _aritmetica(lector, r)
        if calculado is not None:
            return calculado
    if nodo.type in ("true", "false"):
        return nodo.type == "true"
    if nodo.type == "null":
        return None
    operador = texto(r.fuente, nodo.child_by_field_name("operator")) if nodo.type == "binary_expression" else None
    if operador in ("&&", "||", "??"):  # a value operator: the side JavaScript gives, when it can tell
        izquierda, derecha = (Ref(r.fuente, nodo.child_by_field_name(c)) for c in ("left", "right"))
        if operador == "??":
            return json_literal(lector, derecha) if indefinido(lector, izquierda) else json_literal(lector, izquierda)
        verdad = verdad_estatica(lector, izquierda)
        if verdad is not None:
            toma_izquierda = verdad if operador == "||" else not verdad
            return json_literal(lector, izquierda if toma_izquierda else derecha)
    elif nodo.type == "unary_expression" and texto(r.fuente, nodo.child_by_field_name("operator")) == "typeof":
        tipo = _tipo_de(lector, Ref(r.fuente, nodo.child_by_field_name("argument")))
        if tipo is not None:
            return tipo
    elif nodo.type in ("unary_expression", "binary_expression", "call_expression") and _es_prueba(r):
        verdad = verdad_estatica(lector, r)  # `!isWrite`, `a === b`, `WRITE.has(name)`: a boolean it can tell
        if verdad is not None:
            return verdad
    if nodo.type == "ternary_expression":  # the side a condition it can tell takes, or both when they agree
        verdad = verdad_estatica(lector, Ref(r.fuente, nodo.child_by_field_name("condition")))
        lados = ("consequence",) if verdad is True else ("alternative",) if verdad is False else ("consequence", "alternative")
        valores_ = [json_literal(lector, Ref(r.fuente, nodo.child_by_field_name(c))) for c in lados]
        if all(v == valores_[0] for v in valores_):
            return valores_[0]
        raise Irresoluble(f"`{ref.corto()}`: which side the condition takes is not known, and the sides differ", ref)
    if nodo.type == "member_expression" and texto(r.fuente, nodo.child_by_field_name("property")) == "length":
        objeto = json_literal(lector, Ref(r.fuente, nodo.child_by_field_name("object")))
        if isinstance(objeto, list):
            return len(objeto)
        if isinstance(objeto, str):
            return len(objeto.encode("utf-16-le")) // 2  # JavaScript counts UTF-16 code units
    if nodo.type == "enum_declaration":
        return _objeto_de_enum(r)
    funcion = nodo.child_by_field_name("function") if nodo.type == "call_expression" else None
    original = copia_de(lector, r)
    if original is not None:  # a deep copy is what it copies
        return json_literal(lector, original)
    if funcion is not None and funcion.type == "member_expression" and texto(
            r.fuente, funcion.child_by_field_name("property")) == "map" \
            and len(nombrados(nodo.child_by_field_name("arguments"))) == 1:
        mapeado = _por_elemento(lector, Ref(r.fuente, funcion.child_by_field_name("object")),
                                Ref(r.fuente, nombrados(nodo.child_by_field_name("arguments"))[0]),
                                lambda cuerpo: json_literal(lector, cuerpo))
        if mapeado is not None:
            return mapeado
    if funcion is not None and texto(r.fuente, funcion) in ("Object.values", "Object.keys") \
            and len(nombrados(nodo.child_by_field_name("arguments"))) == 1:
        objeto = json_literal(lector, Ref(r.fuente, nombrados(nodo.child_by_field_name("arguments"))[0]))
        if isinstance(objeto, dict):
            return list(objeto.values() if texto(r.fuente, funcion) == "Object.values" else objeto.keys())
    if funcion is not None:  # a project function with one return: what it returns, its parameters bound
        antes = lector.atados
        try:
            devuelto = valor_de_objeto(lector, r)
            if devuelto.nodo != r.nodo:
                return json_literal(lector, devuelto)
        finally:
            lector.atados = antes
    raise Irresoluble(f"`{ref.corto()}` is not a JSON literal the analyzer can read", ref)


COMPARACIONES = {"===": lambda a, b: a == b, "!==": lambda a, b: a != b, "==": lambda a, b: a == b,
                 "!=": lambda a, b: a != b, "<": lambda a, b: a < b, ">": lambda a, b: a > b,
                 "<=": lambda a, b: a <= b, ">=": lambda a, b: a >= b}


def _es_prueba(r: Ref) -> bool:
    """Whether an expression is a test `verdad_estatica` reads: `!x`, a comparison, `&&`/`||`, or
    `.has(x)` / `.includes(x)`, `x in o`, `.some(cb)` / `.every(cb)`."""
    nodo = r.nodo
    if nodo.type == "unary_expression":
        return texto(r.fuente, nodo).startswith("!")
    if nodo.type == "binary_expression":
        return texto(r.fuente, nodo.child_by_field_name("operator")) in (*COMPARACIONES, "&&", "||", "in")
    funcion = nodo.child_by_field_name("function") if nodo.type == "call_expression" else None
    return funcion is not None and funcion.type == "member_expression" \
        and texto(r.fuente, funcion.child_by_field_name("property")) in ("has", "includes", "some", "every")


def _tipo_de(lector: Lector, ref: Ref) -> Optional[str]:
    """What `typeof x` gives where the value is known: an object or array literal or `null` ("object"),
    a function or class ("function"), undefined, or a known primitive; None otherwise."""
    if indefinido(lector, ref):
        return "undefined"
    r = seguir(lector, ref)
    if r.nodo.type in ("object", "array", "null"):
        return "object"
    if r.nodo.type in FUNCIONES_DE_VALOR + ("class_declaration", "class"):
        return "function"
    try:
        valor = json_literal(lector, r)
    except Irresoluble:
        return None
    if isinstance(valor, bool):
        return "boolean"
    return "string" if isinstance(valor, str) else "number" if isinstance(valor, (int, float)) else None


def _primitivo(valor: Any) -> bool:
    return valor is None or isinstance(valor, (bool, int, float, str))


def verdad_estatica(lector: Lector, ref: Ref) -> Optional[bool]:
    """Whether a test reads true where the values it reads are known without running the program: a
    boolean literal, `!x`, `&&`/`||`, a comparison of two known primitives (`required.length > 0`,
    `kind === "write"`, `typeof x === "object"`), `S.has(x)` of a `new Set([...])` or `a.includes(x)` of
    an array literal, `"k" in o` of an object literal, `A.some(cb)` / `A.every(cb)`, and a name or
    property (undefined: false; an object, array or function: true; a known value: JavaScript's
    truthiness). None when it cannot be told."""
    r = seguir(lector, ref)
    nodo = desnudar(r.nodo)
    if nodo is None:
        return None
    r = Ref(r.fuente, nodo)
    if nodo.type in ("true", "false"):
        return nodo.type == "true"
    if nodo.type in ("undefined", "null"):
        return False
    if nodo.type == "unary_expression" and texto(r.fuente, nodo).startswith("!") and nombrados(nodo):
        interior = verdad_estatica(lector, Ref(r.fuente, nombrados(nodo)[0]))
        return None if interior is None else not interior
    if nodo.type == "binary_expression":
        operador = texto(r.fuente, nodo.child_by_field_name("operator"))
        izquierda, derecha = (Ref(r.fuente, nodo.child_by_field_name(c)) for c in ("left", "right"))
        if operador in ("&&", "||"):
            a = verdad_estatica(lector, izquierda)
            if a is not None and (a is False if operador == "&&" else a is True):
                return a  # short-circuit: the right side is not read
            b = verdad_estatica(lector, derecha)
            return None if a is None or b is None else b
        if operador == "in":  # `"anyOf" in schema` of an object literal whose keys are all known
            try:
                clave, objeto = json_literal(lector, izquierda), propiedades(lector, derecha)
            except Irresoluble:
                return None
            return any(k == clave for k, _ in objeto) if isinstance(clave, str) else None
        if operador in COMPARACIONES:
            try:
                a, b = json_literal(lector, izquierda), json_literal(lector, derecha)
            except Irresoluble:
                return None
            if not (_primitivo(a) and _primitivo(b)) or (operador[0] in "<>" and not all(
                    isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))):
                return None  # (object identity, or a coercion JavaScript would make: not told)
            if operador in ("==", "!=", "===", "!==") and type(a) is not type(b) and not (
                    isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool)
                    and not isinstance(b, bool)):
                return {"===": False, "!==": True}.get(operador)  # strict: unequal; loose: a coercion, not told
            return bool(COMPARACIONES[operador](a, b))
        return None
    if nodo.type == "call_expression" and _es_prueba(r):
        funcion = nodo.child_by_field_name("function")
        argumentos = nombrados(nodo.child_by_field_name("arguments"))
        if len(argumentos) != 1:
            return None
        if texto(r.fuente, funcion.child_by_field_name("property")) in ("some", "every"):
            return _cuantificado(lector, Ref(r.fuente, funcion.child_by_field_name("object")),
                                 Ref(r.fuente, argumentos[0]), texto(r.fuente, funcion.child_by_field_name("property")))
        try:
            buscado = json_literal(lector, Ref(r.fuente, argumentos[0]))
            coleccion = seguir(lector, Ref(r.fuente, funcion.child_by_field_name("object")))
            if coleccion.nodo.type == "new_expression" and texto(coleccion.fuente, coleccion.nodo.child_by_field_name(
                    "constructor")) == "Set":  # `new Set([...])`: its elements
                args_ = nombrados(coleccion.nodo.child_by_field_name("arguments")) \
                    if coleccion.nodo.child_by_field_name("arguments") is not None else []
                elementos = json_literal(lector, Ref(coleccion.fuente, args_[0])) if len(args_) == 1 else None
            elif texto(r.fuente, funcion.child_by_field_name("property")) == "includes":
                elementos = json_literal(lector, coleccion)
            else:
                return None
        except Irresoluble:
            return None
        if not isinstance(elementos, list) or not _primitivo(buscado) or not all(_primitivo(e) for e in elementos):
            return None
        return any(type(e) is type(buscado) and e == buscado for e in elementos)
    if nodo.type in ("identifier", "member_expression"):
        if indefinido(lector, r):
            return False
        if nodo.type == "identifier" and texto(r.fuente, nodo) == "undefined":
            return False
    if nodo.type in ("object", "array", "arrow_function", "function_expression", "function_declaration",
                     "class_declaration", "new_expression"):
        return True
    if nodo.type in ("identifier", "member_expression", "string", "template_string", "number", "null"):
        try:
            valor = json_literal(lector, r)
        except Irresoluble:
            return None
        return bool(valor) if _primitivo(valor) else True
    return None


def _por_elemento(lector: Lector, coleccion: Ref, funcion: Ref, leer: Callable[[Ref], Any]) -> Optional[list[Any]]:
    """`leer` of an arrow's expression body once per element of an array literal without spreads, its
    one plain parameter bound to the element (`A.map((t) => t.slug)`); None for any other shape."""
    arreglo, cb = seguir(lector, coleccion), seguir(lector, funcion)
    if arreglo.nodo.type != "array" or cb.nodo.type != "arrow_function" \
            or cb.nodo.child_by_field_name("body").type == "statement_block":
        return None
    parametro = cb.nodo.child_by_field_name("parameter")
    if parametro is None:
        lista = nombrados(cb.nodo.child_by_field_name("parameters"))
        parametro = lista[0].child_by_field_name("pattern") if len(lista) == 1 else None
    elementos = nombrados(arreglo.nodo)
    if parametro is None or parametro.type != "identifier" or any(e.type == "spread_element" for e in elementos):
        return None
    clave = (cb.fuente.rel, cb.nodo.start_byte, texto(cb.fuente, parametro))
    salida = []
    for e in elementos:
        with lector.en(lector.instancia, {**lector.atados, clave: Ref(arreglo.fuente, e)}, lector.construccion):
            salida.append(leer(Ref(cb.fuente, cb.nodo.child_by_field_name("body"))))
    return salida


def _cuantificado(lector: Lector, coleccion: Ref, funcion: Ref, metodo: str) -> Optional[bool]:
    """`A.some((k) => test)` / `A.every(...)` of an array literal: the test read for each element."""
    verdades = _por_elemento(lector, coleccion, funcion, lambda cuerpo: verdad_estatica(lector, cuerpo))
    if verdades is None:
        return None
    decide = True if metodo == "some" else False  # an element that decides the answer alone
    if decide in verdades:
        return decide
    return None if None in verdades else not decide


ARITMETICA = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b,
              "%": lambda a, b: math.fmod(a, b), "**": lambda a, b: a ** b}


def _aritmetica(lector: Lector, r: Ref) -> Optional[float | int]:
    """`10 * 1024 * 1024`, `MAX - 1`: the number arithmetic of number literals and constants gives, as
    JavaScript computes it (an integral result is an integer, as JSON writes it); None when a side is no
    number, or the result is no finite number (division by zero)."""
    lados = [json_literal(lector, Ref(r.fuente, r.nodo.child_by_field_name(c))) for c in ("left", "right")]
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in lados):
        return None
    try:
        valor = ARITMETICA[texto(r.fuente, r.nodo.child_by_field_name("operator"))](*lados)
    except (ZeroDivisionError, OverflowError, ValueError):
        return None
    if isinstance(valor, float):
        if not math.isfinite(valor):
            return None
        return int(valor) if valor.is_integer() and abs(valor) < 2 ** 53 else valor
    return valor


def _objeto_de_enum(enum: Ref) -> dict[str, Any]:
    """The object a TypeScript `enum` is at run time: each member's value (strings as written, numbers
    counted on from the last), and a numeric member's value back to its name."""
    salida: dict[str, Any] = {}
    inversos: dict[str, Any] = {}
    siguiente: Any = 0
    cuerpo = enum.nodo.child_by_field_name("body")
    for m in nombrados(cuerpo) if cuerpo is not None else []:
        if m.type == "enum_assignment":
            nombre_nodo, valor_nodo = m.child_by_field_name("name") or nombrados(m)[0], nombrados(m)[-1]
            valor = cadena_literal(enum.fuente, valor_nodo) if valor_nodo.type == "string" \
                else numero_literal(enum.fuente, valor_nodo)
            if valor is None:
                raise Irresoluble(f"`{Ref(enum.fuente, m).corto()}`: an enum member the analyzer does not read",
                                  Ref(enum.fuente, m))
        elif m.type in ("property_identifier", "string"):
            nombre_nodo, valor = m, siguiente
            if not isinstance(valor, (int, float)):
                raise Irresoluble(f"`{Ref(enum.fuente, m).corto()}` follows a string member without a value",
                                  Ref(enum.fuente, m))
        else:
            continue
        nombre = cadena_literal(enum.fuente, nombre_nodo) if nombre_nodo.type == "string" else texto(enum.fuente, nombre_nodo)
        salida[nombre] = valor
        if isinstance(valor, (int, float)) and not isinstance(valor, bool):
            inversos[str(int(valor)) if float(valor).is_integer() else str(valor)] = nombre
            siguiente = valor + 1
        else:
            siguiente = None
    # as JavaScript orders an object's keys: integer keys ascending first, the rest as inserted
    todos = {**salida, **inversos}
    enteros = sorted((k for k in todos if k.isdigit() and str(int(k)) == k), key=int)
    return {**{k: todos[k] for k in enteros}, **{k: v for k, v in todos.items() if k not in enteros}}


def asignaciones(fuente: Fuente, nombre: str, desde: Any) -> Optional[list[Ref]]:
    """Every value a `let`/`var` named `nombre` is given where `desde` stands: its initializer and each
    `nombre = value` in the block that declares it; None when the nearest declaration of the name is
    not a `let`/`var` (a `const`, a parameter, an import) or there is none."""
    alcance = _alcance(fuente, nombre, desde)
    if alcance is None or alcance[0] is None or alcance[1] is not None:
        return None  # no declaration, a parameter, or a const, a function or class, an import
    return _valores_de_variable(fuente, nombre, alcance[0])


def _valores_de_variable(fuente: Fuente, nombre: str, bloque: Any) -> Optional[list[Ref]]:
    """The initializer and the assignments of the `let`/`var` `nombre` a block declares (None when it
    is destructured)."""
    for sentencia in nombrados(bloque):
        if sentencia.type == "export_statement" and sentencia.child_by_field_name("declaration") is not None:
            sentencia = sentencia.child_by_field_name("declaration")
        if sentencia.type not in ("lexical_declaration", "variable_declaration"):
            continue
        for d in nombrados(sentencia):
            patron = d.child_by_field_name("name") if d.type == "variable_declarator" else None
            if patron is not None and patron.type == "identifier" and texto(fuente, patron) == nombre:
                valores = [Ref(fuente, d.child_by_field_name("value"))] if d.child_by_field_name("value") else []
                for n in recorrer(bloque):
                    izquierda = n.child_by_field_name("left") if n.type == "assignment_expression" else None
                    if izquierda is not None and izquierda.type == "identifier" and texto(fuente, izquierda) == nombre:
                        valores.append(Ref(fuente, n.child_by_field_name("right")))
                return valores
    return None


def anotacion(fuente: Fuente, nombre: str, desde: Any) -> Optional[Any]:
    """The type a `let`/`var`/`const` declaration or a parameter gives `nombre` (`let m: Manager;`,
    `(m: Manager) => ...`): its type node, or None."""
    nodo = desde.parent
    while nodo is not None:
        if nodo.type in ("program", "statement_block", "switch_body"):
            for sentencia in nombrados(nodo):
                if sentencia.type == "export_statement" and sentencia.child_by_field_name("declaration") is not None:
                    sentencia = sentencia.child_by_field_name("declaration")
                if sentencia.type in ("lexical_declaration", "variable_declaration"):
                    for d in nombrados(sentencia):
                        patron = d.child_by_field_name("name") if d.type == "variable_declarator" else None
                        if patron is not None and patron.type == "identifier" and texto(fuente, patron) == nombre:
                            tipo = d.child_by_field_name("type")
                            return nombrados(tipo)[0] if tipo is not None and nombrados(tipo) else None
        elif nodo.type in ("arrow_function", "function_expression", "function_declaration", "method_definition",
                           "function"):
            parametros = nodo.child_by_field_name("parameters")
            for p in nombrados(parametros) if parametros is not None else []:
                patron = p.child_by_field_name("pattern")
                if patron is not None and patron.type == "identifier" and texto(fuente, patron) == nombre:
                    tipo = p.child_by_field_name("type")
                    return nombrados(tipo)[0] if tipo is not None and nombrados(tipo) else None
        nodo = nodo.parent
    return None


TIPOS_DE_DATOS = ("type_alias_declaration", "interface_declaration")


def tipo_de_datos(lector: Lector, fuente: Fuente, nombre: str, desde: Any) -> bool:
    """Whether the type `nombre` (seen at `desde`) is a type alias or an interface the project declares,
    in the file or in the project module it is imported from: a shape of data, never a class whose
    instances run methods (types and values live apart: a `const` of the same name is not looked at)."""
    importado = None
    for n in fuente.de_tipo(TIPOS_DE_DATOS):
        if n.child_by_field_name("name") is not None and texto(fuente, n.child_by_field_name("name")) == nombre:
            return True
    for s in nombrados(fuente.raiz):
        if s.type == "import_statement":
            importado = _importa(fuente, s, nombre) or importado
    if importado is None or importado.nombre == "*":
        return False
    modulo = lector.modulo(fuente, importado.especificador)
    if modulo is None:
        return False
    return any(n.child_by_field_name("name") is not None and texto(modulo, n.child_by_field_name("name")) == importado.nombre
               and n.parent is not None and n.parent.type == "export_statement" for n in modulo.de_tipo(TIPOS_DE_DATOS))


def parametro_libre(lector: Lector, ref: Ref, profundidad: int = 0) -> Optional[tuple[str, Ref]]:
    """(the parameter, its function) when a value the analyzer cannot compute comes from a parameter of
    an enclosing project function that no call being read binds (`route.name` where `const { route } =
    args` and `args` is the parameter): the value is one per call of that function, and how many calls
    there are is not known. None otherwise."""
    r = seguir(lector, ref)
    nodo = desnudar(r.nodo)
    while nodo is not None and nodo.type in ("member_expression", "subscript_expression"):
        nodo = desnudar(nodo.child_by_field_name("object"))
    if nodo is None or nodo.type not in ("identifier", "shorthand_property_identifier") or profundidad > PROFUNDIDAD:
        return None
    nombre = texto(r.fuente, nodo)
    atado = atado_a(lector, Ref(r.fuente, nodo))
    if atado is not None:  # an element being read, or what the call being read passes: where that comes from
        return parametro_libre(lector, atado, profundidad + 1) if atado.nodo != nodo else None
    if ligadura(r.fuente, nombre, nodo) is not None:
        return None
    desarmado = desestructurado(r.fuente, nombre, nodo)
    if desarmado is not None:  # `const { route } = args`: where `args` comes from
        return parametro_libre(lector, desarmado[1], profundidad + 1)
    funcion = funcion_propia(nodo)
    while funcion is not None:
        parametros = funcion.child_by_field_name("parameters") or funcion.child_by_field_name("parameter")
        if declara(r.fuente, parametros, nombre):
            if funcion.parent is not None and funcion.parent.type == "arguments":
                return None  # a callback's (`list.map(({ name }) => ...)`): one per element, the list's own row
            return nombre, Ref(r.fuente, funcion)
        funcion = funcion_propia(funcion)
    return None


def desestructurado(fuente: Fuente, nombre: str, desde: Any) -> Optional[tuple[str, Ref]]:
    """(the key, the value destructured) when `nombre` is bound by a `const`/`let` object pattern
    (`const { q } = args` -> ("q", args); `const { arguments: a } = req.params` -> ("arguments", req.params));
    None otherwise."""
    nodo = desde.parent
    while nodo is not None:
        if nodo.type in ("program", "statement_block", "switch_body"):
            for sentencia in nombrados(nodo):
                if sentencia.type not in ("lexical_declaration", "variable_declaration"):
                    continue
                for d in nombrados(sentencia):
                    patron = d.child_by_field_name("name") if d.type == "variable_declarator" else None
                    valor = d.child_by_field_name("value") if patron is not None else None
                    if patron is None or patron.type != "object_pattern" or valor is None:
                        continue
                    for c in nombrados(patron):
                        if c.type == "shorthand_property_identifier_pattern" and texto(fuente, c) == nombre:
                            return nombre, Ref(fuente, valor)
                        if c.type == "object_assignment_pattern":
                            izquierda = c.child_by_field_name("left")
                            if izquierda is not None and texto(fuente, izquierda) == nombre:
                                return nombre, Ref(fuente, valor)
                        if c.type == "pair_pattern":
                            v = c.child_by_field_name("value")
                            k = c.child_by_field_name("key")
                            if v is not None and v.type == "identifier" and texto(fuente, v) == nombre and k is not None:
                                clave = cadena_literal(fuente, k) if k.type == "string" else texto(fuente, k)
                                return clave, Ref(fuente, valor)
            if _declarado_en(fuente, nombre, nodo) is not False:
                return None
        nodo = nodo.parent
    return None
