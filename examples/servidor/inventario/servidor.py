"""An inventory MCP server written with the MCP Python SDK (2.x).

Some tools honour the response contract; others break it the way real servers do.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from mcp.server.mcpserver import MCPServer

from inventario.almacen import ALMACEN, cliente_proveedor

mcp = MCPServer("inventario")


class Articulo(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sku: str
    cantidad: int


class Existencias(BaseModel):
    model_config = ConfigDict(extra="forbid")
    articulos: list[Articulo]
    returned: int
    complete: bool


class Reposicion(BaseModel):
    """The result of a restock: narrated with a message and no stable code."""

    sku: str
    cantidad: int
    message: str


@mcp.tool()
def existencias() -> Existencias:
    """Every article the warehouse holds: the registry is in memory, whole."""
    articulos = [Articulo(sku=sku, cantidad=n) for sku, n in sorted(ALMACEN.items())]
    return Existencias(articulos=articulos, returned=len(articulos), complete=len(articulos) >= len(ALMACEN))


@mcp.tool()
async def buscar_proveedor(sku: str) -> dict:
    """The supplier's own view of an article (no output schema: nothing to check)."""
    return await cliente_proveedor.get(f"/articulos/{sku}")


@mcp.tool()
def reponer(sku: str, cantidad: int) -> Reposicion:
    """Restock an article."""
    ALMACEN[sku] = ALMACEN.get(sku, 0) + cantidad
    return Reposicion(sku=sku, cantidad=ALMACEN[sku], message=f"{sku} restocked")


def pagina(articulos: list, total: int | None) -> dict:
    """A page of articles, claiming completeness it cannot know."""
    return {"articulos": articulos, "complete": len(articulos) >= (total or len(articulos))}


if __name__ == "__main__":
    mcp.run()  # stdio: `python -m inventario.servidor`, as `oracle-lint probe` starts it
