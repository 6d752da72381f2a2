import type { AccessToken, TokenScope } from "@/api/types";
import type { BadgeTone } from "@/components/Badge";

/** What each scope lets a token do; a call also needs a role of the token's owner that allows it. */
export const SCOPES: { value: TokenScope; label: string; description: string }[] = [
  { value: "read", label: "Read", description: "Read documents, search, read investigations and analytics." },
  { value: "investigate", label: "Investigate", description: "Read, and start investigations." },
  { value: "write", label: "Write", description: "Investigate, and upload or delete documents." },
];

export const EXPIRY_CHOICES = [7, 30, 90, 366] as const;

export const STATUS_TONE: Record<AccessToken["status"], BadgeTone> = {
  active: "good",
  expired: "neutral",
  revoked: "bad",
};

