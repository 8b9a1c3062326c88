"""oracle-mcp: the read-only MCP server of seed 001 (five tools, both protocol eras).

At run time this package imports only the standard library and `nucleo`.
"""
