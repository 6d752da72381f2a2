import Link from "next/link";
import type { Analytics, Trends } from "@/api/types";
import { Badge } from "@/components/Badge";
import { EmptyState } from "@/components/EmptyState";
import { UserText } from "@/components/UserText";
import { formatNumber, formatPercent, plural } from "@/lib/format";
import { RefusalRateChart, VolumeChart } from "./charts";
import { trendReasonText } from "./trendReason";

const NOT_ENOUGH = "There are not enough investigations yet to draw a trend.";

/** The investigation dashboard; every chart gives way to an honest empty state when the data is too thin. */
export function AnalyticsView({ analytics, trends }: { analytics: Analytics; trends: Trends }) {
  if (analytics.total === 0) {
    return (
      <EmptyState title="No investigations yet">
        <p>
          Once questions are asked on the <Link href="/investigations">Investigations</Link> page, their outcomes,
          evidence and trends appear here.
        </p>
      </EmptyState>
    );
  }
  const hasPoints = trends.points.length > 0;
  const reason = trends.reason === null ? null : trendReasonText(trends.reason);
  return (
    <>
      <OutcomeBreakdown analytics={analytics} />
      <section aria-labelledby="volume-title">
        <h2 id="volume-title">Volume per {trends.bucket}</h2>
        {trends.enough_for_volume_trend && hasPoints ? (
          <VolumeChart points={trends.points} />
        ) : (
          <EmptyState title="No volume trend yet">
            <p>{reason ?? `${NOT_ENOUGH} ${plural(trends.total_investigations, "investigation")} so far.`}</p>
          </EmptyState>
        )}
      </section>
      <section aria-labelledby="refusal-title">
        <h2 id="refusal-title">Refusal rate per {trends.bucket}</h2>
        {trends.enough_for_refusal_trend && hasPoints ? (
          <RefusalRateChart points={trends.points} />
        ) : (
          <EmptyState title="No refusal-rate trend yet">
            <p>
              {reason ??
                `${NOT_ENOUGH} ${plural(trends.completed_investigations, "completed investigation")} so far.`}
            </p>
          </EmptyState>
        )}
      </section>
      <EvidenceStatistics analytics={analytics} />
      <MostCitedDocuments analytics={analytics} />
    </>
  );
}

function OutcomeBreakdown({ analytics }: { analytics: Analytics }) {
  const rows = [
    { label: "Answered", value: analytics.answered, className: "fill-answered" },
    { label: "Evidence not found", value: analytics.insufficient_evidence, className: "fill-refused" },
    { label: "Failed", value: analytics.failed, className: "fill-failed" },
    { label: "Cancelled", value: analytics.cancelled, className: "fill-cancelled" },
  ];
  return (
    <section aria-labelledby="outcomes-title">
      <h2 id="outcomes-title">Outcomes</h2>
      <dl className="stats">
        <div>
          <dt>Investigations</dt>
          <dd data-testid="analytics-total">{analytics.total}</dd>
        </div>
        <div>
          <dt>Completed</dt>
          <dd>{analytics.completed}</dd>
        </div>
        <div>
          <dt>Refusal rate</dt>
          <dd>{formatPercent(analytics.refusal_rate)}</dd>
        </div>
        <div>
          <dt>Answers with changed evidence</dt>
          <dd data-testid="analytics-drifted">{analytics.drifted}</dd>
        </div>
      </dl>
      <table className="bar-table">
        <caption className="visually-hidden">Investigations by outcome</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td className="num">{row.value}</td>
              <td className="bar-cell" aria-hidden="true">
                {row.value > 0 ? (
                  <span className={`bar ${row.className}`} style={{ width: `${(row.value / analytics.total) * 100}%` }} />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function EvidenceStatistics({ analytics }: { analytics: Analytics }) {
  return (
    <section aria-labelledby="evidence-title">
      {/* The API's evidence_* figures count the chunks a run retrieved (less any withheld), not the quotes it cited. */}
      <h2 id="evidence-title">Chunks retrieved per answered investigation</h2>
      <p className="small muted">
        How many passages each answered investigation retrieved as evidence, not how many of them it quoted.
      </p>
      {analytics.evidence_mean === null ? (
        <EmptyState title="No answered investigation yet">
          <p>Evidence counts are described once at least one investigation has been answered.</p>
        </EmptyState>
      ) : (
        <dl className="stats">
          <div>
            <dt>Mean</dt>
            <dd>{formatNumber(analytics.evidence_mean)}</dd>
          </div>
          <div>
            <dt>Median</dt>
            <dd>{formatNumber(analytics.evidence_median)}</dd>
          </div>
          <div>
            <dt>Fewest</dt>
            <dd>{formatNumber(analytics.evidence_min)}</dd>
          </div>
          <div>
            <dt>Most</dt>
            <dd>{formatNumber(analytics.evidence_max)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function MostCitedDocuments({ analytics }: { analytics: Analytics }) {
  return (
    <section aria-labelledby="cited-title">
      <h2 id="cited-title">Most-cited documents</h2>
      {analytics.most_cited_documents.length === 0 ? (
        <EmptyState title="No document has been cited yet." />
      ) : (
        <table>
          <caption className="visually-hidden">Most-cited documents</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col" className="num">Times cited</th>
            </tr>
          </thead>
          <tbody>
            {analytics.most_cited_documents.map((document) => (
              <tr key={document.document_id}>
                <td>
                  {document.historical ? (
                    <>
                      <UserText text={document.document_title} />{" "}
                      <Badge tone="neutral" title="Deleted since; its citations remain in past investigations">
                        deleted
                      </Badge>
                    </>
                  ) : (
                    <Link href={`/documents/view?id=${encodeURIComponent(document.document_id)}`}>
                      <UserText text={document.document_title} />
                    </Link>
                  )}
                </td>
                <td className="num">{document.times_cited}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
