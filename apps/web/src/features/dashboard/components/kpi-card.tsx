import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export function KpiCard({
  icon: Icon,
  label,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{label}</p>
        <Icon className="h-4 w-4 text-zinc-500" aria-hidden="true" />
      </div>
      <p className="text-3xl font-semibold tracking-tight" aria-label={`${label}: no data yet`}>
        —
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>
    </Card>
  );
}
