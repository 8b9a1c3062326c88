"""A notes MCP server written with the MCP Python SDK (2.x) whose every tool answers with the
envelope of seed 000 §1: `platform` and `data` always, `resource` when one entity was resolved,
`state` with the face of the tool's class (reads coverage, writes their post-condition, the one
multi-action tool both), `control` only when the call was not executed.
"""

from __future__ import annotations

from typing import Literal, Optional

from mcp.server.mcpserver import MCPServer
from mcp_types import ToolAnnotations
from pydantic import BaseModel, ConfigDict

from notas.almacen import ALMACEN
from notas.sobre import AmbasCaras, Cobertura, Control, Cuaderno, NotaResuelta, Platform, PostCondicion, plataforma

mcp = MCPServer("notas")

LECTURA = ToolAnnotations(readOnlyHint=True)
ESCRITURA = ToolAnnotations(readOnlyHint=False, destructiveHint=False)
BORRADO = ToolAnnotations(readOnlyHint=False, destructiveHint=True)


class Nota(BaseModel):
    """A note as the store holds it; its page_status is data about the note, not the call's state."""

    model_config = ConfigDict(extra="forbid")
    id: int
    texto: str
    page_status: str


class Notas(BaseModel):
    model_config = ConfigDict(extra="forbid")
    notas: list[Nota]


class Listado(BaseModel):
    model_config = ConfigDict(extra="forbid")
    platform: Platform
    data: Notas
    resource: Optional[Cuaderno] = None
    state: Cobertura


class Obtenida(BaseModel):
    model_config = ConfigDict(extra="forbid")
    platform: Platform
    data: Optional[Nota]
    resource: Optional[NotaResuelta] = None


class Escrita(BaseModel):
    model_config = ConfigDict(extra="forbid")
    platform: Platform
    data: Optional[Nota]
    resource: Optional[NotaResuelta] = None
    state: Optional[PostCondicion] = None
    control: Optional[Control] = None


class Gestionado(BaseModel):
    """The data of a multi-action tool (§3.7): one object, every field optional, no union of shapes."""

    model_config = ConfigDict(extra="forbid")
    notas: Optional[list[Nota]] = None
    nota: Optional[Nota] = None


class Gestion(BaseModel):
    model_config = ConfigDict(extra="forbid")
    platform: Platform
    data: Gestionado
    resource: Optional[NotaResuelta] = None
    state: AmbasCaras


def _nota(registro: dict) -> Nota:
    return Nota(id=registro["id"], texto=registro["texto"], page_status=registro["page_status"])


@mcp.tool(annotations=LECTURA)
def listar_notas(cuaderno: str, page: int = 1, per_page: int = 10) -> Listado:
    """One page of a notebook's notes; `resource` is the notebook listed, `state` what the page covers."""
    encontrado = ALMACEN.cuaderno(cuaderno)
    respuesta = ALMACEN.notas(cuaderno, (page - 1) * per_page, per_page)
    notas = [_nota(r) for r in respuesta["entries"]]
    total = respuesta["meta"]["total_entries"]
    resource = None if encontrado is None else Cuaderno(type="notebook", uuid=encontrado["uuid"], id=encontrado["id"],
                                                        slug=encontrado["slug"], name=encontrado["name"])
    return Listado(platform=plataforma(), data=Notas(notas=notas), resource=resource,
                   state=Cobertura(returned=len(notas), total=total, page=page, per_page=per_page,
                                   complete=(page - 1) * per_page + len(notas) >= total))


@mcp.tool(annotations=LECTURA)
def search_notas(texto: str) -> Listado:
    """Notes whose text contains `texto`; `state.searched` tells "no match" from "nothing to search"."""
    respuesta = ALMACEN.buscar(texto)
    notas = [_nota(r) for r in respuesta["entries"]]
    return Listado(platform=plataforma(), data=Notas(notas=notas),
                   state=Cobertura(returned=len(notas), searched=respuesta["meta"]["searched"]))


@mcp.tool(annotations=LECTURA)
def obtener_nota(ident: int) -> Obtenida:
    """One note; `data` is null when there is none."""
    registro = ALMACEN.nota(ident)
    if registro is None:
        return Obtenida(platform=plataforma(), data=None)
    return Obtenida(platform=plataforma(), data=_nota(registro), resource=NotaResuelta(type="note", id=registro["id"]))


@mcp.tool(annotations=ESCRITURA)
def actualizar_nota(ident: int, texto: str) -> Escrita:
    """Rewrite a note's text; `data` is the note as the store persisted it, `state.status` the store's outcome."""
    escrito = ALMACEN.actualizar(ident, texto)
    if escrito is None:
        return Escrita(platform=plataforma(), data=None)
    guardada = escrito["record"]
    return Escrita(platform=plataforma(), data=_nota(guardada), resource=NotaResuelta(type="note", id=guardada["id"]),
                   state=PostCondicion(status=escrito["status"]))


@mcp.tool(annotations=BORRADO)
def borrar_nota(ident: int, confirmar: bool = False) -> Escrita:
    """Delete a note. Without `confirmar` nothing is executed and `control` says so."""
    if not confirmar:
        return Escrita(platform=plataforma(), data=None,
                       control=Control(cancelled=True, message="Not deleted: call again with confirmar=true"))
    borrado = ALMACEN.borrar(ident)
    if borrado is None:
        return Escrita(platform=plataforma(), data=None)
    borrada = borrado["record"]
    return Escrita(platform=plataforma(), data=_nota(borrada), resource=NotaResuelta(type="note", id=borrada["id"]),
                   state=PostCondicion(status=borrado["status"]))


@mcp.tool(annotations=ESCRITURA)
def gestionar_notas(action: Literal["list", "get", "update"], cuaderno: str = "ideas", ident: int = 0,
                    texto: str = "") -> Gestion:
    """Notes of a notebook by action: `list` and `get` read (coverage), `update` writes (post-condition)."""
    if action == "list":
        respuesta = ALMACEN.notas(cuaderno, 0, 100)
        notas = [_nota(r) for r in respuesta["entries"]]
        total = respuesta["meta"]["total_entries"]
        return Gestion(platform=plataforma(), data=Gestionado(notas=notas),
                       state=AmbasCaras(returned=len(notas), total=total, complete=len(notas) >= total))
    if action == "get":
        registro = ALMACEN.nota(ident)
        encontradas = [] if registro is None else [registro]
        return Gestion(platform=plataforma(), data=Gestionado(nota=None if registro is None else _nota(registro)),
                       state=AmbasCaras(returned=len(encontradas)))
    escrito = ALMACEN.actualizar(ident, texto)
    if escrito is None:
        return Gestion(platform=plataforma(), data=Gestionado(), state=AmbasCaras(returned=0))
    guardada = escrito["record"]
    return Gestion(platform=plataforma(), data=Gestionado(nota=_nota(guardada)), resource=NotaResuelta(type="note", id=guardada["id"]),
                   state=AmbasCaras(status=escrito["status"]))


if __name__ == "__main__":
    mcp.run()  # stdio: `python -m notas.servidor`, as `oracle-lint probe` starts it
