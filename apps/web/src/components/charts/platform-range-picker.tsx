/** A small segmented control for the chart period; each option is a toggle button. */
export function PlatformRangePicker<Value extends number | string>({
  label = 'Period',
  options,
  value,
  onChange,
}: {
  label?: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex self-start rounded-lg bg-zinc-100 p-1 sm:self-auto dark:bg-zinc-800"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="rounded-md px-3 py-1.5 text-sm font-medium text-zinc-700 hover:text-zinc-900 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm dark:text-zinc-300 dark:hover:text-white dark:aria-pressed:bg-zinc-950 dark:aria-pressed:text-white"
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
