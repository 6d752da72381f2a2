/**
 * A one-time message for the next page of this tab, e.g. "“Report” was deleted." after a delete sends the user back
 * to the list. Kept in memory: client-side navigation keeps it, a reload or a new tab does not (the message is about
 * what was just done, not something to find again later).
 */
let pending: string | null = null;

export function setFlash(message: string): void {
  pending = message;
}

/** The pending message, left in place (read it when the page first renders; clear it once shown). */
export function peekFlash(): string | null {
  return pending;
}

export function clearFlash(): void {
  pending = null;
}
