from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...types import Response, UNSET
from ... import errors

from ...models.error_response import ErrorResponse
from ...models.investigations_trends_bucket import InvestigationsTrendsBucket
from ...models.trend import Trend
from ...types import UNSET, Unset
from typing import cast



def _get_kwargs(
    *,
    bucket: InvestigationsTrendsBucket | Unset = InvestigationsTrendsBucket.DAY,

) -> dict[str, Any]:
    

    

    params: dict[str, Any] = {}

    json_bucket: str | Unset = UNSET
    if not isinstance(bucket, Unset):
        json_bucket = bucket.value

    params["bucket"] = json_bucket


    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}


    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/investigations/trends",
        "params": params,
    }


    return _kwargs



def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | Trend | None:
    if response.status_code == 200:
        response_200 = Trend.from_dict(response.json())



        return response_200

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())



        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())



        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())



        return response_404

    if response.status_code == 422:
        response_422 = ErrorResponse.from_dict(response.json())



        return response_422

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())



        return response_429

    if response.status_code == 500:
        response_500 = ErrorResponse.from_dict(response.json())



        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ErrorResponse | Trend]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    bucket: InvestigationsTrendsBucket | Unset = InvestigationsTrendsBucket.DAY,

) -> Response[ErrorResponse | Trend]:
    """ Trends

     Return volume and refusal-rate points per bucket, and whether they suffice to show as trends.

    Args:
        bucket (InvestigationsTrendsBucket | Unset): Bucket size Default:
            InvestigationsTrendsBucket.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Trend]
     """


    kwargs = _get_kwargs(
        bucket=bucket,

    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)

def sync(
    *,
    client: AuthenticatedClient,
    bucket: InvestigationsTrendsBucket | Unset = InvestigationsTrendsBucket.DAY,

) -> ErrorResponse | Trend | None:
    """ Trends

     Return volume and refusal-rate points per bucket, and whether they suffice to show as trends.

    Args:
        bucket (InvestigationsTrendsBucket | Unset): Bucket size Default:
            InvestigationsTrendsBucket.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Trend
     """


    return sync_detailed(
        client=client,
bucket=bucket,

    ).parsed

async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    bucket: InvestigationsTrendsBucket | Unset = InvestigationsTrendsBucket.DAY,

) -> Response[ErrorResponse | Trend]:
    """ Trends

     Return volume and refusal-rate points per bucket, and whether they suffice to show as trends.

    Args:
        bucket (InvestigationsTrendsBucket | Unset): Bucket size Default:
            InvestigationsTrendsBucket.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | Trend]
     """


    kwargs = _get_kwargs(
        bucket=bucket,

    )

    response = await client.get_async_httpx_client().request(
        **kwargs
    )

    return _build_response(client=client, response=response)

async def asyncio(
    *,
    client: AuthenticatedClient,
    bucket: InvestigationsTrendsBucket | Unset = InvestigationsTrendsBucket.DAY,

) -> ErrorResponse | Trend | None:
    """ Trends

     Return volume and refusal-rate points per bucket, and whether they suffice to show as trends.

    Args:
        bucket (InvestigationsTrendsBucket | Unset): Bucket size Default:
            InvestigationsTrendsBucket.DAY.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | Trend
     """


    return (await asyncio_detailed(
        client=client,
bucket=bucket,

    )).parsed
