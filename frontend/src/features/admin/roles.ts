import type { Role } from "@/api/types";

export const ROLES: readonly { value: Role; label: string; hint: string }[] = [
  { value: "admin", label: "Admin", hint: "everything, including users and the audit trail" },
  { value: "member", label: "Member", hint: "upload and delete documents, search, investigate" },
  { value: "viewer", label: "Viewer", hint: "read documents, search, read investigations" },
];

/** The roles among a user's role names that this UI knows (UserPublic.roles is a list of plain strings). */
export function knownRoles(names: readonly string[]): Role[] {
  return ROLES.map((role) => role.value).filter((role) => names.includes(role));
}
