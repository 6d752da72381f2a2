import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import { expectCardLabels } from "@/test/tables";
import { RunHistory } from "./RunHistory";

const listed = (id: string, input: Record<string, unknown>) => ({
  id,
  workflow_type: "evidence_briefing",
  status: "completed",
  outcome: "insufficient_evidence",
  input,
  steps_executed: 4,
  max_steps: 4,
  created_at: "2026-12-03T16:30:00+00:00",
});

describe("RunHistory", () => {
  it("marks a run whose question was limited to some documents", async () => {
    window.history.replaceState(null, "", "/investigations");
    vi.spyOn(api, "GET").mockResolvedValue({
      data: [
        listed("r2", { query: "What is the offsite budget?", document_ids: ["d1"] }),
        listed("r1", { query: "Who organises the offsite?" }),
      ],
      response: new Response(null, { status: 200, headers: { "X-Total-Count": "2" } }),
    } as never);
    render(<RunHistory />);
    const limited = await screen.findByText("limited to 1 document");
    expect(limited.closest("tr")?.textContent).toContain("What is the offsite budget?");
    expect(screen.getAllByText(/limited to/)).toHaveLength(1);
  });

  async function renderOneRun(query: string): Promise<void> {
    window.history.replaceState(null, "", "/investigations");
    vi.spyOn(api, "GET").mockResolvedValue({
      data: [listed("r1", { query })],
      response: new Response(null, { status: 200, headers: { "X-Total-Count": "1" } }),
    } as never);
    render(<RunHistory />);
    await screen.findByText(query);
  }

  it("has no step-count column: every run has the same steps, so '4/4' told nobody anything", async () => {
    await renderOneRun("Who organises the offsite?");
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual(["Question", "Outcome", "Started"]);
    expect(screen.queryByText("4/4")).toBeNull();
  });

  it("stacks each run as a card on a phone: its outcome and start say which they are", async () => {
    await renderOneRun("Who organises the offsite?");
    expectCardLabels(screen.getByRole("table"), ["Question"]);
  });
});
