"""A notes MCP server whose every structured response is the envelope of perfil:sobre."""
