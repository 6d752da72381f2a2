"""ORION as an MCP server: the same use cases, tokens, tenancy and RBAC as the REST API, for agents (ADR-0019)."""
