/** "7 investigation(s)", "1 day(s) have": a count whose noun the server left undecided. */
const UNDECIDED_PLURAL = /\b(\d+) ([A-Za-z][A-Za-z-]*)\(s\)( have\b)?/g;

/**
 * The server's reason a trend cannot be drawn, in proper English: "7 investigation(s) across 1 day(s)" becomes
 * "7 investigations across 1 day", "Only 1 day(s) have" becomes "Only 1 day has". The reason stays the server's (it
 * knows the thresholds); only its "(s)" is decided here.
 */
export function trendReasonText(reason: string): string {
  return reason.replace(UNDECIDED_PLURAL, (_match, count: string, noun: string, have: string | undefined) => {
    const one = Number(count) === 1;
    return `${count} ${one ? noun : `${noun}s`}${have ? (one ? " has" : " have") : ""}`;
  });
}
