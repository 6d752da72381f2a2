"use client";

import type { MouseEvent } from "react";
import { plural } from "@/lib/format";
import { addressWithOffset } from "@/lib/useUrlOffset";
import { EmptyState } from "./EmptyState";

/** True when a list page starts after the list's last item (an old bookmark, or a list that shrank). */
export function isPastLastPage(offset: number, total: number, shown: number): boolean {
  return shown === 0 && total > 0 && offset >= total;
}

/** The offset of the page that holds the list's last item. */
export function lastPageOffset(total: number, limit: number): number {
  return total <= 0 ? 0 : Math.floor((total - 1) / limit) * limit;
}

/**
 * Say that a page is past the end of its list, with a link to its last page: an empty table under "1001–27 of 27"
 * looked like a list that had lost its items.
 */
export function PastLastPage({ urlKey, total, limit, noun, nouns, onChange }: {
  urlKey: string;
  total: number;
  limit: number;
  noun: string;
  nouns: string;
  onChange: (offset: number) => void;
}) {
  const last = lastPageOffset(total, limit);
  const target = addressWithOffset(urlKey, last);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return; // a new tab or window
    event.preventDefault();
    onChange(last);
  };
  return (
    <EmptyState title={`No ${nouns} on this page`}>
      <p>
        This page starts after the end of the list, which holds {plural(total, noun, nouns)}.{" "}
        <a href={`${target.pathname}${target.search}`} onClick={follow}>
          Go to the last page ({last + 1}–{total})
        </a>
      </p>
    </EmptyState>
  );
}
