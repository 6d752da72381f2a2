import { render } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RouteFocus } from "./RouteFocus";

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
});
