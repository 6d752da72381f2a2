"use client";

import { type FormEvent, useState } from "react";
import { useSession } from "@/auth/SessionProvider";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Field } from "@/components/Field";
import { useFormError } from "@/features/auth/useFormError";

const MISMATCH = new Error("The new password and its confirmation differ; type the same new password twice.");

/**
 * Change the password (PUT /auth/password). The server ends every older session and access token, so the form
 * signs in again with the new password and says what stopped working.
 */
export function ChangePasswordForm() {
  const { changePassword } = useSession();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const [attempt, setAttempt] = useState(0); // each submit's outcome is a new message, focused when shown
  const { error, setError, edit } = useFormError();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChanged(false);
    setAttempt((count) => count + 1);
    if (next !== confirmation) {
      setError(MISMATCH);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (await changePassword(current, next)) {
        setChanged(true);
        setCurrent("");
        setNext("");
        setConfirmation("");
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const type = (set: (value: string) => void, value: string) => {
    setChanged(false);
    edit(set, value);
  };
  return (
    <section className="panel" aria-labelledby="password-title">
      <h2 id="password-title">Change password</h2>
      <form onSubmit={submit} className="stack narrow-form">
        <Field label="Current password" type="password" autoComplete="current-password" required value={current}
          onChange={(event) => type(setCurrent, event.target.value)} />
        <Field label="New password" type="password" autoComplete="new-password" required minLength={8} maxLength={256}
          hint="8 to 256 characters." value={next}
          onChange={(event) => type(setNext, event.target.value)} />
        <Field label="Confirm new password" type="password" autoComplete="new-password" required maxLength={256}
          value={confirmation} onChange={(event) => type(setConfirmation, event.target.value)} />
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
      {error ? <ErrorAlert key={attempt} error={error} title="The password was not changed" focus /> : null}
      {changed ? (
        <Alert key={attempt} tone="success" title="Your password was changed" focus>
          <p>
            You are signed in again with it here. Every other session of yours and every access token you created has
            stopped working: sign in again elsewhere, and create new tokens for your scripts.
          </p>
        </Alert>
      ) : null}
    </section>
  );
}
