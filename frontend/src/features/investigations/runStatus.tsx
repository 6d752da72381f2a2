import type { Run, RunOutcome } from "@/api/types";
import { Badge, type BadgeTone } from "@/components/Badge";

const TERMINAL: ReadonlySet<Run["status"]> = new Set(["completed", "failed", "cancelled"]);

/** The question a run was asked (its input is free-form JSON, keyed by the workflow). */
export function runQuestion(run: Pick<Run, "input">): string {
  const query = run.input.query;
  return typeof query === "string" ? query : "(no question recorded)";
}

/** The documents a run's question was limited to (empty: the whole library). */
export function runDocumentIds(run: Pick<Run, "input">): string[] {
  const ids = run.input.document_ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
}

const WORKFLOWS: Readonly<Record<string, string>> = { evidence_briefing: "Evidence briefing" };

/** A code in words for a name nobody chose for people: "provider_call" -> "Provider call". */
export function codeInWords(code: string): string {
  const words = code.replace(/_+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : code;
}

/** A workflow's name for people, not its code: a known one by name, any other as its code in words. */
export function workflowLabel(code: string): string {
  return WORKFLOWS[code] ?? codeInWords(code);
}

export function isTerminal(status: Run["status"]): boolean {
  return TERMINAL.has(status);
}

/** The API cancels a run until it begins verifying its quotes. */
export function isCancellable(status: Run["status"]): boolean {
  return status === "pending" || status === "running";
}

const OUTCOMES: Record<RunOutcome, { label: string; tone: BadgeTone }> = {
  answered: { label: "Answered", tone: "good" },
  insufficient_evidence: { label: "Evidence not found", tone: "warn" },
  failed: { label: "Failed", tone: "bad" },
  cancelled: { label: "Cancelled", tone: "neutral" },
};

/** An outcome in words ("Evidence not found"); an unknown one as its code in words. */
export function outcomeLabel(outcome: string): string {
  return OUTCOMES[outcome as RunOutcome]?.label ?? codeInWords(outcome);
}

/** The outcome of a finished run, or its status while it runs. */
export function OutcomeBadge({ run }: { run: Pick<Run, "status" | "outcome"> }) {
  if (run.outcome) {
    const { label, tone } = OUTCOMES[run.outcome];
    return <Badge tone={tone}>{label}</Badge>;
  }
  return <Badge tone="info">{run.status}</Badge>;
}

const STEP_TONES: Record<string, BadgeTone> = {
  completed: "good",
  failed: "bad",
  running: "info",
  pending: "neutral",
  skipped: "neutral",
  cancelled: "neutral",
};

export function StepStatusBadge({ status }: { status: string }) {
  return <Badge tone={STEP_TONES[status] ?? "neutral"}>{status}</Badge>;
}
