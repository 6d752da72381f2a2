import type { DocumentVersion } from "@/api/types";
import { Badge, type BadgeTone } from "@/components/Badge";

type VersionStatus = DocumentVersion["status"];

const TONES: Record<VersionStatus, BadgeTone> = { indexed: "good", processing: "info", failed: "bad" };

export function VersionStatusBadge({ status }: { status: VersionStatus }) {
  return <Badge tone={TONES[status]}>{status}</Badge>;
}

/** The newest version of a document (highest version number). */
export function latestVersion(versions: readonly DocumentVersion[]): DocumentVersion | null {
  return versions.reduce<DocumentVersion | null>(
    (latest, version) => (latest === null || version.version_number > latest.version_number ? version : latest),
    null,
  );
}
