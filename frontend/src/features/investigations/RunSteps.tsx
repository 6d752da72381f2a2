import type { RunEvent, RunStep } from "@/api/types";
import { EmptyState } from "@/components/EmptyState";
import { formatTimeOfDay } from "@/lib/format";
import { StepStatusBadge } from "./runStatus";

/** The workflow's steps in order, with retries and any failure reason. */
export function RunSteps({ steps }: { steps: readonly RunStep[] }) {
  if (steps.length === 0) return <EmptyState title="No step has started yet." />;
  const ordered = [...steps].sort((a, b) => a.step_index - b.step_index);
  return (
    <ol className="step-list" aria-label="Workflow steps">
      {ordered.map((step) => (
        <li key={step.id} className={`step step-${step.status}`}>
          <span className="step-name">{step.name}</span>
          <StepStatusBadge status={step.status} />
          {step.retry_count > 0 ? (
            <span className="small muted">
              retried {step.retry_count} of {step.max_retries}
            </span>
          ) : null}
          {step.failure_reason ? <p className="small step-failure">{step.failure_reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** The run's event log, oldest first. */
export function RunEvents({ events }: { events: readonly RunEvent[] }) {
  if (events.length === 0) return <EmptyState title="No events were recorded." />;
  return (
    <ol className="event-list">
      {events.map((event) => (
        <li key={event.id}>
          <time dateTime={event.created_at} className="small muted">
            {formatTimeOfDay(event.created_at)}
          </time>{" "}
          <code>{event.event_type}</code>
          {event.payload && Object.keys(event.payload).length > 0 ? (
            <pre className="event-payload">{JSON.stringify(event.payload, null, 2)}</pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
