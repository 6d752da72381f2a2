import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { StartPageOnly } from "./StartPageOnly";

const router = vi.hoisted(() => ({ pathname: "/" }));
vi.mock("next/navigation", () => ({ usePathname: () => router.pathname }));

/** Where the browser is, and what the router calls it (the start page's route, served for any unknown address). */
function visit(browserPath: string, routerPath = browserPath) {
  window.history.replaceState(null, "", browserPath);
  router.pathname = routerPath;
}

const startPage = () => (
  <StartPageOnly>
    <h1>Sign in to ORION</h1>
  </StartPageOnly>
);

describe("StartPageOnly", () => {
  beforeEach(() => visit("/"));

  it("shows the start page at its own address", async () => {
    render(startPage());
    expect(await screen.findByRole("heading", { name: "Sign in to ORION", level: 1 })).toBeTruthy();
  });

  it("shows Page not found with a link back at any other address, whatever the router's pathname", async () => {
    for (const routerPath of ["/no-such-page", "/"]) {
      visit("/no-such-page", routerPath);
      const { unmount } = render(startPage());
      expect(await screen.findByRole("heading", { name: "Page not found", level: 1 })).toBeTruthy();
      expect(screen.queryByText("Sign in to ORION")).toBeNull();
      expect(screen.getByRole("link", { name: "Go to ORION's start page" }).getAttribute("href")).toBe("/");
      unmount();
    }
  });

  it("shows the start page after a client-side navigation from an unknown address to it", async () => {
    visit("/no-such-page");
    const { rerender } = render(startPage());
    await screen.findByRole("heading", { name: "Page not found" });
    await act(async () => {
      visit("/");
      rerender(startPage());
    });
    expect(await screen.findByRole("heading", { name: "Sign in to ORION" })).toBeTruthy();
    expect(screen.queryByText("Page not found")).toBeNull();
  });
});
