import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QuestionHeading } from "./QuestionHeading";

describe("QuestionHeading", () => {
  it("shows a short question as the page's large heading", () => {
    render(<QuestionHeading question="When is it open?" />);
    expect(screen.getByRole("heading", { level: 1 }).className).toBe("question");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("shows a 2,000-character question at body size, a few lines until asked for the whole of it", () => {
    const question = "How much does the pool membership cost for a family of four people? ".repeat(30).slice(0, 2000);
    render(<QuestionHeading question={question} />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe(question);
    expect(heading.classList.contains("question-long")).toBe(true);
    expect(heading.classList.contains("question-clamped")).toBe(true);

    const more = screen.getByRole("button", { name: "Show the whole question" });
    expect(more.getAttribute("aria-controls")).toBe(heading.id);
    fireEvent.click(more);
    expect(heading.classList.contains("question-clamped")).toBe(false);
    expect(screen.getByRole("button", { name: "Show less of the question" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("shows a question with a right-to-left override in the order it was typed, isolated (outside31 F10)", () => {
    render(<QuestionHeading question={"Can I bring my dog\u202E on Friday?"} />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Can I bring my dog on Friday?");
    expect(heading.querySelector("bdi")?.textContent).toBe("Can I bring my dog on Friday?");

    const long = `${"Which of the plans include a locker? ".repeat(10)}\u202Eon Friday`;
    render(<QuestionHeading question={long} />);
    const longHeading = screen.getAllByRole("heading", { level: 1 })[1] as HTMLElement;
    expect(longHeading.querySelector("bdi")?.textContent).toBe(long.replace("\u202E", ""));
  });
});
