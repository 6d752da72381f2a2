import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/api/types";
import { AppShell } from "./AppShell";

let user: Partial<User> = { id: "u1", email: "ann@example.org", organization_name: "Acme", roles: ["member"] };
vi.mock("next/navigation", () => ({ usePathname: () => "/documents", useSearchParams: () => new URLSearchParams() }));
vi.mock("@/auth/SessionProvider", () => ({
  useSession: () => ({ session: { status: "signed-in", user }, signOut: vi.fn() }),
}));

describe("AppShell", () => {
  it("says that signing out ends every session of the user, as the server does", () => {
    render(<AppShell>page</AppShell>);
    const signOut = screen.getByRole("button", { name: "Sign out everywhere" });
    expect(signOut.getAttribute("title")).toContain("every session of yours");
  });

  it("shows a private workspace as \"Private workspace\", keeping its real name in the title", () => {
    user = { ...user, organization_name: "tenant-81e5b272043746f1955572beeb1fbba5" };
    render(<AppShell>page</AppShell>);
    const org = screen.getByText(/Private workspace/);
    expect(org.getAttribute("title")).toBe("tenant-81e5b272043746f1955572beeb1fbba5");
    expect(screen.queryByText(/tenant-81e5/)).toBeNull();
    user = { ...user, organization_name: "Acme" };
  });

  it("shows a workspace's chosen name as it is", () => {
    render(<AppShell>page</AppShell>);
    expect(screen.getByText(/Acme/).textContent).toContain("Acme");
  });

  it("puts the workspace name in its own element, titled with the whole name, so it truncates on its own", () => {
    user = { ...user, organization_name: "Bluebird Bikes" };
    render(<AppShell>page</AppShell>);
    const org = screen.getByText(/Bluebird Bikes/);
    expect(org.classList.contains("user-org")).toBe(true);
    expect(org.getAttribute("title")).toBe("Bluebird Bikes");
    expect(org.textContent).toBe(" · Bluebird Bikes");
    user = { ...user, organization_name: "Acme" };
  });

  it("gives the workspace name room for a usual name (the old shared 18rem cut it after about 12 characters)", () => {
    const css = readFileSync(join(__dirname, "../app/globals.css"), "utf8");
    const rule = /\.user-box \.user-org \{[^}]*max-width: (\d+(?:\.\d+)?)rem/.exec(css);
    expect(rule).not.toBeNull();
    expect(Number(rule?.[1])).toBeGreaterThanOrEqual(20);
    expect(css).not.toMatch(/\.user-box > span \{[^}]*max-width: 18rem/);
  });
});
