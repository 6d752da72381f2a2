import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import { CreateUserForm } from "./CreateUserForm";

describe("CreateUserForm", () => {
  it("adds a viewer as a viewer only: choosing Viewer replaces the default Member (outside25 D3)", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue({
      data: { email: "vera@example.org", roles: ["viewer"] },
      response: new Response(null, { status: 201 }),
    } as never);
    render(<CreateUserForm onCreated={() => undefined} />);
    const role = (name: string) => screen.getByRole("radio", { name }) as HTMLInputElement;
    expect(screen.queryAllByRole("checkbox")).toEqual([]);
    expect(role("Member").checked).toBe(true);
    // Each choice says what it allows.
    expect(role("Viewer").getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(role("Viewer").getAttribute("aria-describedby") ?? "")?.textContent).toMatch(
      /no uploads or questions/,
    );

    fireEvent.click(role("Viewer"));
    expect(role("Member").checked).toBe(false);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "vera@example.org" } });
    fireEvent.change(screen.getByLabelText("Initial password"), { target: { value: "long enough" } });
    fireEvent.click(screen.getByRole("button", { name: "Add user" }));
    // The message names the role the server granted.
    await screen.findByText(/^vera@example.org can now sign in as viewer \(read documents/);
    expect(post).toHaveBeenCalledWith("/api/v1/admin/users", {
      body: { email: "vera@example.org", password: "long enough", roles: ["viewer"] },
    });
  });

  it("gives the email box room for a whole address (the default width cut 'owner@bluebird.example')", () => {
    render(<CreateUserForm onCreated={() => undefined} />);
    expect(screen.getByLabelText("Email").classList.contains("input-email")).toBe(true);
    const css = readFileSync(join(__dirname, "../../app/globals.css"), "utf8");
    const width = /\.input-email \{[^}]*width: (\d+(?:\.\d+)?)rem/.exec(css);
    expect(Number(width?.[1])).toBeGreaterThanOrEqual(22);
    expect(css).toMatch(/\.input-email \{[^}]*max-width: calc\(100vw/);
  });

  it("says it is adding while the server works", async () => {
    let finish: (value: unknown) => void = () => undefined;
    vi.spyOn(api, "POST").mockImplementation(
      (() => new Promise((resolve) => {
        finish = resolve;
      })) as never,
    );
    const onCreated = vi.fn();
    render(<CreateUserForm onCreated={onCreated} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "bob@example.org" } });
    fireEvent.change(screen.getByLabelText("Initial password"), { target: { value: "long enough" } });
    fireEvent.click(screen.getByRole("button", { name: "Add user" }));
    expect((await screen.findByRole("button", { name: "Adding…" }) as HTMLButtonElement).disabled).toBe(true);

    finish({ data: { email: "bob@example.org", roles: ["member"] }, response: new Response(null, { status: 201 }) });
    const outcome = await screen.findByText(/^bob@example.org can now sign in as member \(upload/);
    // Add user was disabled under the user's focus: the outcome takes it, so a screen-reader user hears it.
    expect(document.activeElement).toBe(outcome.closest(".alert"));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(screen.getByRole("button", { name: "Add user" })).toBeTruthy();
  });

  it("moves focus to the error when the user was not added", async () => {
    vi.spyOn(api, "POST").mockResolvedValue({
      error: { error: { code: "conflict", message: "A user with this email already exists." } },
      response: new Response(null, { status: 409 }),
    } as never);
    render(<CreateUserForm onCreated={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "bob@example.org" } });
    fireEvent.change(screen.getByLabelText("Initial password"), { target: { value: "long enough" } });
    fireEvent.click(screen.getByRole("button", { name: "Add user" }));
    const message = await screen.findByText("A user with this email already exists.");
    expect(document.activeElement).toBe(message.closest(".alert"));
  });
});
