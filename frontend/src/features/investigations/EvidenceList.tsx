import Link from "next/link";
import type { Citation } from "@/api/types";
import { EmptyState } from "@/components/EmptyState";
import { TrustBadge } from "@/components/TrustBadge";

/** Every chunk the run retrieved, in retrieval order: what the answer (or the refusal) was based on. */
export function EvidenceList({ citations }: { citations: readonly Citation[] }) {
  if (citations.length === 0) return <EmptyState title="No evidence was retrieved for this question." />;
  const ordered = [...citations].sort((a, b) => a.retrieval_rank - b.retrieval_rank);
  return (
    <ol className="result-list">
      {ordered.map((citation) => (
        <li key={citation.chunk_id} className="result">
          <div className="result-head">
            <span className="result-rank">{citation.retrieval_rank}</span>
            <div>
              <Link href={`/documents/view?id=${encodeURIComponent(citation.document_id)}`}>{citation.document_title}</Link>
              <div className="small muted">
                {citation.page !== null ? `page ${citation.page} · ` : ""}
                {citation.section ? `§ ${citation.section} · ` : ""}
                {citation.retrieval_method} score {citation.retrieval_score.toFixed(4)}
              </div>
            </div>
            <TrustBadge label={citation.trust_label} />
          </div>
          <p className="chunk-text">{citation.content}</p>
        </li>
      ))}
    </ol>
  );
}
