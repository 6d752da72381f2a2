import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { parseApiError } from "@/api/errors";
import { ChangePasswordForm } from "./ChangePasswordForm";

const changePassword = vi.fn();
vi.mock("@/auth/SessionProvider", () => ({ useSession: () => ({ changePassword }) }));

function fill(current: string, next: string, confirmation = next) {
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
}

/** The server's 422 in the contract's error shape, as the session's changePassword throws it. */
function refuse(message: string) {
  changePassword.mockImplementation(async () => {
    throw parseApiError(422, { error: { code: "validation_error", message } });
  });
}

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("ChangePasswordForm", () => {
  beforeEach(() => {
    changePassword.mockReset();
  });

  it("changes the password and says what else stopped working", async () => {
    changePassword.mockResolvedValue(true);
    render(<ChangePasswordForm />);
    fill("the old one is long", "a much better passphrase");
    await screen.findByText("Your password was changed");
    expect(document.activeElement).toBe(screen.getByRole("status"));
    expect(changePassword).toHaveBeenCalledWith("the old one is long", "a much better passphrase");
    expect(screen.getByText(/every access token you created has\s+stopped working/)).toBeTruthy();
    expect([value("Current password"), value("New password"), value("Confirm new password")]).toEqual(["", "", ""]);
  });

  it("shows the server's refusal of a wrong current password, and keeps what was typed", async () => {
    refuse("The current password is incorrect.");
    render(<ChangePasswordForm />);
    fill("not my password", "a much better passphrase");
    await screen.findByText("The password was not changed");
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    expect(screen.getByText("The current password is incorrect.")).toBeTruthy();
    expect(screen.queryByText("Your password was changed")).toBeNull();
    expect(value("New password")).toBe("a much better passphrase");
  });

  it("shows a policy refusal of the new password", async () => {
    const weak = "Invalid new_password: the password is too easy to guess (a common word and a number).";
    refuse(weak);
    render(<ChangePasswordForm />);
    // The hint promises only what every deployment checks; one that refuses easily guessed passwords says so itself.
    expect(screen.getByText("8 to 256 characters.")).toBeTruthy();
    fill("the old one is long", "password123");
    await screen.findByText(weak);
  });

  it("sends nothing when the confirmation differs from the new password", async () => {
    render(<ChangePasswordForm />);
    fill("the old one is long", "a much better passphrase", "a much better passfrase");
    await screen.findByText(/differ; type the same new password twice/);
    expect(changePassword).not.toHaveBeenCalled();
    // The same mistake again is a new outcome: it takes focus again.
    screen.getByLabelText("Current password").focus();
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("alert")));
  });

  it("leaves the success message to the sign-in page when signing in again failed", async () => {
    changePassword.mockResolvedValue(false);
    render(<ChangePasswordForm />);
    fill("the old one is long", "a much better passphrase");
    await waitFor(() => expect(changePassword).toHaveBeenCalled());
    expect(screen.queryByText("Your password was changed")).toBeNull();
  });
});
