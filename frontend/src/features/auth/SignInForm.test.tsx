import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/api/errors";
import { SignInForm } from "./SignInForm";

const signIn = vi.fn();
vi.mock("@/auth/SessionProvider", () => ({ useSession: () => ({ signIn, notice: null }) }));

describe("SignInForm", () => {
  it("shows a failed sign-in until the next edit", async () => {
    signIn.mockRejectedValueOnce(new ApiError({ status: 401, code: "unauthorized", message: "Wrong email or password." }));
    render(<SignInForm />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@example.org" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "not the password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getByText("Sign-in failed")).toBeTruthy());
    // Sign in was disabled under the user's focus: the failure takes it, so a keyboard or screen-reader user hears it.
    expect(document.activeElement).toBe(screen.getByRole("alert"));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@" } });
    expect(screen.queryByText("Sign-in failed")).toBeNull();
  });
});
