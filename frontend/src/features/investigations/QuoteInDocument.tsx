"use client";

import { useCallback, useEffect, useRef } from "react";
import { ApiError } from "@/api/errors";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { HighlightedText } from "@/components/HighlightedText";
import { Loading } from "@/components/Loading";
import type { Span } from "@/lib/highlight";
import { useAsync } from "@/lib/useAsync";
import { cachedVersionText } from "./versionTextCache";

/** The document's full normalized text with the quote marked, scrolled so the mark is in view. */
export function QuoteInDocument({ id, documentId, versionId, span }: {
  id: string;
  documentId: string;
  versionId: string;
  span: Span;
}) {
  const load = useCallback(() => cachedVersionText(documentId, versionId), [documentId, versionId]);
  const { data, error } = useAsync(load);
  const mark = useRef<HTMLElement>(null);

  useEffect(() => {
    mark.current?.scrollIntoView({ block: "center", behavior: "instant" });
  }, [data]);

  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert tone="info" title="The document is gone">
        <p>It was deleted after this investigation; the quote above is kept in the run&apos;s record.</p>
      </Alert>
    );
  }
  if (error) return <ErrorAlert error={error} title="The document text could not be loaded" />;
  if (data === undefined) return <Loading label="Loading the document text…" />;
  return (
    <pre id={id} className="full-text" tabIndex={0} aria-label="The quote in the document's full text">
      <HighlightedText text={data} spans={[span]} firstMarkRef={mark} />
    </pre>
  );
}
