"use client";

import { useState } from "react";
import { api, call } from "@/api/client";
import type { Role, User } from "@/api/types";
import { Badge } from "@/components/Badge";
import { ErrorAlert } from "@/components/ErrorAlert";
import { formatDateTime } from "@/lib/format";
import { RolePicker } from "./RolePicker";
import { knownRoles } from "./roles";

/** One user: change roles, deactivate or reactivate (the API keeps one active admin and says so with 409). */
export function UserRow({ user, isSelf, onChanged }: { user: User; isSelf: boolean; onChanged: (user: User) => void }) {
  const [roles, setRoles] = useState<Role[]>(knownRoles(user.roles));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const rolesChanged = [...roles].sort().join() !== [...user.roles].sort().join();

  async function run(request: () => Promise<User>) {
    setBusy(true);
    setError(null);
    try {
      const updated = await request();
      setRoles(knownRoles(updated.roles));
      onChanged(updated);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const path = { path: { user_id: user.id } };
  return (
    <tr>
      <td>
        {user.email}
        {isSelf ? <span className="small muted"> (you)</span> : null}
        <div className="small muted">added {formatDateTime(user.created_at)}</div>
      </td>
      <td>
        <RolePicker compact legend={`Roles of ${user.email}`} idPrefix={`roles-${user.id}`} value={roles} onChange={setRoles} />
        <button type="button" disabled={busy || !rolesChanged || roles.length === 0}
          onClick={() => void run(() => call(api.PUT("/api/v1/admin/users/{user_id}/roles", { params: path, body: { roles } })))}>
          Save roles
        </button>
      </td>
      <td>
        {user.is_active ? <Badge tone="good">active</Badge> : <Badge tone="neutral">deactivated</Badge>}
      </td>
      <td>
        <button type="button" className={user.is_active ? "danger" : undefined} disabled={busy}
          onClick={() =>
            void run(() =>
              call(api.PATCH("/api/v1/admin/users/{user_id}", { params: path, body: { is_active: !user.is_active } })),
            )
          }>
          {user.is_active ? "Deactivate" : "Reactivate"}
        </button>
        {error ? <ErrorAlert error={error} /> : null}
      </td>
    </tr>
  );
}
