import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import { expectCardLabels } from "@/test/tables";
import { DocumentList } from "./DocumentList";

const TOTAL = 27;

const document = (index: number) => ({
  id: `d${index}`,
  source: `note-${index}.md`,
  title: `Note ${index}`,
  document_type: "markdown",
  created_at: "2026-12-01T10:00:00+00:00",
  last_indexed_at: "2026-12-01T10:00:00+00:00",
  status: "indexed",
  usage: { times_retrieved: 0, times_cited: 0, times_in_refused: 0 },
});

/** The API's answer for a page of a 27-document list: the items on that page, and the total in X-Total-Count. */
function listOf27() {
  const page = async (_path: string, init: { params: { query: { offset: number; limit: number } } }) => {
    const { offset, limit } = init.params.query;
    const count = Math.max(0, Math.min(limit, TOTAL - offset));
    const items = Array.from({ length: count }, (_, at) => document(offset + at));
    return { data: items, response: new Response(null, { status: 200, headers: { "X-Total-Count": String(TOTAL) } }) };
  };
  return vi.spyOn(api, "GET").mockImplementation(page as never);
}

describe("DocumentList", () => {
  beforeEach(() => window.history.replaceState(null, "", "/documents?documents=1000"));

  it("says a page past the end is empty, with a link back to the last page, instead of '1001–27 of 27'", async () => {
    const get = listOf27();
    render(<DocumentList />);
    await screen.findByText("No documents on this page");
    expect(screen.queryByText(/1001/)).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
    const back = screen.getByRole("link", { name: "Go to the last page (21–27)" });
    expect(back.getAttribute("href")).toBe("/documents?documents=20");

    fireEvent.click(back);
    await waitFor(() => expect(screen.getByRole("link", { name: "Note 26" })).toBeTruthy());
    expect(window.location.search).toBe("?documents=20");
    expect(screen.getByText("21–27 of 27")).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith("/api/v1/knowledge/documents", { params: { query: { limit: 20, offset: 20 } } });
  });

  it("stacks each document as a card on a phone: every cell but the title names its column, the title links once", async () => {
    window.history.replaceState(null, "", "/documents");
    listOf27();
    render(<DocumentList />);
    await screen.findByRole("link", { name: "Note 0" });
    expectCardLabels(screen.getByRole("table"), ["Title"]);
    expect(screen.getAllByRole("link", { name: "Note 0" })).toHaveLength(1);
  });
});
