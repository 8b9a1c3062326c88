"""The text form of one task file: parsing and rendering, pure (no I/O).

A task file is `tareas/<id>-<slug>.md`: a header of `clave: valor` lines, a blank line, the
body, then notes appended one after another, each opened by `### nota <fecha>`. The format
is documented in docs/tareas.md.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import datetime

ESTADOS = ("ABIERTA", "CERRADA")
CLAVES = ("id", "titulo", "estado", "etiquetas", "creada", "cerrada")
OBLIGATORIAS = frozenset({"id", "titulo", "estado", "etiquetas", "creada"})
PREFIJO_NOTA = "### nota"
PREFIJO_REFERENCIA = "tareas/"
ANCHO_ID = 4
LARGO_SLUG = 48
MARCAS_DE_CONFLICTO = ("<<<<<<<", ">>>>>>>", "|||||||")
SEPARADOR_DE_CONFLICTO = "======="

_NOMBRE = re.compile(r"^(?P<id>[0-9]{4,})(?:-(?P<slug>[a-z0-9]+(?:-[a-z0-9]+)*))?\.md$")
_ETIQUETA = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
_FORMATOS_FECHA = {20: "%Y-%m-%dT%H:%M:%SZ", 10: "%Y-%m-%d"}


class RegistroInvalido(ValueError):
    """One task file that does not follow the format; the message says why (`en`: the same, in English)."""

    def __init__(self, mensaje: str, en: str) -> None:
        super().__init__(mensaje)
        self.en = en


@dataclass(frozen=True)
class Nota:
    """A note appended to a task: its date, its text and the line of its header."""

    fecha: str
    texto: str
    linea: int = field(default=0, compare=False)
    linea_texto: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Tarea:
    """One task as read from (or to be written to) its file."""

    id: str
    titulo: str
    estado: str
    etiquetas: tuple[str, ...]
    creada: str
    cerrada: str | None
    cuerpo: str
    notas: tuple[Nota, ...]
    archivo: str = ""
    linea_titulo: int = field(default=2, compare=False)
    linea_cuerpo: int = field(default=0, compare=False)

    @property
    def referencia(self) -> str:
        """The reference a debt list entry uses: `tareas/<id>`."""
        return PREFIJO_REFERENCIA + self.id

    @property
    def actualizada(self) -> str:
        """The latest date the file records (creation, notes, closing)."""
        return max([self.creada, *(n.fecha for n in self.notas), *([self.cerrada] if self.cerrada else [])])


# -- small validators -------------------------------------------------------------------------


def id_canonico(numero: int) -> str:
    """The canonical id of a task number: at least four digits, zero-padded."""
    return f"{numero:0{ANCHO_ID}d}"


def es_id_canonico(texto: str) -> bool:
    """True for a decimal id written exactly as `id_canonico` writes it."""
    return texto.isascii() and texto.isdigit() and id_canonico(int(texto)) == texto


def id_de_nombre(nombre: str) -> str | None:
    """The id a task file name carries (`0007-slug.md` -> `0007`), or None when it is not a task name."""
    encontrado = _NOMBRE.match(nombre)
    return encontrado.group("id") if encontrado else None


def es_etiqueta(texto: str) -> bool:
    """True for a label: lowercase ASCII letters, digits, `.`, `_`, `-`; starting with a letter or digit."""
    return bool(_ETIQUETA.match(texto))


def es_fecha(texto: str) -> bool:
    """True for `YYYY-MM-DD` or a UTC timestamp `YYYY-MM-DDTHH:MM:SSZ`."""
    formato = _FORMATOS_FECHA.get(len(texto))
    if formato is None or not texto.isascii():
        return False
    try:
        datetime.strptime(texto, formato)
    except ValueError:
        return False
    return True


def es_cabecera_de_nota(linea: str) -> bool:
    """True for a line that opens a note (`### nota ...`)."""
    return linea == PREFIJO_NOTA or linea.startswith(PREFIJO_NOTA + " ")


def slug(titulo: str) -> str:
    """A file-name slug from a title: ASCII, lowercase, words joined by `-`, at most 48 characters."""
    ascii_ = unicodedata.normalize("NFKD", titulo).encode("ascii", "ignore").decode("ascii").lower()
    palabras = re.findall(r"[a-z0-9]+", ascii_)
    salida = ""
    for palabra in palabras:
        candidato = f"{salida}-{palabra}" if salida else palabra
        if len(candidato) > LARGO_SLUG:
            break
        salida = candidato
    return salida or (palabras[0][:LARGO_SLUG] if palabras else "")


def nombre_de_archivo(ident: str, titulo: str) -> str:
    """The file name of a new task: `<id>-<slug>.md` (or `<id>.md` when the title has no ASCII word)."""
    s = slug(titulo)
    return f"{ident}-{s}.md" if s else f"{ident}.md"


def es_marca_de_conflicto(linea: str) -> bool:
    """True for a line git writes around an unresolved merge conflict."""
    return linea.startswith(MARCAS_DE_CONFLICTO) or linea == SEPARADOR_DE_CONFLICTO


def problema_de_texto_libre(texto: str, idioma: str = "es") -> str | None:
    """Why a body or note text cannot be stored as is, or None (`idioma="en"`: said in English)."""
    ingles = idioma == "en"
    for linea in texto.split("\n"):
        if es_cabecera_de_nota(linea.rstrip("\r")):
            return f"the line «{linea}» would open a note; rephrase it" if ingles else (
                f"la línea «{linea}» abriría una nota; reformulala")
        if es_marca_de_conflicto(linea.rstrip("\r")):
            return f"the line «{linea}» looks like a git conflict marker" if ingles else (
                f"la línea «{linea}» parece una marca de conflicto de git")
    return None


# -- parsing ---------------------------------------------------------------------------------


def _cabecera(lineas: list[str]) -> tuple[dict[str, str], dict[str, int], int]:
    """Header fields, the 1-based line of each, and the index of the first line after the header."""
    campos: dict[str, str] = {}
    posiciones: dict[str, int] = {}
    for i, linea in enumerate(lineas):
        if linea.strip() == "":
            return campos, posiciones, i + 1
        clave, separador, valor = linea.partition(":")
        clave = clave.strip()
        if not separador:
            raise RegistroInvalido(f"línea {i + 1}: la cabecera espera «clave: valor» y dice «{linea}»",
                                   f"line {i + 1}: the header expects «key: value» and reads «{linea}»")
        if clave not in CLAVES:
            raise RegistroInvalido(f"línea {i + 1}: clave de cabecera desconocida «{clave}»",
                                   f"line {i + 1}: unknown header key «{clave}»")
        if clave in campos:
            raise RegistroInvalido(f"línea {i + 1}: la clave «{clave}» está repetida",
                                   f"line {i + 1}: the key «{clave}» is repeated")
        campos[clave] = valor.strip()
        posiciones[clave] = i + 1
    return campos, posiciones, len(lineas)


def _etiquetas(texto: str) -> tuple[str, ...]:
    if not texto:
        return ()
    etiquetas = tuple(e.strip() for e in texto.split(","))
    for e in etiquetas:
        if not es_etiqueta(e):
            raise RegistroInvalido(f"etiqueta inválida «{e}» (minúsculas ASCII, dígitos, «.», «_», «-»)",
                                   f"invalid label «{e}» (ASCII lowercase, digits, «.», «_», «-»)")
    if len(set(etiquetas)) != len(etiquetas):
        raise RegistroInvalido("una etiqueta está repetida", "a label is repeated")
    return etiquetas


def _validar_campos(campos: dict[str, str], id_del_nombre: str) -> None:
    faltan = sorted(OBLIGATORIAS - set(campos))
    if faltan:
        raise RegistroInvalido(f"faltan las claves de cabecera {', '.join(faltan)}",
                               f"the header keys {', '.join(faltan)} are missing")
    if not es_id_canonico(campos["id"]):
        raise RegistroInvalido(f"id «{campos['id']}» no canónico (cuatro o más dígitos, sin ceros de más)",
                               f"id «{campos['id']}» is not canonical (four or more digits, no extra leading zeros)")
    if campos["id"] != id_del_nombre:
        raise RegistroInvalido(f"el id de la cabecera «{campos['id']}» no coincide con el del nombre «{id_del_nombre}»",
                               f"the header's id «{campos['id']}» does not match the file name's «{id_del_nombre}»")
    if not campos["titulo"]:
        raise RegistroInvalido("titulo vacío", "empty titulo")
    if campos["estado"] not in ESTADOS:
        raise RegistroInvalido(f"estado desconocido «{campos['estado']}» (ABIERTA o CERRADA)",
                               f"unknown estado «{campos['estado']}» (ABIERTA or CERRADA)")
    if campos["estado"] == "CERRADA" and "cerrada" not in campos:
        raise RegistroInvalido("una tarea CERRADA lleva la clave cerrada", "a CERRADA task needs the key cerrada")
    if campos["estado"] == "ABIERTA" and "cerrada" in campos:
        raise RegistroInvalido("una tarea ABIERTA no lleva la clave cerrada", "an ABIERTA task may not have the key cerrada")
    for clave in ("creada", "cerrada"):
        if clave in campos and not es_fecha(campos[clave]):
            raise RegistroInvalido(f"{clave} «{campos[clave]}» no es AAAA-MM-DD ni AAAA-MM-DDTHH:MM:SSZ",
                                   f"{clave} «{campos[clave]}» is neither YYYY-MM-DD nor YYYY-MM-DDTHH:MM:SSZ")


def _recortar(lineas: list[tuple[int, str]]) -> tuple[str, int]:
    """Text without leading and trailing blank lines, and the 1-based line where it starts."""
    inicio, fin = 0, len(lineas)
    while inicio < fin and not lineas[inicio][1].strip():
        inicio += 1
    while fin > inicio and not lineas[fin - 1][1].strip():
        fin -= 1
    cuerpo = lineas[inicio:fin]
    return "\n".join(t for _, t in cuerpo), (cuerpo[0][0] if cuerpo else 0)


def _bloques(lineas: list[str], inicio: int) -> tuple[tuple[str, int], tuple[Nota, ...]]:
    """The body (with its first line number) and the notes that follow the header."""
    cuerpo: list[tuple[int, str]] = []
    notas: list[tuple[str, int, list[tuple[int, str]]]] = []
    for i in range(inicio, len(lineas)):
        linea = lineas[i]
        if es_cabecera_de_nota(linea):
            fecha = linea[len(PREFIJO_NOTA):].strip()
            if not es_fecha(fecha):
                raise RegistroInvalido(f"línea {i + 1}: la nota no tiene una fecha válida («{linea}»)",
                                       f"line {i + 1}: the note has no valid date («{linea}»)")
            notas.append((fecha, i + 1, []))
        elif notas:
            notas[-1][2].append((i + 1, linea))
        else:
            cuerpo.append((i + 1, linea))
    return _recortar(cuerpo), tuple(_nota(fecha, linea, texto) for fecha, linea, texto in notas)


def _nota(fecha: str, linea: int, lineas: list[tuple[int, str]]) -> Nota:
    texto, linea_texto = _recortar(lineas)
    return Nota(fecha, texto, linea, linea_texto)


def parsear_tarea(nombre: str, texto: str, archivo: str = "") -> Tarea:
    """One task from its file name and UTF-8 text; RegistroInvalido says what is wrong."""
    id_del_nombre = id_de_nombre(nombre)
    if id_del_nombre is None:
        raise RegistroInvalido("el nombre no es <id>-<slug>.md", "the name is not <id>-<slug>.md")
    lineas = [linea.rstrip("\r") for linea in texto.split("\n")]
    for i, linea in enumerate(lineas):
        if es_marca_de_conflicto(linea):
            raise RegistroInvalido(f"línea {i + 1}: marca de conflicto de git sin resolver",
                                   f"line {i + 1}: unresolved git conflict marker")
    campos, posiciones, inicio = _cabecera(lineas)
    _validar_campos(campos, id_del_nombre)
    (cuerpo, linea_cuerpo), notas = _bloques(lineas, inicio)
    return Tarea(
        id=campos["id"],
        titulo=campos["titulo"],
        estado=campos["estado"],
        etiquetas=_etiquetas(campos["etiquetas"]),
        creada=campos["creada"],
        cerrada=campos.get("cerrada"),
        cuerpo=cuerpo,
        notas=notas,
        archivo=archivo,
        linea_titulo=posiciones["titulo"],
        linea_cuerpo=linea_cuerpo,
    )


# -- rendering and edits (pure) --------------------------------------------------------------


def a_texto(tarea: Tarea) -> str:
    """The canonical file text of a task; `parsear_tarea` reads it back to the same task."""
    lineas = [
        f"id: {tarea.id}",
        f"titulo: {tarea.titulo}",
        f"estado: {tarea.estado}",
        f"etiquetas: {', '.join(tarea.etiquetas)}",
        f"creada: {tarea.creada}",
    ]
    if tarea.cerrada is not None:
        lineas.append(f"cerrada: {tarea.cerrada}")
    lineas = [linea.rstrip() for linea in lineas] + [""]
    if tarea.cuerpo:
        lineas += [tarea.cuerpo, ""]
    for nota in tarea.notas:
        lineas += [f"{PREFIJO_NOTA} {nota.fecha}", ""]
        if nota.texto:
            lineas += [nota.texto, ""]
    return "\n".join(lineas).rstrip("\n") + "\n"


def con_nota(tarea: Tarea, fecha: str, texto: str) -> Tarea:
    """The task with one more note at the end."""
    return replace(tarea, notas=(*tarea.notas, Nota(fecha, texto.strip("\n"))))


def cerrada(tarea: Tarea, fecha: str) -> Tarea:
    """The task closed at `fecha`."""
    return replace(tarea, estado="CERRADA", cerrada=fecha)


def con_etiquetas(tarea: Tarea, agregar: tuple[str, ...], quitar: tuple[str, ...]) -> Tarea:
    """The task with labels added and removed, kept sorted."""
    etiquetas = (set(tarea.etiquetas) | set(agregar)) - set(quitar)
    return replace(tarea, etiquetas=tuple(sorted(etiquetas)))


# -- minimal textual edits (what the CLI writes, so that diffs stay small and merge) ---------


def _fin_de_cabecera(lineas: list[str]) -> int:
    for i, linea in enumerate(lineas):
        if not linea.strip():
            return i
    return len(lineas)


def con_campo(texto: str, clave: str, valor: str) -> str:
    """The file text with header `clave` set to `valor`: replaced in place, else added at the header's end."""
    lineas = texto.split("\n")
    fin = _fin_de_cabecera(lineas)
    for i in range(fin):
        if lineas[i].partition(":")[0].strip() == clave:
            lineas[i] = f"{clave}: {valor}".rstrip()
            return "\n".join(lineas)
    lineas.insert(fin, f"{clave}: {valor}".rstrip())
    return "\n".join(lineas)


def con_nota_anexada(texto: str, fecha: str, nota: str) -> str:
    """The file text with a note appended at the end (only appends: concurrent notes merge)."""
    limpia = nota.strip("\n")
    return texto.rstrip("\n") + f"\n\n{PREFIJO_NOTA} {fecha}\n\n{limpia}\n"
