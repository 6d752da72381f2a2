"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { api, send } from "@/api/client";
import { ApiError } from "@/api/errors";
import type { DocumentDetail, DocumentVersion } from "@/api/types";
import { canWrite } from "@/auth/roles";
import { useUser } from "@/auth/SessionProvider";
import { Alert } from "@/components/Alert";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Segmented } from "@/components/Segmented";
import { UserText } from "@/components/UserText";
import { filenameFromDisposition, saveBlob } from "@/lib/download";
import { formatDateTime } from "@/lib/format";
import { AttachmentLinks } from "./AttachmentLinks";
import { ChunkList } from "./ChunkList";
import { DeleteDocument } from "./DeleteDocument";
import { latestVersion, VersionStatusBadge } from "./status";
import { useDocumentProgress } from "./useDocumentProgress";
import { VersionsTable } from "./VersionsTable";
import { VersionText } from "./VersionText";

/** /documents/view?id=…: versions, chunks with trust labels, the full text, download and delete. */
export function DocumentDetailPage() {
  const documentId = useSearchParams().get("id");
  const { detail, error } = useDocumentProgress(documentId);

  if (!documentId) return <Alert tone="error" title="No document was given">Open a document from the list.</Alert>;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert tone="warning" title="Document not found">
        <p>It may have been deleted, or it belongs to another organization.</p>
        <p>
          <Link href="/documents">Go to all documents</Link>
        </p>
      </Alert>
    );
  }
  if (error) return <ErrorAlert error={error} title="The document could not be loaded" />;
  if (!detail) return <Loading label="Loading the document…" />;
  return <DocumentView detail={detail} />;
}

function DocumentView({ detail }: { detail: DocumentDetail }) {
  const user = useUser();
  const latest = latestVersion(detail.versions);
  const [versionId, setVersionId] = useState<string | null>(latest?.id ?? null);
  const version = detail.versions.find((candidate) => candidate.id === versionId) ?? latest;

  return (
    <>
      <div className="page-heading">
        <div>
          <h1>
            <UserText text={detail.title} />
          </h1>
          <p className="muted small">
            {detail.document_type} · source <code>{detail.source}</code> · added {formatDateTime(detail.created_at)}
          </p>
        </div>
        {canWrite(user) ? (
          <DeleteDocument documentId={detail.id} title={detail.title} attachmentCount={detail.attachments?.length ?? 0} />
        ) : null}
      </div>
      <dl className="stats">
        <div>
          <dt>Status</dt>
          <dd>
            <VersionStatusBadge status={detail.status} />
          </dd>
        </div>
        <div>
          <dt>Times retrieved</dt>
          <dd>{detail.usage.times_retrieved}</dd>
        </div>
        <div>
          <dt>Times cited</dt>
          <dd>{detail.usage.times_cited}</dd>
        </div>
        <div>
          <dt>In refused investigations</dt>
          <dd>{detail.usage.times_in_refused}</dd>
        </div>
      </dl>

      <AttachmentLinks detail={detail} />

      <section aria-labelledby="versions-title">
        <h2 id="versions-title">Versions</h2>
        <VersionsTable versions={detail.versions} />
      </section>

      {version ? (
        <VersionContent
          documentId={detail.id}
          version={version}
          versions={detail.versions}
          onPickVersion={setVersionId}
        />
      ) : null}
    </>
  );
}

type ContentView = "chunks" | "text";

function VersionContent({
  documentId,
  version,
  versions,
  onPickVersion,
}: {
  documentId: string;
  version: DocumentVersion;
  versions: readonly DocumentVersion[];
  onPickVersion: (id: string) => void;
}) {
  const [view, setView] = useState<ContentView>("chunks");
  return (
    <section aria-labelledby="content-title">
      <div className="section-heading">
        <h2 id="content-title">Content of version {version.version_number}</h2>
        <DownloadOriginal documentId={documentId} version={version} />
      </div>
      <div className="toolbar">
        {versions.length > 1 ? (
          <div className="field inline">
            <label htmlFor="version-picker">Version</label>
            <select id="version-picker" value={version.id} onChange={(event) => onPickVersion(event.target.value)}>
              {[...versions]
                .sort((a, b) => b.version_number - a.version_number)
                .map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    v{candidate.version_number} ({candidate.status})
                  </option>
                ))}
            </select>
          </div>
        ) : null}
        <Segmented
          label="Show"
          value={view}
          onChange={setView}
          options={[
            { value: "chunks", label: "Chunks" },
            { value: "text", label: "Full text" },
          ]}
        />
      </div>
      {version.status === "processing" ? (
        <Alert tone="info">This version is still being indexed; its content appears when indexing finishes.</Alert>
      ) : view === "chunks" ? (
        <ChunkList documentId={documentId} versionId={version.id} />
      ) : (
        <VersionText documentId={documentId} versionId={version.id} />
      )}
    </section>
  );
}

function DownloadOriginal({ documentId, version }: { documentId: string; version: DocumentVersion }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      const { data, headers } = await send(
        api.GET("/api/v1/knowledge/documents/{document_id}/versions/{version_id}/file", {
          params: { path: { document_id: documentId, version_id: version.id } },
          parseAs: "blob",
        }),
      );
      saveBlob(data, filenameFromDisposition(headers.get("Content-Disposition"), `document-v${version.version_number}`));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <button type="button" onClick={() => void download()} disabled={busy}>
        {busy ? "Downloading…" : "Download original"}
      </button>
      {error ? <ErrorAlert error={error} title="The download failed" /> : null}
    </div>
  );
}
