"""Test helpers: read `# expect:` markers and emulate the DESIGN §8 rules over the relations."""

from __future__ import annotations

import ast
import pathlib

from oracle_lint.linter.marcas import marcas as marcas_del_corpus

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "linter"
RAIZ = pathlib.Path(__file__).resolve().parents[2]


def _parsea(ruta: pathlib.Path) -> bool:
    try:
        compile(ruta.read_bytes().decode("utf-8"), str(ruta), "exec", ast.PyCF_ONLY_AST, dont_inherit=True)
    except (SyntaxError, ValueError):  # UnicodeDecodeError is a ValueError
        return False
    return True


def fuentes_que_parsean(*carpetas: pathlib.Path) -> list[pathlib.Path]:
    """The Python files under `carpetas` that parse (the deliberately broken fixtures have no tree to
    compare; their failure rows have tests of their own), sorted."""
    return sorted(r for c in carpetas for r in c.rglob("*.py") if _parsea(r))


def marcas(directorio: pathlib.Path) -> set[tuple[str, int, str]]:
    """(file, line, rule) of every `# expect:`/`# exempt:` marker in one fixture directory."""
    return {m for m in marcas_del_corpus(directorio, con_exentas=True) if m[0].endswith(".py")}


# the outcome words of contrato.postcondicion_ecoada, written again here: this module is the rules' independent oracle
DESENLACES = {
    "success", "succeeded", "successful", "ok", "done", "complete", "completed", "created", "updated", "deleted",
    "removed", "added", "saved", "applied", "modified", "changed", "renamed", "moved", "copied", "replaced",
    "started", "stopped", "restarted", "paused", "resumed", "terminated", "cancelled", "canceled", "enabled",
    "disabled", "active", "inactive", "ready", "running", "published", "unpublished", "sent", "submitted",
    "accepted", "approved", "rejected", "uploaded", "written", "executed", "installed", "uninstalled",
    "registered", "deregistered", "attached", "detached", "assigned", "unassigned", "scheduled", "queued",
    "deployed", "archived", "restored", "merged", "closed", "opened", "reopened", "locked", "unlocked",
    "tagged", "untagged", "imported", "exported", "synced", "initialized", "configured", "provisioned",
    "invoked", "triggered",
}


def _dice_fallo(f: dict) -> bool:
    """A top-level key of the object that says the response failed: written again here, as the oracle."""
    if "." in f["ruta"]:
        return False
    clave = f["clave"].lower()
    if clave in {"error", "errors", "err", "error_message", "errormessage"}:
        return f["constante"] not in ("None", "False") and f["literal"] != ""
    if clave in {"success", "ok", "succeeded", "successful"}:
        return f["constante"] == "False"
    if clave in {"status", "state", "result", "outcome"}:
        return f["origen"] == "literal" and f["literal"].lower() in {"error", "failed", "failure", "fail"}
    return False


def _palabras(texto: str) -> list[str]:
    """An identifier's lowercase words, split here without the core's regex: at `_`, `.`, `-`, and where
    a lowercase letter or digit meets an uppercase one (`itemIDs` -> item, ids)."""
    salida, actual = [], ""
    for i, c in enumerate(texto):
        if not c.isalnum():
            salida, actual = salida + [actual] if actual else salida, ""
            continue
        previo = texto[i - 1] if i else ""
        siguiente = texto[i + 1] if i + 1 < len(texto) else ""
        if actual and c.isupper() and (previo.islower() or previo.isdigit()
                                       or (previo.isupper() and siguiente.islower() and siguiente != "s")):
            salida, actual = salida + [actual], ""
        elif actual and (c.isdigit() != previo.isdigit()):
            salida, actual = salida + [actual], ""
        actual += c
    return [p.lower() for p in salida + ([actual] if actual else [])]


IDENTIFICADORES = {"id", "ids", "uid", "uids", "uuid", "uuids", "guid", "guids", "arn", "arns", "slug", "slugs",
                   "identifier", "identifiers"}
DIRECCIONES = {"name", "path", "uri", "filename", "filepath", "dirname", "dirpath", "username"}
CALIFICADORES = {"new", "target", "dest", "destination", "to", "output", "out", "save", "display", "full", "first",
                 "last", "given", "family", "friendly", "nick"}


CREDENCIALES = {"access", "api", "auth", "refresh", "bearer", "id", "session", "csrf", "secret", "device", "push", "new"}


def _identidad(argumento: str, ruta: str, clave: str) -> bool:
    """Whether an argument read names or addresses the resource, written again here: its last word an
    identifier or an address not qualified as the new side or a set attribute, a token that is no
    credential, the acting account, any argument under a key named as an identifier, or one under a
    key that names its own address (`label_name` for `label`)."""
    palabras, de_la_clave, de_la_ultima = _palabras(argumento), _palabras(ruta), _palabras(clave)
    if de_la_clave and de_la_clave[-1] in IDENTIFICADORES:
        return True
    if not palabras:
        return False
    if len(de_la_ultima) > 1 and de_la_ultima[-1] in ("name", "path", "uri") and de_la_ultima[-2] == palabras[-1] \
            and (palabras[-2] if len(palabras) > 1 else "") not in CALIFICADORES:
        return True
    if palabras[-1] == "email" and any(("user" in p or "account" in p) for p in palabras):
        return True
    calificador = palabras[-2] if len(palabras) > 1 else ""
    if palabras[-1] == "token":
        return calificador not in CREDENCIALES
    return palabras[-1] in IDENTIFICADORES | DIRECCIONES and calificador not in CALIFICADORES


OPCIONES = {"action", "operation", "op", "dryrun", "force", "recursive", "overwrite", "confirm",
            "notify", "notification", "notifications"}


def _opcion(argumento: str, ruta: str) -> bool:
    """Whether an argument read steers the call instead of naming state the write leaves, written again
    here: an operation selector or a run flag by its last word (`dry_run` too), or a value filed under a
    `filters` object or a key that says `requested`."""
    palabras = _palabras(argumento)
    if palabras[-1:] and palabras[-1] in OPCIONES or palabras[-2:] == ["dry", "run"]:
        return True
    return "filters." in ruta.lower() or "requested" in ruta.lower()


def _dice_ensayo(f: dict) -> bool:
    """A top-level key of the object that says the response is a dry run: written again here, as the oracle."""
    return "." not in f["ruta"] and f["constante"] == "True" and f["clave"].lower() in {
        "dry_run", "dryrun", "is_dry_run", "isdryrun", "preview", "is_preview", "ispreview"}


CODIGOS = {"error_code", "errorcode", "status_code", "statuscode", "exit_code", "exitcode", "return_code", "returncode",
           "result_code", "resultcode", "response_code", "responsecode", "reason_code", "reasoncode", "http_status",
           "httpstatus", "error_type", "errortype", "error_kind", "errorkind"}
DESENLACE = {"status", "state", "outcome", "result", "reason", "kind"}


def violaciones(ev: dict[str, list[dict]]) -> set[tuple[str, int, str]]:
    """The DESIGN §8 rules (no allowlists) as plain Python over the evidence."""
    salida: set[tuple[str, int, str]] = set()

    def marca(fila: dict, regla: str) -> None:
        salida.add((fila["archivo"], fila["linea"], regla))

    declaradas = {(f["herramienta"], f["clave"]) for f in ev["clave_declarada"]}
    sin_propiedades = {f["herramienta"] for f in ev["raiz"] if not f["declara_propiedades"]}
    # a map built from data under a published map (no properties, not strict) is not debt
    deuda_opaca = {f["herramienta"] for f in ev["raiz"] if f["procedencia"] == "opaque"
                   and not (f["mapa"] and not f["declara_propiedades"] and not f["estricta"])}
    for f in ev["raiz"]:
        if not f["primera"]:
            continue  # root rules judge a tool once, at its first site of each provenance
        if f["procedencia"] == "own" and not f["estricta"] and not f["envoltura"] and f["declara_propiedades"]:
            marca(f, "contrato.raiz_propia_estricta")
        if f["procedencia"] == "echoed":
            marca(f, "contrato.raiz_ecoada_listada")
            if f["estricta"]:
                marca(f, "contrato.raiz_ecoada_tolerante")
        if f["procedencia"] == "opaque" and f["herramienta"] in deuda_opaca:
            marca(f, "contrato.raiz_opaca_es_deuda")
    for f in ev["clave_emitida"]:
        if f["primera"] and (f["herramienta"], f["clave"]) not in declaradas and f["herramienta"] not in sin_propiedades:
            marca(f, "contrato.clave_no_declarada")
    propias_sin_propiedades = {f["herramienta"] for f in ev["raiz"] if f["procedencia"] == "own" and not f["declara_propiedades"]}
    for f in ev["herramienta"]:
        if f["claves_emitidas"] and f["herramienta"] in propias_sin_propiedades:
            marca(f, "contrato.claves_sin_publicar")
    con_codigo = {(f["herramienta"], f["lado"], f["puntero"]) for f in ev["esquema_propiedad"]
                  if f["propiedad"].lower() in CODIGOS}
    valores: dict[tuple, set] = {}
    for f in ev["esquema_valor"]:
        if _palabras(f["propiedad"])[-1:] and _palabras(f["propiedad"])[-1] in DESENLACE:
            valores.setdefault((f["herramienta"], f["lado"], f["puntero"], f["propiedad"]), set()).add(f["valor"])
    con_codigo |= {k[:3] for k, v in valores.items() if len(v) >= 2}
    # a `message` typed as something other than text is data (the chat message a tool posted)
    con_codigo |= {(f["herramienta"], f["lado"], f["puntero"]) for f in ev["esquema_propiedad"]
                   if f["propiedad"] == "message" and f["tipos"] and "string" not in f["tipos"].split(",")}
    for f in ev["esquema_nodo"]:
        if f["lado"] == "salida" and f["tipo"] == "objeto" and f["declara_message"] and not f["declara_code"] \
                and (f["herramienta"], f["lado"], f["puntero"]) not in con_codigo:
            marca(f, "contrato.message_sin_code")
        if f["tipo"] == "union" and f["ramas_estructuradas"] > 1:
            marca(f, f"contrato.union_estructural_{f['lado']}")
    for f in ev["spread"]:
        if f["procedencia"] == "echoed" and f["clave_propia_antes"]:
            marca(f, "contrato.orden_del_spread")
    for f in ev["complete"]:
        if f["evidencia"] in ("ninguna", "por_construccion") and not f.get("fuera_de_herramientas"):
            marca(f, "contrato.complete_sin_evidencia")
    for f in ev["esquema"]:
        if not f["valido"]:
            marca(f, "contrato.esquema_invalido")
    # a response that reports a failure, or a dry run, certifies nothing; the first place among the others is judged
    fallidos = {(f["herramienta"], f["objeto"]) for f in ev["valor_emitido"] if _dice_fallo(f) or _dice_ensayo(f)}
    primeras: dict[tuple, dict] = {}
    for f in ev["valor_emitido"]:
        if (f["herramienta"], f["objeto"]) in fallidos:
            continue
        grupo = (f["herramienta"], f["ruta"], f["origen"], f["argumento"], f["literal"])
        if grupo not in primeras or (f["archivo"], f["linea"], f["columna"]) < tuple(primeras[grupo][k] for k in ("archivo", "linea", "columna")):
            primeras[grupo] = f
    for f in primeras.values():
        escribe = f["solo_lectura"] != "verdadero" or f["destructiva"] == "verdadero"
        sin_anotar = f["solo_lectura"] == "ausente" and f["destructiva"] == "ausente"
        certifica = (f["origen"] == "argumento" and not _identidad(f["argumento"], f["ruta"], f["clave"])
                                           and not _opcion(f["argumento"], f["ruta"]) and not f["solo_elige"]) or \
            (f["origen"] == "literal" and f["literal"].lower() in DESENLACES and not f["observado"])
        # an unannotated tool whose handler changes nothing is a read, and a read may echo
        if escribe and certifica and not (sin_anotar and f.get("sin_efectos")):
            marca(f, "contrato.postcondicion_sin_anotar" if sin_anotar else "contrato.postcondicion_ecoada")
    for f in ev["no_resuelto"]:
        marca(f, "analisis.no_resuelto")
    return salida
