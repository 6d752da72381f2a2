import { ApiError, errorMessage } from "@/api/errors";
import { Alert } from "./Alert";

/** Show a failed call: the server's message, and the request id a support person would ask for. */
export function ErrorAlert({ error, title, focus = false }: { error: unknown; title?: string; focus?: boolean }) {
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <Alert tone="error" title={title} focus={focus}>
      <p>{errorMessage(error)}</p>
      {requestId ? <p className="muted small">Request id: {requestId}</p> : null}
    </Alert>
  );
}
