import type { Metadata } from "next";
import { Suspense } from "react";
import { RequireSession } from "@/auth/RequireSession";
import { Loading } from "@/components/Loading";
import { SearchPage } from "@/features/search/SearchPage";

export const metadata: Metadata = { title: "Search" };

export default function Page() {
  return (
    <RequireSession>
      <Suspense fallback={<Loading />}>
        <SearchPage />
      </Suspense>
    </RequireSession>
  );
}
