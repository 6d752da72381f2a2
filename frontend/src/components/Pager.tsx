export function Pager({
  offset,
  limit,
  total,
  label,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  label: string;
  onChange: (offset: number) => void;
}) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span aria-live="polite">
        {first}–{last} of {total}
      </span>
      <button type="button" disabled={offset + limit >= total} onClick={() => onChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}
