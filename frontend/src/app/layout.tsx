import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SessionProvider } from "@/auth/SessionProvider";
import { AppShell } from "@/components/AppShell";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "ORION", template: "%s · ORION" },
  description: "Evidence-grounded document investigation: answers that quote their sources, or say the evidence is not there.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SessionProvider>
          <AppShell>{children}</AppShell>
        </SessionProvider>
      </body>
    </html>
  );
}
