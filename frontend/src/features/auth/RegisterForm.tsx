"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Field } from "@/components/Field";
import { useSession } from "@/auth/SessionProvider";
import { useFormError } from "./useFormError";

/** The API's limit on a workspace (organization) name: RegisterRequest.workspace, maxLength 255 in openapi.json. */
export const WORKSPACE_NAME_MAX = 255;

export function RegisterForm() {
  const { register } = useSession();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [workspace, setWorkspace] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, setError, edit } = useFormError();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await register(email.trim(), password, workspace.trim() === "" ? null : workspace.trim());
      router.replace("/documents");
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create an account</h1>
      {error ? <ErrorAlert error={error} title="The account was not created" focus /> : null}
      <form onSubmit={submit} className="stack">
        <Field label="Email" type="email" name="email" autoComplete="username" required value={email}
          onChange={(event) => edit(setEmail, event.target.value)} />
        <Field label="Password" type="password" name="password" autoComplete="new-password" required minLength={8}
          maxLength={256} hint="8 to 256 characters." value={password}
          onChange={(event) => edit(setPassword, event.target.value)} />
        <Field label="Workspace (optional)" name="workspace" maxLength={WORKSPACE_NAME_MAX}
          hint={`Name a new workspace (up to ${WORKSPACE_NAME_MAX} characters), or leave empty for a private one. You become its admin; others join only when an admin adds them.`}
          value={workspace} onChange={(event) => edit(setWorkspace, event.target.value)} />
        <button type="submit" className="primary" disabled={busy}>
          Create account
        </button>
      </form>
      <p>
        Already registered? <Link href="/">Sign in</Link>
      </p>
    </section>
  );
}
