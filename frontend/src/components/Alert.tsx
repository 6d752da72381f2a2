import type { ReactNode } from "react";

export type Tone = "error" | "warning" | "info" | "success";

/** A message box; errors and warnings are announced at once, the others politely. */
export function Alert({ tone, title, children }: { tone: Tone; title?: string; children?: ReactNode }) {
  const urgent = tone === "error" || tone === "warning";
  return (
    <div className={`alert alert-${tone}`} role={urgent ? "alert" : "status"}>
      {title ? <p className="alert-title">{title}</p> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
