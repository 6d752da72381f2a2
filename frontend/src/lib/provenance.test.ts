import { describe, expect, it } from "vitest";
import { isTableRow, provenance } from "./provenance";

describe("provenance", () => {
  it("marks OCR text and leaves text-layer and unpaged text unmarked", () => {
    expect(provenance("ocr", "The reservoir holds water.").map((p) => p.label)).toEqual(["OCR text"]);
    expect(provenance("text_layer", "The reservoir holds water.")).toEqual([]);
    expect(provenance(null, "The reservoir holds water.")).toEqual([]);
  });

  it("recognises header-named table rows, alone or among other lines", () => {
    expect(isTableRow("State: CA | Company: Acme Rockets | Employees: 120")).toBe(true);
    expect(isTableRow("Sheet Staff\n\nState: NV | Company: Basin Mining | Employees: 45")).toBe(true);
    expect(isTableRow("Note: this is a sentence | with a pipe but one field")).toBe(false);
    expect(isTableRow("Note: one field only")).toBe(false);
    expect(provenance("ocr", "Pump: 7 | Hours: 1200").map((p) => p.label)).toEqual(["OCR text", "table row"]);
  });
});
