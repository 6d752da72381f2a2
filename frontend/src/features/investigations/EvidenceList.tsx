import Link from "next/link";
import type { Citation, WithheldSpan } from "@/api/types";
import { HighlightedText } from "@/components/HighlightedText";
import { EmptyState } from "@/components/EmptyState";
import { RecordOrText } from "@/components/RecordText";
import { TrustBadge } from "@/components/TrustBadge";
import { UserText } from "@/components/UserText";
import { isPurged } from "./purged";
import { withheldRangesByChunk } from "./withheld";

/**
 * Every chunk the run retrieved, in retrieval order: what the answer (or the refusal) was based on.
 * `deleted`: documents known to be deleted without purge (named "(deleted)", not linked; their words stay);
 * `withheld`: the run's withheld spans, struck through in their passages as everywhere else.
 */
export function EvidenceList({ citations, deleted = new Set(), withheld = [] }: {
  citations: readonly Citation[];
  deleted?: ReadonlySet<string>;
  withheld?: readonly WithheldSpan[];
}) {
  if (citations.length === 0) return <EmptyState title="No evidence was retrieved for this question." />;
  const ordered = [...citations].sort((a, b) => a.retrieval_rank - b.retrieval_rank);
  const withheldByChunk = withheldRangesByChunk(withheld);
  return (
    <ol className="result-list">
      {ordered.map((citation) => {
        // A purge took this passage's words (and its section label) out of the run; its document no longer exists.
        const purged = isPurged(citation.content);
        const struck = withheldByChunk.get(citation.chunk_id) ?? [];
        return (
          <li key={citation.chunk_id} className="result">
            <div className="result-head">
              <span className="result-rank">{citation.retrieval_rank}</span>
              <div>
                {purged || deleted.has(citation.document_id) ? (
                  <>
                    <UserText text={citation.document_title} /> (deleted)
                  </>
                ) : (
                  <Link href={`/documents/view?id=${encodeURIComponent(citation.document_id)}`}>
                    <UserText text={citation.document_title} />
                  </Link>
                )}
                <div className="small muted">
                  {citation.page !== null ? `page ${citation.page} · ` : ""}
                  {citation.section && !isPurged(citation.section) ? `§ ${citation.section} · ` : ""}
                  {citation.retrieval_method} score {citation.retrieval_score.toFixed(4)}
                </div>
              </div>
              <TrustBadge label={citation.trust_label} />
            </div>
            {purged ? (
              <p className="muted">Purged: its document was deleted and its words were removed from this record.</p>
            ) : struck.length > 0 ? (
              <p className="chunk-text">
                <HighlightedText text={citation.content} spans={[]} withheld={struck} />
              </p>
            ) : (
              <RecordOrText text={citation.content} className="chunk-text" verbatimLabel="Passage text" />
            )}
          </li>
        );
      })}
    </ol>
  );
}
