"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useSession } from "@/auth/SessionProvider";
import { Loading } from "@/components/Loading";
import { RegisterForm } from "./RegisterForm";

/**
 * `/register`: the sign-up form for visitors. A signed-in user (a bookmark, or Back into it) goes on to Documents, as
 * on `/`: an empty sign-up form under their own navigation left it unclear what submitting it would do to the session.
 */
export function RegisterGate() {
  const { session } = useSession();
  const router = useRouter();
  const signedIn = session.status === "signed-in";

  useEffect(() => {
    if (signedIn) router.replace("/documents");
  }, [signedIn, router]);

  if (session.status === "anonymous") return <RegisterForm />;
  if (session.status === "loading") return <Loading label="Checking your session…" />;
  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">You are signed in</h1>
      <p>
        You are signed in as {session.user.email}. <Link href="/documents">Go to Documents</Link>
      </p>
    </section>
  );
}
