import { api, call, callPage } from "@/api/client";
import type { Run, RunEvent } from "@/api/types";

export function fetchRun(runId: string): Promise<Run> {
  return call(api.GET("/api/v1/runs/{run_id}", { params: { path: { run_id: runId } } }));
}

/** Every event of a run, oldest first (the API pages sequences at up to 1000). */
export async function fetchRunEvents(runId: string): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for (;;) {
    const page = await callPage(
      api.GET("/api/v1/runs/{run_id}/events", {
        params: { path: { run_id: runId }, query: { limit: 1000, offset: events.length } },
      }),
    );
    events.push(...page.items);
    if (page.items.length === 0 || events.length >= page.total) return events;
  }
}

/** The newest runs, for spotting the one a pending POST /runs is executing. */
export async function fetchRecentRuns(limit = 5): Promise<Run[]> {
  return (await callPage(api.GET("/api/v1/runs", { params: { query: { limit } } }))).items;
}
