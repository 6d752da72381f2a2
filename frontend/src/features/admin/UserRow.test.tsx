import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { User } from "@/api/types";
import { UserRow } from "./UserRow";

const alice: User = {
  id: "u1",
  email: "alice@example.org",
  organization_id: "o1",
  organization_name: "acme",
  roles: ["admin"],
  is_active: true,
  created_at: "2026-12-01T10:00:00+00:00",
};

/** What openapi-fetch resolves to when the API answers 409 with the contract's error shape. */
const lastAdmin = {
  error: { error: { code: "conflict", message: "An organization must keep at least one active admin." } },
  response: new Response(null, { status: 409 }),
} as never;

function renderRow(user: User = alice, onChanged = vi.fn(), lastActiveAdmin = false) {
  render(
    <table>
      <tbody>
        <UserRow user={user} isSelf lastActiveAdmin={lastActiveAdmin} onChanged={onChanged} />
      </tbody>
    </table>,
  );
  return onChanged;
}

const radio = (name: string) => screen.getByRole("radio", { name }) as HTMLInputElement;

describe("UserRow", () => {
  it("shows the saved roles again after the server refuses a role change", async () => {
    const put = vi.spyOn(api, "PUT").mockResolvedValue(lastAdmin);
    renderRow();
    fireEvent.click(radio("Member"));
    fireEvent.click(screen.getByRole("button", { name: "Save role" }));

    await waitFor(() => expect(screen.getByText("An organization must keep at least one active admin.")).toBeTruthy());
    // Save role was disabled under the user's focus: the refusal takes it.
    expect(document.activeElement).toBe(
      screen.getByText("An organization must keep at least one active admin.").closest(".alert"),
    );
    expect(put).toHaveBeenCalledWith("/api/v1/admin/users/{user_id}/roles", {
      params: { path: { user_id: "u1" } },
      body: { roles: ["member"] },
    });
    expect(radio("Admin").checked).toBe(true);
    expect(radio("Member").checked).toBe(false);
    expect((screen.getByRole("button", { name: "Save role" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers one role, not a mix: a member who also holds viewer shows as a member, and Viewer replaces Member", async () => {
    const put = vi.spyOn(api, "PUT").mockResolvedValue({
      data: { ...alice, roles: ["viewer"] },
      response: new Response(null, { status: 200 }),
    } as never);
    renderRow({ ...alice, roles: ["member", "viewer"] });
    expect(screen.queryAllByRole("checkbox")).toEqual([]);
    expect(radio("Member").checked).toBe(true);
    expect(radio("Viewer").checked).toBe(false);
    // Nothing to save yet: member is what the two roles grant together.
    expect((screen.getByRole("button", { name: "Save role" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(radio("Viewer"));
    expect(radio("Member").checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Save role" }));
    await screen.findByText("Role of alice@example.org saved: viewer.");
    expect(put).toHaveBeenCalledWith("/api/v1/admin/users/{user_id}/roles", {
      params: { path: { user_id: "u1" } },
      body: { roles: ["viewer"] },
    });
  });

  it("asks before deactivating a user and sends nothing when the admin cancels", async () => {
    const patch = vi.spyOn(api, "PATCH").mockResolvedValue({
      data: { ...alice, is_active: false },
      response: new Response(null, { status: 200 }),
    } as never);
    const onChanged = renderRow();

    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    const dialog = screen.getByRole("dialog", { name: "Deactivate alice@example.org?" });
    expect(dialog.textContent).toContain("signed out at once");
    expect(patch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(patch).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    fireEvent.click(screen.getByRole("button", { name: "Deactivate user" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ ...alice, is_active: false }));
    expect(patch).toHaveBeenCalledWith("/api/v1/admin/users/{user_id}", {
      params: { path: { user_id: "u1" } },
      body: { is_active: false },
    });
  });

  it("reactivates without asking", async () => {
    const patch = vi.spyOn(api, "PATCH").mockResolvedValue({
      data: alice,
      response: new Response(null, { status: 200 }),
    } as never);
    renderRow({ ...alice, is_active: false });
    fireEvent.click(screen.getByRole("button", { name: "Reactivate" }));
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
  });

  it("says the role was saved and moves focus there", async () => {
    vi.spyOn(api, "PUT").mockResolvedValue({
      data: { ...alice, roles: ["member"] },
      response: new Response(null, { status: 200 }),
    } as never);
    const onChanged = renderRow();
    fireEvent.click(radio("Member"));
    fireEvent.click(screen.getByRole("button", { name: "Save role" }));
    const saved = await screen.findByText("Role of alice@example.org saved: member.");
    expect(document.activeElement).toBe(saved.closest(".alert"));
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("does not offer the last active admin to deactivate themself, and says why", () => {
    const patch = vi.spyOn(api, "PATCH");
    renderRow(alice, vi.fn(), true);
    const deactivate = screen.getByRole("button", { name: "Deactivate" }) as HTMLButtonElement;
    expect(deactivate.disabled).toBe(true);
    const reason = document.getElementById(deactivate.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toContain("You are the only active admin");
    fireEvent.click(deactivate);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(patch).not.toHaveBeenCalled();
  });

  it("offers Deactivate, with no reason attached, when another admin remains", () => {
    renderRow(alice, vi.fn(), false);
    const deactivate = screen.getByRole("button", { name: "Deactivate" }) as HTMLButtonElement;
    expect(deactivate.disabled).toBe(false);
    expect(deactivate.hasAttribute("aria-describedby")).toBe(false);
    expect(screen.queryByText(/only active admin/)).toBeNull();
  });
});
