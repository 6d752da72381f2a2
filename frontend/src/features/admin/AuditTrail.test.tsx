import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@/api/client";
import type { AuditEvent, User } from "@/api/types";
import { expectCardLabels } from "@/test/tables";
import { AuditTrail } from "./AuditTrail";

const ok = (data: unknown, total: number) =>
  ({ data, response: new Response(null, { status: 200, headers: { "X-Total-Count": String(total) } }) }) as never;

function person(id: string, email: string): User {
  return {
    id,
    email,
    organization_id: "o1",
    organization_name: "acme",
    roles: ["member"],
    is_active: true,
    created_at: "2026-12-01T10:00:00+00:00",
  };
}

const admin = person("11111111-aaaa-4aaa-8aaa-000000000001", "admin@example.org");
const viewer = person("22222222-bbbb-4bbb-8bbb-000000000002", "viewer@example.org");
const goneId = "33333333-cccc-4ccc-8ccc-000000000003";
const documentId = "44444444-dddd-4ddd-8ddd-000000000004";

function event(id: string, actor_id: string | null, action: string, target: string | null): AuditEvent {
  return { id, actor_id, action, target, details: null, created_at: "2026-12-02T10:00:00+00:00" };
}

const events = [
  event("e1", admin.id, "user_created", viewer.id),
  event("e2", goneId, "roles_changed", goneId),
  event("e3", admin.id, "document_deleted", documentId),
  event("e4", null, "token_revoked", "t1"),
];

function answer(users: () => Promise<never>) {
  return vi.spyOn(api, "GET").mockImplementation(((path: string) => {
    if (path === "/api/v1/admin/audit") return Promise.resolve(ok(events, events.length));
    if (path === "/api/v1/admin/users") return users();
    throw new Error(`unexpected GET ${path}`);
  }) as never);
}

/** The body cell at (row, column), both from 0: When, Action, Actor, Target, Details. */
function cell(row: number, column: number): HTMLElement {
  const found = screen.getAllByRole("row")[row + 1]?.querySelectorAll("td")[column];
  if (!found) throw new Error(`no cell at ${row}, ${column}`);
  return found;
}

describe("AuditTrail", () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/admin");
  });

  it("names actors and user targets by email, keeping the raw id in the title", async () => {
    const get = answer(() => Promise.resolve(ok([viewer, admin], 2)));
    render(<AuditTrail />);

    await screen.findByRole("table");
    const actor = cell(0, 2);
    const target = cell(0, 3);
    expect(actor.textContent).toBe("admin@example.org");
    expect(actor.querySelector("[title]")?.getAttribute("title")).toBe(admin.id);
    expect(target.textContent).toBe("viewer@example.org");
    expect(target.querySelector("[title]")?.getAttribute("title")).toBe(viewer.id);
    expect(get).toHaveBeenCalledWith("/api/v1/admin/users", { params: { query: { limit: 50, offset: 0 } } });
  });

  it("falls back to the id for a user who is not in the list, and never names a document or token", async () => {
    answer(() => Promise.resolve(ok([viewer, admin], 2)));
    render(<AuditTrail />);

    await screen.findByRole("table");
    const goneActor = cell(1, 2);
    const goneTarget = cell(1, 3);
    expect(goneActor.textContent).toBe(goneId);
    expect(goneActor.querySelector("code")?.getAttribute("title")).toBe(goneId);
    expect(goneTarget.textContent).toBe(goneId);
    expect(cell(2, 3).textContent).toBe(documentId);
    expect(cell(3, 2).textContent).toBe("system");
    expect(cell(3, 3).textContent).toBe("t1");
  });

  it("still shows the trail, with ids, when the user list cannot be read", async () => {
    answer(() => Promise.resolve({ error: { error: { code: "internal_error", message: "boom" } },
      response: new Response(null, { status: 500 }) } as never));
    render(<AuditTrail />);

    await screen.findByRole("table");
    expect(screen.getByText(/user list could not be read/)).toBeTruthy();
    expect(cell(0, 2).textContent).toBe(admin.id);
    expect(cell(0, 3).textContent).toBe(viewer.id);
  });

  it("reads a second page of users for an actor the first page does not hold", async () => {
    const many = Array.from({ length: 50 }, (_, index) => person(`p${index}`, `p${index}@example.org`));
    const get = answer(() => Promise.resolve(ok([], 0)));
    get.mockImplementation(((path: string, options: { params: { query: { offset: number } } }) => {
      if (path === "/api/v1/admin/audit") return Promise.resolve(ok(events, events.length));
      const offset = options.params.query.offset;
      return Promise.resolve(ok(offset === 0 ? many : [viewer, admin], 52));
    }) as never);
    render(<AuditTrail />);

    await waitFor(() => expect(screen.getAllByText("admin@example.org").length).toBeGreaterThan(0));
    expect(get).toHaveBeenCalledWith("/api/v1/admin/users", { params: { query: { limit: 50, offset: 50 } } });
  });

  it("shows actions and details in plain words, the code and raw JSON in the titles", async () => {
    vi.spyOn(api, "GET").mockImplementation(((path: string) => {
      if (path === "/api/v1/admin/audit") {
        return Promise.resolve(ok([{ ...event("e9", admin.id, "roles_changed", viewer.id),
          details: { before: ["viewer"], after: ["member"] } }], 1));
      }
      return Promise.resolve(ok([viewer, admin], 2));
    }) as never);
    render(<AuditTrail />);

    await screen.findByRole("table");
    expect(cell(0, 1).textContent).toBe("Changed roles");
    expect(cell(0, 1).getAttribute("title")).toBe("roles_changed");
    expect(cell(0, 4).textContent).toBe("roles: viewer → member");
    expect(cell(0, 4).getAttribute("title")).toBe('{"before":["viewer"],"after":["member"]}');
  });

  it("stacks each entry as a card on a phone, headed by its time: every other cell names its column", async () => {
    answer(() => Promise.resolve(ok([viewer, admin], 2)));
    render(<AuditTrail />);
    await waitFor(() => expect(screen.getAllByText("admin@example.org").length).toBeGreaterThan(0));
    expectCardLabels(screen.getByRole("table"), ["When"]);
  });
});
