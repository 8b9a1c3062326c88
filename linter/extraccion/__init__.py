"""libcst extraction: Python MCP server source -> relational evidence (facts, never rules).

Importing this package does not import libcst: `extraer` loads it only when a file has to be parsed.
"""

from .corrida import extraer
from .salida import RELACIONES

VERSION_EXTRACTOR = "7"

__all__ = ["RELACIONES", "VERSION_EXTRACTOR", "extraer"]
