import { describe, expect, it, vi } from "vitest";
import type { Page } from "@/api/client";
import type { User } from "@/api/types";
import { person } from "./testUsers";
import { hasOtherActiveAdmin } from "./activeAdmins";


function pages(users: User[], size = 50) {
  return vi.fn(async (offset: number, limit: number): Promise<Page<User>> => ({
    items: users.slice(offset, offset + Math.min(limit, size)),
    total: users.length,
  }));
}

describe("hasOtherActiveAdmin", () => {
  it("is false when the only active admin is the signed-in one", async () => {
    const users = [person("me", ["admin"]), person("bob", ["member"]), person("old", ["admin"], false)];
    expect(await hasOtherActiveAdmin("me", pages(users))).toBe(false);
  });

  it("is true when another active admin exists, and stops reading once it finds one", async () => {
    const users = [person("me", ["admin"]), person("ann", ["admin", "member"]), ...Array.from({ length: 60 }, (_, i) => person(`p${i}`, ["viewer"]))];
    const fetchPage = pages(users, 2);
    expect(await hasOtherActiveAdmin("me", fetchPage)).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it("reads past the first page to find an admin further down the list", async () => {
    const users = [person("me", ["admin"]), ...Array.from({ length: 3 }, (_, i) => person(`p${i}`, ["member"])), person("ann", ["admin"])];
    expect(await hasOtherActiveAdmin("me", pages(users, 2))).toBe(true);
  });

  it("answers true when it stops reading before the end, so an unsure answer never locks the button", async () => {
    const users = [person("me", ["admin"]), ...Array.from({ length: 10 }, (_, i) => person(`p${i}`, ["member"]))];
    expect(await hasOtherActiveAdmin("me", pages(users, 2), 4)).toBe(true);
  });
});
