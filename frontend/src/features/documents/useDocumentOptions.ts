"use client";

import { useCallback } from "react";
import { api, callPage } from "@/api/client";
import { useAsync } from "@/lib/useAsync";

/** The API's largest resource page: the newest 50 documents are offered as filters. */
const OPTION_LIMIT = 50;

/** The newest documents, as choices for a "limit to this document" filter. */
export function useDocumentOptions() {
  const load = useCallback(
    () => callPage(api.GET("/api/v1/knowledge/documents", { params: { query: { limit: OPTION_LIMIT } } })),
    [],
  );
  const { data, error } = useAsync(load);
  return { documents: data?.items ?? [], total: data?.total ?? 0, error };
}
