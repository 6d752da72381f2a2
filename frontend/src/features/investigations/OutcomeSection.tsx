import type { Citation, Run, RunEvent, RunResult } from "@/api/types";
import { Alert } from "@/components/Alert";
import { RecordOrText } from "@/components/RecordText";
import { UserText } from "@/components/UserText";
import { parseRecord } from "@/lib/record";
import { ClaimCard } from "./ClaimCard";
import { failureExplanation, failureReasonText } from "./failure";
import { deletedDocumentIds, isClaimPurged, isPurged, isQuotePurged } from "./purged";
import { WithheldNotice } from "./WithheldNotice";
import { withheldRangesByChunk } from "./withheld";

/**
 * What the run concluded: a verified briefing, an explicit refusal, or a failure, each shown distinctly.
 * `events` (the run's) tell a failure's kind: a verification failure or a step that failed before any quote.
 */
export function OutcomeSection({ run, result, events = [] }: { run: Run; result: RunResult; events?: readonly RunEvent[] }) {
  return (
    <>
      <Outcome run={run} result={result} events={events} />
      <WithheldNotice result={result} />
    </>
  );
}

function Outcome({ run, result, events }: { run: Run; result: RunResult; events: readonly RunEvent[] }) {
  switch (result.outcome) {
    case "answered":
      return <Answer result={result} />;
    case "insufficient_evidence":
      return (
        <section className="outcome outcome-refused" aria-labelledby="outcome-title">
          <h2 id="outcome-title">The evidence is not there</h2>
          <p>
            No passage ORION read answers this question in words it can quote, so it gives no answer. The passages it
            read are listed below; asking in the documents&apos; own words may find one.
          </p>
          <p>
            <strong>Reason:</strong> {result.refusal?.reason ?? "No reason was recorded."}
          </p>
          {addsToReason(result.result?.briefing, result.refusal?.reason) ? (
            <RecordOrText text={result.result?.briefing ?? ""} className="muted" />
          ) : null}
        </section>
      );
    case "failed":
      return (
        <section className="outcome outcome-failed" aria-labelledby="outcome-title" role="alert">
          <h2 id="outcome-title">The investigation failed</h2>
          <p>{failureExplanation(run, events)}</p>
          <p>
            <strong>Reason:</strong> {failureReasonText(run) ?? "No reason was recorded."}
          </p>
        </section>
      );
    case "cancelled":
      return (
        <section className="outcome" aria-labelledby="outcome-title">
          <h2 id="outcome-title">The investigation was cancelled</h2>
          <p>It was stopped before it reached an answer, so it says nothing about whether your documents hold one.</p>
        </section>
      );
    default:
      return <Alert tone="info">The investigation has no outcome yet.</Alert>;
  }
}

/** A refusal's briefing is worth showing only when it says more than its reason (which often begins with it). */
function addsToReason(briefing: string | undefined, reason: string | undefined): boolean {
  const said = briefing?.trim();
  if (!said) return false;
  return !(reason ?? "").includes(said);
}

function Answer({ result }: { result: RunResult }) {
  const evidence = new Map<string, Citation>(result.citations.map((citation) => [citation.chunk_id, citation]));
  const claims = result.result?.claims ?? [];
  const purged = claims.filter((claim) => isClaimPurged(claim, evidence));
  const quotes = claims.flatMap((claim) => claim.citations.map((citation) => ({ citation, source: evidence.get(citation.chunk_id) })));
  const quotesLeft = quotes.filter(({ citation, source }) => !isQuotePurged(citation, source)).length;
  const briefing = result.result?.briefing;
  const unanswered = result.result?.unanswered_parts ?? [];
  const deleted = deletedDocumentIds(result);
  const withheld = withheldRangesByChunk(result.withheld);
  return (
    <section className="outcome outcome-answered" aria-labelledby="outcome-title">
      <h2 id="outcome-title">Briefing</h2>
      {purged.length > 0 ? (
        <Alert tone="info" title="Evidence purged">
          A document this answer quoted was deleted with its text purged, so what the answer took from it is no
          longer shown{purged.length === claims.length ? "" : "; the other claims still stand on their quotes"}.
        </Alert>
      ) : null}
      {unanswered.length > 0 ? (
        <Alert tone="warning" title="Part of the question is not answered">
          <p>
            No passage ORION read answers {unanswered.length === 1 ? "this part" : "these parts"} clearly enough to be
            quoted, so the answer below covers the rest of the question only:
          </p>
          <ul className="unanswered-parts">
            {unanswered.map((part, index) => (
              <li key={index}>
                <UserText text={part} />
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {briefing && !isPurged(briefing) ? (
        <Briefing text={briefing} statements={claims.map((claim) => claim.statement)} />
      ) : null}
      {quotesLeft > 0 ? (
        <p className="small muted">
          Every quote {quotesLeft < quotes.length ? "still shown " : ""}below was checked against its source and is
          shown as the source reads.
        </p>
      ) : null}
      {claims.some((claim) => claim.evidence_status !== "current" && !isClaimPurged(claim, evidence)) ? (
        <Alert tone="info">
          Some evidence changed after this answer: a cited document has a new version or was deleted. The claims
          concerned say so below.
        </Alert>
      ) : null}
      <ol className="claim-list">
        {claims.map((claim, index) => (
          <ClaimCard key={index} claim={claim} index={index} evidence={evidence} deleted={deleted} withheld={withheld} />
        ))}
      </ol>
    </section>
  );
}

/**
 * The briefing as written, or, when it is its claims' statements run together and one of them is a spreadsheet row,
 * each statement on its own: the extractive provider joins them with a space, so rows read as one ran together
 * ("includes_locker: yes plan: Day Pass", outside31 F7). The words are the same; only where one ends is kept. What
 * the provider adds after the statements (the sentence naming a part left unanswered) follows them.
 */
function Briefing({ text, statements }: { text: string; statements: readonly string[] }) {
  const rest = afterStatements(text, statements);
  if (rest === null || !statements.some((statement) => parseRecord(statement) !== null)) {
    return <RecordOrText text={text} className="briefing" />;
  }
  return (
    <div className="briefing">
      {statements.map((statement, index) => (
        <RecordOrText key={index} text={statement} className="briefing-part" />
      ))}
      {rest ? <p className="briefing-part">{rest}</p> : null}
    </div>
  );
}

/**
 * When a text is these statements in order with only white space between them (two or more), or these statements
 * then more words (one or more), the words after them ("" for none); otherwise null.
 */
function afterStatements(text: string, statements: readonly string[]): string | null {
  const words = (value: string) => value.split(/\s+/).filter(Boolean).join(" ");
  const said = words(text);
  const joined = words(statements.join(" "));
  if (statements.length === 0 || !joined) return null;
  if (said === joined) return statements.length > 1 ? "" : null;
  return said.startsWith(`${joined} `) ? said.slice(joined.length + 1) : null;
}
