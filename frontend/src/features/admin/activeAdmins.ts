import { type FetchUsers, fetchUsers } from "./userEmails";

/** The API's largest resource page. */
const PAGE_SIZE = 50;
/** Users read at most to look for another admin; past it the server's own check (409) still stands. */
const MAX_USERS = 5000;

/**
 * Whether someone other than `selfId` is an active admin, read from the user list page by page (it has no filter by
 * role) until one is found or the list ends. Without one, `selfId` is the organization's last active admin, whom the
 * API refuses to deactivate (409). Past `max` users it answers true: an unsure answer must not lock the button.
 */
export async function hasOtherActiveAdmin(
  selfId: string,
  fetchPage: FetchUsers = fetchUsers,
  max = MAX_USERS,
): Promise<boolean> {
  let offset = 0;
  for (;;) {
    const page = await fetchPage(offset, PAGE_SIZE);
    if (page.items.some((user) => user.id !== selfId && user.is_active && user.roles.includes("admin"))) return true;
    offset += page.items.length;
    if (page.items.length === 0 || offset >= page.total) return false;
    if (offset >= max) return true;
  }
}
