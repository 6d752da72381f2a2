import type { RunEvent, RunStep } from "@/api/types";
import { EmptyState } from "@/components/EmptyState";
import { formatTimeOfDay } from "@/lib/format";
import { eventText, stepFailureText, stepLabel } from "./runEventText";
import { StepStatusBadge } from "./runStatus";

/** The workflow's steps in order, by name in words, with retries and any failure reason. */
export function RunSteps({ steps }: { steps: readonly RunStep[] }) {
  if (steps.length === 0) return <EmptyState title="No step has started yet." />;
  const ordered = [...steps].sort((a, b) => a.step_index - b.step_index);
  return (
    <ol className="step-list" aria-label="Workflow steps">
      {ordered.map((step) => (
        <li key={step.id} className={`step step-${step.status}`}>
          <span className="step-name" title={step.name}>{stepLabel(step.name)}</span>
          <StepStatusBadge status={step.status} />
          {step.retry_count > 0 ? (
            <span className="small muted">
              retried {step.retry_count} of {step.max_retries}
            </span>
          ) : null}
          {step.failure_reason ? (
            <p className="small step-failure">{stepFailureText(step, step.failure_reason)}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The run's event log, oldest first: one line in words per event, and the raw record (type and payload) behind
 * "Show details" for whoever needs the exact figures.
 */
export function RunEvents({ events, steps = [] }: { events: readonly RunEvent[]; steps?: readonly RunStep[] }) {
  if (events.length === 0) return <EmptyState title="No events were recorded." />;
  return (
    <ol className="event-list">
      {events.map((event) => {
        const text = eventText(event, steps);
        return (
          <li key={event.id}>
            <time dateTime={event.created_at} className="small muted">
              {formatTimeOfDay(event.created_at)}
            </time>{" "}
            <span className="event-text">{text}</span>
            <details className="event-details">
              <summary className="small">
                Show details<span className="visually-hidden"> of “{text}”</span>
              </summary>
              <p className="small muted">
                Event <code>{event.event_type}</code>
              </p>
              {event.payload && Object.keys(event.payload).length > 0 ? (
                <pre className="event-payload">{JSON.stringify(event.payload, null, 2)}</pre>
              ) : null}
            </details>
          </li>
        );
      })}
    </ol>
  );
}
