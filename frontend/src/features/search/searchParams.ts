import type { SearchMethod } from "@/api/types";

export const SEARCH_METHODS: readonly SearchMethod[] = ["hybrid", "semantic", "lexical"];
export const DEFAULT_METHOD: SearchMethod = "hybrid";
export const DEFAULT_TOP_K = 10;
export const MAX_TOP_K = 50;
export const MAX_QUERY_LENGTH = 2000;

/** What the search form holds: exactly what goes into the address, and nothing secret. */
export interface SearchForm {
  query: string;
  method: SearchMethod;
  topK: number;
  /** "" for all documents. */
  documentId: string;
}

export const DEFAULT_FORM: SearchForm = { query: "", method: DEFAULT_METHOD, topK: DEFAULT_TOP_K, documentId: "" };

function isMethod(value: string | null): value is SearchMethod {
  return SEARCH_METHODS.includes(value as SearchMethod);
}

function readTopK(value: string | null): number {
  if (value === null || !/^\d{1,3}$/.test(value.trim())) return DEFAULT_TOP_K;
  const topK = Number(value);
  return topK >= 1 && topK <= MAX_TOP_K ? topK : DEFAULT_TOP_K;
}

/**
 * The search an address asks for (`/search?q=…&method=…&top_k=…&document=…`), or null when it asks for none (no
 * query, a blank one, or one longer than the form allows). A missing or invalid method, top_k or document falls back
 * to its default.
 */
export function searchFromParams(params: URLSearchParams): SearchForm | null {
  const query = params.get("q") ?? "";
  if (query.trim() === "" || query.length > MAX_QUERY_LENGTH) return null;
  const method = params.get("method");
  return {
    query,
    method: isMethod(method) ? method : DEFAULT_METHOD,
    topK: readTopK(params.get("top_k")),
    documentId: (params.get("document") ?? "").trim(),
  };
}

/** The address query for a search, in a fixed order so one search always has one address. */
export function searchToParams(form: SearchForm): URLSearchParams {
  const params = new URLSearchParams();
  params.set("q", form.query);
  params.set("method", form.method);
  params.set("top_k", String(form.topK));
  if (form.documentId !== "") params.set("document", form.documentId);
  return params;
}
