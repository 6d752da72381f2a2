"use client";

import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import NotFound from "@/app/not-found";
import { isStartPath } from "@/lib/navigation";
import { Loading } from "./Loading";

/**
 * The start page's content only at the start page's own address. The server serves the start page for any address
 * it has no file for (the API contract's index fallback; every real page is a file of the static export), so
 * elsewhere this shows the export's "Page not found" where it was asked for, instead of sign-in or a redirect.
 * The browser's pathname is read after each navigation (the router's pathname may name the route, not the address).
 */
export function StartPageOnly({ children }: { children: ReactNode }) {
  const routerPath = usePathname();
  const [seen, setSeen] = useState<{ routerPath: string; atStart: boolean } | null>(null);

  useEffect(() => {
    setSeen({ routerPath, atStart: isStartPath(window.location.pathname) });
  }, [routerPath]);

  if (seen === null || seen.routerPath !== routerPath) return <Loading />;
  return seen.atStart ? children : <NotFound />;
}
