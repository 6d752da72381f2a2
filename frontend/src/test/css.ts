import { readFileSync } from "node:fs";
import { join } from "node:path";

const css = readFileSync(join(__dirname, "../app/globals.css"), "utf8");

/**
 * The declarations of the rule in globals.css with exactly this selector ("" when there is none). jsdom applies no
 * stylesheet, so a layout fix is checked as written here; the e2e journey measures it in Chromium.
 */
export function cssRule(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|\\n)${escaped} \\{([^}]*)\\}`).exec(css)?.[1] ?? "";
}
