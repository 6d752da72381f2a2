"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { api, call } from "@/api/client";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { UserText } from "@/components/UserText";
import { useDocumentOptions } from "@/features/documents/useDocumentOptions";
import { randomKey } from "@/lib/randomKey";
import { CancelRun } from "./CancelRun";
import { RunSteps } from "./RunSteps";
import { fetchRecentRuns } from "./runsApi";
import { type PendingRun, useLiveRun } from "./useLiveRun";

const WORKFLOW = "evidence_briefing";
const MAX_QUERY = 2000;
/** From here on the form counts the characters left, so a long paste is never a surprise at the limit. */
const COUNT_FROM = 1600;

/** Characters as the server counts them (code points, not UTF-16 units), of the question as it is sent. */
function questionLength(query: string): number {
  return [...query.trim()].length;
}

/** Ask a question; the run executes within the request, its steps are shown as they complete. */
export function AskForm() {
  const router = useRouter();
  const { documents } = useDocumentOptions();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingRun | null>(null);
  const [error, setError] = useState<unknown>(null);
  const live = useLiveRun(pending);
  const running = pending !== null && error === null;
  const length = questionLength(query);
  const tooLong = length > MAX_QUERY;
  // Set before the first await: a double click or a repeated Ctrl+Enter arrives before `running` has rendered the
  // button disabled, and must not start a second run of the same question.
  const submitting = useRef(false);
  // The run ends when POST /runs answers, which may be long after the user went to another page: only a form still
  // on screen takes them to the result.
  const onScreen = useRef(false);
  useEffect(() => {
    onScreen.current = true;
    return () => {
      onScreen.current = false;
    };
  }, []);

  function toggle(documentId: string, checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(documentId);
      else next.delete(documentId);
      return next;
    });
  }

  function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!running && query.trim() !== "" && !tooLong) event.currentTarget.form?.requestSubmit();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current || tooLong) return;
    submitting.current = true;
    const question = query.trim();
    setError(null);
    try {
      // Progress is a courtesy: without the run history to compare against, the run still goes ahead.
      const known = await fetchRecentRuns().then(
        (runs) => new Set(runs.map((run) => run.id)),
        () => null,
      );
      const documentIds = [...selected];
      setPending({ query: question, documentIds, knownIds: known });
      const run = await call(
        api.POST("/api/v1/runs", {
          body: {
            workflow_type: WORKFLOW,
            input: { query: question, ...(documentIds.length > 0 ? { document_ids: documentIds } : {}) },
            idempotency_key: randomKey(),
          },
        }),
      );
      if (onScreen.current) router.push(`/investigations/view?id=${encodeURIComponent(run.id)}`);
    } catch (failure) {
      setError(failure);
      setPending(null);
      submitting.current = false; // a failed run may be asked again; an answered one leaves this page
    }
  }

  return (
    <section className="panel" aria-labelledby="ask-title">
      <h2 id="ask-title">Ask a question</h2>
      <form onSubmit={submit} className="stack">
        <div className="field">
          <label htmlFor="ask-query">Question</label>
          {/* No maxLength: it cut a long paste mid-word without a word. The text stays whole, and too long is said. */}
          <textarea id="ask-query" rows={3} required value={query} disabled={running} aria-invalid={tooLong}
            onChange={(event) => setQuery(event.target.value)} onKeyDown={submitOnCtrlEnter}
            aria-describedby={`ask-query-hint${length >= COUNT_FROM ? " ask-query-count" : ""}`} />
          <p id="ask-query-hint" className="hint">
            ORION answers only with claims that quote your documents verbatim, or says the evidence is not there.
            Ctrl+Enter (⌘+Enter on a Mac) investigates.
          </p>
          {length >= COUNT_FROM ? (
            <p id="ask-query-count" className={tooLong ? "hint field-error" : "hint"}>
              {length.toLocaleString("en")} of {MAX_QUERY.toLocaleString("en")} characters
            </p>
          ) : null}
          {tooLong ? (
            <p className="field-error" role="alert">
              The question is longer than {MAX_QUERY.toLocaleString("en")} characters, the most ORION takes: shorten
              it to investigate.
            </p>
          ) : null}
        </div>
        {/* The button comes before the optional picker: a keyboard user reaches it in one Tab, not one per document. */}
        <div className="actions">
          <button type="submit" className="primary" disabled={running || query.trim() === "" || tooLong}
            aria-describedby={query.trim() === "" ? "ask-no-question" : undefined}>
            Investigate
          </button>
          {/* A disabled button is skipped by Tab and says nothing: the hint says why it is off. */}
          {query.trim() === "" ? (
            <p id="ask-no-question" className="hint">
              Type a question to investigate.
            </p>
          ) : null}
        </div>
        {documents.length > 0 ? (
          <fieldset className="document-picker" disabled={running}>
            <legend>Limit to documents (optional)</legend>
            {documents.map((document) => (
              <label key={document.id} className="checkbox">
                <input type="checkbox" checked={selected.has(document.id)}
                  onChange={(event) => toggle(document.id, event.target.checked)} />
                <UserText text={document.title} />
              </label>
            ))}
          </fieldset>
        ) : null}
      </form>
      {error ? <ErrorAlert error={error} title="The investigation could not run" /> : null}
      {running ? (
        <div className="live-run" aria-live="polite">
          <Loading label="Investigating: retrieving evidence, drafting, verifying every quote…" />
          {live ? (
            <>
              {/* POST /runs answers only when the run is over; the run found by polling can be cancelled meanwhile. */}
              <CancelRun run={live} onSettled={() => undefined} />
              <RunSteps steps={live.steps} />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
