import { describe, expect, it } from "vitest";
import { workflowLabel } from "./runStatus";

describe("workflowLabel", () => {
  it("names the evidence briefing workflow in words", () => {
    expect(workflowLabel("evidence_briefing")).toBe("Evidence briefing");
  });

  it("shows an unknown workflow as its code in words, first letter capitalised", () => {
    expect(workflowLabel("contract_review_v2")).toBe("Contract review v2");
    expect(workflowLabel("summary")).toBe("Summary");
    expect(workflowLabel("")).toBe("");
  });
});
