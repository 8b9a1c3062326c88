"""`python -m oracle_lint`: the same entry point as the `oracle-lint` command."""

from oracle_lint.linter.cli import main

if __name__ == "__main__":
    main(prog_name="oracle-lint")
