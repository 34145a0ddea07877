import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { userMenuTriggerClassName } from './user-menu-trigger';

type UserMenuDropdownProps = {
  label: string;
  initials: string;
  name: string;
  email: string;
  roles: readonly string[];
  /** Open as it mounts: the artist clicked the button before the menu had loaded. */
  defaultOpen: boolean;
  onSignOut: () => void;
};

export function UserMenuDropdown({
  label,
  initials,
  name,
  email,
  roles,
  defaultOpen,
  onSignOut,
}: UserMenuDropdownProps) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={userMenuTriggerClassName} aria-label={label}>
          {initials}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold">{name || 'Artist'}</p>
            <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{email}</p>
            <div className="mt-2 flex gap-1">
              {roles.map((role) => (
                <Badge key={role} tone="brand">
                  {role}
                </Badge>
              ))}
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
