import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { AnalyticsPage } from "@/features/analytics/AnalyticsPage";

export const metadata: Metadata = { title: "Analytics" };

export default function Page() {
  return (
    <RequireSession>
      <AnalyticsPage />
    </RequireSession>
  );
}
