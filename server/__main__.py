"""`python -m oracle_lint.server --proyecto PATH [--confiar-escalares]`."""

from oracle_lint.server.principal import main

raise SystemExit(main())
