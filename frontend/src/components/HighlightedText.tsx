import type { Ref } from "react";
import { layeredSegments, type Span, type WithheldRange } from "@/lib/highlight";

/**
 * Text with the given code-point spans wrapped in <mark>; the first mark can receive a ref (to scroll to it).
 * `withheld`: spans content safety withheld from the evidence, struck through as the document page shows them.
 */
export function HighlightedText({
  text,
  spans,
  withheld = [],
  firstMarkRef,
  className,
}: {
  text: string;
  spans: readonly Span[];
  withheld?: readonly WithheldRange[];
  firstMarkRef?: Ref<HTMLElement>;
  className?: string;
}) {
  let refGiven = false;
  return (
    <span className={className}>
      {layeredSegments(text, spans, withheld).map((segment) => {
        const content = segment.withheld === null ? segment.text : (
          <s className="labelled" title={`withheld: ${segment.withheld.replaceAll("_", " ")}`}>
            <span className="visually-hidden">(withheld by content safety: </span>
            {segment.text}
            <span className="visually-hidden">)</span>
          </s>
        );
        if (!segment.marked) return <span key={segment.start}>{content}</span>;
        const ref = refGiven ? undefined : firstMarkRef;
        refGiven = true;
        return (
          <mark key={segment.start} ref={ref}>
            {content}
          </mark>
        );
      })}
    </span>
  );
}
