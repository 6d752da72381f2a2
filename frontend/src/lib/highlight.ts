/** A range of characters, counted in Unicode code points as the API counts them (Python string offsets). */
export interface Span {
  start: number;
  end: number;
}

/** A run of text that is either inside a highlighted span or not; `start`/`end` are UTF-16 offsets into the text. */
export interface Segment {
  text: string;
  marked: boolean;
  start: number;
  end: number;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Convert code-point offsets to UTF-16 offsets (they differ after any character outside the BMP, e.g. emoji). */
export function codePointOffsetsToUtf16(text: string, offsets: readonly number[]): number[] {
  if (!SURROGATE.test(text)) return offsets.map((offset) => offset);
  const order = offsets
    .map((offset, index) => ({ offset, index }))
    .filter(({ offset }) => Number.isFinite(offset))
    .sort((a, b) => a.offset - b.offset);
  const result = new Array<number>(offsets.length).fill(Number.NaN);
  let codePoints = 0;
  let utf16 = 0;
  for (const { offset, index } of order) {
    while (codePoints < offset && utf16 < text.length) {
      const code = text.charCodeAt(utf16);
      utf16 += code >= 0xd800 && code <= 0xdbff && utf16 + 1 < text.length ? 2 : 1;
      codePoints += 1;
    }
    result[index] = offset <= 0 ? 0 : utf16;
  }
  return result;
}

/** The spans with their code-point offsets converted to UTF-16 ones (every other field kept). */
export function toUtf16Spans<T extends Span>(text: string, spans: readonly T[]): T[] {
  const flat = codePointOffsetsToUtf16(text, spans.flatMap(({ start, end }) => [start, end]));
  return spans.map((span, index) => ({ ...span, start: flat[index * 2] ?? Number.NaN, end: flat[index * 2 + 1] ?? Number.NaN }));
}

/** The ranges clamped to [0, length], in their order; empty, reversed and unconvertible ones are dropped. */
function clampRanges<T extends Span>(ranges: readonly T[], length: number): T[] {
  return ranges
    .map((range) => ({ ...range, start: Math.max(0, Math.min(range.start, length)), end: Math.max(0, Math.min(range.end, length)) }))
    .filter(({ start, end }) => Number.isFinite(start) && Number.isFinite(end) && end > start);
}

/** Merge overlapping or touching ranges after clamping them to [0, length]; empty and reversed ones are dropped. */
export function normalizeRanges(ranges: readonly Span[], length: number): Span[] {
  const clamped = clampRanges(ranges, length)
    .map(({ start, end }) => ({ start, end }))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: Span[] = [];
  for (const range of clamped) {
    const last = merged[merged.length - 1];
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** Split text into marked and unmarked segments for the given code-point spans. */
export function highlightSegments(text: string, spans: readonly Span[]): Segment[] {
  const ranges = normalizeRanges(toUtf16Spans(text, spans), text.length);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const { start, end } of ranges) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), marked: false, start: cursor, end: start });
    segments.push({ text: text.slice(start, end), marked: true, start, end });
    cursor = end;
  }
  if (cursor < text.length || segments.length === 0) {
    segments.push({ text: text.slice(cursor), marked: false, start: cursor, end: text.length });
  }
  return segments;
}

/** A span kept out of the answer by content safety, and why (code-point offsets, as the API gives them). */
export interface WithheldRange extends Span {
  reason: string;
}

/** A segment of `highlightSegments`, split further where it meets a withheld range (`withheld` names the reason). */
export interface LayeredSegment extends Segment {
  withheld: string | null;
}

/** Split text into segments marked (quoted) or not, each further split by the withheld ranges it meets. */
export function layeredSegments(text: string, spans: readonly Span[], withheld: readonly WithheldRange[]): LayeredSegment[] {
  const ranges = clampRanges(toUtf16Spans(text, withheld), text.length).sort((a, b) => a.start - b.start);
  const result: LayeredSegment[] = [];
  for (const segment of highlightSegments(text, spans)) {
    let cursor = segment.start;
    const push = (end: number, reason: string | null) => {
      if (end > cursor) result.push({ text: text.slice(cursor, end), marked: segment.marked, start: cursor, end, withheld: reason });
      cursor = end;
    };
    for (const range of ranges) {
      if (range.end <= cursor || range.start >= segment.end) continue;
      push(Math.max(cursor, range.start), null);
      push(Math.min(segment.end, range.end), range.reason);
    }
    push(segment.end, null);
    if (segment.start === segment.end) result.push({ ...segment, withheld: null });
  }
  return result;
}
