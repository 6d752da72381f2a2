import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/errors";
import { ErrorAlert } from "./ErrorAlert";

const REQUEST_ID = "3f2b7c9e0a1d4e5f8a6b7c8d9e0f1a2b";

describe("ErrorAlert", () => {
  it("puts the request id under the message as a small 'Reference' line, not 'Request id'", () => {
    const error = new ApiError({ status: 500, code: "internal", message: "Something went wrong.", requestId: REQUEST_ID });
    render(<ErrorAlert error={error} title="The document was not uploaded" />);
    const message = screen.getByText("Something went wrong.");
    const reference = screen.getByText(REQUEST_ID);
    const line = reference.closest("p");
    expect(line?.textContent).toBe(`Reference: ${REQUEST_ID}`);
    expect(line?.className).toBe("error-reference");
    expect(message.compareDocumentPosition(line as Node) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(reference.tagName).toBe("CODE");
    expect(screen.queryByText(/Request id/)).toBeNull();
  });

  it("shows no reference line when the failure has no request id", () => {
    render(<ErrorAlert error={new Error("offline")} />);
    expect(screen.queryByText(/Reference:/)).toBeNull();
  });

  it("styles the reference smaller than the message, muted, and selectable whole", () => {
    const css = readFileSync(join(__dirname, "../app/globals.css"), "utf8");
    const rule = /\.alert \.error-reference \{([^}]*)\}/.exec(css)?.[1] ?? "";
    expect(rule).toMatch(/font-size: 0\.75rem/);
    expect(rule).toMatch(/color: var\(--muted\)/);
    expect(css).toMatch(/\.error-reference code \{[^}]*user-select: all/);
  });
});
