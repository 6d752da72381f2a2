"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/auth/SessionProvider";
import { Loading } from "@/components/Loading";
import { safeNextPath } from "@/lib/navigation";
import { SignInForm } from "./SignInForm";

/** `/`: the sign-in form for visitors; a signed-in user goes on to where they were headed (or Documents). */
export function HomeGate() {
  const { session } = useSession();
  const router = useRouter();
  const next = safeNextPath(useSearchParams().get("next"));

  useEffect(() => {
    if (session.status === "signed-in") router.replace(next ?? "/documents");
  }, [session.status, next, router]);

  if (session.status === "anonymous") return <SignInForm />;
  return <Loading label={session.status === "loading" ? "Checking your session…" : "Opening ORION…"} />;
}
