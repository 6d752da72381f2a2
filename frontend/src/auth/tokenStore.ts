/** The session survives a reload of this tab (sessionStorage), never other tabs or a closed browser. */
const STORAGE_KEY = "orion.session";

export interface StoredToken {
  accessToken: string;
  /** Epoch milliseconds at which the token stops being valid. */
  expiresAt: number;
}

export function tokenFromLogin(accessToken: string, expiresInSeconds: number, now = Date.now()): StoredToken {
  return { accessToken, expiresAt: now + expiresInSeconds * 1000 };
}

export function saveToken(token: StoredToken): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(token));
}

export function clearToken(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
}

/**
 * Forget the token but remember, until the next sign-in, why the session ended: every later page load of this tab
 * (a reload, a typed address) then says so, not only the page the session ended on.
 */
export function markSessionEnded(notice: string): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ended: notice }));
}

/** Why this tab's session ended, when `markSessionEnded` said so (null otherwise). */
export function sessionEndedNotice(): string | null {
  const raw = window.sessionStorage.getItem(STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as { ended?: unknown };
    return typeof parsed.ended === "string" ? parsed.ended : null;
  } catch {
    return null;
  }
}

/** Whether this tab holds a session at all, valid or not (an expired one still says a session was here). */
export function hasStoredToken(): boolean {
  return window.sessionStorage.getItem(STORAGE_KEY) !== null;
}

/** The stored token, or null when there is none, it is malformed, or it has expired. */
export function loadToken(now = Date.now()): StoredToken | null {
  const raw = window.sessionStorage.getItem(STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredToken>;
    if (typeof parsed.accessToken !== "string" || typeof parsed.expiresAt !== "number") return null;
    return parsed.expiresAt > now ? { accessToken: parsed.accessToken, expiresAt: parsed.expiresAt } : null;
  } catch {
    return null;
  }
}
