import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { TokensPage } from "@/features/tokens/TokensPage";

export const metadata: Metadata = { title: "Access tokens" };

export default function Page() {
  return (
    <RequireSession>
      <TokensPage />
    </RequireSession>
  );
}
