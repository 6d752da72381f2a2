import { describe, expect, it } from "vitest";
import { trendReasonText } from "./trendReason";

describe("trendReasonText", () => {
  it("decides each '(s)' by its count", () => {
    expect(
      trendReasonText("7 investigation(s) across 1 day(s); a trend needs at least 5 investigations across 3 days."),
    ).toBe("7 investigations across 1 day; a trend needs at least 5 investigations across 3 days.");
    expect(trendReasonText("1 investigation(s) across 1 week(s); a trend needs")).toBe(
      "1 investigation across 1 week; a trend needs",
    );
    expect(trendReasonText("12 investigation(s) across 2 day(s);")).toBe("12 investigations across 2 days;");
  });

  it("makes the verb agree with a single period", () => {
    expect(trendReasonText("Only 1 day(s) have 3+ completed investigations; a refusal-rate trend needs 3.")).toBe(
      "Only 1 day has 3+ completed investigations; a refusal-rate trend needs 3.",
    );
    expect(trendReasonText("Only 0 week(s) have 3+ completed investigations")).toBe(
      "Only 0 weeks have 3+ completed investigations",
    );
  });

  it("leaves a reason without '(s)' as it is", () => {
    expect(trendReasonText("No investigations yet.")).toBe("No investigations yet.");
  });
});
