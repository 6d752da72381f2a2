import type { ReactNode } from "react";
import type { components } from "@/api/schema";
import { toUtf16Spans } from "@/lib/highlight";

type LabelledSpan = components["schemas"]["LabelledSpan"];

/**
 * A chunk's text with its labelled spans (ADR-0020) marked: only these are kept from models and never quoted. The
 * API's offsets count code points (Python's); JavaScript strings count UTF-16 units, so they are converted, as the
 * run page's HighlightedText converts them (an emoji before a span moved the mark).
 */
export function LabelledText({ text, spans }: { text: string; spans: readonly LabelledSpan[] }) {
  const ordered = toUtf16Spans(text, spans).sort((a, b) => a.start - b.start);
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
