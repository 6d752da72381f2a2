"use client";

import { canWrite } from "@/auth/roles";
import { useUser } from "@/auth/SessionProvider";
import { AskForm } from "./AskForm";
import { RunHistory } from "./RunHistory";

export function InvestigationsPage() {
  const user = useUser();
  return (
    <>
      <h1>Investigations</h1>
      {canWrite(user) ? (
        <AskForm />
      ) : (
        <p className="muted">Your role can read investigations; starting one needs the member or admin role.</p>
      )}
      <section aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        <RunHistory />
      </section>
    </>
  );
}
