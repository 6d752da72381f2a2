"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api, call } from "@/api/client";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { ErrorAlert } from "@/components/ErrorAlert";
import { displayText } from "@/components/UserText";
import { setFlash } from "@/lib/flash";
import { plural } from "@/lib/format";

/** Delete a document after confirmation; optionally purge its quoted text from every past run. */
export function DeleteDocument({
  documentId,
  title,
  attachmentCount = 0,
}: {
  documentId: string;
  title: string;
  attachmentCount?: number;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [purge, setPurge] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const name = displayText(title); // as typed: a right-to-left override would reorder the dialog's title

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await call(
        api.DELETE("/api/v1/knowledge/documents/{document_id}", {
          params: { path: { document_id: documentId }, query: { purge } },
        }),
      );
      // The list says what was done, rather than the document vanishing without a word (outside25 T8).
      setFlash(
        purge
          ? `“${name}” was deleted, and its quoted text was purged from past investigations.`
          : `“${name}” was deleted. Past investigations keep their quotes from it and mark it deleted.`,
      );
      router.replace("/documents");
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="danger" onClick={() => setOpen(true)}>
        Delete document
      </button>
      <ConfirmDialog
        open={open}
        title={`Delete “${name}”?`}
        confirmLabel={purge ? "Delete and purge" : "Delete"}
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => {
          setOpen(false);
          setError(null);
        }}
      >
        <p>All versions, chunks and embeddings of this document are removed. This cannot be undone.</p>
        {attachmentCount > 0 ? (
          <p>
            The {plural(attachmentCount, "attachment document")} read from this message{" "}
            {attachmentCount === 1 ? "is" : "are"} deleted with it.
          </p>
        ) : null}
        <div className="checkbox">
          <input id="purge-citations" type="checkbox" checked={purge} onChange={(event) => setPurge(event.target.checked)} />
          <label htmlFor="purge-citations">
            Also purge its quoted text from past investigations (their citations then read “[purged]”; counts stay).
          </label>
        </div>
        {error ? <ErrorAlert error={error} title="The document was not deleted" /> : null}
      </ConfirmDialog>
    </>
  );
}
