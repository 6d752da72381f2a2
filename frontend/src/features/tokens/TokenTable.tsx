"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, call, callPage } from "@/api/client";
import type { AccessToken } from "@/api/types";
import { Alert } from "@/components/Alert";
import { Badge } from "@/components/Badge";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Pager } from "@/components/Pager";
import { isPastLastPage, PastLastPage } from "@/components/PastLastPage";
import { formatDateTime } from "@/lib/format";
import { useAsync } from "@/lib/useAsync";
import { STATUS_TONE } from "./scopes";
import { useUrlOffset } from "@/lib/useUrlOffset";

const PAGE_SIZE = 20;

/** The caller's tokens (or, for an admin's organization view, everyone's): never their secrets. */
export function TokenTable({ organization }: { organization: boolean }) {
  const [offset, setOffset] = useUrlOffset("tokens");
  const [pending, setPending] = useState<AccessToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [revokeError, setRevokeError] = useState<unknown>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const revokedBox = useRef<HTMLDivElement>(null);
  // The revoked row loses its Revoke button, so focus would fall to BODY: the outcome takes it. In a passive effect of
  // this (parent) component, so it runs after the dialog's own effect has closed it and handed focus back.
  useEffect(() => {
    if (revoked) revokedBox.current?.focus();
  }, [revoked]);
  const load = useCallback(
    () =>
      callPage(api.GET("/api/v1/auth/tokens", { params: { query: { limit: PAGE_SIZE, offset, organization } } })),
    [offset, organization],
  );
  const { data, error, reload } = useAsync(load);

  async function revoke() {
    if (!pending) return;
    setBusy(true);
    setRevokeError(null);
    setRevoked(null);
    try {
      await call(api.DELETE("/api/v1/auth/tokens/{token_id}", { params: { path: { token_id: pending.id } } }));
      setRevoked(pending.name);
      setPending(null);
      reload();
    } catch (failure) {
      setRevokeError(failure);
    } finally {
      setBusy(false);
    }
  }

  if (error) return <ErrorAlert error={error} title="The tokens could not be loaded" />;
  if (!data) return <Loading label="Loading tokens…" />;
  if (isPastLastPage(offset, data.total, data.items.length)) {
    return (
      <PastLastPage urlKey="tokens" total={data.total} limit={PAGE_SIZE} noun="token" nouns="tokens"
        onChange={setOffset} />
    );
  }
  if (data.total === 0) return <EmptyState title="No access tokens yet." />;
  return (
    <>
      {revoked ? (
        <div ref={revokedBox} tabIndex={-1}>
          <Alert tone="success">Token “{revoked}” revoked: anything using it can no longer call ORION.</Alert>
        </div>
      ) : null}
      <div className="table-scroll">
        <table className="table-stack">
          <caption className="visually-hidden">Access tokens, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              {organization ? <th scope="col">Owner</th> : null}
              <th scope="col">Scopes</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((token) => (
              <tr key={token.id}>
                <td>{token.name}</td>
                {organization ? <td data-label="Owner">{token.user_email}</td> : null}
                <td data-label="Scopes">{token.scopes.join(", ")}</td>
                <td data-label="Status">
                  <Badge tone={STATUS_TONE[token.status]}>{token.status}</Badge>
                </td>
                <td data-label="Created">{formatDateTime(token.created_at)}</td>
                <td data-label="Last used">{token.last_used_at ? formatDateTime(token.last_used_at) : "never"}</td>
                <td data-label="Expires">{formatDateTime(token.expires_at)}</td>
                <td>
                  {token.status === "active" ? (
                    <button type="button" className="danger" onClick={() => setPending(token)}
                      aria-label={`Revoke ${token.name}`}>
                      Revoke
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Access tokens" offset={offset} limit={PAGE_SIZE} total={data.total} onChange={setOffset} />
      <ConfirmDialog open={pending !== null} title={`Revoke “${pending?.name ?? ""}”?`} confirmLabel="Revoke token"
        busy={busy} onConfirm={() => void revoke()} onCancel={() => setPending(null)}>
        <p>Anything using this token stops working at once. This cannot be undone.</p>
        {revokeError ? <ErrorAlert error={revokeError} title="The token was not revoked" focus /> : null}
      </ConfirmDialog>
    </>
  );
}
