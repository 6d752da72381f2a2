"use client";

import Link from "next/link";
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { MAX_UPLOAD_BYTES } from "@/api/config";
import { uploadDocument } from "@/api/upload";
import { Alert } from "@/components/Alert";
import { formatBytes, formatMegabytes } from "@/lib/format";
import { ProcessingProgress } from "./ProcessingProgress";
import { describeTooLarge, describeUploadOutcome, type UploadOutcome } from "./uploadOutcome";

// What the server reads (it decides the type from the bytes; this only filters the file picker).
const UPLOAD_ACCEPT = [
  ".pdf,.md,.markdown,.txt,.docx,.html,.htm,.eml,.mbox,.csv,.xlsx,.png,.jpg,.jpeg,.tif,.tiff",
  "application/pdf,text/markdown,text/plain,text/html,text/csv,message/rfc822,application/mbox",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,image/png,image/jpeg,image/tiff",
].join(",");

/** Pick or drop a file, give it an optional title, upload it with progress, and follow its indexing. */
export function UploadPanel({ onUploaded }: { onUploaded: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState("");
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  const uploading = progress !== null;
  // A reload or a closed tab drops the request and nothing is created: ask first while the bytes are on their way.
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ""; // older browsers ask only when this is set
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);

  function choose(chosen: File | undefined) {
    if (chosen && chosen.size > MAX_UPLOAD_BYTES) {
      setFile(null);
      if (input.current) input.current.value = "";
      setOutcome(describeTooLarge(chosen.name, chosen.size, MAX_UPLOAD_BYTES));
      return;
    }
    setFile(chosen ?? null);
    setOutcome(null);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setProgress(0);
    setOutcome(null);
    const reply = await uploadDocument({ file, title, onProgress: setProgress });
    // The server calls the document by its title (the file name when none is given): so does the message.
    const described = describeUploadOutcome(title.trim() || file.name, reply);
    setOutcome(described);
    setProgress(null);
    if (described.kind !== "rejected") {
      setFile(null);
      setTitle("");
      if (input.current) input.current.value = "";
      onUploaded();
    }
  }

  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Upload a document</h2>
      <form onSubmit={submit} className="stack">
        <div
          className={`drop-zone${dragging ? " drop-zone-active" : ""}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <p>
            Drop a file here (PDF, Word, Excel, CSV, HTML, email, Markdown, text, or a scanned image; up to{" "}
            {formatMegabytes(MAX_UPLOAD_BYTES)}), or
          </p>
          <label htmlFor={`${id}-file`} className="button-like">
            Choose a file
          </label>
          <input
            ref={input}
            id={`${id}-file`}
            className="visually-hidden-input"
            type="file"
            accept={UPLOAD_ACCEPT}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <p aria-live="polite" className="small">
            {file ? `Selected: ${file.name} (${formatBytes(file.size)})` : "No file selected."}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-title-input`}>Title (optional)</label>
          <input
            id={`${id}-title-input`}
            value={title}
            maxLength={500}
            onChange={(event) => setTitle(event.target.value)}
            aria-describedby={`${id}-title-hint`}
          />
          <p id={`${id}-title-hint`} className="hint">
            Defaults to the file name.
          </p>
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={!file || uploading}>
            Upload
          </button>
        </div>
        {uploading ? (
          <div className="progress-row">
            <label htmlFor={`${id}-progress`}>Uploading… {Math.round(progress * 100)}%</label>
            <progress id={`${id}-progress`} max={100} value={Math.round(progress * 100)} />
          </div>
        ) : null}
      </form>
      {outcome ? <UploadOutcomeMessage outcome={outcome} onSettled={onUploaded} /> : null}
    </section>
  );
}

function UploadOutcomeMessage({ outcome, onSettled }: { outcome: UploadOutcome; onSettled: () => void }) {
  if (outcome.kind === "rejected") {
    return (
      <Alert tone="error" title={outcome.title} focus>
        <p>{outcome.message}</p>
        {outcome.hint ? <p className="small">{outcome.hint}</p> : null}
      </Alert>
    );
  }
  return (
    <>
      <Alert tone={outcome.tone} focus>
        <p>
          {outcome.message} <Link href={`/documents/view?id=${encodeURIComponent(outcome.documentId)}`}>Open it</Link>
        </p>
      </Alert>
      {outcome.kind === "processing" ? (
        <ProcessingProgress documentId={outcome.documentId} onSettled={onSettled} />
      ) : null}
    </>
  );
}
