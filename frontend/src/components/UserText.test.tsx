import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { displayText, UserText } from "./UserText";

const RLO = "\u202E";

describe("UserText", () => {
  it("drops the characters that reorder text, so a question reads in the order it was typed (outside31 F10)", () => {
    // Shown as "Can I bring my dog?yadirF no" with the override in place.
    expect(displayText(`Can I bring my dog${RLO} on Friday?\u200B`)).toBe("Can I bring my dog on Friday?\u200B");
    expect(displayText("a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i")).toBe("abcdefghi");
    // Right-to-left letters and the marks LRM and RLM stay: they are text, not an override.
    expect(displayText("\u05E9\u05DC\u05D5\u05DD \u200Fworld\u200E")).toBe("\u05E9\u05DC\u05D5\u05DD \u200Fworld\u200E");
  });

  it("isolates the text in a <bdi> from what is written around it", () => {
    const { container } = render(
      <p>
        <UserText text={`Price list${RLO}`} /> (deleted)
      </p>,
    );
    const isolated = container.querySelector("p > bdi");
    expect(isolated?.textContent).toBe("Price list");
    expect(container.textContent).toBe("Price list (deleted)");
  });
});
