"use client";

import { useCallback } from "react";
import { api, call } from "@/api/client";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { useAsync } from "@/lib/useAsync";

/** Load a version's normalized text (what chunk offsets and claim spans index into). */
export function fetchVersionText(documentId: string, versionId: string): Promise<string> {
  return call(
    api.GET("/api/v1/knowledge/documents/{document_id}/versions/{version_id}/text", {
      params: { path: { document_id: documentId, version_id: versionId } },
      parseAs: "text",
    }),
  );
}

export function VersionText({ documentId, versionId }: { documentId: string; versionId: string }) {
  const load = useCallback(() => fetchVersionText(documentId, versionId), [documentId, versionId]);
  const { data, error } = useAsync(load);

  if (error) return <ErrorAlert error={error} title="The text could not be loaded" />;
  if (data === undefined) return <Loading label="Loading the text…" />;
  if (data.trim() === "") return <EmptyState title="This version has no text." />;
  return (
    <pre className="full-text" tabIndex={0} aria-label="Normalized text of the version">
      {data}
    </pre>
  );
}
