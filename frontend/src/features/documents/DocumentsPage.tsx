"use client";

import { useCallback, useState } from "react";
import { canWrite } from "@/auth/roles";
import { useUser } from "@/auth/SessionProvider";
import { DocumentList } from "./DocumentList";
import { UploadPanel } from "./UploadPanel";

export function DocumentsPage() {
  const user = useUser();
  // A new key remounts the list on its first page, where a new upload appears (newest first).
  const [listKey, setListKey] = useState(0);
  const refresh = useCallback(() => setListKey((key) => key + 1), []);

  return (
    <>
      <h1>Documents</h1>
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
