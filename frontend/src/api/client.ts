import createClient from "openapi-fetch";
import { API_BASE_URL } from "./config";
import { networkError, parseApiError } from "./errors";
import type { paths } from "./schema";

let accessToken: string | null = null;
let onUnauthorized: (() => void) | null = null;

/** Set the bearer token that every API call carries (null when signed out). */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/** Register what happens when a call made with a token answers 401 (the session is over). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** Report a 401 to a call made with a token; sign-in attempts (no token) keep their own message. */
export function reportUnauthorized(status: number, hadToken: boolean): void {
  if (status === 401 && hadToken) onUnauthorized?.();
}

export const api = createClient<paths>({ baseUrl: API_BASE_URL });

api.use({
  onRequest({ request }) {
    if (accessToken) request.headers.set("Authorization", `Bearer ${accessToken}`);
    return request;
  },
  onResponse({ request, response }) {
    reportUnauthorized(response.status, request.headers.has("Authorization"));
    return response;
  },
});

interface CallResult<Data> {
  data?: Data;
  error?: unknown;
  response: Response;
}

/** Await an API call and return its body with the response headers, or throw an ApiError. */
export async function send<Data>(pending: Promise<CallResult<Data>>): Promise<{ data: Data; headers: Headers }> {
  let result: CallResult<Data>;
  try {
    result = await pending;
  } catch (cause) {
    throw networkError(cause);
  }
  if (!result.response.ok) {
    throw parseApiError(result.response.status, result.error, result.response.headers);
  }
  return { data: result.data as Data, headers: result.response.headers };
}

/** Await an API call and return its body, or throw an ApiError. */
export async function call<Data>(pending: Promise<CallResult<Data>>): Promise<Data> {
  return (await send(pending)).data;
}

export interface Page<Item> {
  items: Item[];
  total: number;
}

/** Await a list call and return its items with the X-Total-Count total. */
export async function callPage<Item>(pending: Promise<CallResult<Item[]>>): Promise<Page<Item>> {
  const { data, headers } = await send(pending);
  const header = Number(headers.get("X-Total-Count"));
  return { items: data, total: Number.isFinite(header) && headers.has("X-Total-Count") ? header : data.length };
}
