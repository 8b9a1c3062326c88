"""`python -m linter`: the same entry point as the `oracle-lint` command."""

from linter.cli import main

main(prog_name="oracle-lint")
