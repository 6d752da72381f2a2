import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_REFRESH_MARGIN_MS, refreshDelayMs, scheduleRefresh } from "./refresh";

describe("refreshDelayMs", () => {
  it("refreshes an hour-long token one minute before it expires", () => {
    expect(refreshDelayMs(3_600_000, 0)).toBe(3_600_000 - MAX_REFRESH_MARGIN_MS);
  });

  it("keeps a fifth of a short lifetime as margin, so a short token is not refreshed in a loop", () => {
    expect(refreshDelayMs(60_000, 0)).toBe(48_000);
    expect(refreshDelayMs(5_000, 0)).toBe(4_000);
  });

  it("counts from now, not from when the token was issued", () => {
    expect(refreshDelayMs(1_000_000 + 600_000, 1_000_000)).toBe(540_000);
  });

  it("refreshes at once when the token has already expired", () => {
    expect(refreshDelayMs(1_000, 1_000)).toBe(0);
    expect(refreshDelayMs(1_000, 5_000)).toBe(0);
  });

  it("never asks for a timer longer than setTimeout supports", () => {
    expect(refreshDelayMs(100 * 24 * 3_600_000, 0)).toBe(2_147_483_647);
  });
});

describe("scheduleRefresh", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("calls refresh shortly before expiry and not earlier", () => {
    const refresh = vi.fn();
    scheduleRefresh(900_000, refresh);
    vi.advanceTimersByTime(900_000 - MAX_REFRESH_MARGIN_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("does not refresh after it was cancelled (sign-out)", () => {
    const refresh = vi.fn();
    const cancel = scheduleRefresh(120_000, refresh);
    cancel();
    vi.advanceTimersByTime(200_000);
    expect(refresh).not.toHaveBeenCalled();
  });

  it("uses the clock it is given", () => {
    const setTimer = vi.fn(() => 7 as unknown as ReturnType<typeof setTimeout>);
    const clearTimer = vi.fn();
    const cancel = scheduleRefresh(10_000, () => undefined, { now: () => 5_000, setTimer, clearTimer });
    expect(setTimer).toHaveBeenCalledWith(expect.any(Function), 4_000);
    cancel();
    expect(clearTimer).toHaveBeenCalledWith(7);
  });
});
