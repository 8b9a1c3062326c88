"""The distribution version every answer carries (`oracle_version`)."""

from __future__ import annotations

from importlib import metadata


def _version() -> str:
    try:
        return metadata.version("oracle-lint")
    except metadata.PackageNotFoundError:  # running from a checkout that is not installed
        return "0+checkout"


VERSION: str = _version()
