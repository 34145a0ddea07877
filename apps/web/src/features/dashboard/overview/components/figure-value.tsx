import { MISSING_VALUE } from '@/lib/format';

/** A formatted figure; "—" is announced as "Not available" so it is never read as zero. */
export function FigureValue({ value }: { value: string }) {
  if (value !== MISSING_VALUE) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">{MISSING_VALUE}</span>
      <span className="sr-only">Not available</span>
    </>
  );
}
