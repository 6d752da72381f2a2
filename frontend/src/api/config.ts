/** The API origin: empty means the same origin that served the UI (the API serves it at `/`). */
export const API_BASE_URL = (process.env.NEXT_PUBLIC_API_BASE_URL ?? "").replace(/\/+$/, "");
