import type { Page } from "@/api/client";

/**
 * Read a list page by page until the total is reached (or `max` items, or an empty page): the API's resource
 * pages hold at most 50 items, and a choice offered from the first page only hides the rest.
 */
export async function allPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<Page<T>>,
  pageSize: number,
  max: number,
): Promise<Page<T>> {
  const first = await fetchPage(0, pageSize);
  const items = [...first.items];
  const wanted = Math.min(first.total, max);
  while (items.length < wanted) {
    const page = await fetchPage(items.length, pageSize);
    if (page.items.length === 0) break;
    items.push(...page.items.slice(0, wanted - items.length));
  }
  return { items, total: first.total };
}
