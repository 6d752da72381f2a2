"use client";

import { useCallback, useState } from "react";
import { useUser } from "@/auth/SessionProvider";
import { workspaceLabel } from "@/lib/workspace";
import { AuditTrail } from "./AuditTrail";
import { CreateUserForm } from "./CreateUserForm";
import { UserTable } from "./UserTable";

export function AdminPage() {
  const me = useUser();
  // Remount keys: a new user appears on the first page; any change adds an audit entry.
  const [usersKey, setUsersKey] = useState(0);
  const [auditKey, setAuditKey] = useState(0);
  const userAdded = useCallback(() => {
    setUsersKey((key) => key + 1);
    setAuditKey((key) => key + 1);
  }, []);
  const userChanged = useCallback(() => setAuditKey((key) => key + 1), []);

  return (
    <>
      <h1 title={me.organization_name}>Admin · {workspaceLabel(me.organization_name)}</h1>
      <CreateUserForm onCreated={userAdded} />
      <section aria-labelledby="users-title">
        <h2 id="users-title">Users</h2>
        <UserTable key={usersKey} onChanged={userChanged} />
      </section>
      <section aria-labelledby="audit-title">
        <h2 id="audit-title">Audit trail</h2>
        <AuditTrail key={auditKey} />
      </section>
    </>
  );
}
