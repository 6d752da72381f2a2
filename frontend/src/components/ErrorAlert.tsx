import { ApiError, errorMessage } from "@/api/errors";
import { Alert } from "./Alert";

/**
 * Show a failed call: the server's message, and under it, small and muted, the request id a support person would ask
 * for ("Reference"), selectable with one click so it can be copied whole.
 */
export function ErrorAlert({ error, title, focus = false }: { error: unknown; title?: string; focus?: boolean }) {
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <Alert tone="error" title={title} focus={focus}>
      <p>{errorMessage(error)}</p>
      {requestId ? (
        <p className="error-reference">
          Reference: <code title="Quote this reference if you contact support">{requestId}</code>
        </p>
      ) : null}
    </Alert>
  );
}
