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
});
