import { expect } from "vitest";

/**
 * Expect a list table to read on a phone, where its rows stack as cards (`.table-stack`, below 768 px) and the header
 * row is out of sight: every body cell carries its column's name as the header row spells it (`data-label`, shown
 * before the value), except the `unlabelled` columns (the first, which heads the card, and a column of actions).
 * jsdom applies no media query, so this checks the markup the phone layout reads; the e2e journey measures the layout.
 */
export function expectCardLabels(table: HTMLElement, unlabelled: readonly string[]) {
  expect(table.classList.contains("table-stack")).toBe(true);
  const columns = Array.from(table.querySelectorAll("thead th"), (header) => header.textContent ?? "");
  expect(columns).toEqual(expect.arrayContaining([...unlabelled]));
  const rows = Array.from(table.querySelectorAll("tbody tr"), (row) =>
    Array.from(row.querySelectorAll("td"), (cell, index) => ({ column: columns[index], label: cell.getAttribute("data-label") })),
  );
  expect(rows.length).toBeGreaterThan(0);
  const expected = columns.map((column) => ({ column, label: unlabelled.includes(column) ? null : column }));
  for (const row of rows) expect(row).toEqual(expected);
}
