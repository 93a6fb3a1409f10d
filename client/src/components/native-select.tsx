export interface SelectOption<V> {
  label: string;
  value: V;
}

/**
 * A labelled native <select>. PrimeReact's Dropdown renders an unnamed trigger button and a hidden unnamed <select>
 * (axe: aria-command-name, select-name), so forms use this instead: keyboard, screen readers and phones get the
 * platform's own control. Values of any type are mapped to option indexes.
 */
export function NativeSelect<V>(props: {
  id?: string;
  'aria-label'?: string;
  value: V;
  options: readonly (SelectOption<V> | V)[];
  onChange: (value: V) => void;
  placeholder?: string;
  invalid?: boolean;
}) {
  const options = props.options.map((o) =>
    typeof o === 'object' && o !== null && 'label' in o ? (o as SelectOption<V>) : { label: String(o), value: o as V },
  );
  const selected = options.findIndex((o) => o.value === props.value);
  return (
    <select
      id={props.id}
      aria-label={props['aria-label']}
      aria-invalid={props.invalid || undefined}
      className={`native-select p-inputtext${props.invalid ? ' p-invalid' : ''}`}
      value={selected < 0 ? '' : String(selected)}
      onChange={(e) => {
        const option = options[Number(e.target.value)];
        if (option) props.onChange(option.value);
      }}
    >
      {selected < 0 && <option value="">{props.placeholder ?? 'Choose…'}</option>}
      {options.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
