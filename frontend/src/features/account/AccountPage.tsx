"use client";

import { useUser } from "@/auth/SessionProvider";
import { formatDateTime } from "@/lib/format";
import { workspaceLabel } from "@/lib/workspace";
import { ChangePasswordForm } from "./ChangePasswordForm";

/** The signed-in user's own account: who they are here, and their password. */
export function AccountPage() {
  const user = useUser();
  return (
    <>
      <h1>Your account</h1>
      <dl className="account-facts">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Workspace</dt>
        <dd title={user.organization_name}>{workspaceLabel(user.organization_name)}</dd>
        <dt>Roles</dt>
        <dd>{user.roles.join(", ")}</dd>
        <dt>Member since</dt>
        <dd>{formatDateTime(user.created_at)}</dd>
      </dl>
      <ChangePasswordForm />
    </>
  );
}
