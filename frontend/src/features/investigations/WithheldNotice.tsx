import type { Citation, RunResult } from "@/api/types";
import { UserText } from "@/components/UserText";

/**
 * What content safety kept out of every model's prompt and never quoted (ADR-0020): chunk, text and why. The contract's
 * `withheld` lists the labelled spans of every passage the run retrieved, whether or not a claim cites it, so they are
 * withheld from the evidence, not from the answer: a run about bike parking that retrieved the noticeboard listed the
 * noticeboard's injected text under "Withheld from the answer" (outside31 F10). Shown only when something was withheld.
 */
export function WithheldNotice({ result }: { result: RunResult }) {
  const withheld = result.withheld ?? [];
  if (withheld.length === 0) return null;
  const chunks = new Map<string, Citation>(result.citations.map((citation) => [citation.chunk_id, citation]));
  return (
    <section className="withheld" aria-labelledby="withheld-title">
      <h3 id="withheld-title">Withheld from the evidence ({withheld.length})</h3>
      <p className="small muted">
        Parts of the passages retrieved for this question read as instructions aimed at an AI model. They were kept out
        of the model&apos;s prompt and are never quoted; the rest of each passage was used as evidence.
      </p>
      <ul>
        {withheld.map((item, index) => {
          const source = chunks.get(item.chunk_id);
          const text = source?.content.slice(item.span.chunk_start, item.span.chunk_end) ?? "";
          return (
            <li key={`${item.chunk_id}-${index}`}>
              <span className="small">
                {source ? <UserText text={source.document_title} /> : "Unknown document"} ·{" "}
                <code>{item.reason.replaceAll("_", " ")}</code>
              </span>
              {text ? <blockquote className="withheld-text">{text}</blockquote> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
