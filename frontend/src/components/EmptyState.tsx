import type { ReactNode } from "react";

/** Say plainly that there is nothing to show, and why or what to do about it. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title}</p>
      {children ? <div className="muted">{children}</div> : null}
    </div>
  );
}
