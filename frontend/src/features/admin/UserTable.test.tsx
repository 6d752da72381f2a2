import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { User } from "@/api/types";
import { expectCardLabels } from "@/test/tables";
import { person } from "./testUsers";
import { UserTable } from "./UserTable";


vi.mock("@/auth/SessionProvider", () => ({ useUser: () => person("me", ["admin"]) }));

function listUsers(users: User[]) {
  vi.spyOn(api, "GET").mockResolvedValue({
    data: users,
    response: new Response(null, { status: 200, headers: { "X-Total-Count": String(users.length) } }),
  } as never);
}

const deactivateIn = (email: string) =>
  within(screen.getByText(email).closest("tr") as HTMLElement).getByRole("button", { name: "Deactivate" }) as HTMLButtonElement;

describe("UserTable", () => {
  it("turns off Deactivate on my own row when I am the only active admin, and only there", async () => {
    window.history.replaceState(null, "", "/admin");
    listUsers([person("me", ["admin"]), person("bob", ["member"]), person("old", ["admin"], false)]);
    render(<UserTable onChanged={() => undefined} />);
    await screen.findByText("me@example.org");
    await waitFor(() => expect(deactivateIn("me@example.org").disabled).toBe(true));
    expect(screen.getByText(/You are the only active admin/)).toBeTruthy();
    expect(deactivateIn("bob@example.org").disabled).toBe(false);
  });

  it("leaves my Deactivate on when another active admin remains", async () => {
    window.history.replaceState(null, "", "/admin");
    listUsers([person("me", ["admin"]), person("ann", ["admin"])]);
    render(<UserTable onChanged={() => undefined} />);
    await screen.findByText("ann@example.org");
    await new Promise((settle) => setTimeout(settle, 0));
    expect(deactivateIn("me@example.org").disabled).toBe(false);
    expect(screen.queryByText(/only active admin/)).toBeNull();
  });

  it("stacks each user as a card on a phone: role, status and access each say which they are", async () => {
    window.history.replaceState(null, "", "/admin");
    listUsers([person("me", ["admin"]), person("old", ["member"], false)]);
    render(<UserTable onChanged={() => undefined} />);
    await screen.findByText("old@example.org");
    expectCardLabels(screen.getByRole("table"), ["User"]);
  });
});
