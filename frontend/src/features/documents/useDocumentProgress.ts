"use client";

import { useEffect, useState } from "react";
import { api, call } from "@/api/client";
import type { DocumentDetail } from "@/api/types";

const POLL_MS = 1500;

/** Load a document and poll it while any of its versions is still processing. */
export function useDocumentProgress(documentId: string | null): {
  detail: DocumentDetail | undefined;
  error: unknown;
} {
  const [detail, setDetail] = useState<DocumentDetail | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (documentId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const fresh = await call(
          api.GET("/api/v1/knowledge/documents/{document_id}", { params: { path: { document_id: documentId } } }),
        );
        if (stopped) return;
        setDetail(fresh);
        setError(null);
        if (fresh.versions.some((version) => version.status === "processing")) timer = setTimeout(poll, POLL_MS);
      } catch (failure) {
        if (!stopped) setError(failure);
      }
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [documentId]);

  return { detail, error };
}
