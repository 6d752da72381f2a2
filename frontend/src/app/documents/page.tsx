import type { Metadata } from "next";
import { RequireSession } from "@/auth/RequireSession";
import { DocumentsPage } from "@/features/documents/DocumentsPage";

export const metadata: Metadata = { title: "Documents" };

export default function Page() {
  return (
    <RequireSession>
      <DocumentsPage />
    </RequireSession>
  );
}
