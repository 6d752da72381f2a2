import { afterEach, describe, expect, it } from "vitest";
import { focusPageHeading } from "./focus";

function page(html: string): HTMLElement {
  document.body.innerHTML = `<a href="/documents">Documents</a><main id="main" tabindex="-1">${html}</main>`;
  return document.getElementById("main") as HTMLElement;
}

/** Let the MutationObserver deliver its records. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusPageHeading", () => {
  it("focuses the page's h1, made focusable by script only", () => {
    const main = page("<h1>Documents</h1><button>Upload</button>");
    focusPageHeading(main);
    expect(document.activeElement?.tagName).toBe("H1");
    expect(document.activeElement?.getAttribute("tabindex")).toBe("-1");
  });

  it("focuses main while the page loads, then its heading when it appears", async () => {
    const main = page("<p>Checking your session…</p>");
    focusPageHeading(main);
    expect(document.activeElement).toBe(main);
    main.innerHTML = "<section><h1>Observatory handbook</h1></section>";
    await settle();
    expect(document.activeElement?.textContent).toBe("Observatory handbook");
  });

  it("leaves focus where the user moved it while the page loaded", async () => {
    const main = page("<input aria-label='Query' />");
    focusPageHeading(main);
    main.querySelector("input")?.focus();
    main.insertAdjacentHTML("afterbegin", "<h1>Search</h1>");
    await settle();
    expect(document.activeElement?.tagName).toBe("INPUT");
  });

  it("stops waiting when told to (the next navigation)", async () => {
    const main = page("");
    const stop = focusPageHeading(main);
    stop();
    main.innerHTML = "<h1>Late</h1>";
    await settle();
    expect(document.activeElement).toBe(main);
  });
});
