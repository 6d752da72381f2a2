import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./download";
import { safeNextPath } from "./navigation";

describe("safeNextPath", () => {
  it("accepts a path on this site", () => {
    expect(safeNextPath("/documents/view?id=abc")).toBe("/documents/view?id=abc");
  });

  it("refuses anything that could leave the site", () => {
    for (const value of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "documents"]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });
});

describe("filenameFromDisposition", () => {
  it("prefers the RFC 6266 UTF-8 name", () => {
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf", "x")).toBe("résumé.pdf");
  });

  it("reads a plain quoted name and falls back when there is none", () => {
    expect(filenameFromDisposition('attachment; filename="notes.md"', "x")).toBe("notes.md");
    expect(filenameFromDisposition(null, "document-v1")).toBe("document-v1");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", "fallback")).toBe("fallback");
  });
});
