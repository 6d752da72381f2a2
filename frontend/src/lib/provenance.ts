/** Where a chunk's or a quote's text came from, as short labels for the UI.
 *
 * `text_source` is the server's (`ocr` for text read from a scanned page or an image, `text_layer` for a PDF's
 * own text). A table row is recognised by the shape every parser writes rows in: `Header: value | Header: value`.
 */
export type Provenance = { label: string; title: string; tone: "info" | "warn" };

const TABLE_ROW = /^[^|:\n]{1,200}: [^|\n]*( \| [^|:\n]{1,200}: [^|\n]*)+$/;

export function isTableRow(text: string): boolean {
  return text.trim().split(/\n+/).some((line) => TABLE_ROW.test(line.trim()));
}

export function provenance(textSource: string | null | undefined, text: string): Provenance[] {
  const labels: Provenance[] = [];
  if (textSource === "ocr") {
    labels.push({
      label: "OCR text",
      title: "Read by OCR from a scanned page or an image: check the quote against the original file.",
      tone: "warn",
    });
  }
  if (isTableRow(text)) {
    labels.push({ label: "table row", title: "A table row, each value named by its column header.", tone: "info" });
  }
  return labels;
}
