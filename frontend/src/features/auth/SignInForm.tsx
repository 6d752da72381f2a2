"use client";

import Link from "next/link";
import { type FormEvent, useState } from "react";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Field } from "@/components/Field";
import { type UnconfirmedSignOut, useSession } from "@/auth/SessionProvider";
import { formatDateTime } from "@/lib/format";
import { useFormError } from "./useFormError";

export function SignInForm() {
  const { signIn, notice, unconfirmedSignOut, retrySignOut } = useSession();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, setError, edit } = useFormError();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <section className="auth-card" aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">Sign in to ORION</h1>
      <p className="muted">Ask questions of your documents. Every answer quotes its source, or says the evidence is not there.</p>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
      {unconfirmedSignOut ? <UnconfirmedSignOutAlert pending={unconfirmedSignOut} retry={retrySignOut} /> : null}
      {error ? <ErrorAlert error={error} title="Sign-in failed" focus /> : null}
      <form onSubmit={submit} className="stack">
        <Field label="Email" type="email" name="email" autoComplete="username" required value={email}
          onChange={(event) => edit(setEmail, event.target.value)} />
        <Field label="Password" type="password" name="password" autoComplete="current-password" required
          value={password} onChange={(event) => edit(setPassword, event.target.value)} />
        <button type="submit" className="primary" disabled={busy}>
          Sign in
        </button>
      </form>
      <p>
        New to ORION? <Link href="/register">Create an account</Link>
      </p>
    </section>
  );
}

/** The session is gone from this browser, but the server did not end it: say so, and offer to ask it again. */
function UnconfirmedSignOutAlert({ pending, retry }: { pending: UnconfirmedSignOut; retry: () => Promise<void> }) {
  return (
    <Alert tone="warning" title="Signed out in this browser only">
      <p>
        {pending.reason}, so your session may stay valid on the server until it expires (
        {formatDateTime(new Date(pending.expiresAt).toISOString())}).
      </p>
      <button type="button" disabled={pending.retrying} onClick={() => void retry()}>
        {pending.retrying ? "Signing out…" : "Try signing out on the server again"}
      </button>
    </Alert>
  );
}
