"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { api, send } from "@/api/client";
import type { SearchMethod, SearchResult } from "@/api/types";
import { Alert } from "@/components/Alert";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { keepFocusAt } from "@/components/RouteFocus";
import { displayText } from "@/components/UserText";
import { useDocumentOptions } from "@/features/documents/useDocumentOptions";
import {
  DEFAULT_FORM,
  MAX_QUERY_LENGTH,
  MAX_TOP_K,
  type SearchForm,
  searchFromParams,
  searchToParams,
} from "./searchParams";
import { SearchResults } from "./SearchResults";

const METHODS: readonly { value: SearchMethod; label: string; hint: string }[] = [
  { value: "hybrid", label: "Hybrid", hint: "both channels, fused by rank" },
  { value: "semantic", label: "Semantic", hint: "meaning, from embeddings" },
  { value: "lexical", label: "Lexical", hint: "the words themselves" },
];

interface SearchOutcome {
  query: string;
  results: SearchResult[];
  semanticUnavailable: string | null;
}

/**
 * The search playground: see which chunks come back for a query, and why they rank where they do.
 * A submitted search is kept in the address (`?q=…&method=…&top_k=…&document=…`, one history entry each), and an
 * address with a query runs it, so a reload, a shared link or Back shows the same results.
 */
export function SearchPage() {
  const { documents, total, error: documentsError, loaded: documentsLoaded } = useDocumentOptions();
  const router = useRouter();
  const pathname = usePathname();
  const address = useSearchParams().toString();
  const [query, setQuery] = useState(DEFAULT_FORM.query);
  const [method, setMethod] = useState<SearchMethod>(DEFAULT_FORM.method);
  const [topK, setTopK] = useState(DEFAULT_FORM.topK);
  const [documentId, setDocumentId] = useState(DEFAULT_FORM.documentId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);
  const [unknownDocument, setUnknownDocument] = useState(false);
  /** The address of the search on screen (null: none), so the address changing to it again runs nothing. */
  const shown = useRef<string | null>(null);
  /** Only the latest search may show its answer: an earlier one still on its way is ignored. */
  const latest = useRef(0);

  const run = useCallback(async (form: SearchForm) => {
    const attempt = ++latest.current;
    setBusy(true);
    setError(null);
    try {
      const { data, headers } = await send(
        api.POST("/api/v1/knowledge/search", {
          body: {
            query_text: form.query,
            method: form.method,
            top_k: form.topK,
            document_id: form.documentId === "" ? null : form.documentId,
          },
        }),
      );
      if (attempt !== latest.current) return;
      setOutcome({ query: form.query, results: data, semanticUnavailable: headers.get("X-Orion-Semantic-Unavailable") });
    } catch (failure) {
      if (attempt !== latest.current) return;
      setError(failure);
      setOutcome(null);
    } finally {
      if (attempt === latest.current) setBusy(false);
    }
  }, []);

  const show = useCallback((form: SearchForm) => {
    setQuery(form.query);
    setMethod(form.method);
    setTopK(form.topK);
    setDocumentId(form.documentId);
  }, []);

  // The address leads: on load, on Back and Forward, and on a link, show and run the search it names.
  useEffect(() => {
    const wanted = searchFromParams(new URLSearchParams(address));
    if (wanted === null) {
      if (shown.current === null) return;
      // Back to the bare page: the search that was on screen goes with its address.
      shown.current = null;
      latest.current += 1;
      show(DEFAULT_FORM);
      setBusy(false);
      setError(null);
      setOutcome(null);
      setUnknownDocument(false);
      return;
    }
    if (wanted.documentId !== "" && !documentsLoaded) return; // the document filter is checked against the list
    // A document that is not the organization's (any more) is searched as "all documents", and the page says so; a
    // list that could not be read leaves the judgement to the API.
    const missing =
      wanted.documentId !== "" && !documentsError && !documents.some((document) => document.id === wanted.documentId);
    const form = missing ? { ...wanted, documentId: "" } : wanted;
    const canonical = searchToParams(form).toString();
    if (canonical === shown.current) return;
    shown.current = canonical;
    setUnknownDocument(missing);
    show(form);
    void run(form);
    if (canonical !== address) {
      // Blank or invalid values fell back to their defaults: the address says what was searched, in place.
      keepFocusAt(pathname, canonical);
      router.replace(`${pathname}?${canonical}`, { scroll: false });
    }
  }, [address, documents, documentsError, documentsLoaded, pathname, router, run, show]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const form: SearchForm = { query, method, topK, documentId };
    const canonical = searchToParams(form).toString();
    shown.current = canonical;
    setUnknownDocument(false);
    void run(form);
    if (canonical !== address) {
      keepFocusAt(pathname, canonical);
      router.push(`${pathname}?${canonical}`, { scroll: false });
    }
  }

  return (
    <>
      <h1>Search</h1>
      <p className="muted">
        Try a query and compare the channels: each result shows its semantic and lexical rank and score next to the
        fused score that ordered it.
      </p>
      <form className="panel stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor="search-query">Query</label>
          <input id="search-query" type="search" required maxLength={MAX_QUERY_LENGTH} value={query}
            onChange={(event) => setQuery(event.target.value)} />
        </div>
        <fieldset className="radio-row">
          <legend>Method</legend>
          {METHODS.map((option) => (
            <label key={option.value} className="radio">
              <input type="radio" name="method" value={option.value} checked={method === option.value}
                onChange={() => setMethod(option.value)} />
              {option.label} <span className="small muted">({option.hint})</span>
            </label>
          ))}
        </fieldset>
        <div className="toolbar">
          <div className="field inline">
            <label htmlFor="search-top-k">Results (top k)</label>
            <input id="search-top-k" type="number" min={1} max={MAX_TOP_K} required value={topK}
              onChange={(event) => setTopK(Number(event.target.value))} />
          </div>
          <div className="field inline">
            <label htmlFor="search-document">Document</label>
            <select id="search-document" value={documentId} onChange={(event) => setDocumentId(event.target.value)}>
              <option value="">All documents</option>
              {documents.map((document) => (
                <option key={document.id} value={document.id}>
                  {displayText(document.title)}
                </option>
              ))}
            </select>
          </div>
          {/* A disabled button is skipped by Tab and says nothing: the hint says why it is off. */}
          <button type="submit" className="primary" disabled={busy || query.trim() === ""}
            aria-describedby={query.trim() === "" ? "search-no-query" : undefined}>
            Search
          </button>
          {query.trim() === "" ? (
            <p id="search-no-query" className="hint">
              Type a query to search.
            </p>
          ) : null}
        </div>
        {unknownDocument ? (
          <p className="hint">The document in this link is not among your documents, so all documents were searched.</p>
        ) : null}
        {total > documents.length ? (
          <p className="hint">The filter lists the {documents.length} newest of {total} documents.</p>
        ) : null}
        {documentsError ? <ErrorAlert error={documentsError} title="The document filter could not be loaded" /> : null}
      </form>

      <section aria-labelledby="results-title" aria-busy={busy}>
        <h2 id="results-title">Results</h2>
        {busy ? <Loading label="Searching…" /> : null}
        {error ? <ErrorAlert error={error} title="The search failed" /> : null}
        {outcome?.semanticUnavailable ? (
          <Alert tone="warning" title="Semantic search is unavailable">
            <p>
              These results come from the lexical channel only ({outcome.semanticUnavailable}). Chunks that match by
              meaning but not by wording may be missing.
            </p>
          </Alert>
        ) : null}
        {!busy && outcome === null && error === null ? (
          <p className="muted">Results appear here.</p>
        ) : null}
        {!busy && outcome !== null && outcome.results.length === 0 ? (
          <EmptyState title={`Nothing matched “${outcome.query}”.`}>
            <p>Try other words, the lexical or semantic method alone, or all documents.</p>
          </EmptyState>
        ) : null}
        {!busy && outcome !== null && outcome.results.length > 0 ? <SearchResults results={outcome.results} /> : null}
      </section>
    </>
  );
}
