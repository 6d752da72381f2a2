import { describe, expect, it } from "vitest";
import { networkError, parseApiError } from "@/api/errors";
import type { IngestResponse } from "@/api/types";
import { describeUploadOutcome } from "./uploadOutcome";

const ingest = (overrides: Partial<IngestResponse> = {}): IngestResponse => ({
  document_id: "doc-1",
  document_version_id: "ver-1",
  version_number: 1,
  status: "indexed",
  chunk_count: 3,
  duplicate: false,
  ...overrides,
});

const rejected = (status: number, code: string, message: string, details: unknown = null, headers?: Headers) =>
  describeUploadOutcome("report.pdf", {
    ok: false,
    error: parseApiError(status, { error: { code, message, details }, request_id: "r" }, headers),
  });

describe("describeUploadOutcome", () => {
  it("reports an indexed upload with its version and chunk count", () => {
    expect(describeUploadOutcome("notes.md", { ok: true, status: 201, body: ingest() })).toEqual({
      kind: "indexed",
      tone: "success",
      documentId: "doc-1",
      message: "“notes.md” is indexed as version 1 with 3 chunks.",
    });
  });

  it("reports a 202 as processing in the background", () => {
    const outcome = describeUploadOutcome("big.pdf", {
      ok: true,
      status: 202,
      body: ingest({ status: "processing", chunk_count: 0, version_number: 2 }),
    });
    expect(outcome.kind).toBe("processing");
    expect(outcome.message).toBe("“big.pdf” was accepted as version 2 and is being indexed in the background.");
  });

  it("reports a 200 duplicate without pretending anything was indexed", () => {
    const outcome = describeUploadOutcome("notes.md", { ok: true, status: 200, body: ingest({ duplicate: true }) });
    expect(outcome.kind).toBe("duplicate");
    expect(outcome.message).toContain("already here with identical content");
    expect(outcome.message).toContain("nothing was re-indexed");
  });

  it("shows the server's message for 413 with a size hint", () => {
    const outcome = rejected(413, "payload_too_large", "The file is larger than the upload limit of 10 MB.");
    expect(outcome).toEqual({
      kind: "rejected",
      tone: "error",
      title: "The upload was rejected",
      message: "The file is larger than the upload limit of 10 MB.",
      hint: "The file is over the size limit.",
    });
  });

  it("says the server's upload limit in MB when its 413 names it in bytes", () => {
    const outcome = rejected(413, "payload_too_large", "The file is larger than the 10,485,760-byte upload limit.", {
      max_upload_bytes: 10_485_760,
    });
    expect(outcome.kind === "rejected" && outcome.hint).toBe("The limit is 10 MB.");
    expect(outcome.kind === "rejected" && outcome.message).toBe("The file is larger than the 10,485,760-byte upload limit.");
  });

  it("shows the server's message for 415 with the accepted types", () => {
    const outcome = rejected(415, "unsupported_media_type", "The file is neither a PDF nor text.");
    expect(outcome.message).toBe("The file is neither a PDF nor text.");
    expect(outcome.kind === "rejected" && outcome.hint).toBe(
      "ORION accepts PDF, Word, Excel, CSV, HTML, email, Markdown, text or scanned image files.",
    );
  });

  it("names the 422 reason (encrypted_pdf and others)", () => {
    const encrypted = rejected(422, "validation_error", "The PDF is protected by a password.", {
      reason: "encrypted_pdf",
    });
    expect(encrypted.message).toBe("The PDF is protected by a password.");
    expect(encrypted.kind === "rejected" && encrypted.hint).toBe("The PDF is password-protected.");
    // A damaged image or Office file: a plain sentence of what to do, never the raw code (outside25 T4).
    const damaged = rejected(422, "validation_error", "The image cannot be read: the file is damaged.", { reason: "corrupt_document" });
    expect(damaged.kind === "rejected" && damaged.hint).toBe(
      "Open it in the program that made it, save or export it again, and upload the new file.",
    );
    // A reason this UI does not know: the server's message stands alone, with no code after it.
    const unknown = rejected(422, "validation_error", "Cannot ingest.", { reason: "something_new" });
    expect(unknown.kind === "rejected" && unknown.hint).toBeNull();
    const noReason = rejected(422, "validation_error", "Field required.");
    expect(noReason.kind === "rejected" && noReason.hint).toBeNull();
  });

  it("says when to retry after the daily cap (429)", () => {
    const outcome = rejected(429, "rate_limited", "Daily limit reached.", null, new Headers({ "Retry-After": "3600" }));
    expect(outcome.kind === "rejected" && outcome.hint).toBe("Try again in 3600 s.");
  });

  it("says an upload that got no answer did not reach ORION, never that it was rejected", () => {
    const outcome = describeUploadOutcome("report.pdf", {
      ok: false,
      error: networkError(new Error("the upload was interrupted")),
    });
    expect(outcome).toEqual({
      kind: "rejected",
      tone: "error",
      title: "The upload did not reach ORION",
      message: "The server could not be reached (the upload was interrupted).",
      hint: "Check the connection, or whether ORION is running, then upload the file again.",
    });
  });

  it("tells a server failure apart from a refusal of the file", () => {
    const outcome = rejected(503, "service_unavailable", "The database is not reachable right now; try again shortly.");
    expect(outcome.kind === "rejected" && outcome.title).toBe("ORION could not take the upload");
  });
});
