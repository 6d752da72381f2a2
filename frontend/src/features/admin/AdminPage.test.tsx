import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AdminPage } from "./AdminPage";

let organizationName = "tenant-81e5b272043746f1955572beeb1fbba5";
vi.mock("@/auth/SessionProvider", () => ({
  useUser: () => ({ id: "u1", email: "ann@example.org", organization_name: organizationName, roles: ["admin"] }),
}));
// The heading is under test; the sections below it load from the API and have tests of their own.
vi.mock("./CreateUserForm", () => ({ CreateUserForm: () => null }));
vi.mock("./UserTable", () => ({ UserTable: () => null }));
vi.mock("./AuditTrail", () => ({ AuditTrail: () => null }));

describe("AdminPage", () => {
  it("names a private workspace in words in its heading, not by its internal tenant id", () => {
    render(<AdminPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Admin · Private workspace");
    expect(screen.queryByText(/tenant-81e5/)).toBeNull();
  });

  it("shows a chosen workspace name as it is", () => {
    organizationName = "Bluebird Bikes";
    render(<AdminPage />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Admin · Bluebird Bikes");
  });
});
