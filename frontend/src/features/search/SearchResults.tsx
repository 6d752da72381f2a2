import Link from "next/link";
import type { SearchResult } from "@/api/types";
import { ProvenanceBadges } from "@/components/ProvenanceBadges";
import { TrustBadge } from "@/components/TrustBadge";
import { UserText } from "@/components/UserText";

function score(value: number | null): string {
  return value === null ? "—" : value.toFixed(4);
}

function rank(value: number | null): string {
  return value === null ? "not returned" : `#${value}`;
}

/** Results best first, each with the semantic, lexical and fused figures side by side. */
export function SearchResults({ results }: { results: readonly SearchResult[] }) {
  return (
    <ol className="result-list">
      {results.map((result) => (
        <li key={result.chunk_id} className="result">
          <div className="result-head">
            <span className="result-rank" aria-label={`Rank ${result.rank}`}>
              {result.rank}
            </span>
            <div>
              <Link href={`/documents/view?id=${encodeURIComponent(result.document_id)}`}>
                <UserText text={result.document_title} />
              </Link>
              <div className="small muted">
                {result.source_type}
                {result.page !== null ? ` · page ${result.page}` : ""}
                {result.section ? ` · § ${result.section}` : ""}
              </div>
            </div>
            <TrustBadge label={result.trust_label} />
            <ProvenanceBadges textSource={result.text_source} text={result.content} />
          </div>
          <p className="chunk-text">{result.content}</p>
          <table className="rank-table">
            <caption className="visually-hidden">Why result {result.rank} ranked here</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">Rank</th>
                <th scope="col">Score</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Semantic</th>
                <td>{rank(result.semantic_rank)}</td>
                <td>{score(result.semantic_score)}</td>
              </tr>
              <tr>
                <th scope="row">Lexical</th>
                <td>{rank(result.lexical_rank)}</td>
                <td>{score(result.lexical_score)}</td>
              </tr>
              <tr>
                <th scope="row">{result.retrieval_method === "hybrid" ? "Fused (hybrid)" : `Final (${result.retrieval_method})`}</th>
                <td>#{result.rank}</td>
                <td>{score(result.score)}</td>
              </tr>
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  );
}
