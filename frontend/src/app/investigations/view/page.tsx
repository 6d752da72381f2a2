import type { Metadata } from "next";
import { Suspense } from "react";
import { RequireSession } from "@/auth/RequireSession";
import { Loading } from "@/components/Loading";
import { BriefingPage } from "@/features/investigations/BriefingPage";

export const metadata: Metadata = { title: "Briefing" };

export default function Page() {
  return (
    <RequireSession>
      <Suspense fallback={<Loading />}>
        <BriefingPage />
      </Suspense>
    </RequireSession>
  );
}
