"use client";

import { useState } from "react";
import { api, call } from "@/api/client";
import type { Role, User } from "@/api/types";
import { Alert } from "@/components/Alert";
import { Badge } from "@/components/Badge";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { ErrorAlert } from "@/components/ErrorAlert";
import { formatDateTime } from "@/lib/format";
import { RolePicker } from "./RolePicker";
import { effectiveRole } from "./roles";

/**
 * One user: change their role, deactivate (after confirmation) or reactivate; the API keeps one active admin (409).
 * `lastActiveAdmin`: this row is the signed-in admin and nobody else is an active admin, so Deactivate is off and says
 * why, rather than offering a step the server refuses.
 */
export function UserRow({ user, isSelf, lastActiveAdmin = false, onChanged }: {
  user: User;
  isSelf: boolean;
  lastActiveAdmin?: boolean;
  onChanged: (user: User) => void;
}) {
  // One role, the one that decides (roles nest): a user who holds member and viewer shows as, and saves as, a member.
  const [role, setRole] = useState<Role | null>(effectiveRole(user.roles));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  // Save role is disabled under the user's focus while it works (and after, the role being saved): its outcome takes
  // focus. Deactivate's dialog returns focus to the row's button by itself, so its outcome does not.
  const [rolesOutcome, setRolesOutcome] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const lastAdminId = `last-admin-${user.id}`;
  const roleChanged = role !== null && role !== effectiveRole(user.roles);

  async function run(request: () => Promise<User>, onRefused?: () => void, onSaved?: (user: User) => void) {
    setBusy(true);
    setError(null);
    setSaved(null);
    setRolesOutcome(onSaved !== undefined);
    try {
      const updated = await request();
      setRole(effectiveRole(updated.roles));
      onSaved?.(updated);
      onChanged(updated);
    } catch (failure) {
      setError(failure);
      onRefused?.();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  const path = { path: { user_id: user.id } };
  const saveRoles = () =>
    run(
      () => call(api.PUT("/api/v1/admin/users/{user_id}/roles", { params: path, body: { roles: role ? [role] : [] } })),
      // A refused change leaves the saved role in force: the picker shows that, not the refused choice.
      () => setRole(effectiveRole(user.roles)),
      (updated) => setSaved(`Role of ${updated.email} saved: ${effectiveRole(updated.roles) ?? updated.roles.join(", ")}.`),
    );
  const setActive = (isActive: boolean) =>
    run(() => call(api.PATCH("/api/v1/admin/users/{user_id}", { params: path, body: { is_active: isActive } })));

  return (
    <tr>
      <td>
        {user.email}
        {isSelf ? <span className="small muted"> (you)</span> : null}
        <div className="small muted">added {formatDateTime(user.created_at)}</div>
      </td>
      <td data-label="Role">
        <RolePicker compact legend={`Role of ${user.email}`} idPrefix={`roles-${user.id}`} value={role} onChange={setRole} />
        <button type="button" disabled={busy || !roleChanged} onClick={() => void saveRoles()}>
          Save role
        </button>
        {saved ? <Alert tone="success" focus>{saved}</Alert> : null}
      </td>
      <td data-label="Status">
        {user.is_active ? <Badge tone="good">active</Badge> : <Badge tone="neutral">deactivated</Badge>}
      </td>
      <td data-label="Access">
        {user.is_active ? (
          <>
            <button type="button" className="danger" disabled={busy || lastActiveAdmin}
              aria-describedby={lastActiveAdmin ? lastAdminId : undefined} onClick={() => setConfirming(true)}>
              Deactivate
            </button>
            {lastActiveAdmin ? (
              <p id={lastAdminId} className="hint">
                You are the only active admin: make someone else an admin before you deactivate yourself.
              </p>
            ) : null}
          </>
        ) : (
          <button type="button" disabled={busy} onClick={() => void setActive(true)}>
            Reactivate
          </button>
        )}
        {error ? <ErrorAlert error={error} focus={rolesOutcome} /> : null}
        <ConfirmDialog open={confirming} title={`Deactivate ${user.email}?`} confirmLabel="Deactivate user" busy={busy}
          onConfirm={() => void setActive(false)} onCancel={() => setConfirming(false)}>
          <p>
            {isSelf ? "You are" : "They are"} signed out at once and cannot sign in until an admin reactivates the
            account. {isSelf ? "Your" : "Their"} access tokens stop working for good.
          </p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
