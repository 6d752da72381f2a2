import type { Citation, Claim, ClaimCitation } from "@/api/types";

/** What a purge leaves in a run in place of a deleted document's words (quotes, statements, briefing, chunk text). */
export const PURGED = "[purged]";

export function isPurged(text: string | null | undefined): boolean {
  return text === PURGED;
}

/** A quote whose words were purged: the quote itself, or the chunk it was verified against. */
export function isQuotePurged(citation: ClaimCitation, source: Citation | undefined): boolean {
  return isPurged(citation.quote) || isPurged(source?.content);
}

/** A claim whose statement, or any of whose quotes, a purge took out. */
export function isClaimPurged(claim: Claim, evidence: ReadonlyMap<string, Citation>): boolean {
  return isPurged(claim.statement) || claim.citations.some((citation) => isQuotePurged(citation, evidence.get(citation.chunk_id)));
}

/** The documents deleted with purge among a run's retrieved evidence: they no longer exist, so never link to them. */
export function purgedDocumentIds(citations: readonly Citation[]): ReadonlySet<string> {
  return new Set(citations.filter((citation) => isPurged(citation.content)).map((citation) => citation.document_id));
}
