"use client";

import { useState } from "react";
import { api, call } from "@/api/client";
import { ApiError } from "@/api/errors";
import type { Run } from "@/api/types";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { isCancellable } from "./runStatus";

/**
 * A Cancel button while a run is pending or running. The API refuses (409) once the run is verifying or over: that
 * race is said plainly, and `onSettled` lets the page show the run as it now is.
 */
export function CancelRun({ run, onSettled }: { run: Pick<Run, "id" | "status">; onSettled: () => void }) {
  const [busy, setBusy] = useState(false);
  const [tooLate, setTooLate] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function cancel() {
    setBusy(true);
    setTooLate(false);
    setError(null);
    try {
      await call(api.POST("/api/v1/runs/{run_id}/cancel", { params: { path: { run_id: run.id } } }));
      onSettled();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setTooLate(true);
        onSettled();
      } else {
        setError(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="cancel-run">
      {isCancellable(run.status) ? (
        <button type="button" className="danger" disabled={busy} onClick={() => void cancel()}>
          {busy ? "Cancelling…" : "Cancel investigation"}
        </button>
      ) : null}
      {tooLate ? (
        <Alert tone="info" title="Too late to cancel">
          <p>The investigation had already finished, or was verifying its quotes, so it runs to its end.</p>
        </Alert>
      ) : null}
      {error ? <ErrorAlert error={error} title="The investigation was not cancelled" /> : null}
    </div>
  );
}
