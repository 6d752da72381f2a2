// Names for the API's bodies, derived from the generated `paths` (src/api/schema.d.ts), never written by hand.
import type { paths } from "./schema";

type Json<R> = R extends { content: { "application/json": infer Body } } ? Body : never;
type Responses<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R } ? R : never;
type Ok<P extends keyof paths, M extends keyof paths[P], S extends keyof Responses<P, M> = 200 & keyof Responses<P, M>> =
  Json<Responses<P, M>[S]>;
type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;
type Item<List> = List extends readonly (infer Element)[] ? Element : never;

export type User = Ok<"/api/v1/auth/me", "get">;
export type Role = Item<RequestBody<"/api/v1/admin/users", "post">["roles"]>;
export type AuditEvent = Item<Ok<"/api/v1/admin/audit", "get">>;

export type DocumentDetail = Ok<"/api/v1/knowledge/documents/{document_id}", "get">;
export type DocumentVersion = Item<DocumentDetail["versions"]>;
export type IngestResponse = Ok<"/api/v1/knowledge/documents", "post", 201>;

type SearchRequest = RequestBody<"/api/v1/knowledge/search", "post">;
export type SearchMethod = NonNullable<SearchRequest["method"]>;
export type SearchResult = Item<Ok<"/api/v1/knowledge/search", "post">>;

export type Run = Ok<"/api/v1/runs/{run_id}", "get">;
export type RunStep = Item<Run["steps"]>;
export type RunOutcome = NonNullable<Run["outcome"]>;
export type RunEvent = Item<Ok<"/api/v1/runs/{run_id}/events", "get">>;
export type RunResult = Ok<"/api/v1/runs/{run_id}/result", "get">;
export type Claim = Item<NonNullable<RunResult["result"]>["claims"]>;
export type ClaimCitation = Item<Claim["citations"]>;
export type Citation = Item<RunResult["citations"]>;
export type WithheldSpan = Item<NonNullable<RunResult["withheld"]>>;
export type RunSummary = Ok<"/api/v1/runs/{run_id}/summary", "get">;

export type Analytics = Ok<"/api/v1/investigations/analytics", "get">;
export type Trends = Ok<"/api/v1/investigations/trends", "get">;
export type TrendPoint = Item<Trends["points"]>;
export type TrendBucket = Trends["bucket"];

export type AccessToken = Item<Ok<"/api/v1/auth/tokens", "get">>;
export type AccessTokenCreated = Ok<"/api/v1/auth/tokens", "post", 201>;
export type TokenScope = Item<RequestBody<"/api/v1/auth/tokens", "post">["scopes"]>;
