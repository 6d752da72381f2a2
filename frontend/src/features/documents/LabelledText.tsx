import type { ReactNode } from "react";
import type { components } from "@/api/schema";

type LabelledSpan = components["schemas"]["LabelledSpan"];

/** A chunk's text with its labelled spans (ADR-0020) marked: only these are kept from models and never quoted. */
export function LabelledText({ text, spans }: { text: string; spans: readonly LabelledSpan[] }) {
  const ordered = [...spans].sort((a, b) => a.start - b.start);
  const parts: ReactNode[] = [];
  let at = 0;
  ordered.forEach((span, index) => {
    if (span.end <= at) return;
    const from = Math.max(at, span.start);
    parts.push(text.slice(at, from));
    parts.push(
      <mark
        key={index}
        className={`labelled labelled-${span.label}`}
        title={`withheld: ${span.reason.replaceAll("_", " ")}`}
      >
        {text.slice(from, span.end)}
      </mark>,
    );
    at = span.end;
  });
  parts.push(text.slice(at));
  return <p className="chunk-text">{parts}</p>;
}
