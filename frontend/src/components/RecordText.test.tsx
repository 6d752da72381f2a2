import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { cssRule } from "@/test/css";
import { RecordOrText } from "./RecordText";

const row = "Model: Sparrow City | Category: Commuter | Price USD: 749 | Weight kg: 11.9";

/** Each term of a description list with its description, as a screen reader pairs them. */
function pairs(list: HTMLElement): string[] {
  return within(list).getAllByRole("term").map((term) => `${term.textContent} = ${term.nextElementSibling?.textContent}`);
}

describe("RecordOrText", () => {
  it("shows a row as a list of its labelled fields, with the exact text kept under it", () => {
    const { container } = render(<RecordOrText text={row} className="briefing" verbatimLabel="Quoted text" />);

    const list = container.querySelector("dl");
    expect(list).not.toBeNull();
    expect(pairs(list as HTMLElement)).toEqual([
      "Model = Sparrow City",
      "Category = Commuter",
      "Price USD = 749",
      "Weight kg = 11.9",
    ]);
    expect(within(list as HTMLElement).getAllByRole("definition")).toHaveLength(4);
    expect(screen.getByText("Quoted text:", { exact: false })).toBeTruthy();
    expect(container.querySelector("code")?.textContent).toBe(row);
    expect(container.querySelector(".briefing")?.tagName).toBe("DIV");
  });

  it("without a verbatim label, keeps the exact text as the list's title instead of a line under it", () => {
    const { container } = render(<RecordOrText text={row} />);
    expect(container.querySelector("dl")?.getAttribute("title")).toBe(row);
    expect(container.querySelector("code")).toBeNull();
    expect(container.textContent).not.toContain(row);
  });

  it("keeps a value's own colons whole", () => {
    const { container } = render(<RecordOrText text="Day: Monday | Open: 09:00" />);
    expect(pairs(container.querySelector("dl") as HTMLElement)).toEqual(["Day = Monday", "Open = 09:00"]);
  });

  it.each([
    "Fast | cheap | good",
    "Open: 09:00",
    "Model: Sparrow City | Category:",
    "It is open on weekdays except Monday.",
    // Two rows run together by a space: no list pairing "Locker" with "yes Plan: Day Pass" (outside31 F7).
    "Plan: Resident | Locker: yes Plan: Day Pass | Locker: no",
  ])("renders %j exactly as before: one paragraph, no list", (text) => {
    const { container } = render(<RecordOrText text={text} className="briefing" />);
    expect(container.querySelector("dl")).toBeNull();
    expect(container.querySelector("code")).toBeNull();
    expect(container.innerHTML).toBe(`<p class="briefing">${text}</p>`);
  });

  it("puts what comes before (a claim's number) ahead of the list", () => {
    const { container } = render(<RecordOrText text={row} before={<span className="claim-number">Claim 1.</span>} />);
    expect(container.firstElementChild?.firstElementChild?.textContent).toBe("Claim 1.");
    expect(container.querySelector("dl")).not.toBeNull();
  });

  it("lets a long column name break after its underscores, its text unchanged (outside31 F7)", () => {
    const { container } = render(<RecordOrText text="plan: Resident | meeting_room_credit_hours: 8" />);
    const label = container.querySelectorAll("dt")[1] as HTMLElement;
    expect(label.textContent).toBe("meeting_room_credit_hours");
    expect(label.innerHTML).toBe("meeting_<wbr>room_<wbr>credit_<wbr>hours");
    expect(container.querySelectorAll("dt")[0]?.innerHTML).toBe("plan");
  });

  it("leaves the values the width their words need on a phone: the labels' column is capped (outside31 F7)", () => {
    // At max-content a label like meeting_room_credit_hours took all but two letters of a 390 px row.
    expect(cssRule(".record-fields")).toMatch(/grid-template-columns: fit-content\(40%\) minmax\(0, 1fr\)/);
    const value = cssRule(".record-fields dd");
    expect(value).toMatch(/min-width: 0/);
    expect(value).toMatch(/overflow-wrap: break-word/); // words wrap whole; only a word wider than the column breaks
    expect(value).not.toMatch(/anywhere|break-all/);
    expect(cssRule(".record-fields dt")).toMatch(/overflow-wrap: anywhere/);
  });
});
