import Link from "next/link";
import type { DocumentDetail } from "@/api/types";
import { UserText } from "@/components/UserText";
import { formatBytes } from "@/lib/format";
import { VersionStatusBadge } from "./status";

const REASONS: Record<string, string> = {
  unsupported_type: "a type ORION does not read",
  not_read: "attached to a forwarded message (one level is read)",
  inline_image: "an image shown in the message body",
  empty: "empty",
};

function documentHref(id: string): string {
  return `/documents/view?id=${encodeURIComponent(id)}`;
}

/** The links between an email and its attachments: the message an attachment came with, the attachments read as
 * documents of their own, and the ones only listed (name, type, size and why they were not read). */
export function AttachmentLinks({ detail }: { detail: DocumentDetail }) {
  const parent = detail.parent_document_id;
  const attachments = detail.attachments ?? [];
  const unread = detail.unread_attachments ?? [];
  if (!parent && attachments.length === 0 && unread.length === 0) return null;
  return (
    <section aria-labelledby="attachments-title">
      <h2 id="attachments-title">{parent ? "Attached to" : "Attachments"}</h2>
      {parent ? (
        <p>
          This document is an attachment of <Link href={documentHref(parent)}>its email message</Link>; deleting the
          message deletes it too.
        </p>
      ) : null}
      {attachments.length > 0 ? (
        <ul className="attachment-list">
          {attachments.map((attachment) => (
            <li key={attachment.document_id}>
              <Link href={documentHref(attachment.document_id)}>
                <UserText text={attachment.title} />
              </Link>{" "}
              <span className="muted small">{attachment.document_type}</span>{" "}
              <VersionStatusBadge status={attachment.status} />
            </li>
          ))}
        </ul>
      ) : null}
      {unread.length > 0 ? (
        <>
          <p className="muted small">Listed on the message but not read:</p>
          <ul className="attachment-list">
            {unread.map((attachment, index) => (
              <li key={`${attachment.file_name}-${index}`}>
                {attachment.file_name}{" "}
                <span className="muted small">
                  {attachment.media_type}, {formatBytes(attachment.byte_size)} — {REASONS[attachment.reason] ?? attachment.reason}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
