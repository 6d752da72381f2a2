import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";

/** Debian's Chromium; nothing is ever downloaded. ORION_CHROMIUM points elsewhere if needed. */
export const CHROMIUM_PATH = process.env.ORION_CHROMIUM ?? "/usr/bin/chromium";
export const REQUIRE_BROWSER = process.env.ORION_REQUIRE_BROWSER === "1";

// Without the background-networking flags Chromium keeps calling out to a network that is closed here.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** Launch headless Chromium with a fresh temporary profile. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** Collect every console error and uncaught page error, so a run can fail on any of them. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // A failed resource names only its status in the text; the location says which resource it was.
    const source = message.location().url;
    const from = source && source !== page.url() ? ` (${source})` : "";
    errors.push(`console error at ${page.url()}: ${message.text()}${from}`);
  });
  page.on("pageerror", (error) => errors.push(`page error at ${page.url()}: ${error.message}`));
  return errors;
}
