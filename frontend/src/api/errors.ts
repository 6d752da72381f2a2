/** The contract's error shape: {"error": {"code", "message", "details"}, "request_id"}. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | null;
  readonly requestId: string | null;
  /** Seconds from a `Retry-After` header (429), when the server sent one. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    details?: Record<string, unknown> | null;
    requestId?: string | null;
    retryAfter?: number | null;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: "The request was not accepted.",
  401: "Your session has ended. Please sign in again.",
  403: "You do not have permission to do this.",
  404: "This item does not exist or is not visible to you.",
  409: "This conflicts with the current state.",
  413: "The upload is too large.",
  415: "This file type is not supported.",
  422: "The request was not valid.",
  429: "Too many requests. Please wait and try again.",
  503: "The service is temporarily unavailable.",
};

const FALLBACK_CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_error",
  429: "rate_limited",
  503: "service_unavailable",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** Turn an error response (parsed JSON body or raw text, plus headers) into an ApiError. */
export function parseApiError(status: number, body: unknown, headers?: Headers | null): ApiError {
  const retryAfter = parseRetryAfter(headers?.get("Retry-After") ?? null);
  const headerRequestId = headers?.get("X-Request-ID") ?? null;
  const parsed = typeof body === "string" ? tryParseJson(body) : body;
  if (isRecord(parsed) && isRecord(parsed.error)) {
    const error = parsed.error;
    return new ApiError({
      status,
      code: typeof error.code === "string" ? error.code : (FALLBACK_CODES[status] ?? "error"),
      message:
        typeof error.message === "string" && error.message.trim() !== ""
          ? error.message
          : (FALLBACK_MESSAGES[status] ?? `The server answered ${status}.`),
      details: isRecord(error.details) ? error.details : null,
      requestId: typeof parsed.request_id === "string" ? parsed.request_id : headerRequestId,
      retryAfter,
    });
  }
  return new ApiError({
    status,
    code: FALLBACK_CODES[status] ?? (status >= 500 ? "internal_error" : "error"),
    message: FALLBACK_MESSAGES[status] ?? `The server answered ${status}.`,
    requestId: headerRequestId,
    retryAfter,
  });
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The error a failed network call (no response at all) becomes. */
export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : "";
  return new ApiError({ status: 0, code: "network_error", message: `The server could not be reached${detail}.` });
}

/** A sentence for any thrown value, for display. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const wait = error.retryAfter !== null ? ` Try again in ${error.retryAfter} s.` : "";
    return `${error.message}${wait}`;
  }
  if (error instanceof Error) return error.message;
  return "Something went wrong.";
}
