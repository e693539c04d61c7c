import { describe, expect, it } from 'vitest';
import { customCssHref, flowHref, goProHref, titleBarButtons, type HeaderDescriptorLike } from './headerLinks.ts';

const button = (over: Record<string, unknown> = {}) => ({ index: 1, tooltip: 'Help', href: 'https://example.com/help', target: '_blank', icon: 'help', ...over });

describe('titleBarButtons (spec 02 §3 customizations.customTitleBarButtons)', () => {
  it('sorts by index, keeping the list order among equal indexes', () => {
    const descriptor = {
      customizations: {
        customTitleBarButtons: [button({ index: 3, tooltip: 'C' }), button({ index: 1, tooltip: 'A' }), button({ index: 3, tooltip: 'D' }), button({ index: 2, tooltip: 'B' })],
      },
    };
    expect(titleBarButtons(descriptor).map((b) => b.tooltip)).toEqual(['A', 'B', 'C', 'D']);
  });

  it('keeps only safe links, and falls back for unknown icons and targets', () => {
    const descriptor: HeaderDescriptorLike = {
      customizations: {
        customTitleBarButtons: [
          button({ href: 'javascript:alert(1)' }),
          button({ href: '//evil.example/' }),
          button({ href: 'data:text/html,x' }),
          button({ tooltip: '  ' }),
          'not a button',
          null,
          button({ href: '/fotoweb/archives/', icon: 'skull', target: '_top', tooltip: ' Archives ' }),
        ],
      },
    };
    expect(titleBarButtons(descriptor)).toEqual([{ key: '6:/fotoweb/archives/', tooltip: 'Archives', href: '/fotoweb/archives/', target: '_self', icon: null, index: 1 }]);
  });

  it('is empty without customizations or a descriptor', () => {
    expect(titleBarButtons(undefined)).toEqual([]);
    expect(titleBarButtons({ customizations: {} })).toEqual([]);
    expect(titleBarButtons({ customizations: null })).toEqual([]);
  });
});

describe('goProHref (spec 01 §2, §6 "Go-pro: shown only if logged in and the pro view exists")', () => {
  it.each([
    [{ views: { pro: '/fotoweb/views/pro' } }, true, '/fotoweb/views/pro'],
    [{ views: { pro: '/fotoweb/views/pro' } }, false, undefined],
    [{ views: { pro: null } }, true, undefined],
    [{ views: { pro: '' } }, true, undefined],
    [{ views: {} }, true, undefined],
    [undefined, true, undefined],
  ])('%j logged in %s → %s', (descriptor, loggedIn, expected) => {
    expect(goProHref(descriptor as HeaderDescriptorLike | undefined, loggedIn)).toBe(expected);
  });
});

describe('flowHref (spec 01 §2, §6 "Flow link needs manage or view flow permission"; spec 02 §3 views.manageFlow)', () => {
  const views = { manageFlow: '/fotoweb/views/flows' };
  it.each([
    [{ views, permissions: { hasManageFlowsPermission: true, hasViewFlowsPermission: false } }, '/fotoweb/views/flows'],
    [{ views, permissions: { hasManageFlowsPermission: false, hasViewFlowsPermission: true } }, '/fotoweb/views/flows'],
    [{ views, permissions: { hasManageFlowsPermission: false, hasViewFlowsPermission: false } }, undefined],
    [{ views, permissions: null }, undefined],
    [{ views: { manageFlow: null }, permissions: { hasManageFlowsPermission: true } }, undefined],
    [{ permissions: { hasViewFlowsPermission: true } }, undefined],
  ])('%j → %s', (descriptor, expected) => {
    expect(flowHref(descriptor as HeaderDescriptorLike)).toBe(expected);
  });
});

describe('customCssHref (spec 01 §3 appearance.customCss)', () => {
  it('is the address when one is set', () => {
    expect(customCssHref({ appearance: { customCss: '/fotoweb/appearance/css?v=3' } })).toBe('/fotoweb/appearance/css?v=3');
    expect(customCssHref({ appearance: { customCss: null } })).toBeUndefined();
    expect(customCssHref({ appearance: null })).toBeUndefined();
    expect(customCssHref(undefined)).toBeUndefined();
  });
});
