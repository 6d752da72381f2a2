import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "./download";
import { isStartPath, safeNextPath } from "./navigation";

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

describe("isStartPath", () => {
  it("knows the start page's own address", () => {
    for (const path of ["/", "/index.html"]) expect(isStartPath(path)).toBe(true);
  });

  it("tells any other address from it (the server answers those with the start page too)", () => {
    for (const path of ["/no-such-page", "/documents/7d0f3b52", "/a/b/", "//", "/index.html/x"]) {
      expect(isStartPath(path)).toBe(false);
    }
  });

  it("reads addresses under a base path", () => {
    for (const path of ["/orion", "/orion/", "/orion/index.html"]) expect(isStartPath(path, "/orion")).toBe(true);
    for (const path of ["/", "/orionx", "/orion/no-such-page"]) expect(isStartPath(path, "/orion")).toBe(false);
  });
});
