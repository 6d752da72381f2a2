import { useId } from "react";
import type { TrendPoint } from "@/api/types";
import { formatDay, formatPercent } from "@/lib/format";

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

const SERIES = [
  { key: "answered", label: "Answered", className: "fill-answered" },
  { key: "insufficient_evidence", label: "Evidence not found", className: "fill-refused" },
  { key: "failed", label: "Failed", className: "fill-failed" },
] as const;

function xLabels(points: readonly TrendPoint[], x: (index: number) => number) {
  const every = Math.max(1, Math.ceil(points.length / 8));
  return points.map((point, index) =>
    index % every === 0 ? (
      <text key={point.bucket_start} x={x(index)} y={HEIGHT - 8} textAnchor="middle" className="axis-label">
        {formatDay(point.bucket_start)}
      </text>
    ) : null,
  );
}

/** Investigations per bucket, stacked by outcome. */
export function VolumeChart({ points }: { points: readonly TrendPoint[] }) {
  const titleId = useId();
  const max = Math.max(1, ...points.map((point) => point.total));
  const slot = PLOT_W / points.length;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const y = (value: number) => PAD.top + PLOT_H - (value / max) * PLOT_H;

  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>Investigations per period, by outcome</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="axis-label">{max}</text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="axis-label">0</text>
        {points.map((point, index) => {
          let base = 0;
          return (
            <g key={point.bucket_start}>
              {SERIES.map((series) => {
                const value = point[series.key];
                const rect = (
                  <rect key={series.key} className={series.className} x={x(index) - barWidth / 2} width={barWidth}
                    y={y(base + value)} height={y(base) - y(base + value)} />
                );
                base += value;
                return value > 0 ? rect : null;
              })}
            </g>
          );
        })}
        {xLabels(points, x)}
      </svg>
      <figcaption>
        <ul className="legend">
          {SERIES.map((series) => (
            <li key={series.key}>
              <span className={`swatch ${series.className}`} aria-hidden="true" /> {series.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <details>
        <summary>Show the numbers</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Period starting</th>
              <th scope="col" className="num">Total</th>
              <th scope="col" className="num">Answered</th>
              <th scope="col" className="num">Evidence not found</th>
              <th scope="col" className="num">Failed</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.bucket_start}>
                <td>{formatDay(point.bucket_start)}</td>
                <td className="num">{point.total}</td>
                <td className="num">{point.answered}</td>
                <td className="num">{point.insufficient_evidence}</td>
                <td className="num">{point.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The share of completed investigations that were refusals, per bucket (buckets without any are skipped). */
export function RefusalRateChart({ points }: { points: readonly TrendPoint[] }) {
  const titleId = useId();
  const slot = PLOT_W / points.length;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const y = (rate: number) => PAD.top + PLOT_H - rate * PLOT_H;
  const rated = points.flatMap((point, index) => (point.refusal_rate === null ? [] : [{ point, index, rate: point.refusal_rate }]));
  const path = rated.map(({ index, rate }, order) => `${order === 0 ? "M" : "L"}${x(index)},${y(rate)}`).join(" ");

  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>Refusal rate per period</title>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} className="axis" />
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(1)} y2={y(1)} className="gridline" />
        <text x={PAD.left - 6} y={y(1) + 4} textAnchor="end" className="axis-label">100%</text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" className="axis-label">0%</text>
        <path d={path} className="line-refusal" />
        {rated.map(({ point, index, rate }) => (
          <circle key={point.bucket_start} cx={x(index)} cy={y(rate)} r={3.5} className="dot-refusal" />
        ))}
        {xLabels(points, x)}
      </svg>
      <details>
        <summary>Show the numbers</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Period starting</th>
              <th scope="col" className="num">Refusal rate</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.bucket_start}>
                <td>{formatDay(point.bucket_start)}</td>
                <td className="num">{formatPercent(point.refusal_rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
