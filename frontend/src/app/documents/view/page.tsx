import type { Metadata } from "next";
import { Suspense } from "react";
import { RequireSession } from "@/auth/RequireSession";
import { Loading } from "@/components/Loading";
import { DocumentDetailPage } from "@/features/documents/DocumentDetailPage";

export const metadata: Metadata = { title: "Document" };

export default function Page() {
  return (
    <RequireSession>
      <Suspense fallback={<Loading />}>
        <DocumentDetailPage />
      </Suspense>
    </RequireSession>
  );
}
