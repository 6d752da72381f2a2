import { fetchVersionText } from "@/features/documents/VersionText";

// A version's text never changes (new bytes make a new version), so one fetch serves every quote from it.
const cache = new Map<string, Promise<string>>();

/** The normalized text of a version, fetched once per page load. */
export function cachedVersionText(documentId: string, versionId: string): Promise<string> {
  const key = `${documentId}/${versionId}`;
  let pending = cache.get(key);
  if (pending === undefined) {
    pending = fetchVersionText(documentId, versionId);
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}
