"use client";

import { useCallback, useState } from "react";
import { api, call } from "@/api/client";
import type { TrendBucket } from "@/api/types";
import { ErrorAlert } from "@/components/ErrorAlert";
import { Loading } from "@/components/Loading";
import { Segmented } from "@/components/Segmented";
import { useAsync } from "@/lib/useAsync";
import { AnalyticsView } from "./AnalyticsView";

export function AnalyticsPage() {
  const [bucket, setBucket] = useState<TrendBucket>("day");
  const load = useCallback(
    () =>
      Promise.all([
        call(api.GET("/api/v1/investigations/analytics")),
        call(api.GET("/api/v1/investigations/trends", { params: { query: { bucket } } })),
      ]),
    [bucket],
  );
  const { data, error, loading } = useAsync(load);

  return (
    <>
      <div className="page-heading">
        <h1>Analytics</h1>
        <Segmented
          label="Trend period"
          value={bucket}
          onChange={setBucket}
          options={[
            { value: "day", label: "By day" },
            { value: "week", label: "By week" },
          ]}
        />
      </div>
      {error ? <ErrorAlert error={error} title="The analytics could not be loaded" /> : null}
      {!data && !error ? <Loading label="Loading analytics…" /> : null}
      {data ? (
        <div aria-busy={loading}>
          <AnalyticsView analytics={data[0]} trends={data[1]} />
        </div>
      ) : null}
    </>
  );
}
