"""Oracle: the one import name of the distribution (`oracle_lint.nucleo`, `.linter`, `.server`, `.rules`).

Installed, the four packages live beneath this one, so a project's own `server.py`, `rules/` or
`linter/` never collides with them. In the repository they stay top-level folders; from a checkout
this package's path also covers the repository root, so `oracle_lint.nucleo` is `nucleo/`.
"""

from __future__ import annotations

import os

_AQUI = os.path.dirname(os.path.abspath(__file__))
_RAIZ = os.path.dirname(_AQUI)
if not os.path.isdir(os.path.join(_AQUI, "nucleo")) and os.path.isfile(os.path.join(_RAIZ, "nucleo", "__init__.py")):
    __path__.append(_RAIZ)  # a checkout: the packages are the repository's top-level folders
