"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ApiError } from "@/api/errors";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { formatDateTime } from "@/lib/format";
import { canWrite } from "@/auth/roles";
import { useUser } from "@/auth/SessionProvider";
import { CancelRun } from "./CancelRun";
import { EvidenceList } from "./EvidenceList";
import { OutcomeSection } from "./OutcomeSection";
import { deletedDocumentIds } from "./purged";
import { QuestionHeading } from "./QuestionHeading";
import { RunSummaryPanel } from "./RunSummaryPanel";
import { RunEvents, RunSteps } from "./RunSteps";
import { OutcomeBadge, runDocumentIds, runQuestion, workflowLabel } from "./runStatus";
import { RunScope } from "./RunScope";
import { useRunRecord } from "./useRunRecord";

/** /investigations/view?id=…: the briefing with its verified quotes, or the refusal, or the failure. */
export function BriefingPage() {
  const runId = useSearchParams().get("id");
  const user = useUser();
  const { run, events, result, summary, error, refresh } = useRunRecord(runId);

  if (!runId) {
    return (
      <Alert tone="error" title="No investigation was given">
        <p>
          Open one from <Link href="/investigations">the list of investigations</Link>.
        </p>
      </Alert>
    );
  }
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert tone="warning" title="Investigation not found">
        <p>It does not exist, or belongs to another organization.</p>
        <p>
          <Link href="/investigations">Go to all investigations</Link>
        </p>
      </Alert>
    );
  }
  if (error) return <ErrorAlert error={error} title="The investigation could not be loaded" />;
  if (!run) return <Loading label="Loading the investigation…" />;
  // Deleted documents (purged or not) are named "(deleted)" everywhere on the page, never linked (outside25 D5).
  const deleted = result ? deletedDocumentIds(result) : new Set<string>();

  return (
    <>
      <p className="small">
        <Link href="/investigations">← All investigations</Link>
      </p>
      <div className="page-heading">
        <div>
          <QuestionHeading question={runQuestion(run)} />
          <p className="small muted">
            Asked {formatDateTime(run.created_at)} · {workflowLabel(run.workflow_type)}
          </p>
          <RunScope documentIds={runDocumentIds(run)} />
        </div>
        <OutcomeBadge run={run} />
      </div>
      {canWrite(user) ? <CancelRun run={run} onSettled={refresh} /> : null}

      {result ? <OutcomeSection run={run} result={result} events={events} /> : <Loading label={`The investigation is ${run.status}…`} />}

      {summary ? <RunSummaryPanel summary={summary} events={events} deleted={deleted} /> : null}

      {result ? (
        <details className="panel">
          <summary>Evidence retrieved ({result.citations.length})</summary>
          <EvidenceList citations={result.citations} deleted={deleted} withheld={result.withheld} />
        </details>
      ) : null}

      <details className="panel" open={!result}>
        <summary>Steps and events</summary>
        <h3>Steps</h3>
        <RunSteps steps={run.steps} />
        <h3>Events</h3>
        <RunEvents events={events} steps={run.steps} />
      </details>
    </>
  );
}
