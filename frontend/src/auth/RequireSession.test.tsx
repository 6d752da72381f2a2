import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RequireSession } from "./RequireSession";

vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: vi.fn() }) }));
vi.mock("./SessionProvider", () => ({
  useSession: () => ({
    session: {
      status: "signed-in",
      user: { id: "u1", email: "ann@example.org", organization_name: "tenant-81e5b272043746f1955572beeb1fbba5", roles: ["member"] },
    },
  }),
}));

describe("RequireSession", () => {
  it("turns a non-admin away from an admin page without naming the workspace by its internal id", () => {
    render(<RequireSession adminOnly>secret</RequireSession>);
    expect(screen.getByText("Admins only")).toBeTruthy();
    expect(screen.queryByText("secret")).toBeNull();
    expect(screen.queryByText(/tenant-81e5/)).toBeNull();
  });
});
