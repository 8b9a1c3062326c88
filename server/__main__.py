"""`python -m oracle_lint.server --proyecto PATH [--confiar-escalares]`."""

from .principal import main

raise SystemExit(main())
