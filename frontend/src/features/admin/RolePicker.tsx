import type { Role } from "@/api/types";
import { ROLES } from "./roles";

/** Checkboxes for the three roles, in a fieldset with a legend (read by screen readers only when `compact`). */
export function RolePicker({ legend, value, onChange, idPrefix, compact = false }: {
  legend: string;
  value: readonly Role[];
  onChange: (roles: Role[]) => void;
  idPrefix: string;
  compact?: boolean;
}) {
  return (
    <fieldset className={compact ? "role-picker role-picker-compact" : "role-picker"}>
      <legend>{legend}</legend>
      {ROLES.map((role) => {
        const id = `${idPrefix}-${role.value}`;
        return (
          <div key={role.value} className="checkbox">
            <input id={id} type="checkbox" checked={value.includes(role.value)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, role.value] : value.filter((held) => held !== role.value))
              } />
            <label htmlFor={id} title={role.hint}>
              {role.label}
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}
