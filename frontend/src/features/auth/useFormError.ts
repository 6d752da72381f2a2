"use client";

import { useState } from "react";

/**
 * A form's last server error, cleared by the next edit: a message about the previous attempt must never stand
 * beside the browser's own message about a different problem.
 */
export function useFormError() {
  const [error, setError] = useState<unknown>(null);
  function edit(set: (value: string) => void, value: string) {
    set(value);
    setError(null);
  }
  return { error, setError, edit };
}
