"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { api, call, setAccessToken, setUnauthorizedHandler } from "@/api/client";
import { ApiError } from "@/api/errors";
import type { User } from "@/api/types";
import { scheduleRefresh } from "./refresh";
import { clearToken, loadToken, saveToken, type StoredToken, tokenFromLogin } from "./tokenStore";

export type SessionState =
  | { status: "loading" }
  // `signedOut`: the user chose to sign out, so the next sign-in starts afresh rather than on their last page.
  | { status: "anonymous"; signedOut?: boolean }
  | { status: "signed-in"; user: User };

interface SessionValue {
  session: SessionState;
  /** A message for the sign-in page: why the session ended, or that it did. */
  notice: string | null;
  signIn: (email: string, password: string) => Promise<void>;
  register: (email: string, password: string, workspace: string | null) => Promise<void>;
  signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

const SESSION_ENDED = "Your session has ended. Please sign in again.";
const REFRESH_RETRY_MS = 15_000;

export function SessionProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [session, setSession] = useState<SessionState>({ status: "loading" });
  const [notice, setNotice] = useState<string | null>(null);
  const cancelRefresh = useRef<() => void>(() => undefined);

  const endSession = useCallback((message: string | null, signedOut = false) => {
    cancelRefresh.current();
    setAccessToken(null);
    clearToken();
    setSession({ status: "anonymous", signedOut });
    setNotice(message);
  }, []);

  const adopt = useCallback(
    (token: StoredToken) => {
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
            endSession(SESSION_ENDED);
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
      clearToken();
      setSession({ status: "anonymous" });
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
    try {
      await call(api.POST("/api/v1/auth/logout"));
    } catch {
      // The token is dropped either way; a failed logout call must not keep anyone signed in here.
    }
    endSession("You have signed out.", true);
    router.replace("/");
  }, [endSession, router]);

  const value = useMemo(
    () => ({ session, notice, signIn, register, signOut }),
    [session, notice, signIn, register, signOut],
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
