/** Refresh at most this long before expiry, and never later than four fifths into the remaining lifetime. */
export const MAX_REFRESH_MARGIN_MS = 60_000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** How long to wait before refreshing a token that expires at `expiresAt` (both epoch milliseconds). */
export function refreshDelayMs(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  if (remaining <= 0) return 0;
  const margin = Math.min(MAX_REFRESH_MARGIN_MS, remaining / 5);
  return Math.min(MAX_TIMER_MS, Math.floor(remaining - margin));
}

export interface RefreshClock {
  now: () => number;
  setTimer: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer: (timer: ReturnType<typeof setTimeout>) => void;
}

const realClock: RefreshClock = {
  now: () => Date.now(),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (timer) => clearTimeout(timer),
};

/** Call `refresh` shortly before `expiresAt`; returns a function that cancels it. */
export function scheduleRefresh(expiresAt: number, refresh: () => void, clock: RefreshClock = realClock): () => void {
  const timer = clock.setTimer(refresh, refreshDelayMs(expiresAt, clock.now()));
  return () => clock.clearTimer(timer);
}
