import { describe, expect, it } from "vitest";
import { codePointOffsetsToUtf16, highlightSegments, layeredSegments, normalizeRanges } from "./highlight";

const marked = (text: string, spans: { start: number; end: number }[]) =>
  highlightSegments(text, spans).map((segment) => (segment.marked ? `[${segment.text}]` : segment.text)).join("");

describe("highlightSegments", () => {
  it("marks one span in the middle of the text", () => {
    const segments = highlightSegments("The fee is 40 EUR per year.", [{ start: 11, end: 17 }]);
    expect(segments).toEqual([
      { text: "The fee is ", marked: false, start: 0, end: 11 },
      { text: "40 EUR", marked: true, start: 11, end: 17 },
      { text: " per year.", marked: false, start: 17, end: 27 },
    ]);
  });

  it("marks a span that covers the whole text", () => {
    expect(highlightSegments("quoted", [{ start: 0, end: 6 }])).toEqual([
      { text: "quoted", marked: true, start: 0, end: 6 },
    ]);
  });

  it("marks spans at the very start and the very end", () => {
    expect(marked("abcdefgh", [{ start: 0, end: 2 }, { start: 6, end: 8 }])).toBe("[ab]cdef[gh]");
  });

  it("merges overlapping spans into one mark", () => {
    expect(marked("abcdefghij", [{ start: 2, end: 6 }, { start: 4, end: 8 }])).toBe("ab[cdefgh]ij");
  });

  it("merges a span nested in another", () => {
    expect(marked("abcdefghij", [{ start: 1, end: 9 }, { start: 3, end: 4 }])).toBe("a[bcdefghi]j");
  });

  it("merges touching spans and keeps separate ones apart", () => {
    expect(marked("abcdefghij", [{ start: 5, end: 7 }, { start: 2, end: 5 }, { start: 8, end: 9 }])).toBe(
      "ab[cdefg]h[i]j",
    );
  });

  it("clamps spans that run past either end of the text", () => {
    expect(marked("abcdef", [{ start: -3, end: 2 }, { start: 4, end: 99 }])).toBe("[ab]cd[ef]");
  });

  it("ignores empty, reversed and entirely out-of-range spans", () => {
    expect(marked("abcdef", [{ start: 3, end: 3 }, { start: 5, end: 1 }, { start: 10, end: 12 }])).toBe("abcdef");
    expect(highlightSegments("abcdef", [])).toEqual([{ text: "abcdef", marked: false, start: 0, end: 6 }]);
  });

  it("returns one empty unmarked segment for empty text", () => {
    expect(highlightSegments("", [{ start: 0, end: 4 }])).toEqual([{ text: "", marked: false, start: 0, end: 0 }]);
  });

  it("counts offsets in code points, as the API does, when the text has emoji", () => {
    // "🙂" is one code point but two UTF-16 units: the API's offset 2 is the "o" of "ok".
    expect(marked("🙂 ok then", [{ start: 2, end: 4 }])).toBe("🙂 [ok] then");
    expect(marked("a🙂b🙂c", [{ start: 1, end: 4 }])).toBe("a[🙂b🙂]c");
  });
});

describe("codePointOffsetsToUtf16", () => {
  it("keeps offsets as they are for text without surrogate pairs", () => {
    expect(codePointOffsetsToUtf16("plain text", [0, 3, 10])).toEqual([0, 3, 10]);
  });

  it("shifts offsets after astral characters, in any input order", () => {
    expect(codePointOffsetsToUtf16("🙂🙂x", [3, 1, 0, 2])).toEqual([5, 2, 0, 4]);
  });
});

describe("normalizeRanges", () => {
  it("sorts, clamps and merges", () => {
    expect(normalizeRanges([{ start: 8, end: 20 }, { start: 0, end: 3 }, { start: 2, end: 4 }], 10)).toEqual([
      { start: 0, end: 4 },
      { start: 8, end: 10 },
    ]);
  });
});

describe("layeredSegments", () => {
  const layered = (text: string, spans: { start: number; end: number }[], withheld: { start: number; end: number; reason: string }[]) =>
    layeredSegments(text, spans, withheld)
      .map((segment) => {
        const inner = segment.withheld ? `~${segment.text}~` : segment.text;
        return segment.marked ? `[${inner}]` : inner;
      })
      .join("");

  it("strikes withheld ranges beside a quote, counted in code points", () => {
    expect(layered("ab😀cdefgh", [{ start: 0, end: 2 }], [{ start: 4, end: 6, reason: "x" }])).toBe("[ab]😀c~de~fgh");
  });

  it("splits a quote where a withheld range meets it, and keeps the reason", () => {
    const segments = layeredSegments("abcdef", [{ start: 1, end: 5 }], [{ start: 3, end: 10, reason: "output_manipulation" }]);
    expect(segments.map((segment) => [segment.text, segment.marked, segment.withheld])).toEqual([
      ["a", false, null],
      ["bc", true, null],
      ["de", true, "output_manipulation"],
      ["f", false, "output_manipulation"],
    ]);
  });

  it("is highlightSegments with nothing withheld", () => {
    expect(layered("abcdef", [{ start: 2, end: 4 }], [])).toBe(marked("abcdef", [{ start: 2, end: 4 }]));
  });
});
