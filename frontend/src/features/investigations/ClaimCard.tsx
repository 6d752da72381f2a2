"use client";

import Link from "next/link";
import { useId, useState } from "react";
import type { Citation, Claim, ClaimCitation } from "@/api/types";
import { HighlightedText } from "@/components/HighlightedText";
import { ProvenanceBadges } from "@/components/ProvenanceBadges";
import { RecordFields, RecordOrText } from "@/components/RecordText";
import { TrustBadge } from "@/components/TrustBadge";
import { UserText } from "@/components/UserText";
import { highlightSegments, type WithheldRange } from "@/lib/highlight";
import { parseRecord } from "@/lib/record";
import { isClaimPurged, isPurged, isQuotePurged } from "./purged";
import { QuoteInDocument } from "./QuoteInDocument";

/**
 * One claim of the briefing with each of its quotes marked inside the chunk it was verified against.
 * `deleted`: documents known to be deleted (named "(deleted)", never linked); `withheld`: per chunk, the spans content
 * safety withheld from the evidence (struck through in the excerpt, as on the document page and in the Withheld panel).
 */
export function ClaimCard({ claim, index, evidence, deleted = new Set(), withheld = new Map() }: {
  claim: Claim;
  index: number;
  evidence: ReadonlyMap<string, Citation>;
  deleted?: ReadonlySet<string>;
  withheld?: ReadonlyMap<string, readonly WithheldRange[]>;
}) {
  const purged = isClaimPurged(claim, evidence);
  return (
    <li className="claim">
      {isPurged(claim.statement) ? (
        <p className="claim-statement">
          <span className="claim-number">Claim {index + 1}.</span> <span className="muted">Purged</span>
        </p>
      ) : (
        <RecordOrText text={claim.statement} className="claim-statement"
          before={<><span className="claim-number">Claim {index + 1}.</span>{" "}</>} />
      )}
      {purged ? (
        <p className="small evidence-drift" role="status">
          The cited evidence was purged: its document was deleted and its words were removed from this record.
        </p>
      ) : claim.evidence_status !== "current" ? (
        <p className="small evidence-drift" role="status">
          {claim.evidence_status === "gone"
            ? "The cited evidence is gone: its document was deleted."
            : "The cited evidence changed: the latest version of its document no longer says this."}
        </p>
      ) : null}
      <ul className="quote-list">
        {claim.citations.map((citation, position) => (
          <QuoteCard key={`${citation.chunk_id}-${position}`} citation={citation} source={evidence.get(citation.chunk_id)}
            deleted={deleted} withheld={withheld.get(citation.chunk_id) ?? []} />
        ))}
      </ul>
    </li>
  );
}

/** "p. 2" or "pp. 2–3" for the pages a quote covers (the chunk's first page when the span has none). */
export function quotePages(citation: ClaimCitation, source: Citation): string | null {
  const first = citation.span?.page_start ?? source.page;
  const last = citation.span?.page_end ?? first;
  if (first === null || first === undefined) return null;
  return last !== null && last !== undefined && last !== first ? `pp. ${first}\u2013${last}` : `p. ${first}`;
}

function matchNote(citation: ClaimCitation): string | null {
  const match = citation.span?.match;
  if (!match || match === "exact") return null;
  return `quoted with ${match.join(", ").replaceAll("_", " ")} differences; shown as the source reads`;
}

function SourceLine({ source, citation, deleted }: { source: Citation; citation: ClaimCitation; deleted: boolean }) {
  const pages = quotePages(citation, source);
  const note = matchNote(citation);
  return (
    <p className="small source-line">
      {deleted ? (
        <>
          <UserText text={source.document_title} /> (deleted)
        </>
      ) : (
        <Link href={`/documents/view?id=${encodeURIComponent(source.document_id)}`}>
          <UserText text={source.document_title} />
        </Link>
      )}
      {pages !== null ? <span className="quote-pages"> · {pages}</span> : null}
      {source.section ? <span> · § {source.section}</span> : null}
      <span> · </span>
      <TrustBadge label={source.trust_label} />
      <ProvenanceBadges textSource={source.text_source} text={source.content} />
      {note ? <span className="match-note"> · {note}</span> : null}
    </p>
  );
}

/** A quote a purge took out: the deleted document named without a link (it leads nowhere), and no words. */
function PurgedQuote({ source }: { source: Citation | undefined }) {
  return (
    <li className="quote quote-purged">
      {source ? <p className="small source-line"><UserText text={source.document_title} /> (deleted)</p> : null}
      <p className="muted">Quote purged.</p>
    </li>
  );
}

function QuoteCard({ citation, source, deleted, withheld }: {
  citation: ClaimCitation;
  source: Citation | undefined;
  deleted: ReadonlySet<string>;
  withheld: readonly WithheldRange[];
}) {
  const panelId = useId();
  const [inDocument, setInDocument] = useState(false);
  const span = citation.span;
  if (isQuotePurged(citation, source)) return <PurgedQuote source={source} />;
  const record = quotedRecord(citation, source);
  const documentDeleted = source !== undefined && deleted.has(source.document_id);

  return (
    <li className="quote">
      {source ? <SourceLine source={source} citation={citation} deleted={documentDeleted} /> : null}
      <blockquote className="chunk-text">
        {record ? (
          <RecordFields fields={record.fields} text={record.text} verbatimLabel="Quoted text" markVerbatim />
        ) : source && span ? (
          <HighlightedText text={source.content} spans={[{ start: span.chunk_start, end: span.chunk_end }]}
            withheld={withheld} />
        ) : (
          <mark>{citation.quote}</mark>
        )}
      </blockquote>
      {/* A deleted document's text is gone with it: "Show in the full text" would only fail. */}
      {source && span && !documentDeleted ? (
        <>
          <button type="button" className="link-button" aria-expanded={inDocument} aria-controls={panelId}
            onClick={() => setInDocument((open) => !open)}>
            {inDocument ? "Hide the full text" : "Show in the full text"}
          </button>
          {inDocument ? (
            <QuoteInDocument
              id={panelId}
              documentId={source.document_id}
              versionId={source.document_version_id}
              span={{ start: span.version_start, end: span.version_end }}
            />
          ) : null}
        </>
      ) : null}
    </li>
  );
}

/**
 * The quote as a spreadsheet row's fields when it is one, in the source's own words (the chunk's marked span, or
 * the quote itself without a span). The rest of the chunk is other rows; "Show in the full text" still shows them.
 */
export function quotedRecord(citation: ClaimCitation, source: Citation | undefined) {
  const span = citation.span;
  const text = source && span
    ? highlightSegments(source.content, [{ start: span.chunk_start, end: span.chunk_end }])
      .filter((segment) => segment.marked)
      .map((segment) => segment.text)
      .join("")
    : citation.quote;
  const fields = parseRecord(text);
  return fields === null ? null : { fields, text };
}
