import Link from "next/link";
import type { RunEvent, RunSummary } from "@/api/types";
import { Alert } from "@/components/Alert";
import { UserText } from "@/components/UserText";
import { formatDuration } from "@/lib/format";
import { runProvider } from "./failure";

/**
 * `deleted`: documents deleted, purged or not (named without a link: their page no longer exists); `events`: the run's,
 * which name the provider of a run whose every call failed (the summary names only a provider that answered).
 */
export function RunSummaryPanel({ summary, events = [], deleted = new Set() }: {
  summary: RunSummary;
  events?: readonly RunEvent[];
  deleted?: ReadonlySet<string>;
}) {
  const provider = runProvider(summary.provider, events);
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      {summary.semantic_unavailable ? (
        <Alert tone="warning">
          Semantic search was unavailable during this run: the evidence came from keyword search only.
        </Alert>
      ) : null}
      <dl className="stats">
        <div>
          <dt>Claims</dt>
          <dd>{summary.claim_count}</dd>
        </div>
        <div>
          <dt>Quotes</dt>
          <dd>{summary.citation_count}</dd>
        </div>
        <div>
          <dt>Chunks retrieved</dt>
          <dd>{summary.retrieved_count}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(summary.duration_ms)}</dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>
            {provider?.name ?? "—"}
            {summary.model ? <span className="small muted"> ({summary.model})</span> : null}
            {provider?.failed ? <span className="small muted"> (did not answer)</span> : null}
          </dd>
        </div>
        <div>
          <dt>Retries</dt>
          <dd>{summary.retries}</dd>
        </div>
      </dl>
      {summary.documents_cited.length > 0 ? (
        <p>
          Documents cited:{" "}
          {summary.documents_cited.map((document, index) => (
            <span key={document.document_id}>
              {index > 0 ? ", " : null}
              {deleted.has(document.document_id) ? (
                <>
                  <UserText text={document.document_title} /> (deleted)
                </>
              ) : (
                <Link href={`/documents/view?id=${encodeURIComponent(document.document_id)}`}>
                  <UserText text={document.document_title} />
                </Link>
              )}
            </span>
          ))}
        </p>
      ) : null}
    </section>
  );
}
