/** The API origin: empty means the same origin that served the UI (the API serves it at `/`). */
export const API_BASE_URL = (process.env.NEXT_PUBLIC_API_BASE_URL ?? "").replace(/\/+$/, "");

/**
 * The API's upload byte cap (its ORION_MAX_UPLOAD_BYTES, 10 MiB by default): checked before sending, so a file over
 * it is refused at once instead of after the whole of it has been uploaded. Build with NEXT_PUBLIC_MAX_UPLOAD_BYTES
 * to match a deployment that changed it; the server's 413 stays the last word.
 */
export const MAX_UPLOAD_BYTES = Number(process.env.NEXT_PUBLIC_MAX_UPLOAD_BYTES) || 10 * 1024 * 1024;
