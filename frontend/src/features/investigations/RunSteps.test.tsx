import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RunEvent, RunStep } from "@/api/types";
import { RunEvents, RunSteps } from "./RunSteps";

const step = (id: string, index: number, name: string, overrides: Partial<RunStep> = {}): RunStep => ({
  id,
  step_index: index,
  name,
  status: "completed",
  retry_count: 0,
  max_retries: 1,
  failure_reason: null,
  started_at: "2026-12-04T10:00:00+00:00",
  completed_at: "2026-12-04T10:00:01+00:00",
  ...overrides,
});

const event = (id: string, event_type: string, payload: Record<string, unknown>, step_id: string | null = null) =>
  ({ id, step_id, event_type, payload, created_at: "2026-12-04T10:00:00+00:00" }) as RunEvent;

describe("RunSteps", () => {
  it("names the steps in words, not by their codes", () => {
    render(<RunSteps steps={[step("s2", 1, "llm_briefing"), step("s1", 0, "hybrid_retrieval")]} />);
    const names = Array.from(document.querySelectorAll(".step-name")).map((name) => name.textContent);
    expect(names).toEqual(["Retrieval", "Drafting the briefing"]);
    expect(screen.queryByText("hybrid_retrieval")).toBeNull();
  });
});

describe("RunEvents", () => {
  const steps = [step("s1", 0, "hybrid_retrieval")];
  const events = [
    event("e1", "run_created", { workflow_type: "evidence_briefing" }),
    event("e2", "retrieval_completed", { count: 7, withheld: 0, database_ms: 12 }, "s1"),
    event("e3", "cache_warmed", { entries: 4 }),
  ];

  it("shows one readable line per event, with the raw record folded away behind Show details", () => {
    render(<RunEvents events={events} steps={steps} />);
    expect(screen.getByText("Investigation created (Evidence briefing)")).toBeTruthy();
    expect(screen.getByText("Retrieved 7 passages in 12 ms")).toBeTruthy();
    expect(screen.getByText("Cache warmed")).toBeTruthy();

    const details = Array.from(document.querySelectorAll("details.event-details")) as HTMLDetailsElement[];
    expect(details).toHaveLength(3);
    expect(details.every((disclosure) => !disclosure.open)).toBe(true);
    expect(details.map((disclosure) => disclosure.querySelector("summary")?.textContent)).toEqual([
      "Show details of “Investigation created (Evidence briefing)”",
      "Show details of “Retrieved 7 passages in 12 ms”",
      "Show details of “Cache warmed”",
    ]);
    // The raw type and payload are in the folded details, not in the readable line.
    const line = screen.getByText("Retrieved 7 passages in 12 ms");
    expect(line.textContent).not.toContain("retrieval_completed");
  });

  it("keeps the event type and its JSON payload in the details for power users", () => {
    render(<RunEvents events={events} steps={steps} />);
    const retrieval = screen.getByText("Retrieved 7 passages in 12 ms").closest("li") as HTMLElement;
    const disclosure = retrieval.querySelector("details") as HTMLDetailsElement;
    fireEvent.click(disclosure.querySelector("summary") as HTMLElement);
    expect(disclosure.querySelector("code")?.textContent).toBe("retrieval_completed");
    expect(JSON.parse(disclosure.querySelector("pre")?.textContent ?? "")).toEqual({
      count: 7,
      withheld: 0,
      database_ms: 12,
    });
    expect(disclosure.querySelector("summary")?.textContent).toBe("Show details of “Retrieved 7 passages in 12 ms”");
  });
});
