"""The TypeScript/JavaScript front end: MCP servers written in TypeScript or JavaScript -> the same
relations the Python front end writes (docs/typescript.md), parsed with tree-sitter, never run."""
