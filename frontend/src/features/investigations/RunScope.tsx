"use client";

import Link from "next/link";
import { useCallback } from "react";
import { api, call } from "@/api/client";
import { ApiError } from "@/api/errors";
import { UserText } from "@/components/UserText";
import { plural } from "@/lib/format";
import { useAsync } from "@/lib/useAsync";

/** Titles are fetched for this many documents at most; the rest are counted. */
const MAX_NAMED = 20;

type Named = { id: string; title: string | null; gone: boolean };

async function nameDocuments(ids: readonly string[]): Promise<Named[]> {
  return Promise.all(
    ids.slice(0, MAX_NAMED).map(async (id): Promise<Named> => {
      try {
        const path = { path: { document_id: id } };
        const document = await call(api.GET("/api/v1/knowledge/documents/{document_id}", { params: path }));
        return { id, title: document.title, gone: false };
      } catch (error) {
        return { id, title: null, gone: error instanceof ApiError && error.status === 404 };
      }
    }),
  );
}

/**
 * Say that a run's question was limited to some documents, naming them: a refusal then means "not in these", which
 * a later reader would otherwise take for "not in the library".
 */
export function RunScope({ documentIds }: { documentIds: readonly string[] }) {
  const key = documentIds.join(); // ids hold no commas; a new array with the same ids loads nothing again
  const load = useCallback(() => nameDocuments(key === "" ? [] : key.split(",")), [key]);
  const { data } = useAsync(load);
  if (documentIds.length === 0) return null;

  const unnamed = documentIds.length - MAX_NAMED;
  return (
    <p className="run-scope" data-testid="run-scope">
      <strong>Limited to {plural(documentIds.length, "document")}:</strong>{" "}
      {data
        ? data.map((named, index) => (
            <span key={named.id}>
              {index > 0 ? ", " : null}
              {named.title !== null ? (
                <Link href={`/documents/view?id=${encodeURIComponent(named.id)}`}>
                  <UserText text={named.title} />
                </Link>
              ) : (
                <span className="muted">{named.gone ? "a deleted document" : "a document that could not be loaded"}</span>
              )}
            </span>
          ))
        : "…"}
      {data && unnamed > 0 ? ` and ${plural(unnamed, "more")}` : null}
    </p>
  );
}
