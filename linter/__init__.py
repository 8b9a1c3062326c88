"""Oracle linter: libcst extraction, CLI and output formats."""
