import { describe, expect, it } from 'vitest';
import { userWith } from '../test/session-users';
import { itemId, type MenuGroup, menuGroups, visibleGroups } from './menu-data';

const links = (groups: MenuGroup[]) =>
  groups.map((group) => group.items.map((item) => item.link ?? item.name));
const logout = () => {};

describe('the side menu by role (spec §2)', () => {
  it.each([
    [
      'an external user sees onboarding, then logout',
      ['EmvoPortalExternal'],
      [['/external/onboarding'], ['menu.logout']],
    ],
    [
      'a reviewer sees the five EMVO screens, then logout',
      ['EmvoPortalInternal'],
      [
        [
          '/emvo/legitimacy',
          '/emvo/contractual',
          '/emvo/financial',
          '/emvo/session-tokens',
          '/emvo/tests-status-metrics',
        ],
        ['menu.logout'],
      ],
    ],
    [
      'an administrator sees the admin sub-menu, then logout',
      ['EmvoPortalAdmin'],
      [
        [
          '/admin/users',
          '/admin/gateways',
          '/admin/tooltips',
          '/admin/disclaimer-contents',
          '/admin/storage',
          '/admin/audit',
        ],
        ['menu.logout'],
      ],
    ],
    ['a user with no role sees only logout (empty groups are dropped)', [], [['menu.logout']]],
  ])('%s', (_rule, roles, expected) => {
    expect(links(visibleGroups(menuGroups(userWith(...roles), logout)))).toEqual(expected);
  });

  it('hides /external/ticketing and /admin (isDisplayed false) for everyone', () => {
    const all = menuGroups(userWith('EmvoPortalAdmin', 'EmvoPortalInternal', 'EmvoPortalExternal'), logout);
    const shown = links(visibleGroups(all)).flat();
    expect(shown).not.toContain('/external/ticketing');
    expect(shown).not.toContain('/admin');
    expect(links(all).flat()).toEqual(expect.arrayContaining(['/external/ticketing', '/admin']));
  });

  it('enables the screens that exist: the three review queues, the session tokens and the tests status metrics', () => {
    const emvo = menuGroups(userWith('EmvoPortalInternal'), logout).find((group) => group.id === 'emvo');
    expect(emvo?.items.map((item) => [item.link, item.isEnabled])).toEqual([
      ['/emvo/legitimacy', true],
      ['/emvo/contractual', true],
      ['/emvo/financial', true],
      ['/emvo/session-tokens', true],
      ['/emvo/tests-status-metrics', true],
    ]);
  });

  it('enables /admin/users', () => {
    const admin = menuGroups(userWith('EmvoPortalAdmin'), logout).find((group) => group.id === 'admin');
    expect(admin?.items.find((item) => item.link === '/admin/users')?.isEnabled).toBe(true);
  });

  it('enables /admin/storage and shows /admin/audit in the menu, enabled, to administrators only', () => {
    const admin = menuGroups(userWith('EmvoPortalAdmin'), logout).find((group) => group.id === 'admin');
    expect(admin?.items.find((item) => item.link === '/admin/storage')?.isEnabled).toBe(true);
    const audit = admin?.items.find((item) => item.link === '/admin/audit');
    expect(audit).toMatchObject({ isEnabled: true, icon: 'history' });
    expect(audit?.isDisplayed).not.toBe(false);
    expect(links(visibleGroups([admin ?? { id: 'admin', items: [] }])).flat()).toContain('/admin/audit');
    const reviewer = visibleGroups(menuGroups(userWith('EmvoPortalInternal'), logout));
    expect(links(reviewer).flat()).not.toContain('/admin/audit');
  });

  it('ends with the logout action and its log-out icon (an arrow out of the door, not a sign-in arrow)', () => {
    const last = menuGroups(userWith('EmvoPortalInternal'), logout).at(-1)?.items.at(-1);
    expect(last).toMatchObject({ name: 'menu.logout', icon: 'logout', action: logout });
  });
});

describe('menu items (spec §2, §3)', () => {
  it.each([
    ['the id defaults to the lower-cased trimmed name', { name: '  Menu.Logout ' }, 'menu.logout'],
    ['a given id wins', { name: 'menu.logout', id: 'sign-out' }, 'sign-out'],
  ])('%s', (_rule, item, id) => {
    expect(itemId(item)).toBe(id);
  });
});
