import { describe, expect, it } from "vitest";
import type { RunStep } from "@/api/types";
import { eventText, stepFailureText, stepLabel } from "./runEventText";

const event = (event_type: string, payload: Record<string, unknown> = {}, step_id: string | null = null) => ({
  event_type,
  payload,
  step_id,
});

const retrieval = { id: "s1", name: "hybrid_retrieval" } as RunStep;

describe("stepLabel", () => {
  it("names the known steps in words and any other step's code in words", () => {
    expect(stepLabel("hybrid_retrieval")).toBe("Retrieval");
    expect(stepLabel("llm_briefing")).toBe("Drafting the briefing");
    expect(stepLabel("rerank_evidence")).toBe("Rerank evidence");
  });

  it("starts a failure reason with the step's name instead of its code", () => {
    expect(stepFailureText(retrieval, "hybrid_retrieval failed: a document in document_ids was deleted")).toBe(
      "Retrieval failed: a document in document_ids was deleted",
    );
    expect(stepFailureText(retrieval, "provider unavailable")).toBe("provider unavailable");
  });
});

describe("eventText", () => {
  it("says what retrieval found and how long it took", () => {
    expect(eventText(event("retrieval_completed", { count: 7, withheld: 0, database_ms: 12 }))).toBe(
      "Retrieved 7 passages in 12 ms",
    );
    expect(eventText(event("retrieval_completed", { count: 1, withheld: 2, database_ms: 3.4 }))).toBe(
      "Retrieved 1 passage in 3 ms; 2 parts withheld from the model as unsafe",
    );
  });

  it("names the model that answered, or says why the call failed", () => {
    expect(
      eventText(event("provider_call", { ok: true, provider: "extractive", model: "extractive-v37", latency_ms: 40 })),
    ).toBe("Model extractive-v37 answered in 40 ms");
    expect(
      eventText(event("provider_call", { ok: false, provider: "openai", latency_ms: 1500, reason: "timed out" })),
    ).toBe("Call to the openai failed after 1.5 s: timed out");
  });

  it("numbers the verification stages in the verifier's order and names each", () => {
    expect(eventText(event("verification_stage", { stage: "contract", ok: true }))).toBe(
      "Verification stage 1 (briefing well formed): passed",
    );
    expect(eventText(event("verification_stage", { stage: "validity", ok: true }))).toBe(
      "Verification stage 3 (quoted passages unchanged): passed",
    );
    expect(eventText(event("verification_stage", { stage: "grounding", ok: false, claim: 2 }))).toBe(
      "Verification stage 4 (quotes found in their passages): failed on claim 2",
    );
    expect(eventText(event("verification_completed", { ok: true, claims: 3, citations: 1, duration_ms: 4 }))).toBe(
      "Verification passed: 3 claims and 1 quote checked in 4 ms",
    );
  });

  it("names the step of a step event, from its payload or from the run's steps", () => {
    expect(eventText(event("step_started", { name: "llm_briefing" }))).toBe("Drafting the briefing started");
    expect(eventText(event("step_completed", { duration_ms: 12.5 }, "s1"), [retrieval])).toBe(
      "Retrieval finished in 13 ms",
    );
    expect(eventText(event("step_retry", { attempt: 2, reason: "rate limited" }, "s1"), [retrieval])).toBe(
      "Retrieval: trying again (attempt 2) after: rate limited",
    );
  });

  it("says how the run began and ended", () => {
    expect(eventText(event("run_created", { workflow_type: "evidence_briefing" }))).toBe(
      "Investigation created (Evidence briefing)",
    );
    expect(eventText(event("run_completed", { outcome: "insufficient_evidence", reason: null }))).toBe(
      "Finished: evidence not found",
    );
    expect(eventText(event("run_failed", { outcome: "failed", reason: "verification failed" }))).toBe(
      "Failed: verification failed",
    );
  });

  it("reads an unknown event as its type in words, and survives a payload without the expected fields", () => {
    expect(eventText(event("cache_warmed", { entries: 4 }))).toBe("Cache warmed");
    expect(eventText(event("retrieval_completed", { count: "seven" }))).toBe("Retrieved passages");
    expect(eventText(event("provider_call", {}))).toBe("Call to the model failed");
  });
});
