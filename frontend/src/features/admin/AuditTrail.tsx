"use client";

import { useCallback } from "react";
import { api, callPage } from "@/api/client";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Pager } from "@/components/Pager";
import { isPastLastPage, PastLastPage } from "@/components/PastLastPage";
import { formatDateTime } from "@/lib/format";
import { useAsync } from "@/lib/useAsync";
import { useUrlOffset } from "@/lib/useUrlOffset";

const PAGE_SIZE = 20;

/** Role changes, user creation and deactivation, deletions and purges, newest first. */
export function AuditTrail() {
  const [offset, setOffset] = useUrlOffset("audit");
  const load = useCallback(
    () => callPage(api.GET("/api/v1/admin/audit", { params: { query: { limit: PAGE_SIZE, offset } } })),
    [offset],
  );
  const { data, error } = useAsync(load);

  if (error) return <ErrorAlert error={error} title="The audit trail could not be loaded" />;
  if (!data) return <Loading label="Loading the audit trail…" />;
  if (isPastLastPage(offset, data.total, data.items.length)) {
    return (
      <PastLastPage urlKey="audit" total={data.total} limit={PAGE_SIZE} noun="audit entry" nouns="audit entries"
        onChange={setOffset} />
    );
  }
  if (data.total === 0) return <EmptyState title="Nothing has been audited yet." />;
  return (
    <>
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">Audit trail, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Actor</th>
              <th scope="col">Target</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((event) => (
              <tr key={event.id}>
                <td>{formatDateTime(event.created_at)}</td>
                <td>
                  <code>{event.action}</code>
                </td>
                <td>
                  <code title={event.actor_id ?? undefined}>{event.actor_id ? event.actor_id.slice(0, 8) : "system"}</code>
                </td>
                <td>
                  <code title={event.target ?? undefined}>{event.target ?? "—"}</code>
                </td>
                <td className="small">{event.details ? <code>{JSON.stringify(event.details)}</code> : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Audit trail" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </>
  );
}
