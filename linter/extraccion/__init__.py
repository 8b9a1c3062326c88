"""libcst extraction: Python MCP server source -> relational evidence (facts, never rules)."""

from .motor import RELACIONES, extraer

VERSION_EXTRACTOR = "1"

__all__ = ["RELACIONES", "VERSION_EXTRACTOR", "extraer"]
