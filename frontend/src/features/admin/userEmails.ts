import { api, callPage, type Page } from "@/api/client";
import type { User } from "@/api/types";

/** The API's largest resource page. */
const PAGE_SIZE = 50;
/** Users read at most to name the people in one page of the audit trail; past it an id stays an id. */
const MAX_USERS = 5000;

/** Audit actions whose target is a user's id (the others name a document or an access token). */
const USER_TARGET_ACTIONS: ReadonlySet<string> = new Set([
  "user_created",
  "roles_changed",
  "user_deactivated",
  "user_reactivated",
]);

export interface AuditSubject {
  actor_id: string | null;
  action: string;
  target: string | null;
}

/** The user ids an audit page mentions: every actor, and the target of an action done to a user. */
export function userIdsIn(events: readonly AuditSubject[]): Set<string> {
  const ids = new Set<string>();
  for (const event of events) {
    if (event.actor_id) ids.add(event.actor_id);
    if (event.target && USER_TARGET_ACTIONS.has(event.action)) ids.add(event.target);
  }
  return ids;
}

export type FetchUsers = (offset: number, limit: number) => Promise<Page<User>>;

export const fetchUsers: FetchUsers = (offset, limit) =>
  callPage(api.GET("/api/v1/admin/users", { params: { query: { limit, offset } } }));

/**
 * The emails of the users with these ids, read from the organization's user list page by page (it has no lookup by
 * id) until every id is found, the list ends (X-Total-Count), or `max` users were read. An id that is not in the list
 * (a user who is gone, or from before) is simply missing from the answer.
 */
export async function emailsOf(
  ids: ReadonlySet<string>,
  fetchPage: FetchUsers = fetchUsers,
  max = MAX_USERS,
): Promise<Map<string, string>> {
  const emails = new Map<string, string>();
  if (ids.size === 0) return emails;
  let offset = 0;
  for (;;) {
    const page = await fetchPage(offset, PAGE_SIZE);
    for (const user of page.items) {
      if (ids.has(user.id)) emails.set(user.id, user.email);
    }
    offset += page.items.length;
    if (emails.size === ids.size || page.items.length === 0 || offset >= page.total || offset >= max) return emails;
  }
}
