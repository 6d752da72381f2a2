/** A `next` target that stays on this site (a path, never another origin), or null. */
export function safeNextPath(value: string | null): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  return value;
}

/**
 * Whether a browser pathname is the app's start page. The server answers every address it has no file for with the
 * start page's HTML (the API contract's index fallback), so the start page must tell its own address from others.
 * `basePath` is next.config's (none today); with `trailingSlash` off, `/` is the only form, and `/index.html` is the
 * start page's file itself.
 */
export function isStartPath(pathname: string, basePath = ""): boolean {
  if (basePath && pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return false;
  const rest = pathname.slice(basePath.length);
  return rest === "" || rest === "/" || rest === "/index.html";
}
