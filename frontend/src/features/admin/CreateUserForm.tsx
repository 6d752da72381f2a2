"use client";

import { type FormEvent, useState } from "react";
import { api, call } from "@/api/client";
import type { Role } from "@/api/types";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Field } from "@/components/Field";
import { RolePicker } from "./RolePicker";
import { describeRole, effectiveRole } from "./roles";

export function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      const user = await call(api.POST("/api/v1/admin/users", { body: { email: email.trim(), password, roles: [role] } }));
      // Named from what the server granted, not from the form: the message is the record of what was done.
      const granted = effectiveRole(user.roles);
      setCreated(`${user.email} can now sign in as ${granted ? describeRole(granted) : user.roles.join(", ")}.`);
      setEmail("");
      setPassword("");
      setRole("member");
      onCreated();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="create-user-title">
      <h2 id="create-user-title">Add a user</h2>
      <form onSubmit={submit} className="stack">
        <div className="form-row">
          <Field label="Email" type="email" required autoComplete="off" className="input-email" value={email}
            onChange={(event) => setEmail(event.target.value)} />
          <Field label="Initial password" type="password" required minLength={8} maxLength={256}
            autoComplete="new-password" hint="8 to 256 characters; share it with them privately." value={password}
            onChange={(event) => setPassword(event.target.value)} />
        </div>
        <RolePicker legend="Role" idPrefix="new-user-role" value={role} onChange={setRole} />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Adding…" : "Add user"}
          </button>
        </div>
      </form>
      {/* Add user was disabled under the user's focus while it worked: the outcome takes focus, so it is heard. */}
      {error ? <ErrorAlert error={error} title="The user was not added" focus /> : null}
      {created ? <Alert tone="success" focus>{created}</Alert> : null}
    </section>
  );
}
