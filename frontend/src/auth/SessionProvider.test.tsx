import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api, getAccessToken } from "@/api/client";
import type { User } from "@/api/types";
import { SignInForm } from "@/features/auth/SignInForm";
import { SessionProvider, useSession } from "./SessionProvider";
import { saveToken } from "./tokenStore";

const router = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));

const ann: User = {
  id: "u1",
  email: "ann@example.org",
  organization_id: "o1",
  organization_name: "acme",
  roles: ["member"],
  is_active: true,
  created_at: "2026-12-01T10:00:00+00:00",
};

const noContent = () => ({ data: undefined, response: new Response(null, { status: 204 }) }) as never;

/** The signed-in header's Sign out, or the sign-in page once the session is gone. */
function Probe() {
  const { session, signOut } = useSession();
  if (session.status === "signed-in") {
    return (
      <button type="button" onClick={() => void signOut()}>
        Sign out
      </button>
    );
  }
  return session.status === "anonymous" ? <SignInForm /> : null;
}

async function signedIn() {
  saveToken({ accessToken: "jwt-1", expiresAt: Date.now() + 3_600_000 });
  vi.spyOn(api, "GET").mockResolvedValue({ data: ann, response: new Response(null, { status: 200 }) } as never);
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
  return screen.findByRole("button", { name: "Sign out" });
}

describe("SessionProvider sign-out", () => {
  beforeEach(() => router.replace.mockReset());

  it("says 'You have signed out' when the server ended the session", async () => {
    const post = vi.spyOn(api, "POST").mockResolvedValue(noContent());
    fireEvent.click(await signedIn());
    await screen.findByText("You have signed out.");
    expect(post).toHaveBeenCalledWith("/api/v1/auth/logout");
    expect(screen.queryByText("Signed out in this browser only")).toBeNull();
  });

  it("forgets the session here but never claims the server ended it when the server cannot be reached", async () => {
    const post = vi.spyOn(api, "POST").mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fireEvent.click(await signedIn());

    await screen.findByText("Signed out in this browser only");
    expect(screen.queryByText("You have signed out.")).toBeNull();
    const warning = screen.getByText(/could not be reached, so your session may stay valid on the server/);
    expect(warning.textContent).toContain("until it expires");
    expect(window.sessionStorage.length).toBe(0);
    expect(getAccessToken()).toBeNull();
    expect(router.replace).toHaveBeenCalledWith("/");

    post.mockResolvedValueOnce(noContent());
    fireEvent.click(screen.getByRole("button", { name: "Try signing out on the server again" }));
    await screen.findByText("You have signed out.");
    expect(post).toHaveBeenLastCalledWith("/api/v1/auth/logout", { headers: { Authorization: "Bearer jwt-1" } });
    expect(screen.queryByText("Signed out in this browser only")).toBeNull();
  });

  it("keeps offering the retry while the server stays unreachable", async () => {
    const post = vi.spyOn(api, "POST").mockRejectedValue(new TypeError("Failed to fetch"));
    fireEvent.click(await signedIn());
    fireEvent.click(await screen.findByRole("button", { name: "Try signing out on the server again" }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole("button", { name: "Try signing out on the server again" })).toBeTruthy();
    expect(screen.queryByText("You have signed out.")).toBeNull();
  });
});
