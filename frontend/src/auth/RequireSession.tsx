"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect } from "react";
import { Alert } from "@/components/Alert";
import { Loading } from "@/components/Loading";
import { isAdmin } from "./roles";
import { useSession } from "./SessionProvider";

/** Render children for a signed-in user (an admin, with `adminOnly`); send anyone else to sign in. */
export function RequireSession({ children, adminOnly = false }: { children: ReactNode; adminOnly?: boolean }) {
  const { session } = useSession();
  const router = useRouter();

  const signedOut = session.status === "anonymous" && session.signedOut === true;
  useEffect(() => {
    if (session.status !== "anonymous") return;
    if (signedOut) {
      router.replace("/"); // a deliberate sign-out: whoever signs in next starts on their own home page
      return;
    }
    const here = window.location.pathname + window.location.search;
    router.replace(`/?next=${encodeURIComponent(here)}`);
  }, [session.status, signedOut, router]);

  if (session.status !== "signed-in") return <Loading label="Checking your session…" />;
  if (adminOnly && !isAdmin(session.user)) {
    return (
      <Alert tone="warning" title="Admins only">
        {/* Not the workspace's name: a private one's is an internal id, and the header names the workspace already. */}
        <p>This page is for your workspace&apos;s administrators.</p>
      </Alert>
    );
  }
  return <>{children}</>;
}
