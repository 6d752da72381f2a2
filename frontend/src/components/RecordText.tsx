import { Fragment, type ReactNode } from "react";
import { parseRecord, type RecordField } from "@/lib/record";

/**
 * A spreadsheet or CSV row (`Model: Sparrow City | Price USD: 749`) as a list of its fields. With a `verbatimLabel`
 * the text exactly as written stays under it (a quote is verified verbatim: its words stay on the page to read and
 * copy); without one (a briefing or claim restating the row, whose quote below shows it) it is the list's title.
 */
export function RecordFields({ fields, text, verbatimLabel, markVerbatim = false }: {
  fields: readonly RecordField[];
  text: string;
  verbatimLabel?: string;
  markVerbatim?: boolean;
}) {
  return (
    <div className="record">
      <dl className="record-fields" title={verbatimLabel === undefined ? text : undefined}>
        {fields.map((field, index) => (
          <div key={index} className="record-field">
            <dt>{labelWithBreaks(field.label)}</dt>
            <dd>{field.value}</dd>
          </div>
        ))}
      </dl>
      {verbatimLabel === undefined ? null : (
        <p className="small record-verbatim">
          <span className="muted">{verbatimLabel}: </span>
          <code>{markVerbatim ? <mark>{text}</mark> : text}</code>
        </p>
      )}
    </div>
  );
}

/**
 * A label that may break after each underscore: in a narrow column a column name (`meeting_room_credit_hours`) wraps
 * at its words, not in the middle of one (outside31 F7). The text is the same; `<wbr>` only allows a break.
 */
function labelWithBreaks(label: string): ReactNode {
  return label.split(/(?<=_)(?=.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** The text in a paragraph as today, or, when it is exactly one record, its fields (and the text) in a block. */
export function RecordOrText({ text, className, verbatimLabel, before }: {
  text: string;
  className?: string;
  verbatimLabel?: string;
  before?: ReactNode;
}) {
  const fields = parseRecord(text);
  if (fields === null) {
    return (
      <p className={className}>
        {before}
        {text}
      </p>
    );
  }
  return (
    <div className={className}>
      {before}
      <RecordFields fields={fields} text={text} verbatimLabel={verbatimLabel} />
    </div>
  );
}
