import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { RegisterForm, WORKSPACE_NAME_MAX } from "./RegisterForm";

vi.mock("next/navigation", () => ({ useRouter: () => ({ replace: vi.fn() }) }));
vi.mock("@/auth/SessionProvider", () => ({ useSession: () => ({ register: vi.fn() }) }));

describe("RegisterForm", () => {
  it("limits the workspace name to the API's length and says so in its hint", () => {
    render(<RegisterForm />);
    const workspace = screen.getByLabelText("Workspace (optional)") as HTMLInputElement;
    expect(workspace.maxLength).toBe(255);
    const hint = document.getElementById(workspace.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toContain("up to 255 characters");
  });

  it("uses the limit the API document states for a workspace name", () => {
    const openapi = JSON.parse(readFileSync(join(__dirname, "../../../openapi.json"), "utf8"));
    const field = openapi.components.schemas.RegisterRequest.properties.workspace;
    const limits = (field.anyOf ?? [field]).map((option: { maxLength?: number }) => option.maxLength).filter(Boolean);
    expect(limits).toEqual([WORKSPACE_NAME_MAX]);
  });
});
