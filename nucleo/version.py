"""The distribution version every answer carries (`oracle_version`).

This constant is the one source: pyproject.toml reads it (`[tool.setuptools.dynamic]`), so the
server does not pay for `importlib.metadata` at start-up.
"""

from __future__ import annotations

VERSION: str = "0.1.0"
