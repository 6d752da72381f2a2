from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.ingest_response import IngestResponse
from ...models.knowledge_upload_document_body import KnowledgeUploadDocumentBody
from typing import cast



def _get_kwargs(
    *,
    body: KnowledgeUploadDocumentBody,

) -> dict[str, Any]:
    headers: dict[str, Any] = {}


    

    

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/knowledge/documents",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | IngestResponse | None:
    if response.status_code == 200:
        response_200 = IngestResponse.from_dict(response.json())



        return response_200

    if response.status_code == 201:
        response_201 = IngestResponse.from_dict(response.json())



        return response_201

    if response.status_code == 202:
        response_202 = IngestResponse.from_dict(response.json())



        return response_202

    if response.status_code == 413:
        response_413 = cast(Any, None)
        return response_413

    if response.status_code == 415:
        response_415 = cast(Any, None)
        return response_415

    if response.status_code == 422:
        response_422 = cast(Any, None)
        return response_422

    if response.status_code == 429:
        response_429 = cast(Any, None)
        return response_429

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | IngestResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: KnowledgeUploadDocumentBody,

) -> Response[Any | IngestResponse]:
    """ Upload Document

     Upload a PDF, Markdown or text file (201 indexed, 202 processing, 200 duplicate).

    Args:
        body (KnowledgeUploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | IngestResponse]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    body: KnowledgeUploadDocumentBody,

) -> Any | IngestResponse | None:
    """ Upload Document

     Upload a PDF, Markdown or text file (201 indexed, 202 processing, 200 duplicate).

    Args:
        body (KnowledgeUploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | IngestResponse
     """


    return sync_detailed(
        client=client,
body=body,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: KnowledgeUploadDocumentBody,

) -> Response[Any | IngestResponse]:
    """ Upload Document

     Upload a PDF, Markdown or text file (201 indexed, 202 processing, 200 duplicate).

    Args:
        body (KnowledgeUploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | IngestResponse]
     """


    kwargs = _get_kwargs(
        body=body,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    body: KnowledgeUploadDocumentBody,

) -> Any | IngestResponse | None:
    """ Upload Document

     Upload a PDF, Markdown or text file (201 indexed, 202 processing, 200 duplicate).

    Args:
        body (KnowledgeUploadDocumentBody):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | IngestResponse
     """


    return (await asyncio_detailed(
        client=client,
body=body,

    )).parsed
