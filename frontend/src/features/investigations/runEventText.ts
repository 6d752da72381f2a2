import type { RunEvent, RunStep } from "@/api/types";
import { formatDuration, plural } from "@/lib/format";
import { codeInWords, outcomeLabel, workflowLabel } from "./runStatus";

const STEP_NAMES: Readonly<Record<string, string>> = {
  hybrid_retrieval: "Retrieval",
  llm_briefing: "Drafting the briefing",
};

/** A workflow step's name for people ("Retrieval"), not its code (`hybrid_retrieval`); an unknown one in words. */
export function stepLabel(name: string): string {
  return STEP_NAMES[name] ?? codeInWords(name);
}

/** A step's failure reason, which the engine starts with the step's code, starting with its name instead. */
export function stepFailureText(step: Pick<RunStep, "name">, reason: string): string {
  return reason.startsWith(`${step.name} `) ? `${stepLabel(step.name)}${reason.slice(step.name.length)}` : reason;
}

/** The verifier's stages in the order it runs them (domains/execution/verification/verifier.py, STAGES). */
const VERIFICATION_STAGES: readonly { code: string; label: string }[] = [
  { code: "contract", label: "briefing well formed" },
  { code: "membership", label: "quoted passages were retrieved by this run" },
  { code: "validity", label: "quoted passages unchanged" },
  { code: "grounding", label: "quotes found in their passages" },
];

type Payload = Record<string, unknown>;

const numberIn = (payload: Payload, key: string): number | null =>
  typeof payload[key] === "number" ? (payload[key] as number) : null;
const textIn = (payload: Payload, key: string): string | null =>
  typeof payload[key] === "string" && payload[key] !== "" ? (payload[key] as string) : null;
const took = (ms: number | null): string => (ms === null ? "" : ` in ${formatDuration(ms)}`);

function verificationStageText(payload: Payload): string {
  const code = textIn(payload, "stage");
  const index = VERIFICATION_STAGES.findIndex((stage) => stage.code === code);
  const known = VERIFICATION_STAGES[index];
  const name = known
    ? `Verification stage ${index + 1} (${known.label})`
    : `Verification stage${code ? ` (${codeInWords(code)})` : ""}`;
  if (payload.ok === true) return `${name}: passed`;
  const reason = textIn(payload, "reason");
  const claim = numberIn(payload, "claim");
  return `${name}: failed${reason ? ` (${reason})` : claim !== null ? ` on claim ${claim}` : ""}`;
}

function providerCallText(payload: Payload): string {
  const latency = numberIn(payload, "latency_ms");
  const model = textIn(payload, "model");
  if (payload.ok === true) return `Model ${model ?? "(unnamed)"} answered${took(latency)}`;
  const who = textIn(payload, "provider") ?? "model";
  const reason = textIn(payload, "reason") ?? textIn(payload, "error");
  return `Call to the ${who} failed${latency === null ? "" : ` after ${formatDuration(latency)}`}${reason ? `: ${reason}` : ""}`;
}

/**
 * One line in words for a run's event, from the payload fields the engine writes (domains/execution/run/). Payloads
 * are free-form JSON, so every field is checked before it is used; an event this UI does not know reads as its type
 * in words, and the raw record stays one click away.
 */
export function eventText(event: Pick<RunEvent, "event_type" | "payload" | "step_id">, steps: readonly RunStep[] = []): string {
  const payload: Payload = event.payload ?? {};
  const stepName = textIn(payload, "name") ?? steps.find((step) => step.id === event.step_id)?.name ?? null;
  const step = stepName ? stepLabel(stepName) : "A step";
  switch (event.event_type) {
    case "run_created": {
      const workflow = textIn(payload, "workflow_type");
      return workflow ? `Investigation created (${workflowLabel(workflow)})` : "Investigation created";
    }
    case "run_started":
      return "Investigation started";
    case "run_recovered": {
      const attempt = numberIn(payload, "attempt");
      return `Picked up again after an interruption${attempt === null ? "" : ` (attempt ${attempt})`}`;
    }
    case "run_completed": {
      const outcome = textIn(payload, "outcome");
      return outcome ? `Finished: ${outcomeLabel(outcome).toLowerCase()}` : "Finished";
    }
    case "run_failed": {
      const reason = textIn(payload, "reason");
      return reason ? `Failed: ${reason}` : "Failed";
    }
    case "run_cancelled":
      return "Cancelled";
    case "step_started":
      return `${step} started`;
    case "step_completed":
      return `${step} finished${took(numberIn(payload, "duration_ms"))}`;
    case "step_retry": {
      const attempt = numberIn(payload, "attempt");
      const reason = textIn(payload, "reason");
      return `${step}: trying again${attempt === null ? "" : ` (attempt ${attempt})`}${reason ? ` after: ${reason}` : ""}`;
    }
    case "step_failed":
      return `${step} failed`;
    case "step_cancelled":
      return `${step} stopped: the investigation was cancelled`;
    case "retrieval_completed": {
      const count = numberIn(payload, "count");
      const withheld = numberIn(payload, "withheld");
      const found = count === null ? "Retrieved passages" : `Retrieved ${plural(count, "passage")}`;
      const held = withheld ? `; ${plural(withheld, "part")} withheld from the model as unsafe` : "";
      return `${found}${took(numberIn(payload, "database_ms"))}${held}`;
    }
    case "provider_call":
      return providerCallText(payload);
    case "verification_started":
      return "Checking every quote against the evidence";
    case "verification_stage":
      return verificationStageText(payload);
    case "verification_completed": {
      const claims = numberIn(payload, "claims");
      const citations = numberIn(payload, "citations");
      const checked =
        claims !== null && citations !== null
          ? `: ${plural(claims, "claim")} and ${plural(citations, "quote")} checked`
          : "";
      const duration = took(numberIn(payload, "duration_ms"));
      return payload.ok === true ? `Verification passed${checked}${duration}` : `Verification failed${duration}`;
    }
    default:
      return codeInWords(event.event_type);
  }
}
