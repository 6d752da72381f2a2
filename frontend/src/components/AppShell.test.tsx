import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/api/types";
import { AppShell } from "./AppShell";

const user: Partial<User> = { id: "u1", email: "ann@example.org", organization_name: "Acme", roles: ["member"] };
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
});
