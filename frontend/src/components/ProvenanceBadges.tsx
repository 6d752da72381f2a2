import { provenance } from "../lib/provenance";
import { Badge } from "./Badge";

/** "OCR text" / "table row" badges for a chunk or a quote (nothing for ordinary text). */
export function ProvenanceBadges({ textSource, text }: { textSource?: string | null; text: string }) {
  const labels = provenance(textSource, text);
  if (labels.length === 0) return null;
  return (
    <>
      {labels.map((item) => (
        <Badge key={item.label} tone={item.tone} title={item.title}>
          {item.label}
        </Badge>
      ))}
    </>
  );
}
