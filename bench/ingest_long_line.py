"""Ingesting one huge line (outside check: a 7.5 MB line of "word word ..." was 15% processed after ten minutes).

Prints, for single lines of 0.5 to 7.5 MB: the non-embedding part (parse, chunk, safety labels) per size, which must
grow linearly (seconds per MB roughly constant); each line uploaded through the real app with the `fake` embedding
provider (parse to written rows, 201); and the local embedding model: the 7.5 MB line of one word (its 7,500 chunks
are one text, embedded once: embed_distinct) and its own throughput on distinct chunks. On 2 cores the one-word
7.5 MB line answered 202 and took 10.6 min in the worker before identical chunks were embedded once; 201 in ~12 s after.
"""

from __future__ import annotations

import asyncio
import json
import random
import time

from _harness import bench_settings, running_app, scratch_database

from domains.knowledge.embeddings.errors import EmbeddingUnavailable
from domains.knowledge.embeddings.local import LocalEmbeddingProvider
from domains.knowledge.ingestion.pipeline import embed_chunks, prepare_document

SIZES_MB = (0.5, 1.0, 2.0, 4.0, 7.5)
PASSWORD = "bench password long enough"
_WORDS = str.split(
    "the of and to in is that for it as was with be by on not he this are or his from at which but have an they you "
    "were her she there one all we their been has when who will more no if out so said what up its about into than "
    "them can only other new some could time these two may then do first any my now such like our over man me even"
)


def one_word_line(size_mb: float) -> bytes:
    """The outside check's file: one line of "word word ... word." (sentence punctuation only at its end)."""
    return ("word " * int(size_mb * 200_000 - 1) + "word.").encode()


def varied_line(size_mb: float) -> bytes:
    """One line of common words in random order, no punctuation: every chunk distinct."""
    rng = random.Random(7)
    out, length = [], 0
    while length < size_mb * 1_000_000:
        word = rng.choice(_WORDS)
        out.append(word)
        length += len(word) + 1
    return " ".join(out).encode()


def non_embedding_part() -> None:
    settings = bench_settings(embedding_provider="fake")
    for name, make in (("one_word", one_word_line), ("varied", varied_line)):
        for size in SIZES_MB:
            data = make(size)
            started = time.perf_counter()
            prepared = prepare_document(data, "line.txt", settings, "line.txt")
            seconds = time.perf_counter() - started
            print(
                json.dumps(
                    {
                        "bench": "long_line_prepare",
                        "line": name,
                        "mb": size,
                        "chunks": len(prepared.chunks),
                        "seconds": round(seconds, 2),
                        "seconds_per_mb": round(seconds / size, 2),
                    }
                ),
                flush=True,
            )


async def through_the_app() -> None:
    settings = bench_settings(
        embedding_provider="fake",
        ingest_request_budget_seconds=600,
        password_hash_rounds=4,
        exact_search_max_rows=1_000_000,  # no organization-index builds beside the uploads
    )
    with scratch_database("bench-long-line") as url:
        async with running_app(settings, url) as client:
            for name, make in (("one_word", one_word_line), ("varied", varied_line)):
                for size in SIZES_MB:
                    # each upload in an organization of its own: one upload's cost, not a growing corpus's
                    email = f"line-{name}-{size}@example.com"
                    await client.post("/api/v1/auth/register", json={"email": email, "password": PASSWORD})
                    login = await client.post("/api/v1/auth/login", json={"email": email, "password": PASSWORD})
                    headers = {"Authorization": f"Bearer {login.json()['access_token']}"}
                    files = {"file": (f"{name}-{size}.txt", make(size), "text/plain")}
                    started = time.perf_counter()
                    response = await client.post("/api/v1/knowledge/documents", files=files, headers=headers)
                    seconds = time.perf_counter() - started
                    body = response.json()
                    figures = {
                        "bench": "long_line_upload_fake",
                        "line": name,
                        "mb": size,
                        "status": response.status_code,
                        "chunks": body.get("chunk_count"),
                        "seconds": round(seconds, 2),
                        "seconds_per_mb": round(seconds / size, 2),
                    }
                    print(json.dumps(figures), flush=True)


def local_model() -> None:
    try:
        provider = LocalEmbeddingProvider()
        provider.embed_texts(["warm up the model"])
    except EmbeddingUnavailable as exc:
        print(json.dumps({"bench": "long_line_local", "skipped": str(exc)}))
        return
    settings = bench_settings(embedding_provider="fake")
    texts = prepare_document(one_word_line(7.5), "line.txt", settings, "line.txt").index_texts
    started = time.perf_counter()
    embed_chunks(provider, texts)
    print(
        json.dumps(
            {
                "bench": "long_line_local",
                "line": "one_word",
                "mb": 7.5,
                "chunks": len(texts),
                "distinct": len(set(texts)),
                "embed_seconds": round(time.perf_counter() - started, 2),
            }
        ),
        flush=True,
    )
    distinct = prepare_document(varied_line(0.25), "line.txt", settings, "line.txt").index_texts[:128]
    started = time.perf_counter()
    embed_chunks(provider, distinct)
    seconds = time.perf_counter() - started
    print(
        json.dumps(
            {
                "bench": "long_line_local",
                "line": "varied",
                "chunks": len(distinct),
                "chunks_per_s": round(len(distinct) / seconds, 1),
                "minutes_for_7500_distinct_chunks": round(len(texts) / (len(distinct) / seconds) / 60, 1),
            }
        ),
        flush=True,
    )


if __name__ == "__main__":
    non_embedding_part()
    asyncio.run(through_the_app())
    local_model()
