import { describe, expect, it } from "vitest";
import { DEFAULT_FORM, searchFromParams, searchToParams } from "./searchParams";

const parse = (query: string) => searchFromParams(new URLSearchParams(query));

describe("searchFromParams", () => {
  it("reads the query, method, top_k and document", () => {
    expect(parse("q=ticket+price&method=lexical&top_k=5&document=d1")).toEqual({
      query: "ticket price",
      method: "lexical",
      topK: 5,
      documentId: "d1",
    });
  });

  it.each(["", "q=", "q=%20%20", "method=lexical&top_k=5", `q=${"a".repeat(2001)}`])(
    "asks for no search on %j",
    (query) => {
      expect(parse(query)).toBeNull();
    },
  );

  it.each([
    ["method=BM25&top_k=0", "hybrid", 10],
    ["method=&top_k=51", "hybrid", 10],
    ["method=Semantic&top_k=2.5", "hybrid", 10],
    ["top_k=-3", "hybrid", 10],
    ["top_k=1e1", "hybrid", 10],
    ["method=semantic&top_k=50", "semantic", 50],
    ["top_k=%201", "hybrid", 1],
  ])("falls back to the defaults for invalid values (%s)", (rest, method, topK) => {
    expect(parse(`q=x&${rest}`)).toEqual({ query: "x", method, topK, documentId: "" });
  });
});

describe("searchToParams", () => {
  it("writes one address per search, leaving out 'all documents', and reads back what it wrote", () => {
    const form = { ...DEFAULT_FORM, query: "adult ticket & price?" };
    expect(searchToParams(form).toString()).toBe("q=adult+ticket+%26+price%3F&method=hybrid&top_k=10");
    expect(searchFromParams(searchToParams(form))).toEqual(form);
    const filtered = { query: "x", method: "lexical" as const, topK: 3, documentId: "d1" };
    expect(searchFromParams(searchToParams(filtered))).toEqual(filtered);
  });
});
