import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
});
