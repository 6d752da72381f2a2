"use client";

import Link from "next/link";
import { useId, useState } from "react";
import type { Citation, Claim, ClaimCitation } from "@/api/types";
import { HighlightedText } from "@/components/HighlightedText";
import { ProvenanceBadges } from "@/components/ProvenanceBadges";
import { TrustBadge } from "@/components/TrustBadge";
import { QuoteInDocument } from "./QuoteInDocument";

/** One claim of the briefing with each of its quotes marked inside the chunk it was verified against. */
export function ClaimCard({ claim, index, evidence }: {
  claim: Claim;
  index: number;
  evidence: ReadonlyMap<string, Citation>;
}) {
  return (
    <li className="claim">
      <p className="claim-statement">
        <span className="claim-number">Claim {index + 1}.</span> {claim.statement}
      </p>
      <ul className="quote-list">
        {claim.citations.map((citation, position) => (
          <QuoteCard key={`${citation.chunk_id}-${position}`} citation={citation} source={evidence.get(citation.chunk_id)} />
        ))}
      </ul>
    </li>
  );
}

function SourceLine({ source }: { source: Citation }) {
  return (
    <p className="small source-line">
      <Link href={`/documents/view?id=${encodeURIComponent(source.document_id)}`}>{source.document_title}</Link>
      {source.page !== null ? <span> · page {source.page}</span> : null}
      {source.section ? <span> · § {source.section}</span> : null}
      <span> · </span>
      <TrustBadge label={source.trust_label} />
      <ProvenanceBadges textSource={source.text_source} text={source.content} />
    </p>
  );
}

function QuoteCard({ citation, source }: { citation: ClaimCitation; source: Citation | undefined }) {
  const panelId = useId();
  const [inDocument, setInDocument] = useState(false);
  const span = citation.span;

  return (
    <li className="quote">
      {source ? <SourceLine source={source} /> : null}
      <blockquote className="chunk-text">
        {source && span ? (
          <HighlightedText text={source.content} spans={[{ start: span.chunk_start, end: span.chunk_end }]} />
        ) : (
          <mark>{citation.quote}</mark>
        )}
      </blockquote>
      {source && span ? (
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
