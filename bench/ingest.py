"""Ingestion throughput with the default local embedding model: SciFact (5,183 abstracts) and the shared PDFs.

Runs the bulk ingestion path (the same parse → chunk → classify → embed → write code as uploads, pipelined across
documents) into a fresh scratch database and prints docs/s, chunks/s, the share of wall time spent inside the
embedding model, and the process's peak RSS. Targets on 2 cores: time outside the model <= 20% of wall time; peak
RSS < 1.5 GB. `ORION_BENCH_SCIFACT_DOCS` limits the SciFact part (default: all). Last, the PDF parser's pages per
second before (pypdf alone) and after (PDFium first) the extractor change of ADR 0021.
"""

from __future__ import annotations

import asyncio
import json
import os
import resource
import time

from _harness import SHARED_DATA, bench_settings, scratch_database
from pdf_text import parser_pages_per_second

from domains.evaluation.context import scratch_organization
from domains.knowledge.embeddings import get_configured_embedding_provider
from domains.knowledge.ingestion.bulk import BulkIngestor, BulkReport
from domains.knowledge.search.vector_index import ensure_vector_index
from domains.knowledge.service import Upload
from packages.database.engine import Database


def scifact_uploads(limit: int | None) -> list[Upload]:
    uploads = []
    with (SHARED_DATA / "beir_scifact" / "corpus.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            doc = json.loads(line)
            body = f"{doc.get('title', '')}\n\n{doc.get('text', '')}".strip() + "\n"
            uploads.append(
                Upload(body.encode(), f"{doc['_id']}.txt", doc.get("title") or None, f"scifact:{doc['_id']}")
            )
            if limit is not None and len(uploads) >= limit:
                break
    return uploads


def pdf_uploads() -> list[Upload]:
    return [Upload(p.read_bytes(), p.name, None, p.name) for p in sorted((SHARED_DATA / "pdfs").glob("*.pdf"))]


def figures(name: str, report: BulkReport) -> dict[str, object]:
    ingested = report.count("ingested")
    wall = max(report.wall_seconds, 1e-9)
    return {
        "bench": "ingest",
        "corpus": name,
        "documents": ingested,
        "refused": report.count("refused"),
        "chunks": report.chunks,
        "wall_s": round(wall, 1),
        "docs_per_s": round(ingested / wall, 2),
        "chunks_per_s": round(report.chunks / wall, 2),
        "model_s": round(report.model_seconds, 1),
        "share_in_model": round(report.model_seconds / wall, 3),
        "share_outside_model": round(1 - report.model_seconds / wall, 3),
        "prepare_s": round(report.prepare_seconds, 1),
        "write_s": round(report.write_seconds, 1),
    }


async def main() -> None:
    settings = bench_settings(embedding_provider="local")
    provider = get_configured_embedding_provider(settings)
    provider.embed_texts(["warm up the model"])
    limit = int(os.environ["ORION_BENCH_SCIFACT_DOCS"]) if "ORION_BENCH_SCIFACT_DOCS" in os.environ else None
    with scratch_database("bench-ingest") as url:
        db = Database.connect(url, pool_size=4)
        try:
            async with db.owner_session() as session:
                await ensure_vector_index(session, provider.model_key, provider.dimension)
            for name, uploads in (("scifact", scifact_uploads(limit)), ("pdfs", pdf_uploads())):
                organization_id = await scratch_organization(db, f"bench-ingest-{name}")
                started = time.perf_counter()
                report = await BulkIngestor(lambda org: db.owner_session(), settings, provider, organization_id).ingest(
                    uploads
                )
                report.wall_seconds = time.perf_counter() - started
                print(json.dumps(figures(name, report)), flush=True)
        finally:
            await db.dispose()
    for pypdf_only in (True, False):  # PDF text extraction before/after PDFium (ADR 0021)
        print(json.dumps(parser_pages_per_second(pypdf_only=pypdf_only)), flush=True)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"bench": "ingest", "peak_rss_mb": round(peak_mb, 1)}))


if __name__ == "__main__":
    asyncio.run(main())
