import { describe, expect, it } from "vitest";
import { ApiError, errorMessage, networkError, parseApiError } from "./errors";

const body = (code: string, message: string, details: unknown = null) => ({
  error: { code, message, details },
  request_id: "req-123",
});

describe("parseApiError", () => {
  it("reads the contract's error shape", () => {
    const error = parseApiError(409, body("conflict", "The workspace name is taken.", { field: "workspace" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: "conflict",
      message: "The workspace name is taken.",
      details: { field: "workspace" },
      requestId: "req-123",
      retryAfter: null,
    });
  });

  it("parses a body that arrives as raw text (XMLHttpRequest)", () => {
    const error = parseApiError(
      422,
      JSON.stringify(body("validation_error", "The PDF is protected by a password.", { reason: "encrypted_pdf" })),
    );
    expect(error.code).toBe("validation_error");
    expect(error.details).toEqual({ reason: "encrypted_pdf" });
  });

  it("takes Retry-After (whole seconds) and X-Request-ID from the headers", () => {
    const headers = new Headers({ "Retry-After": "42", "X-Request-ID": "from-header" });
    const error = parseApiError(429, { error: { code: "rate_limited", message: "Too many attempts." } }, headers);
    expect(error.retryAfter).toBe(42);
    expect(error.requestId).toBe("from-header");
    expect(errorMessage(error)).toBe("Too many attempts. Try again in 42 s.");
  });

  it("ignores a Retry-After that is not a number of seconds", () => {
    const headers = new Headers({ "Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT" });
    expect(parseApiError(429, null, headers).retryAfter).toBeNull();
  });

  it("falls back to a sentence per status when the body is not the contract's shape", () => {
    const html = parseApiError(502, "<html>Bad gateway</html>");
    expect(html.code).toBe("internal_error");
    expect(html.message).toBe("The server answered 502.");
    const unknownShape = parseApiError(404, { detail: "Not Found" });
    expect(unknownShape.code).toBe("not_found");
    expect(unknownShape.message).toMatch(/does not exist/);
  });

  it("replaces a blank message and keeps non-object details out", () => {
    const error = parseApiError(403, { error: { code: "forbidden", message: "  ", details: ["x"] } });
    expect(error.message).toBe("You do not have permission to do this.");
    expect(error.details).toBeNull();
  });
});

describe("networkError and errorMessage", () => {
  it("describes a request that got no response", () => {
    const error = networkError(new TypeError("Failed to fetch"));
    expect(error.status).toBe(0);
    expect(errorMessage(error)).toBe("The server could not be reached (Failed to fetch).");
  });

  it("says something for anything thrown", () => {
    expect(errorMessage(new Error("boom"))).toBe("boom");
    expect(errorMessage("weird")).toBe("Something went wrong.");
  });
});
