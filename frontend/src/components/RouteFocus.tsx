"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusPageHeading } from "@/lib/focus";

let quietLocation: string | null = null;

/**
 * Leave focus where it is when the address next becomes `pathname?query`: a page that records its own state in the
 * address (the search form, as it is submitted) has not become another page, and its user is still working in it.
 */
export function keepFocusAt(pathname: string, query: string): void {
  quietLocation = `${pathname}?${query}`;
}

/** After each client-side navigation (a new path or query), focus the new page's heading inside `#mainId`.
 * A full page load keeps the browser's own starting point. */
export function RouteFocus({ mainId }: { mainId: string }) {
  const query = useSearchParams().toString();
  const location = `${usePathname()}?${query}`;
  const shown = useRef(location);

  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    if (quietLocation === location) {
      quietLocation = null;
      return;
    }
    const main = document.getElementById(mainId);
    return main ? focusPageHeading(main) : undefined;
  }, [location, mainId]);

  return null;
}
