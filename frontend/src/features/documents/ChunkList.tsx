"use client";

import { useCallback } from "react";
import { api, callPage } from "@/api/client";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Pager } from "@/components/Pager";
import { isPastLastPage, PastLastPage } from "@/components/PastLastPage";
import { ProvenanceBadges } from "@/components/ProvenanceBadges";
import { TrustBadge } from "@/components/TrustBadge";
import { useAsync } from "@/lib/useAsync";
import { LabelledText } from "./LabelledText";
import { useUrlOffset } from "@/lib/useUrlOffset";

const PAGE_SIZE = 50;

/** A version's chunks in reading order, each with its trust label and the patterns that set it. */
export function ChunkList({ documentId, versionId }: { documentId: string; versionId: string }) {
  const [offset, setOffset] = useUrlOffset("chunks");
  const load = useCallback(
    () =>
      callPage(
        api.GET("/api/v1/knowledge/documents/{document_id}/chunks", {
          params: { path: { document_id: documentId }, query: { version_id: versionId, limit: PAGE_SIZE, offset } },
        }),
      ),
    [documentId, versionId, offset],
  );
  const { data, error } = useAsync(load);

  if (error) return <ErrorAlert error={error} title="The chunks could not be loaded" />;
  if (!data) return <Loading label="Loading chunks…" />;
  if (isPastLastPage(offset, data.total, data.items.length)) {
    return (
      <PastLastPage urlKey="chunks" total={data.total} limit={PAGE_SIZE} noun="chunk" nouns="chunks"
        onChange={setOffset} />
    );
  }
  if (data.total === 0) return <EmptyState title="This version has no chunks yet." />;
  return (
    <>
      <ol className="chunk-list" start={offset + 1}>
        {data.items.map((chunk) => (
          <li key={chunk.chunk_id} className={`chunk chunk-${chunk.trust_label}`}>
            <div className="chunk-meta">
              <span>Chunk {chunk.chunk_index + 1}</span>
              {chunk.section ? <span>§ {chunk.section}</span> : null}
              {chunk.page !== null ? <span>page {chunk.page}</span> : null}
              <span className="muted">
                chars {chunk.char_start}–{chunk.char_end}
              </span>
              <TrustBadge label={chunk.trust_label} patterns={chunk.matched_patterns} />
              <ProvenanceBadges textSource={chunk.text_source} text={chunk.text} />
            </div>
            <LabelledText text={chunk.text} spans={chunk.labelled_spans} />
          </li>
        ))}
      </ol>
      <Pager label="Chunks" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </>
  );
}
