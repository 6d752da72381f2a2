import { formatDateTime } from "@/lib/format";

/** Each audit action code as a short phrase; a code not listed here is shown as itself. */
const ACTIONS: Record<string, string> = {
  user_created: "Created user",
  roles_changed: "Changed roles",
  user_deactivated: "Deactivated user",
  user_reactivated: "Reactivated user",
  document_deleted: "Deleted document",
  document_purged: "Purged document",
  token_created: "Created token",
  token_revoked: "Revoked token",
};

/** Why tokens were revoked without anyone pressing Revoke. */
const REASONS: Record<string, string> = {
  logged_out: "owner signed out everywhere",
  password_changed: "password changed",
  owner_deactivated: "owner deactivated",
};

/** Detail keys whose plain name differs from the key with its underscores as spaces. */
const KEYS: Record<string, string> = {
  expires_at: "expires",
  parent_document_id: "attached to",
};

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((item) => valueText(key, item)).join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") {
    if (key === "reason") return REASONS[value] ?? value.replaceAll("_", " ");
    if (key.endsWith("_at")) return formatDateTime(value);
    return value;
  }
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/**
 * An audit event's details as readable text ("roles: viewer → member; reason: password changed"), `null` when there
 * are none. The raw JSON stays in the cell's title for whoever needs it.
 */
export function detailsText(details: Record<string, unknown> | null | undefined): string | null {
  if (!details) return null;
  const parts: string[] = [];
  const rest = { ...details };
  if ("before" in rest && "after" in rest) {
    parts.push(`roles: ${valueText("roles", rest.before)} → ${valueText("roles", rest.after)}`);
    delete rest.before;
    delete rest.after;
  }
  if (rest.deleted_before === true) {
    parts.push("deleted earlier");
    delete rest.deleted_before;
  }
  for (const [key, value] of Object.entries(rest)) {
    parts.push(`${KEYS[key] ?? key.replaceAll("_", " ")}: ${valueText(key, value)}`);
  }
  return parts.length > 0 ? parts.join("; ") : null;
}
