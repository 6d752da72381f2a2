"use client";

import { useId, useState } from "react";
import { UserText } from "@/components/UserText";

/** Longer than this, a question is shown at body size and cut to a few lines until "Show the whole question". */
export const LONG_QUESTION = 200;

/** The run's question as the page's heading: a giant heading for a 2,000-character question could not be read. */
export function QuestionHeading({ question }: { question: string }) {
  const id = useId();
  const [whole, setWhole] = useState(false);
  if (question.length <= LONG_QUESTION) {
    return (
      <h1 className="question">
        <UserText text={question} />
      </h1>
    );
  }
  return (
    <>
      <h1 id={id} className={`question question-long${whole ? "" : " question-clamped"}`}>
        <UserText text={question} />
      </h1>
      <button type="button" className="link-button small" aria-expanded={whole} aria-controls={id}
        onClick={() => setWhole((shown) => !shown)}>
        {whole ? "Show less of the question" : "Show the whole question"}
      </button>
    </>
  );
}
