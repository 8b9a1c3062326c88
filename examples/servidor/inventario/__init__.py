"""Inventario: an example MCP server for oracle-lint's README."""
