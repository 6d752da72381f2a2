import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { SearchResult } from "@/api/types";
import { SearchPage } from "./SearchPage";

/** The address the page sees; the mocked router's push and replace change it, as Next's do. */
const nav = vi.hoisted(() => ({ query: "" }));
const router = vi.hoisted(() => ({ push: vi.fn(), replace: vi.fn() }));
vi.mock("next/navigation", () => ({
  useRouter: () => router,
  usePathname: () => "/search",
  useSearchParams: () => new URLSearchParams(nav.query),
}));
const options = vi.hoisted(() => ({ loaded: true }));
vi.mock("@/features/documents/useDocumentOptions", () => ({
  useDocumentOptions: () => ({
    documents: options.loaded ? [{ id: "d1", title: "Visitor handbook" }] : [],
    total: options.loaded ? 1 : 0,
    error: null,
    loaded: options.loaded,
  }),
}));

function result(content: string): SearchResult {
  return {
    chunk_id: `c-${content}`,
    document_id: "d1",
    document_version_id: "v1",
    document_title: "Visitor handbook",
    source_type: "markdown",
    page: null,
    section: null,
    content,
    score: 0.5,
    rank: 1,
    retrieval_method: "hybrid",
    trust_label: "trusted",
    semantic_rank: 1,
    lexical_rank: 1,
    semantic_score: 0.8,
    lexical_score: 3.2,
  } as SearchResult;
}

/** Answer each search with one result that quotes its query. */
function answerSearches() {
  return vi.spyOn(api, "POST").mockImplementation(((_path: string, options: { body: { query_text: string } }) =>
    Promise.resolve({
      data: [result(`About ${options.body.query_text}`)],
      response: new Response(null, { status: 200 }),
    })) as never);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function follow(url: string) {
  nav.query = url.split("?")[1] ?? "";
}

describe("SearchPage", () => {
  beforeEach(() => {
    nav.query = "";
    options.loaded = true;
    router.push.mockReset().mockImplementation(follow);
    router.replace.mockReset().mockImplementation(follow);
  });

  it("puts the submitted query, method, top_k and document in the address, one history entry per search", async () => {
    const post = answerSearches();
    const { rerender } = render(<SearchPage />);
    fireEvent.change(field("Query"), { target: { value: "adult ticket" } });
    fireEvent.click(screen.getByLabelText(/^Lexical/));
    fireEvent.change(field("Results (top k)"), { target: { value: "5" } });
    fireEvent.change(screen.getByLabelText("Document"), { target: { value: "d1" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));

    await screen.findByText("About adult ticket");
    expect(router.push).toHaveBeenCalledWith("/search?q=adult+ticket&method=lexical&top_k=5&document=d1", {
      scroll: false,
    });
    expect(router.replace).not.toHaveBeenCalled();
    rerender(<SearchPage />); // the address now names the search on screen: nothing runs again
    await new Promise((settle) => setTimeout(settle, 20));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("/api/v1/knowledge/search", {
      body: { query_text: "adult ticket", method: "lexical", top_k: 5, document_id: "d1" },
    });
  });

  it("runs the search an address names on load, and fills the form with it", async () => {
    nav.query = "q=opening+hours&method=semantic&top_k=3";
    const post = answerSearches();
    render(<SearchPage />);

    await screen.findByText("About opening hours");
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith("/api/v1/knowledge/search", {
      body: { query_text: "opening hours", method: "semantic", top_k: 3, document_id: null },
    });
    expect(field("Query").value).toBe("opening hours");
    expect((screen.getByLabelText(/^Semantic/) as HTMLInputElement).checked).toBe(true);
    expect(field("Results (top k)").value).toBe("3");
    expect(router.push).not.toHaveBeenCalled();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("searches with the defaults for invalid values, and says so in the address without a new history entry", async () => {
    nav.query = "q=pool&method=bm25&top_k=500";
    const post = answerSearches();
    render(<SearchPage />);

    await screen.findByText("About pool");
    expect(post).toHaveBeenCalledWith("/api/v1/knowledge/search", {
      body: { query_text: "pool", method: "hybrid", top_k: 10, document_id: null },
    });
    expect(router.replace).toHaveBeenCalledWith("/search?q=pool&method=hybrid&top_k=10", { scroll: false });
    expect(router.push).not.toHaveBeenCalled();
  });

  it.each(["q=%20%20&method=lexical", "method=lexical&top_k=5", ""])("runs nothing for %j", async (query) => {
    nav.query = query;
    const post = answerSearches();
    render(<SearchPage />);
    await new Promise((settle) => setTimeout(settle, 20));
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText("Results appear here.")).toBeTruthy();
    expect(field("Query").value).toBe("");
  });

  it("waits for the document list, and searches all documents when the link's document is not there", async () => {
    nav.query = "q=pool&method=hybrid&top_k=10&document=gone";
    options.loaded = false;
    const post = answerSearches();
    const { rerender } = render(<SearchPage />);
    await new Promise((settle) => setTimeout(settle, 20));
    expect(post).not.toHaveBeenCalled();

    options.loaded = true;
    rerender(<SearchPage />);
    await screen.findByText("About pool");
    expect(post).toHaveBeenCalledWith("/api/v1/knowledge/search", {
      body: { query_text: "pool", method: "hybrid", top_k: 10, document_id: null },
    });
    expect(screen.getByText(/not among your documents/)).toBeTruthy();
    expect(router.replace).toHaveBeenCalledWith("/search?q=pool&method=hybrid&top_k=10", { scroll: false });
  });

  it("follows Back: the previous search runs again, and the bare page clears the results", async () => {
    const post = answerSearches();
    const { rerender } = render(<SearchPage />);
    for (const words of ["first words", "second words"]) {
      fireEvent.change(field("Query"), { target: { value: words } });
      fireEvent.click(screen.getByRole("button", { name: "Search" }));
      await screen.findByText(`About ${words}`);
      rerender(<SearchPage />);
    }

    nav.query = "q=first+words&method=hybrid&top_k=10"; // Back
    rerender(<SearchPage />);
    await screen.findByText("About first words");
    expect(field("Query").value).toBe("first words");
    expect(post).toHaveBeenCalledTimes(3);

    nav.query = ""; // Back again, to the page as it was opened
    rerender(<SearchPage />);
    await waitFor(() => expect(screen.getByText("Results appear here.")).toBeTruthy());
    expect(field("Query").value).toBe("");
  });

  it("runs the same search again on a second submit, without a second history entry", async () => {
    nav.query = "q=pool&method=hybrid&top_k=10";
    const post = answerSearches();
    render(<SearchPage />);
    await screen.findByText("About pool");
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(router.push).not.toHaveBeenCalled();
  });

  it("shows only the latest search when an earlier answer arrives after it (Back while a search runs)", async () => {
    const finish: Array<(value: unknown) => void> = [];
    vi.spyOn(api, "POST").mockImplementation(
      (() => new Promise((resolve) => {
        finish.push(resolve);
      })) as never,
    );
    const { rerender } = render(<SearchPage />);
    fireEvent.change(field("Query"), { target: { value: "slow" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    rerender(<SearchPage />);
    nav.query = "q=fast&method=hybrid&top_k=10";
    rerender(<SearchPage />);
    await waitFor(() => expect(finish).toHaveLength(2));

    const answer = (words: string) => ({ data: [result(`About ${words}`)], response: new Response(null, { status: 200 }) });
    finish[1]?.(answer("fast"));
    await screen.findByText("About fast");
    finish[0]?.(answer("slow"));
    await new Promise((settle) => setTimeout(settle, 20));
    expect(screen.queryByText("About slow")).toBeNull();
    expect(screen.getByText("About fast")).toBeTruthy();
  });

  it("says why Search is off while the query is empty", () => {
    answerSearches();
    render(<SearchPage />);
    const search = screen.getByRole("button", { name: "Search" }) as HTMLButtonElement;
    expect(search.disabled).toBe(true);
    expect(search.getAttribute("aria-describedby")).toBe("search-no-query");
    expect(screen.getByText("Type a query to search.")).toBeTruthy();

    fireEvent.change(field("Query"), { target: { value: "opening hours" } });
    expect(search.disabled).toBe(false);
    expect(search.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("Type a query to search.")).toBeNull();
  });
});
