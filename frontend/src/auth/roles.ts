import type { User } from "@/api/types";

export function isAdmin(user: User): boolean {
  return user.roles.includes("admin");
}

/** Admins and members upload and delete documents and start investigations; viewers only read. */
export function canWrite(user: User): boolean {
  return user.roles.includes("admin") || user.roles.includes("member");
}
