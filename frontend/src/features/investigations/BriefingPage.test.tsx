import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { Run, RunResult, User } from "@/api/types";
import { runSummary } from "@/test/runs";
import { BriefingPage } from "./BriefingPage";

const session = vi.hoisted(() => ({ roles: ["member"] as string[] }));
vi.mock("next/navigation", () => ({ useSearchParams: () => new URLSearchParams("id=r1") }));
vi.mock("@/auth/SessionProvider", () => ({
  useUser: (): Partial<User> => ({ id: "u1", email: "ann@example.org", roles: session.roles }),
}));

const run = (overrides: Partial<Run> = {}): Run => ({
  id: "r1",
  evidence_status: "current",
  workflow_type: "evidence_briefing",
  status: "running",
  input: { query: "When is it open?" },
  steps_executed: 1,
  max_steps: 4,
  failure_reason: null,
  created_at: "2026-03-01T10:00:00+00:00",
  started_at: "2026-03-01T10:00:00+00:00",
  completed_at: null,
  steps: [],
  insufficient_evidence: false,
  outcome: null,
  ...overrides,
});

const finished = (outcome: "cancelled" | "answered") =>
  run({ status: outcome === "cancelled" ? "cancelled" : "completed", outcome, completed_at: "2026-03-01T10:00:02+00:00" });

const result = (outcome: "cancelled" | "answered"): RunResult => ({
  run_id: "r1",
  status: outcome === "cancelled" ? "cancelled" : "completed",
  outcome,
  result: { briefing: "", claims: [], insufficient_evidence: false, unanswered_parts: [] },
  citations: [],
  completed_at: "2026-03-01T10:00:02+00:00",
  refusal: null,
  withheld: [],
});

const summary = runSummary({ claim_count: 0, citation_count: 0, retrieved_count: 0 });

const answer = (data: unknown, status = 200) =>
  ({
    data: status < 400 ? data : undefined,
    error: status < 400 ? undefined : data,
    response: new Response(null, { status, headers: { "X-Total-Count": Array.isArray(data) ? String(data.length) : "0" } }),
  }) as never;

/** A stand-in API: GET /runs/r1 answers `current()`, the run's other reads follow from it; documents by id. */
function fakeApi(current: () => Run, documents: Record<string, string> = {}) {
  vi.spyOn(api, "GET").mockImplementation((async (path: string, init: { params: { path: Record<string, string> } }) => {
    const now = current();
    const outcome = now.outcome === "cancelled" ? "cancelled" : "answered";
    switch (path) {
      case "/api/v1/runs/{run_id}":
        return answer(now);
      case "/api/v1/runs/{run_id}/events":
        return answer([]);
      case "/api/v1/runs/{run_id}/result":
        return answer(result(outcome));
      case "/api/v1/runs/{run_id}/summary":
        return answer({ ...summary, outcome, status: now.status });
      case "/api/v1/knowledge/documents/{document_id}": {
        const title = documents[init.params.path.document_id ?? ""];
        return title
          ? answer({ id: init.params.path.document_id, title })
          : answer({ error: { code: "not_found", message: "The document does not exist." } }, 404);
      }
      default:
        throw new Error(`unexpected GET ${path}`);
    }
  }) as never);
}

describe("BriefingPage", () => {
  beforeEach(() => {
    session.roles = ["member"];
  });

  it("names the workflow in words under the question, not by its code", async () => {
    fakeApi(() => finished("answered"));
    render(<BriefingPage />);
    const line = await screen.findByText(/^Asked .* · Evidence briefing$/);
    expect(line.textContent).not.toContain("evidence_briefing");
  });

  it("cancels a running investigation and shows it cancelled", async () => {
    let state = run();
    fakeApi(() => state);
    const post = vi.spyOn(api, "POST").mockImplementation((async () => {
      state = finished("cancelled");
      return answer(state);
    }) as never);
    render(<BriefingPage />);

    fireEvent.click(await screen.findByRole("button", { name: "Cancel investigation" }));
    await screen.findByRole("heading", { name: "The investigation was cancelled" });
    expect(post).toHaveBeenCalledWith("/api/v1/runs/{run_id}/cancel", { params: { path: { run_id: "r1" } } });
    expect(screen.queryByRole("button", { name: "Cancel investigation" })).toBeNull();
  });

  it("says plainly when the run finished before the cancel arrived (409), and shows it as it is now", async () => {
    let state = run({ status: "pending" });
    fakeApi(() => state);
    vi.spyOn(api, "POST").mockImplementation((async () => {
      state = finished("answered");
      return answer({ error: { code: "conflict", message: "The run is completed and can no longer be cancelled." } }, 409);
    }) as never);
    render(<BriefingPage />);

    fireEvent.click(await screen.findByRole("button", { name: "Cancel investigation" }));
    await screen.findByText("Too late to cancel");
    expect(screen.getByText(/had already finished, or was verifying its quotes/)).toBeTruthy();
    await screen.findByRole("heading", { name: "Briefing" });
    expect(screen.queryByRole("button", { name: "Cancel investigation" })).toBeNull();
  });

  it("offers no Cancel once a run verifies, nor to a viewer", async () => {
    fakeApi(() => run({ status: "verifying" }));
    const { unmount } = render(<BriefingPage />);
    await screen.findByText("The investigation is verifying…");
    expect(screen.queryByRole("button", { name: "Cancel investigation" })).toBeNull();
    unmount();

    session.roles = ["viewer"];
    fakeApi(() => run());
    render(<BriefingPage />);
    await screen.findByText("The investigation is running…");
    expect(screen.queryByRole("button", { name: "Cancel investigation" })).toBeNull();
  });
});

describe("BriefingPage of a run that is not there", () => {
  it("links back to the investigations from 'Investigation not found' (outside25 T7)", async () => {
    vi.spyOn(api, "GET").mockResolvedValue(
      answer({ error: { code: "not_found", message: "The run does not exist." } }, 404),
    );
    render(<BriefingPage />);
    await screen.findByText("Investigation not found");
    expect(screen.getByRole("link", { name: "Go to all investigations" }).getAttribute("href")).toBe("/investigations");
  });
});

describe("BriefingPage of a run limited to documents", () => {
  it("names the documents the question was limited to, and says when one was deleted since", async () => {
    fakeApi(() => ({ ...finished("answered"), input: { query: "When is it open?", document_ids: ["d1", "d2"] } }), {
      d1: "Visitor handbook",
    });
    render(<BriefingPage />);
    const scope = await screen.findByTestId("run-scope");
    await waitFor(() => expect(scope.textContent).toBe("Limited to 2 documents: Visitor handbook, a deleted document"));
    expect(screen.getByRole("link", { name: "Visitor handbook" }).getAttribute("href")).toBe("/documents/view?id=d1");
  });

  it("says nothing of a limit when the whole library was searched", async () => {
    fakeApi(() => finished("answered"));
    render(<BriefingPage />);
    await screen.findByRole("heading", { name: "Briefing" });
    expect(screen.queryByText(/Limited to/)).toBeNull();
  });
});
