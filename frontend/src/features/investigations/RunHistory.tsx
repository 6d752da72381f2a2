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
import { formatDateTime, plural } from "@/lib/format";
import { useAsync } from "@/lib/useAsync";
import { OutcomeBadge, runDocumentIds, runQuestion } from "./runStatus";
import { useUrlOffset } from "@/lib/useUrlOffset";

const PAGE_SIZE = 20;

/**
 * Past investigations, newest first. No step count: every run of a workflow has the same steps, so "2/5" said nothing
 * a reader could use; the outcome says how a run ended, and its page lists its steps.
 */
export function RunHistory() {
  const [offset, setOffset] = useUrlOffset("runs");
  const load = useCallback(
    () => callPage(api.GET("/api/v1/runs", { params: { query: { limit: PAGE_SIZE, offset } } })),
    [offset],
  );
  const { data, error, loading } = useAsync(load);

  if (error) return <ErrorAlert error={error} title="The investigations could not be loaded" />;
  if (!data) return <Loading label="Loading investigations…" />;
  if (isPastLastPage(offset, data.total, data.items.length)) {
    return (
      <PastLastPage urlKey="runs" total={data.total} limit={PAGE_SIZE} noun="investigation" nouns="investigations"
        onChange={setOffset} />
    );
  }
  if (data.total === 0) {
    return (
      <EmptyState title="No investigations yet">
        <p>Ask a question above; every run is kept here with its evidence.</p>
      </EmptyState>
    );
  }
  return (
    <div aria-busy={loading}>
      <div className="table-scroll">
        <table className="table-stack">
          <caption className="visually-hidden">Investigations, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Outcome</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((run) => (
              <tr key={run.id}>
                <td>
                  <Link href={`/investigations/view?id=${encodeURIComponent(run.id)}`} className="run-question">
                    <UserText text={runQuestion(run)} />
                  </Link>
                  {runDocumentIds(run).length > 0 ? (
                    <div className="small muted">limited to {plural(runDocumentIds(run).length, "document")}</div>
                  ) : null}
                </td>
                <td data-label="Outcome">
                  <OutcomeBadge run={run} />
                </td>
                <td data-label="Started">{formatDateTime(run.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Investigations" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </div>
  );
}
