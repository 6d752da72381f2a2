import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RegisterGate } from "./RegisterGate";

const replace = vi.fn();
const state: { session: unknown } = { session: { status: "anonymous" } };
vi.mock("next/navigation", () => ({ useRouter: () => ({ replace }) }));
vi.mock("@/auth/SessionProvider", () => ({
  useSession: () => ({ session: state.session, register: vi.fn() }),
}));

describe("RegisterGate", () => {
  beforeEach(() => replace.mockClear());

  it("shows the sign-up form to a visitor", () => {
    state.session = { status: "anonymous" };
    render(<RegisterGate />);
    expect(screen.getByRole("heading", { name: "Create an account" })).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it("sends a signed-in user to Documents instead of an empty sign-up form", () => {
    state.session = { status: "signed-in", user: { email: "owner@example.org" } };
    render(<RegisterGate />);
    expect(screen.queryByRole("heading", { name: "Create an account" })).toBeNull();
    expect(screen.getByText(/You are signed in as owner@example.org/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Documents" }).getAttribute("href")).toBe("/documents");
    expect(replace).toHaveBeenCalledWith("/documents");
  });
});
