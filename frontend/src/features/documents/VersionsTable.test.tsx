import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DocumentVersion } from "@/api/types";
import { expectCardLabels } from "@/test/tables";
import { VersionsTable } from "./VersionsTable";

const version = (number: number, overrides: Partial<DocumentVersion> = {}): DocumentVersion => ({
  id: `v${number}`,
  version_number: number,
  status: "indexed",
  status_reason: null,
  progress: 1,
  chunk_count: 4,
  page_count: null,
  content_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
  created_at: "2026-12-01T10:00:00+00:00",
  labels_pending: 0,
  ...overrides,
});

describe("VersionsTable", () => {
  it("stacks each version as a card on a phone, newest first: every cell but the number names its column", () => {
    render(<VersionsTable versions={[version(1), version(2, { status: "processing", progress: 0.4 })]} />);
    const table = screen.getByRole("table");
    expectCardLabels(table, ["Version"]);
    expect(Array.from(table.querySelectorAll("tbody tr td:first-child"), (cell) => cell.textContent)).toEqual(["v2", "v1"]);
  });
});
