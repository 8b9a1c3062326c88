"""Session setup shared by every test."""

from __future__ import annotations

import os
from pathlib import Path

# This repository's copy of the o200k_base tokenizer file, beside the checkout (as bench/tokens.py reads
# it): the tests that count real tokens use it when the environment names no other. An installed
# oracle-lint never looks there (linter/tokenizador.py).
COMPARTIDA = Path(__file__).resolve().parents[2] / "shared" / "data" / "tiktoken-cache"


def pytest_configure(config: object) -> None:
    if not os.environ.get("TIKTOKEN_CACHE_DIR") and COMPARTIDA.is_dir():
        os.environ["TIKTOKEN_CACHE_DIR"] = str(COMPARTIDA)
