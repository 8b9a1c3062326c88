"""Canonical JSON: the one serialization that gets hashed, compared and sorted."""

from __future__ import annotations

import hashlib
import json
from typing import Any

_CODIFICADOR = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False)
"""Built once (it holds only options): `json.dumps` would build an equal encoder on every call."""


def canonico(obj: Any) -> str:
    """Compact JSON with sorted keys and UTF-8 text: equal data gives equal strings."""
    return _CODIFICADOR.encode(obj)


def sha256_de(obj: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of `obj`."""
    return hashlib.sha256(canonico(obj).encode("utf-8")).hexdigest()
