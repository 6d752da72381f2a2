import type { Citation, Claim, ClaimCitation, RunResult } from "@/api/types";

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

/**
 * Every document of this run known to be deleted, with or without purge: never link to them (their page is "Document
 * not found"). Purged ones say so in their text; a plain delete shows only in the claims' evidence status, where
 * `gone` means at least one document the claim quotes is deleted. A document that another claim still finds
 * (`current` or `changed`) exists, so a `gone` claim names its deleted document when exactly one of its documents is
 * not known to exist; when it quotes several such documents, none is named (a live link beats a wrong "(deleted)").
 */
export function deletedDocumentIds(result: RunResult): ReadonlySet<string> {
  const deleted = new Set(purgedDocumentIds(result.citations));
  const documentOf = new Map(result.citations.map((citation) => [citation.chunk_id, citation.document_id]));
  const claims = result.result?.claims ?? [];
  const documentsOf = (claim: Claim) =>
    new Set(claim.citations.flatMap((citation) => documentOf.get(citation.chunk_id) ?? []));
  const existing = new Set(claims.filter((claim) => claim.evidence_status !== "gone").flatMap((claim) => [...documentsOf(claim)]));
  for (const claim of claims) {
    if (claim.evidence_status !== "gone") continue;
    const candidates = [...documentsOf(claim)].filter((document) => !existing.has(document));
    if (candidates.length === 1) deleted.add(candidates[0]!);
  }
  return deleted;
}
