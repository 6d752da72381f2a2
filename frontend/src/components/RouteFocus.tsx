"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusPageHeading } from "@/lib/focus";

/** After each client-side navigation (a new path or query), focus the new page's heading inside `#mainId`.
 * A full page load keeps the browser's own starting point. */
export function RouteFocus({ mainId }: { mainId: string }) {
  const query = useSearchParams().toString();
  const location = `${usePathname()}?${query}`;
  const shown = useRef(location);

  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    const main = document.getElementById(mainId);
    return main ? focusPageHeading(main) : undefined;
  }, [location, mainId]);

  return null;
}
