import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme-provider';

const labels = { light: 'Light', dark: 'Dark', system: 'System' } as const;

export function ThemeToggle() {
  const { preference, cycleTheme } = useTheme();
  const Icon = preference === 'light' ? Sun : preference === 'dark' ? Moon : Monitor;
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={cycleTheme}
      aria-label={`Theme: ${labels[preference]}. Switch theme`}
      title={`Theme: ${labels[preference]} (Ctrl+Shift+T)`}
      data-theme-preference={preference}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}
