"use client";

import { type ReactNode, useLayoutEffect, useRef } from "react";

export type Tone = "error" | "warning" | "info" | "success";

/**
 * A message box; errors and warnings are announced at once, the others politely. `focus`: take keyboard focus when
 * shown, for the outcome of a form whose button was disabled under the user's focus (focus fell to BODY, and a
 * keyboard or screen-reader user had to hunt for what happened). A new outcome needs a new box (`key`) to refocus.
 */
export function Alert({ tone, title, children, focus = false }: {
  tone: Tone;
  title?: string;
  children?: ReactNode;
  focus?: boolean;
}) {
  const urgent = tone === "error" || tone === "warning";
  const box = useRef<HTMLDivElement>(null);
  // In the commit that shows the box, so focus never rests on BODY in between (and a test reading it right after the
  // text appears reads where it went).
  useLayoutEffect(() => {
    if (focus) box.current?.focus();
  }, [focus]);
  return (
    <div ref={box} className={`alert alert-${tone}`} role={urgent ? "alert" : "status"} tabIndex={focus ? -1 : undefined}>
      {title ? <p className="alert-title">{title}</p> : null}
      {children ? <div>{children}</div> : null}
    </div>
  );
}
