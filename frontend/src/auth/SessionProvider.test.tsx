import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api, getAccessToken, reportUnauthorized } from "@/api/client";
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

/** The signed-in header's Sign out (and a password change), or the sign-in page once the session is gone. */
function Probe() {
  const { session, signOut, changePassword } = useSession();
  const [changed, setChanged] = useState<boolean | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  if (session.status === "signed-in") {
    return (
      <>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
        <button
          type="button"
          onClick={() =>
            void changePassword("old password", "new passphrase").then(setChanged, (error: Error) =>
              setRefused(error.message),
            )
          }
        >
          Change password
        </button>
        {changed === null ? null : <p>changed and signed in again: {String(changed)}</p>}
        {refused === null ? null : <p>refused: {refused}</p>}
      </>
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
  beforeEach(() => {
    router.replace.mockReset();
  });

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

describe("SessionProvider password change", () => {
  beforeEach(() => {
    router.replace.mockReset();
  });

  it("signs in again with the new password, since the change ends the old token", async () => {
    const put = vi.spyOn(api, "PUT").mockResolvedValue(noContent());
    const post = vi.spyOn(api, "POST").mockResolvedValue({
      data: { access_token: "jwt-2", token_type: "bearer", expires_in: 900 },
      response: new Response(null, { status: 200 }),
    } as never);
    await signedIn();
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));

    await screen.findByText("changed and signed in again: true");
    expect(put).toHaveBeenCalledWith("/api/v1/auth/password", {
      body: { current_password: "old password", new_password: "new passphrase" },
    });
    expect(post).toHaveBeenCalledWith("/api/v1/auth/login", {
      body: { email: "ann@example.org", password: "new passphrase" },
    });
    expect(getAccessToken()).toBe("jwt-2");
    expect(JSON.parse(window.sessionStorage.getItem("orion.session") ?? "{}").accessToken).toBe("jwt-2");
  });

  it("sends the user to sign in with the new password when signing in again fails", async () => {
    vi.spyOn(api, "PUT").mockResolvedValue(noContent());
    vi.spyOn(api, "POST").mockRejectedValue(new TypeError("Failed to fetch"));
    await signedIn();
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));

    await screen.findByText("Your password was changed. Sign in with your new password.");
    expect(getAccessToken()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(router.replace).toHaveBeenCalledWith("/");
  });

  it("keeps the session when the server refuses the change", async () => {
    vi.spyOn(api, "PUT").mockResolvedValue({
      error: { error: { code: "validation_error", message: "The current password is incorrect." } },
      response: new Response(null, { status: 422 }),
    } as never);
    const post = vi.spyOn(api, "POST");
    await signedIn();
    fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    // the refusal reaches the caller (the form shows it), and nothing signs in again
    await screen.findByText("refused: The current password is incorrect.");
    expect(post).not.toHaveBeenCalled();
    expect(getAccessToken()).toBe("jwt-1");
  });
});

describe("SessionProvider messages on the sign-in page", () => {
  it("explains a session that expired while the tab was away", async () => {
    saveToken({ accessToken: "jwt-old", expiresAt: Date.now() - 1_000 });
    const get = vi.spyOn(api, "GET");
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("Your session has expired. Please sign in again.");
    expect(get).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem("orion.session")).not.toContain("jwt-old");
  });

  it("explains a session the server ended (e.g. an admin deactivated the user), on that load and every later one", async () => {
    saveToken({ accessToken: "jwt-1", expiresAt: Date.now() + 3_600_000 });
    // The API answers a deactivated user's token with the same 401 as a revoked one.
    vi.spyOn(api, "GET").mockImplementation((async () => {
      reportUnauthorized(401, true);
      return {
        error: { error: { code: "unauthorized", message: "Invalid or expired token" } },
        response: new Response(null, { status: 401 }),
      };
    }) as never);
    const first = render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect((await screen.findByText(/^Your session has ended/)).textContent).toContain("an admin deactivated your account");
    expect(window.sessionStorage.getItem("orion.session")).not.toContain("jwt-1");
    first.unmount();

    // A new page load of this tab (the tester's case: the next navigation after the deactivation) still says why.
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect((await screen.findByText(/^Your session has ended/)).textContent).toContain("deactivated");
  });

  it("forgets why the last session ended once the user signs in again", async () => {
    window.sessionStorage.setItem("orion.session", JSON.stringify({ ended: "Your session has ended: test." }));
    vi.spyOn(api, "POST").mockResolvedValue({
      data: { access_token: "jwt-2", token_type: "bearer", expires_in: 900 },
      response: new Response(null, { status: 200 }),
    } as never);
    vi.spyOn(api, "GET").mockResolvedValue({ data: ann, response: new Response(null, { status: 200 }) } as never);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByText("Your session has ended: test.");
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@example.org" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "correct password" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("button", { name: "Sign out" });
    expect(JSON.parse(window.sessionStorage.getItem("orion.session") ?? "{}").ended).toBeUndefined();
  });

  it("says nothing to a visitor who had no session", async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await screen.findByRole("button", { name: "Sign in" });
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });

  it("drops 'You have signed out' once a new sign-in is tried, so it never stands beside its failure", async () => {
    vi.spyOn(api, "POST").mockResolvedValueOnce(noContent());
    fireEvent.click(await signedIn());
    await screen.findByText("You have signed out.");
    vi.spyOn(api, "POST").mockRejectedValue(new TypeError("Failed to fetch"));
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@example.org" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "whatever it was" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("Sign-in failed");
    expect(screen.queryByText("You have signed out.")).toBeNull();
  });
});
