import { describe, expect, it } from "vitest";
import { parseRecord } from "./record";

describe("parseRecord", () => {
  it("reads a CSV row as its labelled fields, in order", () => {
    expect(parseRecord("Model: Sparrow City | Category: Commuter | Price USD: 749 | Weight kg: 11.9")).toEqual([
      { label: "Model", value: "Sparrow City" },
      { label: "Category", value: "Commuter" },
      { label: "Price USD", value: "749" },
      { label: "Weight kg", value: "11.9" },
    ]);
  });

  it("keeps colons inside a value: only the first ': ' of a cell ends its label", () => {
    expect(parseRecord("Day: Monday | Open: 09:00 | Note: closed 12:30-13:30: lunch")).toEqual([
      { label: "Day", value: "Monday" },
      { label: "Open", value: "09:00" },
      { label: "Note", value: "closed 12:30-13:30: lunch" },
    ]);
  });

  it("ignores whitespace around the whole row (a quote may keep its line's edges)", () => {
    expect(parseRecord("  State: CA | Employees: 120\n")).toEqual([
      { label: "State", value: "CA" },
      { label: "Employees", value: "120" },
    ]);
  });

  it("is not a record: a sentence with bars but no labels", () => {
    expect(parseRecord("Fast | cheap | good: pick two of them")).toBeNull();
    expect(parseRecord("The frame is light | the ride is smooth")).toBeNull();
  });

  it("is not a record: a single labelled cell", () => {
    expect(parseRecord("Booking reference: HLG-58213")).toBeNull();
    expect(parseRecord("Open: 09:00")).toBeNull();
  });

  it("is not a record: a cell with an empty value (the server leaves empty cells out)", () => {
    expect(parseRecord("Model: Sparrow City | Category: | Price USD: 749")).toBeNull();
    expect(parseRecord("Model: Sparrow City | Category:")).toBeNull();
    expect(parseRecord("Model: Sparrow City | : 749")).toBeNull();
  });

  it("is not a record: a label that is a whole sentence or holds a colon", () => {
    expect(parseRecord("As the manual says in the section about the warranty terms: two years | Price: 749")).toBeNull();
    expect(parseRecord("Time:12: noon | Price: 749")).toBeNull();
  });

  it("is not a record: rows run together on one line (a row's last value would take in the next row)", () => {
    // The extractive briefing joins its claims' statements with a space: two rows read as one gave
    // "includes_locker = yes plan: Day Pass" (outside31 F7).
    expect(parseRecord(
      "plan: Flex Unlimited | monthly_price_gbp: 165 | includes_locker: yes " +
        "plan: Day Pass | monthly_price_gbp: 18 | includes_locker: no",
    )).toBeNull();
  });

  it("is not a record: text over several lines, or plain prose", () => {
    expect(parseRecord("Model: Sparrow City | Category: Commuter\n\nModel: Finch | Category: Road")).toBeNull();
    expect(parseRecord("The observatory is open from 9 am to 5 pm.")).toBeNull();
    expect(parseRecord("")).toBeNull();
  });
});
