import { getAccessToken, reportUnauthorized } from "./client";
import { API_BASE_URL } from "./config";
import { type ApiError, networkError, parseApiError } from "./errors";
import type { IngestResponse } from "./types";

export type UploadReply =
  | { ok: true; status: 200 | 201 | 202; body: IngestResponse }
  | { ok: false; error: ApiError };

export interface UploadRequest {
  file: File;
  title?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function headersOf(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(":");
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** Upload a document with XMLHttpRequest, so that upload progress can be shown (fetch cannot report it). */
export function uploadDocument({ file, title, onProgress, signal }: UploadRequest): Promise<UploadReply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    const token = getAccessToken();
    xhr.open("POST", `${API_BASE_URL}/api/v1/knowledge/documents`);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const status = xhr.status;
      if (status === 200 || status === 201 || status === 202) {
        onProgress?.(1);
        resolve({ ok: true, status, body: JSON.parse(xhr.responseText) as IngestResponse });
        return;
      }
      reportUnauthorized(status, token !== null);
      resolve({ ok: false, error: parseApiError(status, xhr.responseText, headersOf(xhr)) });
    };
    xhr.onerror = () => resolve({ ok: false, error: networkError(new Error("the upload was interrupted")) });
    xhr.onabort = () => resolve({ ok: false, error: networkError(new Error("the upload was cancelled")) });
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });

    const form = new FormData();
    form.append("file", file, file.name);
    if (title && title.trim() !== "") form.append("title", title.trim());
    xhr.send(form);
  });
}
