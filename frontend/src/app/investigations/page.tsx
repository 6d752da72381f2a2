import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { InvestigationsPage } from "@/features/investigations/InvestigationsPage";

export const metadata: Metadata = { title: "Investigations" };

export default function Page() {
  return (
    <RequireSession>
      <InvestigationsPage />
    </RequireSession>
  );
}
