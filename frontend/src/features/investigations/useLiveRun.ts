"use client";

import { useEffect, useState } from "react";
import type { Run } from "@/api/types";
import { fetchRecentRuns, fetchRun } from "./runsApi";
import { isTerminal, runDocumentIds } from "./runStatus";

const POLL_MS = 700;

/**
 * A POST /runs in flight: its query and the documents it is limited to, and the ids of the newest runs before it
 * (null when they could not be read).
 */
export interface PendingRun {
  query: string;
  documentIds: readonly string[];
  knownIds: ReadonlySet<string> | null;
}

/** The new run that is this request's: asked after it started, with the same question and the same documents. */
function isPendingRun(run: Run, pending: PendingRun, knownIds: ReadonlySet<string>): boolean {
  const documents = (ids: readonly string[]) => [...ids].sort().join();
  return (
    !knownIds.has(run.id) &&
    run.input.query === pending.query &&
    documents(runDocumentIds(run)) === documents(pending.documentIds)
  );
}

/** While POST /runs executes (it answers only when the run is over), find the new run and follow its steps. */
export function useLiveRun(pending: PendingRun | null): Run | null {
  const [live, setLive] = useState<Run | null>(null);

  useEffect(() => {
    setLive(null);
    const knownIds = pending?.knownIds;
    if (!pending || !knownIds) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let runId: string | null = null;

    const poll = async () => {
      try {
        if (runId === null) {
          const fresh = (await fetchRecentRuns()).find((run) => isPendingRun(run, pending, knownIds));
          runId = fresh?.id ?? null;
        }
        if (runId !== null) {
          const run = await fetchRun(runId);
          if (stopped) return;
          setLive(run);
          if (isTerminal(run.status)) return;
        }
      } catch {
        // Progress is a courtesy: the POST itself reports the outcome and any error.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pending]);

  return live;
}
