import type { Citation, RunResult } from "@/api/types";

/** What content safety kept out of every model's prompt and never quoted (ADR-0020): chunk, text and why. */
export function WithheldNotice({ result }: { result: RunResult }) {
  const withheld = result.withheld ?? [];
  if (withheld.length === 0) return null;
  const chunks = new Map<string, Citation>(result.citations.map((citation) => [citation.chunk_id, citation]));
  return (
    <section className="withheld" aria-labelledby="withheld-title">
      <h3 id="withheld-title">Withheld from the answer ({withheld.length})</h3>
      <p className="small muted">
        These passages read as instructions aimed at an AI model. They were kept out of the model&apos;s prompt and are
        never quoted; the rest of each document was used as evidence.
      </p>
      <ul>
        {withheld.map((item, index) => {
          const source = chunks.get(item.chunk_id);
          const text = source?.content.slice(item.span.chunk_start, item.span.chunk_end) ?? "";
          return (
            <li key={`${item.chunk_id}-${index}`}>
              <span className="small">
                {source?.document_title ?? "Unknown document"} · <code>{item.reason.replaceAll("_", " ")}</code>
              </span>
              {text ? <blockquote className="withheld-text">{text}</blockquote> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
