import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Analytics, Trends, TrendPoint } from "@/api/types";
import { AnalyticsView } from "./AnalyticsView";

const analytics = (overrides: Partial<Analytics> = {}): Analytics => ({
  total: 2,
  drifted: 0,
  answered: 1,
  insufficient_evidence: 1,
  failed: 0,
  cancelled: 0,
  completed: 2,
  refusal_rate: 0.5,
  evidence_mean: 2,
  evidence_median: 2,
  evidence_min: 2,
  evidence_max: 2,
  most_cited_documents: [],
  ...overrides,
});

const point = (day: number, total: number, refusals: number): TrendPoint => ({
  bucket_start: `2026-03-${String(day).padStart(2, "0")}T00:00:00+00:00`,
  total,
  answered: total - refusals,
  insufficient_evidence: refusals,
  failed: 0,
  refusal_rate: total > 0 ? refusals / total : null,
});

const trends = (overrides: Partial<Trends> = {}): Trends => ({
  bucket: "day",
  points: [point(1, 2, 1)],
  total_investigations: 2,
  completed_investigations: 2,
  enough_for_volume_trend: false,
  enough_for_refusal_trend: false,
  reason: "Trends need at least 3 periods with investigations; there is 1.",
  ...overrides,
});

describe("AnalyticsView", () => {
  it("shows one honest empty state, and no chart, when there are no investigations", () => {
    render(<AnalyticsView analytics={analytics({ total: 0, answered: 0, insufficient_evidence: 0, completed: 0,
      refusal_rate: null, evidence_mean: null, evidence_median: null, evidence_min: null, evidence_max: null })}
      trends={trends({ points: [], total_investigations: 0, completed_investigations: 0 })} />);
    expect(screen.getByText("No investigations yet")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("replaces both trend charts with the server's reason when the flags say there is too little data", () => {
    render(<AnalyticsView analytics={analytics()} trends={trends()} />);
    expect(screen.getByText("No volume trend yet")).toBeTruthy();
    expect(screen.getByText("No refusal-rate trend yet")).toBeTruthy();
    expect(screen.getAllByText("Trends need at least 3 periods with investigations; there is 1.")).toHaveLength(2);
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("shows the server's reason with its '(s)' decided: '7 investigations across 1 day'", () => {
    render(<AnalyticsView analytics={analytics()} trends={trends({
      reason: "7 investigation(s) across 1 day(s); a trend needs at least 5 investigations across 3 days.",
    })} />);
    expect(
      screen.getAllByText("7 investigations across 1 day; a trend needs at least 5 investigations across 3 days."),
    ).toHaveLength(2);
    expect(screen.queryByText(/\(s\)/)).toBeNull();
  });

  it("falls back to a plain sentence when the server gives no reason", () => {
    render(<AnalyticsView analytics={analytics()} trends={trends({ reason: null, completed_investigations: 1 })} />);
    expect(
      screen.getByText("There are not enough investigations yet to draw a trend. 2 investigations so far."),
    ).toBeTruthy();
    expect(
      screen.getByText("There are not enough investigations yet to draw a trend. 1 completed investigation so far."),
    ).toBeTruthy();
  });

  it("draws the volume chart alone when only the volume trend has enough data", () => {
    const points = [point(1, 3, 0), point(2, 1, 0), point(3, 4, 1)];
    render(<AnalyticsView analytics={analytics({ total: 8 })}
      trends={trends({ points, enough_for_volume_trend: true, enough_for_refusal_trend: false })} />);
    expect(screen.getByRole("img", { name: "Investigations per period, by outcome" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Refusal rate per period" })).toBeNull();
    expect(screen.getByText("No refusal-rate trend yet")).toBeTruthy();
  });

  it("draws both charts when both flags are set", () => {
    const points = [point(1, 3, 1), point(2, 2, 0), point(3, 4, 2)];
    render(<AnalyticsView analytics={analytics({ total: 9 })}
      trends={trends({ points, enough_for_volume_trend: true, enough_for_refusal_trend: true, reason: null })} />);
    expect(screen.getByRole("img", { name: "Investigations per period, by outcome" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Refusal rate per period" })).toBeTruthy();
  });

  it("names the evidence statistic for what it counts: chunks retrieved, not quotes", () => {
    render(<AnalyticsView analytics={analytics()} trends={trends()} />);
    expect(screen.getByRole("heading", { name: "Chunks retrieved per answered investigation" })).toBeTruthy();
    expect(screen.getByText(/not how many of them it quoted/)).toBeTruthy();
  });

  it("says there is no evidence statistic before any answered investigation", () => {
    render(<AnalyticsView analytics={analytics({ answered: 0, insufficient_evidence: 2, evidence_mean: null,
      evidence_median: null, evidence_min: null, evidence_max: null })} trends={trends()} />);
    expect(screen.getByText("No answered investigation yet")).toBeTruthy();
    expect(screen.getByText("No document has been cited yet.")).toBeTruthy();
  });

  it("marks most-cited documents that were deleted since as historical, without a dead link", () => {
    render(<AnalyticsView analytics={analytics({ most_cited_documents: [
      { document_id: "d1", document_title: "Handbook", times_cited: 4, historical: false },
      { document_id: "d2", document_title: "Old policy", times_cited: 2, historical: true },
    ] })} trends={trends()} />);
    const table = screen.getByRole("table", { name: "Most-cited documents" });
    expect(within(table).getByRole("link", { name: "Handbook" })).toBeTruthy();
    expect(within(table).queryByRole("link", { name: /Old policy/ })).toBeNull();
    expect(within(table).getByText("deleted")).toBeTruthy();
  });
});
