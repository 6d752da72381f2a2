import type { Ref } from "react";
import { highlightSegments, type Span } from "@/lib/highlight";

/** Text with the given code-point spans wrapped in <mark>; the first mark can receive a ref (to scroll to it). */
export function HighlightedText({
  text,
  spans,
  firstMarkRef,
  className,
}: {
  text: string;
  spans: readonly Span[];
  firstMarkRef?: Ref<HTMLElement>;
  className?: string;
}) {
  let refGiven = false;
  return (
    <span className={className}>
      {highlightSegments(text, spans).map((segment) => {
        if (!segment.marked) return <span key={segment.start}>{segment.text}</span>;
        const ref = refGiven ? undefined : firstMarkRef;
        refGiven = true;
        return (
          <mark key={segment.start} ref={ref}>
            {segment.text}
          </mark>
        );
      })}
    </span>
  );
}
