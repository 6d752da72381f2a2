/** How long a page may take to show its heading (a session check, then its data) before focus stays on `main`. */
export const HEADING_WAIT_MS = 10_000;

function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1"); // focusable by script only
  heading.focus();
}

/**
 * Move keyboard focus to the page's main heading (its `h1`), the usual pattern after a client-side navigation:
 * keyboard and screen-reader users start on the page they opened, not on BODY. A page still loading gets focus on
 * `main` at once and on its heading when it appears, unless the user has moved focus meanwhile.
 * Returns a function that stops waiting.
 */
export function focusPageHeading(main: HTMLElement, waitMs = HEADING_WAIT_MS): () => void {
  const heading = main.querySelector<HTMLElement>("h1");
  if (heading) {
    focusHeading(heading);
    return () => undefined;
  }
  main.focus();
  const observer = new MutationObserver(() => {
    const appeared = main.querySelector<HTMLElement>("h1");
    if (!appeared) return;
    stop();
    if (document.activeElement === main) focusHeading(appeared);
  });
  const timer = setTimeout(() => observer.disconnect(), waitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}
