"use client";

import { type FormEvent, useState } from "react";
import { api, call } from "@/api/client";
import type { AccessTokenCreated, TokenScope } from "@/api/types";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Field } from "@/components/Field";
import { formatDateTime } from "@/lib/format";
import { EXPIRY_CHOICES, SCOPES } from "./scopes";

/**
 * Create a token; its secret is shown here once and never again. `roleCanWrite`: the user's role may start
 * investigations and change documents; without it a token's investigate and write scopes could never work (the server
 * caps a token by its owner's role), so they are not offered.
 */
export function CreateTokenForm({ onCreated, roleCanWrite }: { onCreated: () => void; roleCanWrite: boolean }) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<TokenScope>("read");
  const [days, setDays] = useState<number>(30);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<AccessTokenCreated | null>(null);
  const [copied, setCopied] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    setCopied(false);
    try {
      const token = await call(
        api.POST("/api/v1/auth/tokens", { body: { name: name.trim(), scopes: [scope], expires_in_days: days } }),
      );
      setCreated(token);
      setName("");
      onCreated();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="create-token-title">
      <h2 id="create-token-title">Create a token</h2>
      <form onSubmit={submit} className="stack">
        <div className="form-row">
          <Field label="Name" required maxLength={100} autoComplete="off" value={name}
            hint="Where it is used, e.g. “Claude Desktop on my laptop”." onChange={(event) => setName(event.target.value)} />
          <div className="field">
            <label htmlFor="token-expiry">Expires after</label>
            <select id="token-expiry" value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {choice} days
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset aria-describedby={roleCanWrite ? undefined : "token-scope-capped"}>
          <legend>Scope</legend>
          {SCOPES.map((option) => (
            <div key={option.value} className="radio">
              <input id={`token-scope-${option.value}`} type="radio" name="token-scope" value={option.value}
                checked={scope === option.value} onChange={() => setScope(option.value)}
                disabled={!roleCanWrite && option.value !== "read"} />
              <label htmlFor={`token-scope-${option.value}`}>
                <strong>{option.label}</strong> <span className="muted small scope-hint">{option.description}</span>
              </label>
            </div>
          ))}
          {roleCanWrite ? null : (
            <p id="token-scope-capped" className="hint">
              Investigate and Write need the member or admin role: a token never does more than its owner&apos;s role
              allows, so your tokens can only read.
            </p>
          )}
        </fieldset>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy || name.trim() === ""}
            aria-describedby={name.trim() === "" ? "token-no-name" : undefined}>
            Create token
          </button>
          {/* A disabled button is skipped by Tab and says nothing: the hint says why it is off. */}
          {name.trim() === "" ? (
            <p id="token-no-name" className="hint">
              Name the token to create it.
            </p>
          ) : null}
        </div>
      </form>
      {/* Create token was disabled under the user's focus while it worked: the outcome takes focus, so a screen-reader
          user hears that the one-time secret is here. */}
      {error ? <ErrorAlert error={error} title="The token was not created" focus /> : null}
      {created ? (
        <Alert tone="success" focus>
          <p>
            Token <strong>{created.name}</strong> created (expires {formatDateTime(created.expires_at)}). Copy it now:
            it is shown only once and ORION keeps only a hash of it.
          </p>
          <p>
            <code data-testid="new-token-secret" className="secret">{created.token}</code>
          </p>
          <button type="button" onClick={() => void copy()}>
            {copied ? "Copied" : "Copy to clipboard"}
          </button>
        </Alert>
      ) : null}
    </section>
  );
}
