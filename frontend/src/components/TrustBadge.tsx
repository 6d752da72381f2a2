import { Badge, type BadgeTone } from "./Badge";

const TONES: Record<string, BadgeTone> = { trusted: "good", flagged: "warn", untrusted: "bad" };

/** The content-safety label of a chunk (trusted, flagged, untrusted), with the patterns that set it. */
export function TrustBadge({ label, patterns = [] }: { label: string; patterns?: readonly string[] }) {
  return (
    <span className="trust">
      <Badge tone={TONES[label] ?? "neutral"}>{label}</Badge>
      {patterns.length > 0 ? (
        <span className="small muted">
          matched: {patterns.map((pattern) => <code key={pattern}>{pattern}</code>)}
        </span>
      ) : null}
    </span>
  );
}
