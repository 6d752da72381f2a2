"use client";

import { useCallback, useState } from "react";
import { canWrite, isAdmin } from "@/auth/roles";
import { useUser } from "@/auth/SessionProvider";
import { Segmented } from "@/components/Segmented";
import { CreateTokenForm } from "./CreateTokenForm";
import { TokenTable } from "./TokenTable";

/** Personal access tokens for scripts, the Python client and MCP clients (Claude Desktop and others). */
export function TokensPage() {
  const me = useUser();
  const admin = isAdmin(me);
  const [view, setView] = useState<"mine" | "organization">("mine");
  const [listKey, setListKey] = useState(0);
  const created = useCallback(() => setListKey((key) => key + 1), []);

  return (
    <>
      <h1>Access tokens</h1>
      <p className="muted">
        A token lets a script or an AI agent call ORION as you, within its scope and never beyond your role. Send it
        as <code>Authorization: Bearer …</code> to the API or to the MCP endpoint <code>/mcp</code>. Your tokens stop
        working when you sign out, change your password or are deactivated: a machine&apos;s token is best owned by an
        account nobody signs in with day to day.
      </p>
      <CreateTokenForm onCreated={created} roleCanWrite={canWrite(me)} />
      <section aria-labelledby="tokens-title">
        <h2 id="tokens-title">{view === "organization" ? "All tokens in the organization" : "Your tokens"}</h2>
        {admin ? (
          <Segmented label="Show" value={view} onChange={setView}
            options={[{ value: "mine", label: "Mine" }, { value: "organization", label: "Organization" }]} />
        ) : null}
        <TokenTable key={`${view}-${listKey}`} organization={view === "organization"} />
      </section>
    </>
  );
}
