"""`oracle-lint probe`: the contract a running MCP server publishes, as evidence the core judges.

`cliente` is the I/O edge (start the server, ask `tools/list` through the MCP SDK's own client);
`evidencia` turns the live listing into the relations the static analyzer builds for schemas.
"""
