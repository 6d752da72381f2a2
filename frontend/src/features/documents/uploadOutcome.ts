import type { ApiError } from "@/api/errors";
import type { UploadReply } from "@/api/upload";
import { formatBytes, formatMegabytes } from "@/lib/format";

export type UploadOutcome =
  | { kind: "indexed" | "processing" | "duplicate"; tone: "success" | "info"; message: string; documentId: string }
  | { kind: "rejected"; tone: "error"; title: string; message: string; hint: string | null };

/**
 * What a person can do about each 422 reason the API names (domains/knowledge/errors.py). A reason this UI does not
 * know gets no hint: the server's message already says what is wrong, and its code ("corrupt_document") tells a
 * person nothing more (outside25 T4).
 */
const REJECTION_HINTS: Record<string, string> = {
  empty: "The file has no content.",
  not_utf8: "Text files must be UTF-8.",
  nul_character: "Save it again as plain text (UTF-8) from a text editor, then upload the new file.",
  control_character: "Save it again as plain text (UTF-8) from a text editor, then upload the new file.",
  corrupt_pdf: "The PDF is damaged.",
  pdf_without_text: "The PDF has no text layer (a scan?).",
  encrypted_pdf: "The PDF is password-protected.",
  corrupt_document: "Open it in the program that made it, save or export it again, and upload the new file.",
  too_complex: "Split it into smaller files, or save a simpler copy, and upload those.",
};

function rejectionHint(error: ApiError): string | null {
  switch (error.status) {
    case 413: {
      const cap = error.details?.max_upload_bytes;
      return typeof cap === "number" ? `The limit is ${formatMegabytes(cap)}.` : "The file is over the size limit.";
    }
    case 415:
      return "ORION accepts PDF, Word, Excel, CSV, HTML, email, Markdown, text or scanned image files.";
    case 422: {
      const reason = error.details?.reason;
      if (typeof reason !== "string") return null;
      return REJECTION_HINTS[reason] ?? null;
    }
    case 429:
      return error.retryAfter !== null ? `Try again in ${error.retryAfter} s.` : "Try again later.";
    case 403:
      return "Your role can read documents but not upload them.";
    case 0:
      return "Check the connection, or whether ORION is running, then upload the file again.";
    default:
      return null;
  }
}

/** Who said no: nobody (no answer at all), the server failing, or the server refusing the file or the request. */
function rejectionTitle(error: ApiError): string {
  if (error.status === 0) return "The upload did not reach ORION";
  if (error.status >= 500) return "ORION could not take the upload";
  return "The upload was rejected";
}

/** A file over the upload cap, refused before a byte of it is sent (the server would refuse it only once it all came). */
export function describeTooLarge(fileName: string, size: number, cap: number): UploadOutcome {
  return {
    kind: "rejected",
    tone: "error",
    title: "The file is too large",
    message: `“${fileName}” is ${formatBytes(size)}; ORION takes files up to ${formatMegabytes(cap)}.`,
    hint: "Split it into smaller files, or upload a smaller export of it.",
  };
}

/** Say what happened to an upload, in the words a person needs (the server's message first for rejections). */
export function describeUploadOutcome(fileName: string, reply: UploadReply): UploadOutcome {
  if (!reply.ok) {
    const { error } = reply;
    const title = rejectionTitle(error);
    return { kind: "rejected", tone: "error", title, message: error.message, hint: rejectionHint(error) };
  }
  const { body } = reply;
  if (body.duplicate) {
    return {
      kind: "duplicate",
      tone: "info",
      documentId: body.document_id,
      message: `“${fileName}” is already here with identical content (version ${body.version_number}); nothing was re-indexed.`,
    };
  }
  if (reply.status === 202 || body.status === "processing") {
    return {
      kind: "processing",
      tone: "info",
      documentId: body.document_id,
      message: `“${fileName}” was accepted as version ${body.version_number} and is being indexed in the background.`,
    };
  }
  return {
    kind: "indexed",
    tone: "success",
    documentId: body.document_id,
    message: `“${fileName}” is indexed as version ${body.version_number} with ${body.chunk_count} chunk${body.chunk_count === 1 ? "" : "s"}.`,
  };
}
