"""`python -m server --proyecto PATH [--confiar-escalares]`."""

from server.principal import main

raise SystemExit(main())
