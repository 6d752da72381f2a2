import { describe, expect, it } from "vitest";
import type { Page } from "@/api/client";
import type { User } from "@/api/types";
import { emailsOf, userIdsIn } from "./userEmails";

function user(index: number): User {
  return {
    id: `u${index}`,
    email: `person${index}@example.org`,
    organization_id: "o1",
    organization_name: "acme",
    roles: ["member"],
    is_active: true,
    created_at: "2026-12-01T10:00:00+00:00",
  };
}

function usersOf(total: number) {
  const calls: Array<[number, number]> = [];
  const all = Array.from({ length: total }, (_, index) => user(index));
  const fetchPage = async (offset: number, limit: number): Promise<Page<User>> => {
    calls.push([offset, limit]);
    return { items: all.slice(offset, offset + limit), total };
  };
  return { calls, fetchPage };
}

describe("userIdsIn", () => {
  it("takes every actor, and the target only of actions done to a user", () => {
    const ids = userIdsIn([
      { actor_id: "a1", action: "roles_changed", target: "u1" },
      { actor_id: "a1", action: "user_created", target: "u2" },
      { actor_id: "a2", action: "document_deleted", target: "d1" },
      { actor_id: "a2", action: "token_revoked", target: "t1" },
      { actor_id: null, action: "user_deactivated", target: "u3" },
    ]);
    expect([...ids].sort()).toEqual(["a1", "a2", "u1", "u2", "u3"]);
  });
});

describe("emailsOf", () => {
  it("stops reading pages once every id is found", async () => {
    const { calls, fetchPage } = usersOf(120);
    const emails = await emailsOf(new Set(["u3", "u49"]), fetchPage);
    expect(emails).toEqual(new Map([["u3", "person3@example.org"], ["u49", "person49@example.org"]]));
    expect(calls).toEqual([[0, 50]]);
  });

  it("reads further pages for a user past the first one, up to X-Total-Count", async () => {
    const { calls, fetchPage } = usersOf(120);
    const emails = await emailsOf(new Set(["u3", "u110", "gone"]), fetchPage);
    expect(emails.get("u110")).toBe("person110@example.org");
    expect(emails.has("gone")).toBe(false);
    expect(calls).toEqual([
      [0, 50],
      [50, 50],
      [100, 50],
    ]);
  });

  it("asks nothing when no id is wanted", async () => {
    const { calls, fetchPage } = usersOf(5);
    expect((await emailsOf(new Set(), fetchPage)).size).toBe(0);
    expect(calls).toEqual([]);
  });

  it("stops at the cap and on an empty page (a list that shrank while it was read)", async () => {
    const capped = usersOf(500);
    await emailsOf(new Set(["gone"]), capped.fetchPage, 100);
    expect(capped.calls).toHaveLength(2);

    const shrunk = async (offset: number): Promise<Page<User>> => ({ items: offset === 0 ? [user(0)] : [], total: 10 });
    expect(await emailsOf(new Set(["u0", "gone"]), shrunk)).toEqual(new Map([["u0", "person0@example.org"]]));
  });
});
