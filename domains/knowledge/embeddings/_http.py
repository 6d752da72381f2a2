"""One JSON POST for the httpx-based providers, with every failure mapped to an embedding error."""

from __future__ import annotations

from typing import Any

import httpx

from domains.knowledge.embeddings.base import parse_retry_after
from domains.knowledge.embeddings.errors import EmbeddingRateLimited, EmbeddingUnavailable

# Without a Retry-After header, a minute is the window every per-minute limit resets in.
DEFAULT_RETRY_AFTER_SECONDS = 60.0


def post_json(
    client: httpx.Client,
    url: str,
    payload: dict[str, Any],
    *,
    source: str,
    headers: dict[str, str] | None = None,
    not_found_hint: str = "",
) -> dict[str, Any]:
    """POST `payload` and return the JSON object; raise EmbeddingRateLimited on 429, EmbeddingUnavailable otherwise."""
    # Messages name the provider and the status but never echo the response body: they reach API clients.
    try:
        response = client.post(url, json=payload, headers=headers)
    except httpx.TimeoutException as exc:
        raise EmbeddingUnavailable(f"the {source} embedding service timed out") from exc
    except httpx.HTTPError as exc:
        raise EmbeddingUnavailable(f"the {source} embedding service could not be reached") from exc
    if response.status_code == 429:
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        raise EmbeddingRateLimited(
            f"the {source} embedding service is rate limiting requests",
            retry_after=DEFAULT_RETRY_AFTER_SECONDS if retry_after is None else retry_after,
        )
    if response.status_code == 404 and not_found_hint:
        raise EmbeddingUnavailable(f"the {source} embedding service answered 404: {not_found_hint}")
    if response.status_code >= 400:
        raise EmbeddingUnavailable(f"the {source} embedding service answered HTTP {response.status_code}")
    try:
        body = response.json()
    except ValueError as exc:
        raise EmbeddingUnavailable(f"the {source} embedding service returned a response that is not JSON") from exc
    if not isinstance(body, dict):
        raise EmbeddingUnavailable(f"the {source} embedding service returned an unexpected response")
    return body
