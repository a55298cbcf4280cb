/** One filter of the inbox as a group of checkboxes; `selected` is the URL's comma-separated value. */
export function FilterGroup({ legend, values, selected, onToggle }: { legend: string; values: readonly string[]; selected: string | undefined; onToggle: (value: string) => void }) {
  const chosen = new Set(selected?.split(',') ?? []);
  return (
    <fieldset>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value}>
          <input type="checkbox" checked={chosen.has(value)} onChange={() => onToggle(value)} />
          {value}
        </label>
      ))}
    </fieldset>
  );
}
