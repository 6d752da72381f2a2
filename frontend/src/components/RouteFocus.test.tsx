import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { keepFocusAt, RouteFocus } from "./RouteFocus";

const location = vi.hoisted(() => ({ pathname: "/documents", query: "" }));
vi.mock("next/navigation", () => ({
  usePathname: () => location.pathname,
  useSearchParams: () => new URLSearchParams(location.query),
}));

function Shell({ heading }: { heading: string }) {
  return (
    <>
      <a href="/search">Search</a>
      <main id="main" tabIndex={-1}>
        <h1>{heading}</h1>
      </main>
      <RouteFocus mainId="main" />
    </>
  );
}

describe("RouteFocus", () => {
  beforeEach(() => {
    location.pathname = "/documents";
    location.query = "";
  });

  it("leaves focus alone on the first page, then moves it to the next page's heading", () => {
    const { rerender } = render(<Shell heading="Documents" />);
    expect(document.activeElement).toBe(document.body);

    location.pathname = "/search";
    rerender(<Shell heading="Search" />);
    expect(document.activeElement?.textContent).toBe("Search");
    expect(document.activeElement?.tagName).toBe("H1");
  });

  it("treats another query as another page (one document's view to the next)", () => {
    location.pathname = "/documents/view";
    location.query = "id=a";
    const { rerender } = render(<Shell heading="First" />);
    location.query = "id=b";
    rerender(<Shell heading="Second" />);
    expect(document.activeElement?.textContent).toBe("Second");
  });

  it("leaves focus in a form that records its own state in the address, once", () => {
    location.pathname = "/search";
    const { rerender } = render(<Shell heading="Search" />);
    const link = document.querySelector("a") as HTMLAnchorElement;
    link.focus();

    keepFocusAt("/search", "q=pool");
    location.query = "q=pool";
    rerender(<Shell heading="Search" />);
    expect(document.activeElement).toBe(link);

    location.query = "q=other"; // another address (Back, a link): a page change as any other
    rerender(<Shell heading="Search" />);
    expect(document.activeElement?.tagName).toBe("H1");
  });
});
