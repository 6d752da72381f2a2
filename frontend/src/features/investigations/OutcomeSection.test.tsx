import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Citation, Run, RunEvent, RunResult, RunStep } from "@/api/types";
import { cssRule } from "@/test/css";
import { runSummary } from "@/test/runs";
import { EvidenceList } from "./EvidenceList";
import { OutcomeSection } from "./OutcomeSection";
import { deletedDocumentIds } from "./purged";
import { RunSummaryPanel } from "./RunSummaryPanel";

const chunk = "Opening hours. The observatory is open from 9 am to 5 pm. It is closed on Mondays.";
const quote = "open from 9 am to 5 pm";
const quoteStart = chunk.indexOf(quote);

const citation: Citation = {
  chunk_id: "c1",
  document_id: "d1",
  document_version_id: "v1",
  document_title: "Visitor handbook",
  source_type: "markdown",
  page: 2,
  section: "Opening hours",
  content: chunk,
  retrieval_score: 0.03,
  retrieval_rank: 1,
  retrieval_method: "hybrid",
  trust_label: "trusted",
};

const run = (overrides: Partial<Run> = {}): Run => ({
  id: "r1",
  evidence_status: "current",
  workflow_type: "evidence_briefing",
  status: "completed",
  input: { query: "When is it open?" },
  steps_executed: 4,
  max_steps: 4,
  failure_reason: null,
  created_at: "2026-03-01T10:00:00+00:00",
  started_at: "2026-03-01T10:00:00+00:00",
  completed_at: "2026-03-01T10:00:02+00:00",
  steps: [],
  insufficient_evidence: false,
  outcome: "answered",
  ...overrides,
});

const claims = [
  {
    statement: "The observatory opens at 9 am and closes at 5 pm.",
    citations: [
      {
        chunk_id: "c1",
        quote,
        span: {
          chunk_start: quoteStart,
          chunk_end: quoteStart + quote.length,
          version_start: 120,
          version_end: 142,
          page_start: 2,
          page_end: 3,
          match: ["quotes"],
        },
      },
    ],
    evidence_status: "current" as const,
  },
];

const result = (overrides: Partial<RunResult> = {}): RunResult => ({
  run_id: "r1",
  status: "completed",
  outcome: "answered",
  result: { briefing: "It is open on weekdays except Monday.", claims, insufficient_evidence: false, unanswered_parts: [] },
  citations: [citation],
  completed_at: "2026-03-01T10:00:02+00:00",
  refusal: null,
  withheld: [],
  ...overrides,
});

const summary = runSummary;

/**
 * Matches an element by its own text as getByText does, a document title in it included: titles sit in a <bdi>
 * (UserText), which getByText alone reads as another element.
 */
const naming = (text: string, exact = true) => (_: string, element: Element | null) => {
  const own = Array.from(element?.childNodes ?? [], (node) =>
    node.nodeType === Node.TEXT_NODE || node.nodeName === "BDI" ? (node.textContent ?? "") : "").join("");
  return exact ? own === text : own.includes(text);
};

const event = (event_type: string, payload: Record<string, unknown>): RunEvent => ({
  id: `e-${event_type}`,
  step_id: null,
  event_type,
  payload,
  created_at: "2026-03-01T10:00:01+00:00",
});

describe("OutcomeSection", () => {
  it("renders each claim with its quote marked inside the source chunk, linked to document, page and section", () => {
    const { container } = render(<OutcomeSection run={run()} result={result()} />);
    expect(screen.getByRole("heading", { name: "Briefing" })).toBeTruthy();
    expect(screen.getByText("The observatory opens at 9 am and closes at 5 pm.")).toBeTruthy();
    const marks = container.querySelectorAll("blockquote mark");
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe(quote);
    expect(container.querySelector("blockquote")?.textContent).toBe(chunk);
    expect(screen.getByRole("link", { name: "Visitor handbook" }).getAttribute("href")).toBe("/documents/view?id=d1");
    expect(screen.getByText("· pp. 2\u20133")).toBeTruthy(); // the quote's pages, not the chunk's first page
    expect(screen.getByText("· § Opening hours")).toBeTruthy();
    expect(container.querySelector(".match-note")?.textContent).toContain("quotes");
    expect(container.querySelector(".evidence-drift")).toBeNull();
    expect(screen.getByRole("button", { name: "Show in the full text" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("reads a spreadsheet row (briefing, claim and quote) as a list of its fields, keeping the verbatim quote", () => {
    const rows = "Model: Finch Road | Category: Road | Price USD: 1299\n\n" +
      "Model: Sparrow City | Category: Commuter | Price USD: 749 | Weight kg: 11.9";
    const row = "Model: Sparrow City | Category: Commuter | Price USD: 749 | Weight kg: 11.9";
    const start = rows.indexOf(row);
    const csv: Citation = { ...citation, source_type: "csv", content: rows, section: null, page: null };
    const rowClaim = {
      statement: row,
      citations: [{
        chunk_id: "c1",
        quote: row,
        span: { chunk_start: start, chunk_end: start + row.length, version_start: 0, version_end: row.length,
          page_start: null, page_end: null, match: "exact" as const },
      }],
      evidence_status: "current" as const,
    };
    const { container } = render(
      <OutcomeSection run={run()} result={result({
        citations: [csv],
        result: { briefing: row, claims: [rowClaim], insufficient_evidence: false, unanswered_parts: [] },
      })} />,
    );

    const briefing = container.querySelector(".briefing") as HTMLElement;
    expect(within(briefing).getAllByRole("term").map((term) => term.textContent)).toEqual(
      ["Model", "Category", "Price USD", "Weight kg"],
    );
    const statement = container.querySelector(".claim-statement") as HTMLElement;
    expect(statement.textContent).toMatch(/^Claim 1\. /);
    expect(within(statement).getByText("Sparrow City").tagName).toBe("DD");
    expect(statement.querySelector("dl")?.getAttribute("title")).toBe(row);

    const blockquote = container.querySelector("blockquote") as HTMLElement;
    expect(within(blockquote).getByText("Commuter").tagName).toBe("DD");
    expect(within(blockquote).queryByText("Finch Road")).toBeNull(); // the chunk's other row is not the quote
    const marks = blockquote.querySelectorAll("mark");
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe(row); // the quote, verbatim, as the source reads
    expect(within(blockquote).getByText("Quoted text:", { exact: false })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Show in the full text" })).toBeTruthy();
  });

  it("shows a briefing of several rows row by row, no row's value running into the next (outside31 F7)", () => {
    const rows = [
      "plan: Flex Unlimited | monthly_price_gbp: 165 | includes_locker: yes",
      "plan: Day Pass | monthly_price_gbp: 18 (per day) | includes_locker: no",
      "plan: Resident | monthly_price_gbp: 240 | includes_locker: yes",
    ];
    const content = rows.join("\n");
    const csv: Citation = { ...citation, source_type: "csv", content, section: null, page: null };
    const rowClaims = rows.map((row) => {
      const start = content.indexOf(row);
      return {
        statement: row,
        citations: [{
          chunk_id: "c1",
          quote: row,
          span: { chunk_start: start, chunk_end: start + row.length, version_start: start, version_end: start + row.length,
            page_start: null, page_end: null, match: "exact" as const },
        }],
        evidence_status: "current" as const,
      };
    });
    // The extractive provider's briefing: the statements joined by a space.
    const { container } = render(
      <OutcomeSection run={run()} result={result({
        citations: [csv],
        result: { briefing: rows.join(" "), claims: rowClaims, insufficient_evidence: false, unanswered_parts: [] },
      })} />,
    );

    const briefing = container.querySelector(".briefing") as HTMLElement;
    const lists = Array.from(briefing.querySelectorAll("dl"));
    expect(lists).toHaveLength(3);
    expect(lists.map((list) => within(list).getAllByRole("definition").map((value) => value.textContent))).toEqual([
      ["Flex Unlimited", "165", "yes"],
      ["Day Pass", "18 (per day)", "no"],
      ["Resident", "240", "yes"],
    ]);
    expect(briefing.textContent).not.toContain("yes plan:");
    expect(lists.map((list) => list.getAttribute("title"))).toEqual(rows); // each row's own words, whole
  });

  it("says which part of a question no passage answers, above an answer that covers the rest (outside31 F4)", () => {
    const note = "No retrieved passage answers “Where is the coach parking?” clearly enough to be quoted.";
    const briefing = `${claims[0]!.statement} ${note}`;
    const { container } = render(
      <OutcomeSection run={run()} result={result({
        result: { briefing, claims, insufficient_evidence: false, unanswered_parts: ["Where is the coach parking?"] },
      })} />,
    );
    const alert = screen.getByRole("alert");
    expect(within(alert).getByText("Part of the question is not answered")).toBeTruthy();
    expect(within(alert).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Where is the coach parking?"]);
    expect(alert.textContent).toContain("covers the rest of the question only");
    expect(container.querySelector(".briefing")?.textContent).toBe(briefing);
  });

  it("shows no unanswered-part notice when every part is answered", () => {
    render(<OutcomeSection run={run()} result={result()} />);
    expect(screen.queryByText("Part of the question is not answered")).toBeNull();
  });

  it("shows rows row by row when the briefing names an unanswered part after them", () => {
    const row = "plan: Resident | monthly_price_gbp: 240 | includes_locker: yes";
    const csv: Citation = { ...citation, source_type: "csv", content: row, section: null, page: null };
    const rowClaim = {
      statement: row,
      citations: [{
        chunk_id: "c1",
        quote: row,
        span: { chunk_start: 0, chunk_end: row.length, version_start: 0, version_end: row.length,
          page_start: null, page_end: null, match: "exact" as const },
      }],
      evidence_status: "current" as const,
    };
    const note = "No retrieved passage answers “Who hands out the keys?” clearly enough to be quoted.";
    const { container } = render(
      <OutcomeSection run={run()} result={result({
        citations: [csv],
        result: { briefing: `${row} ${note}`, claims: [rowClaim], insufficient_evidence: false,
          unanswered_parts: ["Who hands out the keys?"] },
      })} />,
    );
    const briefing = container.querySelector(".briefing") as HTMLElement;
    expect(within(briefing).getAllByRole("definition").map((value) => value.textContent)).toEqual(["Resident", "240", "yes"]);
    expect(briefing.lastElementChild?.textContent).toBe(note);
  });

  it("keeps a briefing of sentences, or one a model wrote in its own words, as it is written", () => {
    const second = { ...claims[0]!, statement: "It is closed on Mondays." };
    const sentences = `${claims[0]!.statement} ${second.statement}`;
    const { container, unmount } = render(
      <OutcomeSection run={run()} result={result({
        result: { briefing: sentences, claims: [claims[0]!, second], insufficient_evidence: false, unanswered_parts: [] },
      })} />,
    );
    expect(container.querySelector(".briefing")?.outerHTML).toBe(`<p class="briefing">${sentences}</p>`);
    unmount();

    // Not the statements run together: shown as written, line breaks kept (the briefing keeps them: pre-line).
    const written = "Two plans include a locker:\nFlex Unlimited and Resident.";
    const row = { ...claims[0]!, statement: "plan: Resident | includes_locker: yes" };
    const { container: other } = render(
      <OutcomeSection run={run()} result={result({
        result: { briefing: written, claims: [claims[0]!, row], insufficient_evidence: false, unanswered_parts: [] },
      })} />,
    );
    expect(other.querySelector(".briefing")?.textContent).toBe(written);
    expect(other.querySelector(".briefing dl")).toBeNull();
    expect(cssRule(".briefing")).toMatch(/white-space: pre-line/);
    expect(cssRule(".claim-statement")).toMatch(/white-space: pre-line/);
  });

  it("lists a retrieved passage that is one spreadsheet row by its fields, its text kept verbatim", () => {
    const row = "Model: Sparrow City | Price USD: 749";
    const { container } = render(<EvidenceList citations={[{ ...citation, content: row }, { ...citation, chunk_id: "c2" }]} />);
    const [first, second] = Array.from(container.querySelectorAll(".result"));
    expect(within(first as HTMLElement).getAllByRole("definition").map((value) => value.textContent)).toEqual(
      ["Sparrow City", "749"],
    );
    expect(first?.querySelector("code")?.textContent).toBe(row);
    expect(second?.querySelector("dl")).toBeNull();
    expect(second?.querySelector("p.chunk-text")?.textContent).toBe(chunk);
  });

  it("says when a claim's evidence changed after the run answered", () => {
    const drifted = [{ ...claims[0]!, evidence_status: "changed" as const }];
    const answered = result();
    const { container } = render(
      <OutcomeSection run={run()} result={{ ...answered, result: { ...answered.result, claims: drifted } }} />,
    );
    expect(container.querySelector(".evidence-drift")?.textContent).toContain("no longer says this");
    expect(screen.getByText(/Some evidence changed after this answer/)).toBeTruthy();
  });

  it("says plainly that purged evidence was purged, with no claim of checked quotes and no link to the deleted document", () => {
    const purgedSource: Citation = { ...citation, content: "[purged]", section: "[purged]" };
    const purgedClaims = [
      {
        ...claims[0]!,
        statement: "[purged]",
        citations: [{ ...claims[0]!.citations[0]!, quote: "[purged]" }],
        evidence_status: "gone" as const,
      },
    ];
    const { container } = render(
      <OutcomeSection
        run={run()}
        result={result({
          citations: [purgedSource],
          result: { briefing: "[purged]", claims: purgedClaims, insufficient_evidence: false, unanswered_parts: [] },
        })}
      />,
    );
    expect(screen.getByText("Evidence purged")).toBeTruthy();
    expect(container.textContent).not.toContain("[purged]");
    expect(container.textContent).not.toContain("was checked against its source");
    expect(container.textContent).not.toContain("Some evidence changed");
    expect(container.querySelector(".evidence-drift")?.textContent).toContain("The cited evidence was purged");
    expect(screen.getByText("Quote purged.")).toBeTruthy();
    expect(screen.getByText(naming("Visitor handbook (deleted)"))).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("button", { name: "Show in the full text" })).toBeNull();
    expect(container.querySelector("blockquote")).toBeNull();
  });

  it("keeps the checked-quotes sentence for the quotes a purge left", () => {
    const other: Citation = { ...citation, chunk_id: "c2", document_id: "d2", document_title: "Price list", content: "[purged]" };
    const mixed = [
      claims[0]!,
      { statement: "[purged]", citations: [{ chunk_id: "c2", quote: "[purged]", span: null }], evidence_status: "gone" as const },
    ];
    render(
      <OutcomeSection
        run={run()}
        result={result({ citations: [citation, other], result: { briefing: "[purged]", claims: mixed, insufficient_evidence: false, unanswered_parts: [] } })}
      />,
    );
    expect(screen.getByText(/Every quote still shown below was checked/)).toBeTruthy();
    expect(screen.getByText(/the other claims still stand on their quotes/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Visitor handbook" })).toBeTruthy();
    expect(screen.getByText(naming("Price list (deleted)"))).toBeTruthy();
  });

  it("lists purged retrieved evidence as purged, without the deleted document's link or section", () => {
    const { container } = render(
      <EvidenceList citations={[citation, { ...citation, chunk_id: "c2", retrieval_rank: 2, content: "[purged]", section: "[purged]" }]} />,
    );
    expect(screen.getAllByRole("link")).toHaveLength(1);
    expect(screen.getByText(naming("Visitor handbook (deleted)"))).toBeTruthy();
    expect(screen.getByText(/Purged: its document was deleted/)).toBeTruthy();
    expect(container.textContent).not.toContain("[purged]");
  });

  it("names a document deleted without purge '(deleted)', with no link and no full-text view, as a purge does (D5)", () => {
    const gone = [{ ...claims[0]!, evidence_status: "gone" as const }];
    const answered = result({ result: { briefing: "It is open.", claims: gone, insufficient_evidence: false, unanswered_parts: [] } });
    const { container } = render(<OutcomeSection run={run()} result={answered} />);
    expect(container.querySelector(".source-line")?.textContent).toMatch(/^Visitor handbook \(deleted\)/);
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByRole("button", { name: "Show in the full text" })).toBeNull();
    // The words stay (no purge): the quote is still shown, marked in its chunk.
    expect(container.querySelector("blockquote mark")?.textContent).toBe(quote);
    expect(container.querySelector(".evidence-drift")?.textContent).toContain("its document was deleted");

    const deleted = deletedDocumentIds(answered);
    render(<EvidenceList citations={answered.citations} deleted={deleted} />);
    render(<RunSummaryPanel summary={summary({ documents_cited: [{ document_id: "d1", document_title: "Visitor handbook" }] })}
      deleted={deleted} />);
    // The claim's source line, the retrieved evidence and the summary: all three the same way.
    expect(screen.getAllByText(naming("Visitor handbook (deleted)", false))).toHaveLength(3);
    expect(screen.getByText(/Documents cited:/).textContent).toBe("Documents cited: Visitor handbook (deleted)");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("names as deleted only the document a 'gone' claim can mean: not one another claim still finds", () => {
    const other: Citation = { ...citation, chunk_id: "c2", document_id: "d2", document_title: "Price list" };
    const cite = (chunk: string) => ({ ...claims[0]!.citations[0]!, chunk_id: chunk });
    const withClaims = (list: RunResult["result"]["claims"]) =>
      deletedDocumentIds(result({ citations: [citation, other], result: { briefing: "", claims: list, insufficient_evidence: false, unanswered_parts: [] } }));
    // One claim quotes both documents and is gone; another still finds d1: d2 is the deleted one.
    expect([...withClaims([
      { statement: "a", citations: [cite("c1"), cite("c2")], evidence_status: "gone" },
      { statement: "b", citations: [cite("c1")], evidence_status: "changed" },
    ])]).toEqual(["d2"]);
    // Both could be the deleted one: neither is named.
    expect(withClaims([{ statement: "a", citations: [cite("c1"), cite("c2")], evidence_status: "gone" }]).size).toBe(0);
    expect(withClaims([{ statement: "a", citations: [cite("c1")], evidence_status: "current" }]).size).toBe(0);
  });

  it("strikes through, inside the claim's excerpt, a span content safety withheld (D6)", () => {
    const directive = "It is closed on Mondays.";
    const start = chunk.indexOf(directive);
    const { container } = render(
      <OutcomeSection run={run()} result={result({
        withheld: [{ chunk_id: "c1", span: { chunk_start: start, chunk_end: start + directive.length }, reason: "output_manipulation" }],
      })} />,
    );
    const excerpt = container.querySelector("blockquote") as HTMLElement;
    const struck = excerpt.querySelectorAll("s.labelled");
    expect(struck).toHaveLength(1);
    expect(struck[0]?.getAttribute("title")).toBe("withheld: output manipulation");
    expect(struck[0]?.textContent).toContain(directive);
    expect(struck[0]?.textContent).toContain("withheld by content safety"); // heard, not only seen
    expect(excerpt.querySelectorAll("mark")).toHaveLength(1);
    expect(excerpt.querySelector("mark")?.textContent).toBe(quote);
    // The Withheld panel below shows it struck through too.
    expect(container.querySelector(".withheld-text")?.textContent).toBe(directive);
  });

  it("strikes a withheld span through in the retrieved evidence too", () => {
    const directive = "It is closed on Mondays.";
    const start = chunk.indexOf(directive);
    const { container } = render(
      <EvidenceList citations={[citation]}
        withheld={[{ chunk_id: "c1", span: { chunk_start: start, chunk_end: start + directive.length }, reason: "output_manipulation" }]} />,
    );
    expect(container.querySelector("p.chunk-text s.labelled")?.textContent).toContain(directive);
    expect(container.querySelector("p.chunk-text")?.textContent).toContain("Opening hours.");
  });

  it("shows a refusal with its reason and no claims", () => {
    const { container } = render(
      <OutcomeSection
        run={run({ outcome: "insufficient_evidence", insufficient_evidence: true })}
        result={result({
          outcome: "insufficient_evidence",
          result: { briefing: "", claims: [], insufficient_evidence: true, unanswered_parts: [] },
          refusal: { reason: "No retrieved passage mentions ticket prices." },
        })}
      />,
    );
    expect(screen.getByRole("heading", { name: "The evidence is not there" })).toBeTruthy();
    expect(screen.getByText("No retrieved passage mentions ticket prices.")).toBeTruthy();
    // a refusal says what ORION knows (no quotable answer among the passages read), not that none was found (outside 31)
    expect(screen.getByText(/No passage ORION read answers this question in words it can quote/)).toBeTruthy();
    expect(screen.queryByText(/found no passage/)).toBeNull();
    expect(container.querySelector("mark")).toBeNull();
  });

  it("shows a refusal's briefing once when the reason already begins with it (a document still being read)", () => {
    const first = "The retrieved evidence does not contain a passage that answers this question.";
    const reason = `${first} 1 document is still being read (OCR or indexing) and could not be searched yet.`;
    const { container } = render(
      <OutcomeSection
        run={run({ outcome: "insufficient_evidence", insufficient_evidence: true })}
        result={result({
          outcome: "insufficient_evidence",
          result: { briefing: first, claims: [], insufficient_evidence: true, unanswered_parts: [] },
          refusal: { reason },
        })}
      />,
    );
    expect(screen.getByText(reason)).toBeTruthy();
    expect(container.textContent?.split(first)).toHaveLength(2);
  });

  it("shows a failure with its reason, distinct from a refusal, and never a partial answer", () => {
    const { container } = render(
      <OutcomeSection
        run={run({ status: "failed", outcome: "failed", failure_reason: "claim 1: quote not found in chunk c1" })}
        result={result({ status: "failed", outcome: "failed" })}
      />,
    );
    expect(screen.getByRole("alert")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "The investigation failed" })).toBeTruthy();
    expect(screen.getByText("claim 1: quote not found in chunk c1")).toBeTruthy();
    expect(screen.queryByText("The observatory opens at 9 am and closes at 5 pm.")).toBeNull();
    expect(container.querySelector("mark")).toBeNull();
    expect(screen.queryByRole("heading", { name: "The evidence is not there" })).toBeNull();
  });

  it("explains a provider failure as one, not as a verification failure (D7)", () => {
    const failedStep: RunStep = {
      id: "s2", step_index: 1, name: "llm_briefing", status: "failed", retry_count: 2, max_retries: 2,
      failure_reason: "llm_briefing failed: provider unavailable: connection failed (ollama)",
      started_at: null, completed_at: null,
    };
    render(
      <OutcomeSection
        run={run({ status: "failed", outcome: "failed", steps: [failedStep], failure_reason: failedStep.failure_reason })}
        result={result({ status: "failed", outcome: "failed" })}
        events={[event("provider_call", { ok: false, provider: "ollama", reason: "provider unavailable" })]}
      />,
    );
    expect(screen.getByText(/No briefing was written: the model that drafts it failed or could not be reached/)).toBeTruthy();
    expect(screen.queryByText(/passes verification|pass verification/)).toBeNull();
    expect(screen.getByText("Drafting the briefing failed: provider unavailable: connection failed (ollama)")).toBeTruthy();
  });

  it("explains a verification failure as one", () => {
    render(
      <OutcomeSection
        run={run({ status: "failed", outcome: "failed", failure_reason: "claim 1: quote not found in chunk c1" })}
        result={result({ status: "failed", outcome: "failed" })}
        events={[event("verification_stage", { stage: "grounding", ok: false, claim: 1, reason: "quote not found" })]}
      />,
    );
    expect(screen.getByText(/a quote in the briefing did not pass verification/)).toBeTruthy();
  });

  it("names the provider of a run whose every call failed, from its events (D7)", () => {
    const events = [event("provider_call", { ok: false, provider: "ollama", reason: "connection failed" })];
    const { container } = render(<RunSummaryPanel summary={summary({ provider: null })} events={events} />);
    const provider = [...container.querySelectorAll(".stats > div")].find((item) => item.querySelector("dt")?.textContent === "Provider");
    expect(provider?.querySelector("dd")?.textContent).toBe("ollama (did not answer)");
  });

  it("says what was withheld, even on a refusal", () => {
    const directive = "It is closed on Mondays.";
    const start = chunk.indexOf(directive);
    render(
      <OutcomeSection
        run={run({ outcome: "insufficient_evidence", insufficient_evidence: true })}
        result={result({
          outcome: "insufficient_evidence",
          result: { briefing: "", claims: [], insufficient_evidence: true, unanswered_parts: [] },
          refusal: { reason: "Nothing answers this." },
          withheld: [
            {
              chunk_id: "c1",
              span: { chunk_start: start, chunk_end: start + directive.length },
              reason: "output_manipulation",
            },
          ],
        })}
      />,
    );
    // From the evidence: the contract lists the labelled spans of every retrieved passage, cited by a claim or not,
    // so a question about something else lists them too (outside31 F10).
    expect(screen.getByRole("heading", { name: "Withheld from the evidence (1)" })).toBeTruthy();
    expect(screen.getByText(/Parts of the passages retrieved for this question/)).toBeTruthy();
    expect(screen.queryByText(/from the answer/)).toBeNull();
    expect(screen.getByText(directive)).toBeTruthy();
    expect(screen.getByText("output manipulation")).toBeTruthy();
  });

  it("shows no withheld section when nothing was withheld", () => {
    render(<OutcomeSection run={run()} result={result()} />);
    expect(screen.queryByRole("heading", { name: /Withheld/ })).toBeNull();
  });
});
