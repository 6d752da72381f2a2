"""What the MCP tools need from ORION, as one protocol with two implementations: in-process (the `/mcp` endpoint,
through the same use cases as the routers) and over HTTP (`orion mcp`, through the REST API with a token)."""

from __future__ import annotations

from typing import Protocol

from domains.execution.schemas import RunPublic, RunResultPublic
from domains.knowledge.schemas import DocumentDetail, DocumentPublic, RetrievalMethod, SearchResultPublic


class ToolFailure(Exception):
    """A refusal the agent should read: the REST API's error code and message."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class OrionBackend(Protocol):
    async def search(
        self, query: str, method: RetrievalMethod, top_k: int, document_id: str | None
    ) -> list[SearchResultPublic]: ...

    async def create_run(self, query: str, document_ids: list[str] | None, top_k: int) -> RunPublic: ...

    async def get_run(self, run_id: str) -> RunPublic: ...

    async def run_result(self, run_id: str) -> RunResultPublic: ...

    async def list_documents(self, limit: int, offset: int) -> tuple[list[DocumentPublic], int]: ...

    async def document(self, document_id: str) -> DocumentDetail: ...

    async def version_text(self, document_id: str, version_id: str) -> str: ...
