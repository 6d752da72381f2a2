"""Knowledge routes: upload, list, detail, chunks, version text and file, delete, search."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Depends, Query, Request, Response, status
from fastapi.responses import JSONResponse, PlainTextResponse

from apps.api.deps import ResourcePage, SequencePage, SessionDep, SettingsDep, require, with_total
from apps.api.uploads import read_upload
from domains.execution.run.purge import CitationPurger
from domains.identity.permissions import Permission
from domains.identity.service import Principal
from domains.knowledge.schemas import (
    ChunkPublic,
    DocumentDetail,
    DocumentPublic,
    IngestResponse,
    SearchRequest,
    SearchResultPublic,
)
from domains.knowledge.search import RetrievalRequest, SearchService
from domains.knowledge.service import KnowledgeService, Upload, UploadKind

router = APIRouter(prefix="/api/v1/knowledge", tags=["knowledge"])

Reader = Annotated[Principal, Depends(require(Permission.DOCUMENTS_READ))]
Writer = Annotated[Principal, Depends(require(Permission.DOCUMENTS_WRITE))]
Deleter = Annotated[Principal, Depends(require(Permission.DOCUMENTS_DELETE))]
Searcher = Annotated[Principal, Depends(require(Permission.SEARCH_RUN))]


def get_knowledge_service(request: Request, session: SessionDep, settings: SettingsDep) -> KnowledgeService:
    state = request.app.state
    return KnowledgeService(session, settings, state.embedder, state.worker.notify, CitationPurger(session))


def get_search_service(request: Request, session: SessionDep) -> SearchService:
    state = request.app.state
    return SearchService(session, state.retriever, state.embedder, state.usage)


ServiceDep = Annotated[KnowledgeService, Depends(get_knowledge_service)]
SearchDep = Annotated[SearchService, Depends(get_search_service)]
UPLOAD_STATUS: dict[UploadKind, int] = {"duplicate": 200, "indexed": 201, "queued": 202}


@router.post(
    "/documents",
    operation_id="knowledge_upload_document",
    status_code=status.HTTP_201_CREATED,
    response_model=IngestResponse,
    responses={200: {"model": IngestResponse}, 202: {"model": IngestResponse}, 413: {}, 415: {}, 422: {}, 429: {}},
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "required": ["file"],
                        "properties": {
                            "file": {"type": "string", "format": "binary"},
                            "title": {"type": "string", "maxLength": 500},
                            "source": {"type": "string", "maxLength": 1000},
                        },
                    }
                }
            },
        }
    },
)
async def upload_document(
    request: Request, principal: Writer, service: ServiceDep, settings: SettingsDep
) -> JSONResponse:
    """Upload a document (201 indexed, 202 processing, 200 duplicate): PDF (scanned pages are read by OCR in the
    background), Markdown, text, Word (.docx), HTML, email (.eml, .mbox), CSV, Excel (.xlsx) or an image (PNG,
    JPEG, TIFF; read by OCR in the background)."""
    form = await read_upload(request, settings.max_upload_bytes)
    assert form.data is not None
    outcome = await service.upload(
        principal.organization_id,
        principal.user_id,
        Upload(
            data=form.data, filename=form.filename, title=form.fields.get("title"), source=form.fields.get("source")
        ),
    )
    return JSONResponse(outcome.response.model_dump(mode="json"), status_code=UPLOAD_STATUS[outcome.kind])


@router.get("/documents", operation_id="knowledge_list_documents")
async def list_documents(
    principal: Reader, service: ServiceDep, page: ResourcePage, response: Response
) -> list[DocumentPublic]:
    """List the organization's documents, newest first, with usage counts."""
    documents, total = await service.list_documents(principal.organization_id, limit=page.limit, offset=page.offset)
    with_total(response, total)
    return documents


@router.get("/documents/{document_id}", operation_id="knowledge_get_document")
async def get_document(document_id: str, principal: Reader, service: ServiceDep) -> DocumentDetail:
    """Return a document with its versions, their status and progress."""
    return await service.detail(principal.organization_id, document_id)


@router.get("/documents/{document_id}/chunks", operation_id="knowledge_list_chunks")
async def list_chunks(
    document_id: str,
    principal: Reader,
    service: ServiceDep,
    page: SequencePage,
    response: Response,
    version_id: Annotated[str | None, Query(description="A version of the document (default: latest)")] = None,
) -> list[ChunkPublic]:
    """List a version's chunks in reading order."""
    chunks, total = await service.chunks(
        principal.organization_id, document_id, version_id, limit=page.limit, offset=page.offset
    )
    with_total(response, total)
    return chunks


@router.get(
    "/documents/{document_id}/versions/{version_id}/text",
    operation_id="knowledge_version_text",
    response_class=PlainTextResponse,
)
async def version_text(document_id: str, version_id: str, principal: Reader, service: ServiceDep) -> PlainTextResponse:
    """Return the version's normalized text (what chunk offsets and claim spans index into)."""
    body = await service.version_text(principal.organization_id, document_id, version_id)
    return PlainTextResponse(body, media_type="text/plain; charset=utf-8")


@router.get(
    "/documents/{document_id}/versions/{version_id}/file",
    operation_id="knowledge_version_file",
    response_class=Response,
    responses={200: {"content": {"application/octet-stream": {}}}},
)
async def version_file(document_id: str, version_id: str, principal: Reader, service: ServiceDep) -> Response:
    """Return the version's original bytes with their media type."""
    content, media_type, name = await service.version_file(principal.organization_id, document_id, version_id)
    disposition = f"attachment; filename*=UTF-8''{quote(name, safe='')}"
    headers = {"Content-Disposition": disposition, "Content-Type": _file_type(content, media_type)}
    return Response(content, headers=headers)


def _file_type(content: bytes, media_type: str) -> str:
    """Return the original's Content-Type: text says UTF-8 only when it is UTF-8 (a windows-1252 page labelled
    UTF-8 showed garbled characters); other text is left to its own declaration, as a browser reads a saved file."""
    if not media_type.startswith("text/") or "charset=" in media_type:
        return media_type
    try:
        content.decode("utf-8")
    except UnicodeDecodeError:
        return media_type
    return f"{media_type}; charset=utf-8"


@router.delete("/documents/{document_id}", operation_id="knowledge_delete_document", status_code=204)
async def delete_document(
    document_id: str,
    principal: Deleter,
    service: ServiceDep,
    purge: Annotated[bool, Query(description="Also replace the cited text in every run with [purged]")] = False,
) -> Response:
    """Delete a document (run history keeps its citations unless purged)."""
    await service.delete(principal.organization_id, principal.user_id, document_id, purge=purge)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.post("/search", operation_id="knowledge_search", responses={503: {}})
async def search(
    body: SearchRequest, principal: Searcher, service: SearchDep, response: Response
) -> list[SearchResultPublic]:
    """Search the organization's documents (hybrid, semantic or lexical) with per-channel ranks and scores."""
    outcome = await service.search(
        RetrievalRequest(
            organization_id=principal.organization_id,
            query_text=body.query_text,
            method=body.method,
            top_k=body.top_k,
            score_threshold=body.score_threshold,
            document_ids=(body.document_id,) if body.document_id else None,
        ),
    )
    if outcome.semantic_unavailable:
        response.headers["X-Orion-Semantic-Unavailable"] = outcome.semantic_unavailable
    # A list like any other (contract: the total in X-Total-Count): every result found within top_k is returned.
    with_total(response, len(outcome.results))
    return [r.public() for r in outcome.results]
