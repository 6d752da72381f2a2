import type { Role } from "@/api/types";

/**
 * The three roles, most powerful first. Their permissions nest (viewer ⊂ member ⊂ admin: see the API's role seed), so
 * holding two of them grants exactly what the higher one grants: the UI offers one role per user, never a mix.
 */
export const ROLES: readonly { value: Role; label: string; hint: string }[] = [
  { value: "admin", label: "Admin", hint: "everything, including users and the audit trail" },
  { value: "member", label: "Member", hint: "upload and delete documents, search, investigate" },
  { value: "viewer", label: "Viewer", hint: "read documents, search, read investigations; no uploads or questions" },
];

/** The roles among a user's role names that this UI knows (UserPublic.roles is a list of plain strings). */
export function knownRoles(names: readonly string[]): Role[] {
  return ROLES.map((role) => role.value).filter((role) => names.includes(role));
}

/** The one role that decides what a user may do: the most powerful they hold, or null when they hold none we know. */
export function effectiveRole(names: readonly string[]): Role | null {
  return knownRoles(names)[0] ?? null;
}

/** "viewer (read documents, …)": a role as a success message names it. */
export function describeRole(role: Role): string {
  const known = ROLES.find((entry) => entry.value === role);
  return known ? `${role} (${known.hint})` : role;
}
