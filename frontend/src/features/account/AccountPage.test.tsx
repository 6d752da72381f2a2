import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { User } from "@/api/types";
import { AccountPage } from "./AccountPage";

let user: User = {
  id: "u1",
  email: "ann@example.org",
  organization_id: "o1",
  organization_name: "tenant-81e5b272043746f1955572beeb1fbba5",
  roles: ["admin"],
  is_active: true,
  created_at: "2026-12-01T10:00:00+00:00",
};
vi.mock("@/auth/SessionProvider", () => ({ useUser: () => user, useSession: () => ({ changePassword: vi.fn() }) }));

describe("AccountPage", () => {
  it("names a private workspace in words, not by its internal tenant id", () => {
    render(<AccountPage />);
    const workspace = screen.getByText("Private workspace");
    expect(workspace.previousElementSibling?.textContent).toBe("Workspace");
    expect(screen.queryByText(/tenant-81e5/)).toBeNull();
  });

  it("shows a chosen workspace name as it is", () => {
    user = { ...user, organization_name: "Bluebird Bikes" };
    render(<AccountPage />);
    expect(screen.getByText("Bluebird Bikes").tagName).toBe("DD");
  });
});
