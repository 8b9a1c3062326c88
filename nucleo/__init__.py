"""Oracle's core: evidence, the measure language, verdicts, catalog jurisdiction and shadows.

`nucleo` imports nothing else of this repository; the linter and the server stand on it.
"""

from oracle_lint.nucleo.version import VERSION

__all__ = ["VERSION"]
