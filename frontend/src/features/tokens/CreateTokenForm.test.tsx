import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { AccessTokenCreated } from "@/api/types";
import { CreateTokenForm } from "./CreateTokenForm";

const created: AccessTokenCreated = {
  id: "t1",
  name: "laptop agent",
  user_id: "u1",
  user_email: "me@example.org",
  scopes: ["investigate"],
  status: "active",
  created_at: "2026-12-01T10:00:00+00:00",
  expires_at: "2026-12-31T10:00:00+00:00",
  last_used_at: null,
  revoked_at: null,
  token: `orion_pat_${"a".repeat(32)}_${"B".repeat(43)}`,
};

describe("CreateTokenForm", () => {
  it("sends the chosen name, scope and expiry, and shows the secret once", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue({
      data: created,
      response: new Response(null, { status: 201 }),
    } as never);
    const onCreated = vi.fn();
    render(<CreateTokenForm onCreated={onCreated} roleCanWrite />);

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "  laptop agent " } });
    fireEvent.click(screen.getByLabelText(/^Investigate/));
    fireEvent.change(screen.getByLabelText("Expires after"), { target: { value: "90" } });
    fireEvent.click(screen.getByRole("button", { name: "Create token" }));

    await waitFor(() => expect(screen.getByTestId("new-token-secret").textContent).toBe(created.token));
    expect(post).toHaveBeenCalledWith("/api/v1/auth/tokens", {
      body: { name: "laptop agent", scopes: ["investigate"], expires_in_days: 90 },
    });
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/shown only once/)).toBeTruthy();
    // The one-time secret's message takes focus: a screen-reader user hears that it is there.
    expect(document.activeElement).toBe(screen.getByTestId("new-token-secret").closest(".alert"));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("cannot be submitted without a name, and says so", () => {
    render(<CreateTokenForm onCreated={() => undefined} roleCanWrite />);
    const create = screen.getByRole("button", { name: "Create token" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect(create.getAttribute("aria-describedby")).toBe("token-no-name");
    expect(screen.getByText("Name the token to create it.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "laptop" } });
    expect(create.disabled).toBe(false);
    expect(create.getAttribute("aria-describedby")).toBeNull();
    expect(screen.queryByText("Name the token to create it.")).toBeNull();
  });

  it("offers a viewer only the read scope, and says why the others are off", () => {
    render(<CreateTokenForm onCreated={() => undefined} roleCanWrite={false} />);
    const scope = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
    expect(scope(/^Read/).disabled).toBe(false);
    expect(scope(/^Read/).checked).toBe(true);
    expect(scope(/^Investigate/).disabled).toBe(true);
    expect(scope(/^Write/).disabled).toBe(true);
    expect(screen.getByRole("group", { name: "Scope" }).getAttribute("aria-describedby")).toBe("token-scope-capped");
    expect(screen.getByText(/Investigate and Write need the member or admin role/)).toBeTruthy();
  });
});
