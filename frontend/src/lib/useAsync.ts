"use client";

import { useCallback, useEffect, useState } from "react";

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Run `load` (memoize it with useCallback) whenever it changes; keep the last data while reloading. */
export function useAsync<T>(load: () => Promise<T>): AsyncState<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    setLoading(true);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [load, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { data, error, loading, reload };
}
