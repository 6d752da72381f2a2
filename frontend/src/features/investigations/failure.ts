import type { Run, RunEvent } from "@/api/types";
import { stepFailureText, stepLabel } from "./runEventText";

type Payload = Record<string, unknown>;

const failedVerification = (event: Pick<RunEvent, "event_type" | "payload">) =>
  (event.event_type === "verification_stage" || event.event_type === "verification_completed") &&
  (event.payload as Payload | null)?.ok === false;

/**
 * Why a failed run shows no answer, by what failed: the verifier refused the briefing's quotes, or a step failed before
 * any quote existed (the model provider unreachable, retrieval failed), or the run stopped for another reason. Read
 * from the run's steps and events, not from the reason's wording (outside25 D7: a provider outage read as a
 * verification failure).
 */
export function failureExplanation(run: Pick<Run, "steps">, events: readonly Pick<RunEvent, "event_type" | "payload">[]): string {
  if (events.some(failedVerification)) {
    return "No answer is shown: a quote in the briefing did not pass verification, and a briefing is shown only when " +
      "every quote in it passes.";
  }
  const step = run.steps.find((candidate) => candidate.status === "failed");
  if (step?.name === "llm_briefing") {
    return "No briefing was written: the model that drafts it failed or could not be reached, so there is no quote to " +
      "check and no answer. Asking again later may work.";
  }
  if (step?.name === "hybrid_retrieval") {
    return "Your documents could not be searched, so no briefing was written and no quote was checked.";
  }
  if (step) return `The step “${stepLabel(step.name)}” failed before a briefing was written, so there is no answer.`;
  return "The investigation stopped before it produced an answer.";
}

/** A failed run's reason, starting with its failed step's name in words rather than its code. */
export function failureReasonText(run: Pick<Run, "steps" | "failure_reason">): string | null {
  const reason = run.failure_reason;
  if (!reason) return null;
  const step = run.steps.find((candidate) => candidate.status === "failed");
  return step ? stepFailureText(step, reason) : reason;
}

/**
 * The provider a run called: the summary's (set when a call succeeded), else the one named by its last failed call's
 * event, so a run that failed because its provider was unreachable still says which (outside25 D7).
 */
export function runProvider(
  summaryProvider: string | null | undefined,
  events: readonly Pick<RunEvent, "event_type" | "payload">[],
): { name: string; failed: boolean } | null {
  if (summaryProvider) return { name: summaryProvider, failed: false };
  for (const event of [...events].reverse()) {
    const payload = (event.payload ?? {}) as Payload;
    if (event.event_type === "provider_call" && typeof payload.provider === "string" && payload.provider !== "") {
      return { name: payload.provider, failed: payload.ok === false };
    }
  }
  return null;
}
