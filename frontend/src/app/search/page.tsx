import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { SearchPage } from "@/features/search/SearchPage";

export const metadata: Metadata = { title: "Search" };

export default function Page() {
  return (
    <RequireSession>
      <SearchPage />
    </RequireSession>
  );
}
