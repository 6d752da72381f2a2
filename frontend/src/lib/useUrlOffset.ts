"use client";

import { useCallback, useEffect, useState } from "react";

function readOffset(key: string): number {
  if (typeof window === "undefined") return 0;
  const value = Number(new URLSearchParams(window.location.search).get(key));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** The current address with the list `key` at `offset` (no parameter for the first page). */
export function addressWithOffset(key: string, offset: number): URL {
  const url = new URL(window.location.href);
  if (offset > 0) url.searchParams.set(key, String(offset));
  else url.searchParams.delete(key);
  return url;
}

/**
 * A list's page offset kept in the address (`?documents=40`): a reload stays on that page, a page turn is a history
 * entry, and Back returns to the page before. `key` names the list, so two lists on one page keep their own pages.
 */
export function useUrlOffset(key: string): [number, (offset: number) => void] {
  const [offset, setOffset] = useState(() => readOffset(key));
  useEffect(() => {
    const follow = () => setOffset(readOffset(key));
    follow();
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, [key]);
  const change = useCallback(
    (next: number) => {
      window.history.pushState(window.history.state, "", addressWithOffset(key, next));
      setOffset(next);
    },
    [key],
  );
  return [offset, change];
}
