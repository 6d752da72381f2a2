"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { api, call, setAccessToken, setUnauthorizedHandler } from "@/api/client";
import { ApiError, errorMessage } from "@/api/errors";
import type { User } from "@/api/types";
import { scheduleRefresh } from "./refresh";
import {
  clearToken,
  hasStoredToken,
  loadToken,
  markSessionEnded,
  saveToken,
  sessionEndedNotice,
  type StoredToken,
  tokenFromLogin,
} from "./tokenStore";

export type SessionState =
  | { status: "loading" }
  // `signedOut`: the user chose to sign out, so the next sign-in starts afresh rather than on their last page.
  | { status: "anonymous"; signedOut?: boolean }
  | { status: "signed-in"; user: User };

/**
 * A sign-out the server did not confirm: this browser forgot the session, but its token may stay valid on the server
 * until `expiresAt` (epoch ms). The token itself stays in memory only, for `retrySignOut`.
 */
export interface UnconfirmedSignOut {
  reason: string;
  expiresAt: number;
  retrying: boolean;
}

interface SessionValue {
  session: SessionState;
  /** A message for the sign-in page: why the session ended, or that it did. */
  notice: string | null;
  unconfirmedSignOut: UnconfirmedSignOut | null;
  signIn: (email: string, password: string) => Promise<void>;
  register: (email: string, password: string, workspace: string | null) => Promise<void>;
  signOut: () => Promise<void>;
  /** Ask the server again to end a session whose sign-out it did not confirm. */
  retrySignOut: () => Promise<void>;
  /**
   * Change the signed-in user's password, then sign in again with it (the change ends every older token, this
   * tab's too). False: the password changed but the new sign-in failed, so the user is on the sign-in page.
   */
  changePassword: (currentPassword: string, newPassword: string) => Promise<boolean>;
}

const SessionContext = createContext<SessionValue | null>(null);

// The API answers one 401 for an expired, revoked or deactivated session (it never says which), so the message names
// the possible causes, an admin's deactivation among them (outside25 D9), rather than guessing one.
const SESSION_ENDED =
  "Your session has ended: it expired, you signed out elsewhere, your password changed, or an admin deactivated your " +
  "account. Please sign in again.";
const SESSION_EXPIRED = "Your session has expired. Please sign in again.";
const SIGNED_OUT = "You have signed out.";
const PASSWORD_CHANGED = "Your password was changed. Sign in with your new password.";

/** Why the server did not end the session, in words that do not claim it did. */
function unconfirmedReason(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) return "ORION's server could not be reached";
  return `ORION's server did not confirm it (${errorMessage(error)})`;
}

/** A logout answered 401: the token already works nowhere, which is what signing out wants. */
function alreadyInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
const REFRESH_RETRY_MS = 15_000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [session, setSession] = useState<SessionState>({ status: "loading" });
  const [notice, setNotice] = useState<string | null>(null);
  const cancelRefresh = useRef<() => void>(() => undefined);
  const [unconfirmedSignOut, setUnconfirmedSignOut] = useState<UnconfirmedSignOut | null>(null);
  const leftToken = useRef<string | null>(null);

  const endSession = useCallback((message: string | null, signedOut = false) => {
    cancelRefresh.current();
    setAccessToken(null);
    // A session the server ended stays explained on every page load until the next sign-in; a chosen sign-out does not.
    if (message !== null && !signedOut) markSessionEnded(message);
    else clearToken();
    setSession({ status: "anonymous", signedOut });
    setNotice(message);
  }, []);

  const adopt = useCallback(
    (token: StoredToken) => {
      // A new session: the old one's unconfirmed sign-out is no longer offered (a retry would carry this token).
      leftToken.current = null;
      setUnconfirmedSignOut(null);
      setAccessToken(token.accessToken);
      saveToken(token);
      cancelRefresh.current();
      const refresh = async () => {
        try {
          const fresh = await call(api.POST("/api/v1/auth/refresh"));
          adopt(tokenFromLogin(fresh.access_token, fresh.expires_in));
        } catch (error) {
          // A 401 already ended the session through the unauthorized handler; anything else is retried.
          if (error instanceof ApiError && error.status === 401) return;
          if (Date.now() + REFRESH_RETRY_MS < token.expiresAt) {
            cancelRefresh.current = scheduleRefresh(Date.now() + REFRESH_RETRY_MS * 1.25, () => void refresh());
          } else {
            endSession(SESSION_EXPIRED); // the server could not be asked in time: the token simply ran out
          }
        }
      };
      cancelRefresh.current = scheduleRefresh(token.expiresAt, () => void refresh());
    },
    [endSession],
  );

  const loadUser = useCallback(async () => {
    const user = await call(api.GET("/api/v1/auth/me"));
    setSession({ status: "signed-in", user });
    setNotice(null);
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      const here = window.location.pathname + window.location.search;
      endSession(SESSION_ENDED);
      router.replace(here === "/" ? "/" : `/?next=${encodeURIComponent(here)}`);
    });
    const stored = loadToken();
    if (stored === null) {
      // A session the server ended (marked so) or that expired while the tab was away is explained, on this load and
      // on every later one until the next sign-in.
      const notice = sessionEndedNotice() ?? (hasStoredToken() ? SESSION_EXPIRED : null);
      if (notice !== null) markSessionEnded(notice);
      setSession({ status: "anonymous" });
      setNotice(notice);
    } else {
      adopt(stored);
      loadUser().catch((error: unknown) => {
        if (!(error instanceof ApiError && error.status === 401)) endSession(SESSION_ENDED);
      });
    }
    return () => {
      setUnauthorizedHandler(null);
      cancelRefresh.current();
    };
  }, [adopt, endSession, loadUser, router]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      setNotice(null); // "You have signed out" must not stand beside this attempt's own outcome
      const token = await call(api.POST("/api/v1/auth/login", { body: { email, password } }));
      adopt(tokenFromLogin(token.access_token, token.expires_in));
      await loadUser();
    },
    [adopt, loadUser],
  );

  const register = useCallback(
    async (email: string, password: string, workspace: string | null) => {
      await call(api.POST("/api/v1/auth/register", { body: { email, password, workspace } }));
      await signIn(email, password);
    },
    [signIn],
  );

  const signOut = useCallback(async () => {
    const token = loadToken();
    try {
      await call(api.POST("/api/v1/auth/logout"));
      endSession(SIGNED_OUT, true);
    } catch (error) {
      // The user asked to leave this browser, so the session goes here whatever the server said; but the page must
      // not claim the server ended it when it may not have.
      if (alreadyInvalid(error) || token === null) {
        endSession(SIGNED_OUT, true);
      } else {
        endSession(null, true);
        leftToken.current = token.accessToken;
        setUnconfirmedSignOut({ reason: unconfirmedReason(error), expiresAt: token.expiresAt, retrying: false });
      }
    }
    router.replace("/");
  }, [endSession, router]);

  const retrySignOut = useCallback(async () => {
    const token = leftToken.current;
    if (token === null) return;
    setUnconfirmedSignOut((current) => current && { ...current, retrying: true });
    try {
      await call(api.POST("/api/v1/auth/logout", { headers: { Authorization: `Bearer ${token}` } }));
    } catch (error) {
      if (!alreadyInvalid(error)) {
        const reason = unconfirmedReason(error);
        setUnconfirmedSignOut((current) => current && { ...current, reason, retrying: false });
        return;
      }
    }
    leftToken.current = null;
    setUnconfirmedSignOut(null);
    setNotice(SIGNED_OUT);
  }, []);

  const email = session.status === "signed-in" ? session.user.email : null;
  const changePassword = useCallback(
    async (currentPassword: string, newPassword: string) => {
      if (email === null) throw new Error("changePassword needs a signed-in session");
      const body = { current_password: currentPassword, new_password: newPassword };
      await call(api.PUT("/api/v1/auth/password", { body }));
      // The old token stops working now: no refresh with it, no call with it, while the new session starts.
      cancelRefresh.current();
      setAccessToken(null);
      try {
        await signIn(email, newPassword);
        return true;
      } catch {
        endSession(PASSWORD_CHANGED, true);
        router.replace("/");
        return false;
      }
    },
    [email, signIn, endSession, router],
  );

  const value = useMemo(
    () => ({ session, notice, unconfirmedSignOut, signIn, register, signOut, retrySignOut, changePassword }),
    [session, notice, unconfirmedSignOut, signIn, register, signOut, retrySignOut, changePassword],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (value === null) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}

/** The signed-in user; only for components rendered inside <RequireSession>. */
export function useUser(): User {
  const { session } = useSession();
  if (session.status !== "signed-in") throw new Error("useUser needs a signed-in session");
  return session.user;
}
