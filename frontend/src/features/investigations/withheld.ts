import type { WithheldSpan } from "@/api/types";
import type { WithheldRange } from "@/lib/highlight";

/** A run's withheld spans, per chunk, as ranges of that chunk's text with their reason (struck through where shown). */
export function withheldRangesByChunk(items: readonly WithheldSpan[] | null | undefined): Map<string, WithheldRange[]> {
  const byChunk = new Map<string, WithheldRange[]>();
  for (const item of items ?? []) {
    const range = { start: item.span.chunk_start, end: item.span.chunk_end, reason: item.reason };
    byChunk.set(item.chunk_id, [...(byChunk.get(item.chunk_id) ?? []), range]);
  }
  return byChunk;
}
