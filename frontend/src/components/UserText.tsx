/**
 * Bidirectional formatting characters (embeddings LRE RLE, overrides LRO RLO, their end PDF, isolates LRI RLI FSI and
 * their end PDI). Invisible, they reorder what follows them: a question with a right-to-left override read
 * "Can I bring my dog?yadirF no" in its run's title and in the history (outside31 F10), so one person's text could
 * pass for another's. The marks LRM and RLM only nudge neutral characters and stay.
 */
const BIDI_FORMATTING = /[\u202A-\u202E\u2066-\u2069]/g;

/** Someone's text (a question, a document title) as shown: without the characters that would reorder it. */
export function displayText(text: string): string {
  return text.replace(BIDI_FORMATTING, "");
}

/**
 * Someone's text isolated from what surrounds it (`<bdi>`: its own direction from its first strong letter, so a
 * Hebrew or Arabic title reads right to left without reordering the words around it) and without bidi formatting.
 */
export function UserText({ text }: { text: string }) {
  return <bdi>{displayText(text)}</bdi>;
}
