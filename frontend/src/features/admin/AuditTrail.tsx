"use client";

import { useCallback } from "react";
import { api, callPage, type Page } from "@/api/client";
import type { AuditEvent } from "@/api/types";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Pager } from "@/components/Pager";
import { isPastLastPage, PastLastPage } from "@/components/PastLastPage";
import { formatDateTime } from "@/lib/format";
import { useAsync } from "@/lib/useAsync";
import { useUrlOffset } from "@/lib/useUrlOffset";
import { actionLabel, detailsText } from "./auditText";
import { emailsOf, userIdsIn } from "./userEmails";

const PAGE_SIZE = 20;

interface AuditPage extends Page<AuditEvent> {
  /** User id -> email for the people this page names; `null` when the user list could not be read. */
  emails: ReadonlyMap<string, string> | null;
}

/** A user by email, the raw id kept in the tooltip; the id itself when the user is not (or no longer) known. */
function Person({ id, emails }: { id: string; emails: ReadonlyMap<string, string> | null }) {
  const email = emails?.get(id);
  if (email) return <span title={id}>{email}</span>;
  return <code title={id}>{id}</code>;
}

/** Role changes, user creation and deactivation, deletions and purges, newest first. */
export function AuditTrail() {
  const [offset, setOffset] = useUrlOffset("audit");
  const load = useCallback(async (): Promise<AuditPage> => {
    const page = await callPage(api.GET("/api/v1/admin/audit", { params: { query: { limit: PAGE_SIZE, offset } } }));
    // The people are a nicety: when the user list cannot be read, the trail still shows, with ids.
    const emails = await emailsOf(userIdsIn(page.items)).catch(() => null);
    return { ...page, emails };
  }, [offset]);
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
      {data.emails === null ? (
        <p className="hint">The user list could not be read, so people are shown by their ids.</p>
      ) : null}
      <div className="table-scroll">
        <table className="table-stack">
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
                {/* Plain words for people; the code and the raw JSON stay in the titles for whoever needs them. */}
                <td data-label="Action" title={event.action}>{actionLabel(event.action)}</td>
                <td data-label="Actor">{event.actor_id ? <Person id={event.actor_id} emails={data.emails} /> : "system"}</td>
                <td data-label="Target">{event.target ? <Person id={event.target} emails={data.emails} /> : "—"}</td>
                <td data-label="Details" className="small" title={event.details ? JSON.stringify(event.details) : undefined}>
                  {detailsText(event.details) ?? "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Audit trail" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
    </>
  );
}
