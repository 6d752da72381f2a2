import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { AdminPage } from "@/features/admin/AdminPage";

export const metadata: Metadata = { title: "Admin" };

export default function Page() {
  return (
    <RequireSession adminOnly>
      <AdminPage />
    </RequireSession>
  );
}
