import type { DocumentVersion } from "@/api/types";
import { formatDateTime } from "@/lib/format";
import { VersionStatusBadge } from "./status";

export function VersionsTable({ versions }: { versions: readonly DocumentVersion[] }) {
  const ordered = [...versions].sort((a, b) => b.version_number - a.version_number);
  return (
    <div className="table-scroll">
      <table className="table-stack">
        <caption className="visually-hidden">Versions, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Status</th>
            <th scope="col">Progress</th>
            <th scope="col" className="num">Chunks</th>
            <th scope="col" className="num">Pages</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Content hash</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((version) => {
            const percent = Math.round(version.progress * 100);
            return (
              <tr key={version.id}>
                <td>v{version.version_number}</td>
                <td data-label="Status">
                  <VersionStatusBadge status={version.status} />
                  {version.status_reason ? <div className="small">{version.status_reason}</div> : null}
                  {version.labels_pending > 0 ? (
                    <div className="small">Content-safety labels updating: {version.labels_pending} chunks left</div>
                  ) : null}
                </td>
                <td data-label="Progress">
                  <progress max={100} value={percent} aria-label={`Version ${version.version_number} progress`} />{" "}
                  <span className="small">{percent}%</span>
                </td>
                <td data-label="Chunks" className="num">{version.chunk_count}</td>
                <td data-label="Pages" className="num">{version.page_count ?? "—"}</td>
                <td data-label="Uploaded">{formatDateTime(version.created_at)}</td>
                <td data-label="Content hash">
                  <code title={version.content_hash}>{version.content_hash.slice(0, 12)}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
