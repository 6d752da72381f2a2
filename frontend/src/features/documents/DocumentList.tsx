"use client";

import Link from "next/link";
import { useCallback } from "react";
import { api, callPage } from "@/api/client";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Pager } from "@/components/Pager";
import { isPastLastPage, PastLastPage } from "@/components/PastLastPage";
import { UserText } from "@/components/UserText";
import { formatDateTime } from "@/lib/format";
import { useAsync } from "@/lib/useAsync";
import { VersionStatusBadge } from "./status";
import { useUrlOffset } from "@/lib/useUrlOffset";

const PAGE_SIZE = 20;

/** The organization's documents, newest first, with how often each was retrieved, cited and in refused runs. */
export function DocumentList() {
  const [offset, setOffset] = useUrlOffset("documents");
  const load = useCallback(
    () => callPage(api.GET("/api/v1/knowledge/documents", { params: { query: { limit: PAGE_SIZE, offset } } })),
    [offset],
  );
  const { data, error, loading } = useAsync(load);

  if (error) return <ErrorAlert error={error} title="The documents could not be loaded" />;
  if (!data) return <Loading label="Loading documents…" />;
  if (isPastLastPage(offset, data.total, data.items.length)) {
    return (
      <PastLastPage urlKey="documents" total={data.total} limit={PAGE_SIZE} noun="document" nouns="documents"
        onChange={setOffset} />
    );
  }
  if (data.total === 0) {
    return (
      <EmptyState title="No documents yet">
        <p>Upload a document (PDF, Word, Excel, CSV, HTML, email, Markdown, text or a scanned image) to start asking questions of it.</p>
      </EmptyState>
    );
  }
  return (
    <div aria-busy={loading}>
      <div className="table-scroll">
        <table className="table-stack">
          <caption className="visually-hidden">Documents, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Last indexed</th>
              <th scope="col" className="num">Retrieved</th>
              <th scope="col" className="num">Cited</th>
              <th scope="col" className="num">In refused runs</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((document) => (
              <tr key={document.id}>
                <td>
                  <Link href={`/documents/view?id=${encodeURIComponent(document.id)}`}>
                    <UserText text={document.title} />
                  </Link>
                  <div className="small muted">{document.source}</div>
                </td>
                <td data-label="Type">{document.document_type}</td>
                <td data-label="Status">
                  <VersionStatusBadge status={document.status} />
                </td>
                <td data-label="Last indexed">{formatDateTime(document.last_indexed_at)}</td>
                <td data-label="Retrieved" className="num">{document.usage.times_retrieved}</td>
                <td data-label="Cited" className="num">{document.usage.times_cited}</td>
                <td data-label="In refused runs" className="num">{document.usage.times_in_refused}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Documents" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </div>
  );
}
