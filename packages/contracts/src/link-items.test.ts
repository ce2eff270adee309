import { describe, expect, it } from 'vitest';
import { linkColumnsOf, linkItemOf } from './link-items.js';

describe('link items (spec §7 /links)', () => {
  it('answers the stored sortOrder as order, and stores a body’s order as sortOrder', () => {
    const columns = linkColumnsOf({ label: 'Help', link: 'https://example.com', order: 2, active: true });
    expect(columns).toEqual({ label: 'Help', link: 'https://example.com', sortOrder: 2, active: true });
    expect(linkItemOf({ id: 'l1', ...columns, version: 3 })).toEqual({
      id: 'l1',
      label: 'Help',
      link: 'https://example.com',
      order: 2,
      active: true,
      version: 3,
    });
  });
});
