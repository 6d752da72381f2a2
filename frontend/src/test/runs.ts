import type { RunSummary } from "@/api/types";

/** A completed, answered run's summary for component tests: one claim, one citation, one chunk retrieved. */
export const runSummary = (overrides: Partial<RunSummary> = {}): RunSummary => ({
  run_id: "r1",
  status: "completed",
  outcome: "answered",
  query: "When is it open?",
  claim_count: 1,
  citation_count: 1,
  documents_cited: [],
  retrieved_count: 1,
  duration_ms: 10,
  provider: "extractive",
  model: null,
  retries: 0,
  semantic_unavailable: false,
  failure_reason: null,
  ...overrides,
});
