"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, Suspense } from "react";
import { isAdmin } from "@/auth/roles";
import { useSession } from "@/auth/SessionProvider";
import { workspaceLabel } from "@/lib/workspace";
import { RouteFocus } from "./RouteFocus";

const LINKS = [
  { href: "/documents", label: "Documents" },
  { href: "/search", label: "Search" },
  { href: "/investigations", label: "Investigations" },
  { href: "/analytics", label: "Analytics" },
  { href: "/tokens", label: "Tokens" },
] as const;

/** Header with the navigation (Admin only for admins), the signed-in user, and sign-out. */
export function AppShell({ children }: { children: ReactNode }) {
  const { session, signOut } = useSession();
  const pathname = usePathname();
  const user = session.status === "signed-in" ? session.user : null;
  const links = user && isAdmin(user) ? [...LINKS, { href: "/admin", label: "Admin" }] : user ? LINKS : [];

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link href="/" className="brand">
            ORION
          </Link>
          {links.length > 0 ? (
            <nav aria-label="Main">
              <ul className="nav-list">
                {links.map((link) => {
                  const current = pathname === link.href || pathname.startsWith(`${link.href}/`);
                  return (
                    <li key={link.href}>
                      <Link href={link.href} aria-current={current ? "page" : undefined}>
                        {link.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}
          {user ? (
            <div className="user-box">
              {/* Email and workspace truncate each on its own, with room for a usual name; the title has it whole. */}
              <span className="small user-id">
                <Link href="/account" title="Your account and password" className="user-email"
                  aria-current={pathname === "/account" ? "page" : undefined}>
                  {user.email}
                </Link>
                <span className="muted user-org" title={user.organization_name}>
                  {" · "}
                  {workspaceLabel(user.organization_name)}
                </span>
              </span>
              {/* POST /auth/logout ends every session of the user, not only this tab's: the button says so. */}
              <button type="button" className="link-button" onClick={() => void signOut()}
                title="Ends every session of yours, in every browser and tab">
                Sign out everywhere
              </button>
            </div>
          ) : null}
        </div>
      </header>
      <main id="main" className="container" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <RouteFocus mainId="main" />
      </Suspense>
    </>
  );
}
