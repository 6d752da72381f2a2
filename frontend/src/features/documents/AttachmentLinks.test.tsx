import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DocumentDetail } from "@/api/types";
import { AttachmentLinks } from "./AttachmentLinks";

const base: DocumentDetail = {
  id: "m1",
  source: "reports.eml",
  title: "reports.eml",
  document_type: "email",
  created_at: "2026-12-01T05:00:00Z",
  last_indexed_at: "2026-12-01T05:00:01Z",
  status: "indexed",
  usage: { times_retrieved: 0, times_cited: 0, times_in_refused: 0 },
  versions: [],
  parent_document_id: null,
  attachments: [],
  unread_attachments: [],
};

describe("AttachmentLinks", () => {
  it("links a message to its attachment documents and lists the ones not read", () => {
    const { container, getByRole } = render(
      <AttachmentLinks
        detail={{
          ...base,
          attachments: [{ document_id: "a 1", title: "lakeside.pdf", document_type: "pdf", status: "indexed" }],
          unread_attachments: [
            { file_name: "setup.exe", media_type: "application/octet-stream", byte_size: 11, reason: "unsupported_type" },
          ],
        }}
      />,
    );
    expect(getByRole("link", { name: "lakeside.pdf" }).getAttribute("href")).toBe("/documents/view?id=a%201");
    expect(container.textContent).toContain("setup.exe");
    expect(container.textContent).toContain("a type ORION does not read");
  });

  it("links an attachment back to its message", () => {
    const { getByRole } = render(<AttachmentLinks detail={{ ...base, parent_document_id: "m1" }} />);
    expect(getByRole("link", { name: "its email message" }).getAttribute("href")).toBe("/documents/view?id=m1");
  });

  it("renders nothing for a document without links", () => {
    const { container } = render(<AttachmentLinks detail={base} />);
    expect(container.innerHTML).toBe("");
  });
});
