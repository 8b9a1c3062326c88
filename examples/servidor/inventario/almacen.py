"""The warehouse registry (in memory) and the supplier's client."""

ALMACEN: dict[str, int] = {"tornillo": 120, "tuerca": 80}


class _Cliente:
    async def get(self, ruta: str) -> dict:
        return {"ruta": ruta}


cliente_proveedor = _Cliente()
