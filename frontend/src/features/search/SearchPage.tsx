"use client";

import { type FormEvent, useState } from "react";
import { api, send } from "@/api/client";
import type { SearchMethod, SearchResult } from "@/api/types";
import { Alert } from "@/components/Alert";
import { EmptyState } from "@/components/EmptyState";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { useDocumentOptions } from "@/features/documents/useDocumentOptions";
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

/** The search playground: see which chunks come back for a query, and why they rank where they do. */
export function SearchPage() {
  const { documents, total, error: documentsError } = useDocumentOptions();
  const [query, setQuery] = useState("");
  const [method, setMethod] = useState<SearchMethod>("hybrid");
  const [topK, setTopK] = useState(10);
  const [documentId, setDocumentId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<SearchOutcome | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data, headers } = await send(
        api.POST("/api/v1/knowledge/search", {
          body: { query_text: query, method, top_k: topK, document_id: documentId === "" ? null : documentId },
        }),
      );
      setOutcome({ query, results: data, semanticUnavailable: headers.get("X-Orion-Semantic-Unavailable") });
    } catch (failure) {
      setError(failure);
      setOutcome(null);
    } finally {
      setBusy(false);
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
          <input id="search-query" type="search" required maxLength={2000} value={query}
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
            <input id="search-top-k" type="number" min={1} max={50} required value={topK}
              onChange={(event) => setTopK(Number(event.target.value))} />
          </div>
          <div className="field inline">
            <label htmlFor="search-document">Document</label>
            <select id="search-document" value={documentId} onChange={(event) => setDocumentId(event.target.value)}>
              <option value="">All documents</option>
              {documents.map((document) => (
                <option key={document.id} value={document.id}>
                  {document.title}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="primary" disabled={busy || query.trim() === ""}>
            Search
          </button>
        </div>
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
