/**
 * A spreadsheet or CSV row as the server writes it into a document's text: `Header: value | Header: value`
 * (domains/knowledge/ingestion/parsing/builder.py `render_row`). Header names never hold a colon or a bar (the
 * server replaces them), empty cells are left out, and a row is one line.
 */
export interface RecordField {
  label: string;
  value: string;
}

const CELL_SEPARATOR = " | ";
const LABEL_SEPARATOR = ": ";
// A column header is a few words; anything longer before a colon is a sentence, not a label.
const MAX_LABEL_CHARS = 60;
const MAX_LABEL_WORDS = 8;

/**
 * Return the row's fields when the text is a record of two or more `Label: value` cells, else null. A label seen twice
 * means several rows run together on one line (rows joined by a space, "… | Locker: yes Plan: Day Pass | …"): read as
 * one record, a row's last value took in the next row's first cell (outside31 F7), so that text is no record.
 */
export function parseRecord(text: string): RecordField[] | null {
  const line = text.trim();
  if (/[\r\n]/.test(line)) return null;
  const cells = line.split(CELL_SEPARATOR);
  if (cells.length < 2) return null;
  const fields: RecordField[] = [];
  for (const cell of cells) {
    const field = parseCell(cell);
    if (field === null) return null;
    fields.push(field);
  }
  return new Set(fields.map((field) => field.label)).size === fields.length ? fields : null;
}

function parseCell(cell: string): RecordField | null {
  // The first ": " ends the label, so a value may hold colons of its own ("Open: 09:00").
  const at = cell.indexOf(LABEL_SEPARATOR);
  if (at <= 0) return null;
  const label = cell.slice(0, at).trim();
  const value = cell.slice(at + LABEL_SEPARATOR.length).trim();
  if (!label || !value || label.includes(":")) return null;
  if (label.length > MAX_LABEL_CHARS || label.split(/\s+/).length > MAX_LABEL_WORDS) return null;
  return { label, value };
}
