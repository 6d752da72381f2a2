"use client";

import { useCallback, useEffect, useState } from "react";
import { api, call } from "@/api/client";
import type { Run, RunEvent, RunResult, RunSummary } from "@/api/types";
import { fetchRun, fetchRunEvents } from "./runsApi";
import { isTerminal } from "./runStatus";

const POLL_MS = 1000;

export interface RunRecord {
  run?: Run;
  events: RunEvent[];
  result?: RunResult;
  summary?: RunSummary;
  error: unknown;
}

/** Load a run; follow it while it executes, then load its result and summary. `refresh` loads it again now. */
export function useRunRecord(runId: string | null): RunRecord & { refresh: () => void } {
  const [record, setRecord] = useState<RunRecord>({ events: [], error: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (runId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const [run, events] = await Promise.all([fetchRun(runId), fetchRunEvents(runId)]);
        if (stopped) return;
        if (!isTerminal(run.status)) {
          setRecord({ run, events, error: null });
          timer = setTimeout(load, POLL_MS);
          return;
        }
        const path = { params: { path: { run_id: runId } } };
        const [result, summary] = await Promise.all([
          call(api.GET("/api/v1/runs/{run_id}/result", path)),
          call(api.GET("/api/v1/runs/{run_id}/summary", path)),
        ]);
        if (!stopped) setRecord({ run, events, result, summary, error: null });
      } catch (error) {
        if (!stopped) setRecord((current) => ({ ...current, error }));
      }
    };
    void load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [runId, generation]);

  const refresh = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...record, refresh };
}
