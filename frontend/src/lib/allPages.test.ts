import { describe, expect, it } from "vitest";
import type { Page } from "@/api/client";
import { allPages } from "./allPages";

function pagesOf(total: number) {
  const calls: Array<[number, number]> = [];
  const all = Array.from({ length: total }, (_, index) => index);
  const fetchPage = async (offset: number, limit: number): Promise<Page<number>> => {
    calls.push([offset, limit]);
    return { items: all.slice(offset, offset + limit), total };
  };
  return { calls, fetchPage };
}

describe("allPages", () => {
  it("reads every page when the total passes one page", async () => {
    const { calls, fetchPage } = pagesOf(53);
    const result = await allPages(fetchPage, 50, 1000);
    expect(result.items).toHaveLength(53);
    expect(result.items.at(-1)).toBe(52);
    expect(result.total).toBe(53);
    expect(calls).toEqual([
      [0, 50],
      [50, 50],
    ]);
  });

  it("asks once when the first page holds everything", async () => {
    const { calls, fetchPage } = pagesOf(7);
    expect((await allPages(fetchPage, 50, 1000)).items).toHaveLength(7);
    expect(calls).toHaveLength(1);
  });

  it("stops at the cap and keeps the real total", async () => {
    const { fetchPage } = pagesOf(130);
    const result = await allPages(fetchPage, 50, 120);
    expect(result.items).toHaveLength(120);
    expect(result.total).toBe(130);
  });

  it("stops on an empty page (a list that shrank while it was read)", async () => {
    const fetchPage = async (offset: number): Promise<Page<number>> => ({
      items: offset === 0 ? [1, 2] : [],
      total: 10,
    });
    expect((await allPages(fetchPage, 2, 1000)).items).toEqual([1, 2]);
  });
});
