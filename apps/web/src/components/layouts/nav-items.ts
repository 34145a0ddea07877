import {
  BarChart3,
  Bell,
  CircleDollarSign,
  Clapperboard,
  CreditCard,
  FileUp,
  Gauge,
  Music,
  Wallet,
  Link2,
  Share2,
  ListChecks,
  Sparkles,
  UserRound,
  Users,
  UserCog,
  UsersRound,
  MonitorPlay,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { platformNames } from '@/lib/platforms';

export type NavItem = { label: string; to: string; icon: LucideIcon; roles: readonly string[] };
export type NavSection = { title: string; items: NavItem[] };

const analytics = ['customer', 'admin'] as const;

export const navSections: NavSection[] = [
  {
    title: 'Analytics',
    items: [
      { label: 'Dashboard', to: paths.dashboard, icon: Gauge, roles: analytics },
      { label: 'Audience', to: paths.dashboardAudience, icon: Users, roles: analytics },
      { label: 'ROI', to: paths.dashboardRoi, icon: CircleDollarSign, roles: analytics },
      { label: 'Content', to: paths.dashboardContent, icon: Clapperboard, roles: analytics },
      { label: 'Revenue', to: paths.dashboardRevenue, icon: Wallet, roles: analytics },
      { label: 'Songs', to: paths.dashboardSongs, icon: Music, roles: analytics },
      { label: platformNames.youtube, to: paths.youtube, icon: MonitorPlay, roles: analytics },
      { label: 'Meta', to: paths.meta, icon: BarChart3, roles: analytics },
    ],
  },
  {
    title: 'Community',
    items: [{ label: 'Waitlist', to: paths.waitlist, icon: ListChecks, roles: ['lead', 'admin'] }],
  },
  {
    title: 'Settings',
    items: [
      { label: 'Artist profile', to: paths.settingsProfile, icon: UserRound, roles: analytics },
      { label: 'Connections', to: paths.settingsConnections, icon: Link2, roles: [] },
      { label: 'Share links', to: paths.settingsSharing, icon: Share2, roles: analytics },
      { label: 'Notifications', to: paths.settingsNotifications, icon: Bell, roles: analytics },
      { label: 'Imports', to: paths.settingsImports, icon: FileUp, roles: analytics },
      { label: 'Team', to: paths.settingsTeam, icon: UsersRound, roles: analytics },
      { label: 'Account', to: paths.settingsAccount, icon: UserCog, roles: [] },
      { label: 'Usage', to: paths.settingsUsage, icon: BarChart3, roles: analytics },
      // Billing is managed on the usage page (plan, portal, card, invoices); /settings/billing
      // shows the dashboard, as the spec says.
      {
        label: 'Billing',
        to: `${paths.settingsUsage}#billing`,
        icon: CreditCard,
        roles: analytics,
      },
      {
        label: 'Plans & pricing',
        to: paths.pricing,
        icon: Sparkles,
        roles: ['customer', 'lead', 'admin'],
      },
    ],
  },
];

export function getNavSectionsForRoles(roles: readonly string[]): NavSection[] {
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter(
        (item) => item.roles.length === 0 || item.roles.some((role) => roles.includes(role)),
      ),
    }))
    .filter((section) => section.items.length > 0);
}

/** Pages whose name (or path) contains the query, in the navigation's order. */
export function findNavItems(query: string, roles: readonly string[]): NavItem[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return getNavSectionsForRoles(roles)
    .flatMap((section) => section.items)
    .filter((item) => item.label.toLowerCase().includes(needle) || item.to.includes(needle));
}

export function findNavItem(query: string, roles: readonly string[]): NavItem | undefined {
  return findNavItems(query, roles)[0];
}
