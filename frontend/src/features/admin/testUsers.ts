import type { User } from "@/api/types";

/** A user of organization "acme" for the admin tests: `<id>@example.org`, active unless told. */
export const person = (id: string, roles: string[], isActive = true): User => ({
  id,
  email: `${id}@example.org`,
  organization_id: "o1",
  organization_name: "acme",
  roles,
  is_active: isActive,
  created_at: "2026-12-01T10:00:00+00:00",
});
