import { describe, expect, it } from 'vitest';
import { createActiveMenu } from '../../ui/menus/active-menu.ts';
import { reportMenus } from './ui-reports.ts';

describe('popups opened, for analytics', () => {
  it('one report per popup opened; its own pages are the same popup', () => {
    const menus = createActiveMenu();
    const reported: unknown[] = [];
    reportMenus(menus, { emit: (_name, payload) => reported.push(payload) });
    menus.update({ menu: 'main' });
    menus.update({ menu: 'quality' });
    menus.update({ menu: 'main' });
    menus.update({ menu: 'none' });
    menus.update({ menu: 'episodes' });
    menus.update({ menu: 'seasons' });
    menus.update({ menu: 'subs' });
    expect(reported).toEqual([
      { action: 'popup_open', popup: 'settings' },
      { action: 'popup_open', popup: 'episodes' },
      { action: 'popup_open', popup: 'subtitles' },
    ]);
  });
});
