"""The request's ingestion budget holds whatever the throughput estimate says (outside check 22: a megabyte of prose
was embedded inside the request for 80 s after a file of one repeated letter had made the estimate 30x too fast)."""

from __future__ import annotations

import time

from domains.knowledge.embeddings import FakeEmbeddingProvider
from domains.knowledge.ingestion.pipeline import EMBED_PROGRESS_BATCH, EmbeddingThroughput, embed_before


class Slow(FakeEmbeddingProvider):
    """A provider far slower than any estimate: each call takes `seconds`."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.calls = 0

    def embed_texts(self, texts: list[str]):  # type: ignore[no-untyped-def]
        self.calls += 1
        time.sleep(self.seconds)
        return super().embed_texts(texts)


def test_embedding_stops_at_the_deadline_and_leaves_the_rest_to_the_worker() -> None:
    provider = Slow(0.05)
    texts = [f"chunk {i}" for i in range(EMBED_PROGRESS_BATCH * 10)]
    assert embed_before(provider, texts, time.perf_counter() + 0.08) is None
    assert provider.calls < 10  # stopped between batches, long before the end


def test_within_the_deadline_every_text_is_embedded() -> None:
    provider = Slow(0.0)
    texts = [f"chunk {i}" for i in range(EMBED_PROGRESS_BATCH * 2 + 3)]
    vectors = embed_before(provider, texts, time.perf_counter() + 60)
    assert vectors is not None and vectors.shape == (len(texts), provider.dimension)
    # a deadline already past sends the whole upload to the worker
    assert embed_before(provider, texts, time.perf_counter() - 1) is None


def test_a_fast_batch_moves_the_estimate_slowly_and_a_slow_one_quickly() -> None:
    throughput, provider = EmbeddingThroughput(), FakeEmbeddingProvider()
    throughput.observe(provider, 100, 10.0)  # 10 chunks a second
    throughput.observe(provider, 3000, 10.0)  # a file of one repeated letter: 300 a second
    assert throughput.estimate_seconds(provider, 1000) > 20  # still close to 10 a second, not ~300
    throughput.observe(provider, 20, 10.0)  # 2 a second
    assert throughput.estimate_seconds(provider, 100) > 5  # 13 a second, from 39 before it
