import type { Role, SessionUser } from '../auth/session-user';
import { hasRole } from '../auth/session-user';
import type { IconName } from './icons';

/** spec §3 menu item: a link or an action, with a translated name and optional icon, id and flags. */
export interface MenuItem {
  /** Translation key of the name. */
  name: string;
  link?: string;
  action?: () => void;
  icon?: IconName;
  /** Defaults to the lower-cased, trimmed name (spec §2). */
  id?: string;
  /** false: shown, but disabled (spec §2). */
  isEnabled?: boolean;
  /** false: hidden (spec §2). */
  isDisplayed?: boolean;
}

export interface MenuGroup {
  id: string;
  items: MenuItem[];
}

export const itemId = (item: MenuItem): string => item.id ?? item.name.trim().toLowerCase();

/**
 * Screens whose page exists. A menu entry for a screen still to come is shown disabled rather than
 * leading to a page that does nothing; each screen's issue adds its path here.
 */
export const AVAILABLE_SCREENS: ReadonlySet<string> = new Set<string>([
  '/external/onboarding',
  '/emvo/legitimacy',
  '/emvo/contractual',
  '/emvo/financial',
  '/emvo/session-tokens',
  '/emvo/tests-status-metrics',
  '/admin/users',
  '/admin/gateways',
  '/admin/tooltips',
  '/admin/disclaimer-contents',
  '/admin/storage',
  '/admin/audit',
]);

const screen = (link: string, name: string, icon?: IconName): MenuItem => ({
  link,
  name,
  ...(icon ? { icon } : {}),
  isEnabled: AVAILABLE_SCREENS.has(link),
});

/** spec §2 side menu, by role. Groups for roles the user lacks are left out; the logout action is last. */
export function menuGroups(user: SessionUser, logout: () => void): MenuGroup[] {
  const when = (role: Role, items: MenuItem[]) => (hasRole(user, role) ? items : []);
  return [
    {
      id: 'external',
      items: [
        ...when('EXTERNAL', [screen('/external/onboarding', 'menu.external.onboarding', 'clipboard')]),
        { link: '/external/ticketing', name: 'menu.external.ticketing', isDisplayed: false },
      ],
    },
    {
      id: 'emvo',
      items: when('EMVO', [
        screen('/emvo/legitimacy', 'menu.emvo.legitimacy', 'shield'),
        screen('/emvo/contractual', 'menu.emvo.contractual', 'document'),
        screen('/emvo/financial', 'menu.emvo.financial', 'coins'),
        screen('/emvo/session-tokens', 'menu.emvo.sessionTokens', 'key'),
        screen('/emvo/tests-status-metrics', 'menu.emvo.testsStatusMetrics', 'chart'),
      ]),
    },
    {
      id: 'admin',
      items: [
        { link: '/admin', name: 'menu.admin.home', isDisplayed: false },
        ...when('ADMIN', [
          screen('/admin/users', 'menu.admin.users', 'users'),
          screen('/admin/gateways', 'menu.admin.gateways', 'network'),
          screen('/admin/tooltips', 'menu.admin.tooltips', 'info'),
          screen('/admin/disclaimer-contents', 'menu.admin.disclaimerContents', 'document'),
          screen('/admin/storage', 'menu.admin.storage', 'folder'),
          // An administrator's screen like the others: reached from the menu, not only from the landing.
          screen('/admin/audit', 'menu.admin.audit', 'history'),
        ]),
      ],
    },
    { id: 'account', items: [{ name: 'menu.logout', action: logout, icon: 'logout' }] },
  ];
}

/** spec §2: hidden items are left out, and a group with no visible item is dropped. */
export function visibleGroups(groups: MenuGroup[]): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.isDisplayed !== false) }))
    .filter((group) => group.items.length > 0);
}
