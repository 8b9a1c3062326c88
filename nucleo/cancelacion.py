"""Cancellation: the exception a long operation raises when its caller asked it to stop.

It lives apart from `nucleo.mutacion` (which re-exports it) so that a caller that only needs
to recognise a cancellation, such as the MCP server at start-up, does not import the round.
"""

from __future__ import annotations


class Cancelado(Exception):
    """The caller cancelled the operation; raised between cases, mutants or steps."""
