import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import { cssRule } from "@/test/css";
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

  it("keeps a question with no spaces inside its column: every row's outcome and date stay in view (outside31 F8)", async () => {
    const question = "x".repeat(2000);
    await renderOneRun(question);
    const link = screen.getByRole("link", { name: question });
    expect(link.classList.contains("run-question")).toBe(true);
    // jsdom lays nothing out: the rule caps the column and breaks the word; the e2e journey measures the table.
    const rule = cssRule(".run-question");
    expect(rule).toMatch(/max-width: 40rem/);
    expect(rule).toMatch(/overflow-wrap: anywhere/);
    expect(rule).toMatch(/-webkit-line-clamp: 3/);
    expect(rule).toMatch(/overflow: hidden/);
  });

  it("lists a question with a right-to-left override in the order it was typed (outside31 F10)", async () => {
    window.history.replaceState(null, "", "/investigations");
    vi.spyOn(api, "GET").mockResolvedValue({
      data: [listed("r1", { query: "Can I bring my dog\u202E on Friday?" })],
      response: new Response(null, { status: 200, headers: { "X-Total-Count": "1" } }),
    } as never);
    render(<RunHistory />);
    const link = await screen.findByRole("link", { name: "Can I bring my dog on Friday?" });
    expect(link.querySelector("bdi")?.textContent).toBe("Can I bring my dog on Friday?");
  });
});
