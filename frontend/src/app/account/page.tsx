import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { AccountPage } from "@/features/account/AccountPage";

export const metadata: Metadata = { title: "Your account" };

export default function Page() {
  return (
    <RequireSession>
      <AccountPage />
    </RequireSession>
  );
}
