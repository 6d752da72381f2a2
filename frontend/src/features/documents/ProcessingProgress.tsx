"use client";

import { useEffect } from "react";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { latestVersion } from "./status";
import { useDocumentProgress } from "./useDocumentProgress";

/** Follow a 202 upload until its version is indexed or failed, then tell the caller once. */
export function ProcessingProgress({ documentId, onSettled }: { documentId: string; onSettled: () => void }) {
  const { detail, error } = useDocumentProgress(documentId);
  const version = detail ? latestVersion(detail.versions) : null;
  const settled = version !== null && version.status !== "processing";

  useEffect(() => {
    if (settled) onSettled();
  }, [settled, onSettled]);

  if (error) return <ErrorAlert error={error} title="Could not follow the indexing" />;
  if (!version || version.status === "processing") {
    const percent = Math.round((version?.progress ?? 0) * 100);
    return (
      <div className="progress-row">
        <label htmlFor={`indexing-${documentId}`}>Indexing… {percent}%</label>
        <progress id={`indexing-${documentId}`} max={100} value={percent} />
      </div>
    );
  }
  if (version.status === "failed") {
    return (
      <Alert tone="error" title="Indexing failed">
        <p>{version.status_reason ?? "The server gave no reason."}</p>
      </Alert>
    );
  }
  return (
    <Alert tone="success" title="Indexed">
      <p>
        Version {version.version_number} is indexed with {version.chunk_count}{" "}
        {version.chunk_count === 1 ? "chunk" : "chunks"}.
      </p>
    </Alert>
  );
}
