"""Identical chunks are embedded once (outside check: a 7.5 MB line of one word made 7,500 identical chunks and
kept the worker embedding them one by one for over ten minutes)."""

from __future__ import annotations

import time

import numpy as np
import pytest

from domains.knowledge.embeddings import FakeEmbeddingProvider
from domains.knowledge.ingestion import pipeline
from domains.knowledge.ingestion.pipeline import EmbeddingThroughput, embed_before, embed_chunks, embed_distinct


class Counting(FakeEmbeddingProvider):
    """Record every text the model is asked to embed; each call takes `seconds`."""

    def __init__(self, seconds: float = 0.0) -> None:
        super().__init__()
        self.seconds = seconds
        self.embedded: list[str] = []

    def embed_texts(self, texts: list[str]):  # type: ignore[no-untyped-def]
        self.embedded.extend(texts)
        time.sleep(self.seconds)
        return super().embed_texts(texts)


REPEATED = [f"chunk {i % 3}" for i in range(200)] + ["the last chunk"]


@pytest.mark.parametrize(
    "embed",
    [
        embed_distinct,
        embed_chunks,
        lambda provider, texts: embed_before(provider, texts, time.perf_counter() + 600),
    ],
)
def test_each_distinct_text_is_embedded_once_and_every_chunk_gets_its_row(embed) -> None:  # type: ignore[no-untyped-def]
    provider = Counting()
    vectors = embed(provider, REPEATED)
    assert sorted(provider.embedded) == ["chunk 0", "chunk 1", "chunk 2", "the last chunk"]
    assert vectors.shape == (len(REPEATED), provider.dimension)
    expected = FakeEmbeddingProvider().embed_texts(REPEATED)
    assert np.allclose(vectors, expected)


def test_distinct_texts_keep_their_order() -> None:
    provider = Counting()
    texts = [f"chunk {i}" for i in range(70)]
    assert np.allclose(embed_chunks(provider, texts), FakeEmbeddingProvider().embed_texts(texts))
    assert provider.embedded == texts


def test_the_throughput_estimate_counts_what_the_model_embedded(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # 1,000 chunks of 10 distinct texts in one call of >= 0.1 s is at most 100 texts a second, not 10,000 chunks
    throughput = EmbeddingThroughput()
    monkeypatch.setattr(pipeline, "THROUGHPUT", throughput)
    provider = Counting(seconds=0.1)
    embed_chunks(provider, [f"chunk {i % 10}" for i in range(1000)])
    assert throughput.estimate_seconds(provider, 1000) >= 10
