import type { Role } from "@/api/types";
import { ROLES } from "./roles";

/**
 * One role per user, as radio buttons in a fieldset with a legend (read by screen readers only when `compact`).
 * Not checkboxes: the roles nest, so ticking Viewer next to a ticked Member granted member powers (outside25 D3).
 */
export function RolePicker({ legend, value, onChange, idPrefix, compact = false }: {
  legend: string;
  value: Role | null;
  onChange: (role: Role) => void;
  idPrefix: string;
  compact?: boolean;
}) {
  return (
    <fieldset className={compact ? "role-picker role-picker-compact" : "role-picker"}>
      <legend>{legend}</legend>
      {ROLES.map((role) => {
        const id = `${idPrefix}-${role.value}`;
        return (
          <div key={role.value} className="radio">
            <input id={id} type="radio" name={idPrefix} value={role.value} checked={value === role.value}
              aria-describedby={compact ? undefined : `${id}-hint`} onChange={() => onChange(role.value)} />
            <label htmlFor={id} title={role.hint}>
              {role.label}
            </label>
            {compact ? null : <span id={`${id}-hint`} className="hint">{role.hint}</span>}
          </div>
        );
      })}
    </fieldset>
  );
}
