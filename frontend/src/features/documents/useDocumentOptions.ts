"use client";

import { useCallback } from "react";
import { api, callPage } from "@/api/client";
import { allPages } from "@/lib/allPages";
import { useAsync } from "@/lib/useAsync";

/** The API's largest resource page. */
const PAGE_SIZE = 50;
/** Documents offered as filters at most; past it the newest are offered and the page says how many exist. */
const MAX_OPTIONS = 1000;

/** The organization's documents, newest first, as choices for a "limit to this document" filter. */
export function useDocumentOptions() {
  const load = useCallback(
    () =>
      allPages(
        (offset, limit) =>
          callPage(api.GET("/api/v1/knowledge/documents", { params: { query: { limit, offset } } })),
        PAGE_SIZE,
        MAX_OPTIONS,
      ),
    [],
  );
  const { data, error } = useAsync(load);
  // `loaded`: the list has arrived or failed (an empty `documents` alone cannot tell "none" from "not yet").
  return { documents: data?.items ?? [], total: data?.total ?? 0, error, loaded: data !== undefined || Boolean(error) };
}
