"use client";

import { useCallback, useEffect, useState } from "react";
import { canWrite } from "@/auth/roles";
import { useUser } from "@/auth/SessionProvider";
import { Alert } from "@/components/Alert";
import { clearFlash, peekFlash } from "@/lib/flash";
import { DocumentList } from "./DocumentList";
import { UploadPanel } from "./UploadPanel";

export function DocumentsPage() {
  const user = useUser();
  // A new key remounts the list on its first page, where a new upload appears (newest first).
  const [listKey, setListKey] = useState(0);
  const refresh = useCallback(() => setListKey((key) => key + 1), []);
  // What the page before did here (a document deleted), shown once: read on the first render, then forgotten.
  const [done] = useState(peekFlash);
  useEffect(() => clearFlash(), []);

  return (
    <>
      <h1>Documents</h1>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {canWrite(user) ? (
        <UploadPanel onUploaded={refresh} />
      ) : (
        <p className="muted">Your role can read and search documents; uploading needs the member or admin role.</p>
      )}
      <section aria-labelledby="document-list-title">
        <h2 id="document-list-title">All documents</h2>
        <DocumentList key={listKey} />
      </section>
    </>
  );
}
