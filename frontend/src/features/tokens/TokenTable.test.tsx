import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { AccessToken } from "@/api/types";
import { expectCardLabels } from "@/test/tables";
import { TokenTable } from "./TokenTable";

const token: AccessToken = {
  id: "t1",
  name: "laptop agent",
  user_id: "u1",
  user_email: "me@example.org",
  scopes: ["read"],
  status: "active",
  created_at: "2026-12-01T10:00:00+00:00",
  expires_at: "2026-12-31T10:00:00+00:00",
  last_used_at: null,
  revoked_at: null,
};

const page = (items: AccessToken[]) =>
  ({ data: items, response: new Response(null, { status: 200, headers: { "X-Total-Count": String(items.length) } }) }) as never;

describe("TokenTable", () => {
  it("says the token was revoked and moves focus there, as its Revoke button is gone", async () => {
    vi.spyOn(api, "GET")
      .mockResolvedValueOnce(page([token]))
      .mockResolvedValue(page([{ ...token, status: "revoked", revoked_at: "2026-12-02T10:00:00+00:00" }]));
    const remove = vi.spyOn(api, "DELETE").mockResolvedValue({
      data: undefined,
      response: new Response(null, { status: 204 }),
    } as never);
    render(<TokenTable organization={false} />);

    fireEvent.click(await screen.findByRole("button", { name: "Revoke laptop agent" }));
    fireEvent.click(screen.getByRole("button", { name: "Revoke token" }));

    const outcome = await screen.findByText(/Token “laptop agent” revoked/);
    expect(remove).toHaveBeenCalledWith("/api/v1/auth/tokens/{token_id}", { params: { path: { token_id: "t1" } } });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Revoke laptop agent" })).toBeNull());
    expect(outcome.closest(".alert")?.parentElement).toBe(document.activeElement);
  });

  it("stacks each token as a card on a phone: every cell but the name and Revoke names its column, owner too", async () => {
    window.history.replaceState(null, "", "/tokens");
    vi.spyOn(api, "GET").mockResolvedValue(page([token, { ...token, id: "t2", name: "old", status: "revoked" }]));
    render(<TokenTable organization />);
    await screen.findByRole("button", { name: "Revoke laptop agent" });
    expectCardLabels(screen.getByRole("table"), ["Name", "Actions"]);
  });
});
