import { describe, expect, it } from 'vitest';
import type { TitleBarButton } from '@magpie/api-types';
import { withButtonAdded, withButtonChanged, withButtonMoved, withButtonRemoved } from './titleBarButtonsDraft.ts';

const b = (tooltip: string, index = 0): TitleBarButton => ({ index, tooltip, href: `/${tooltip}`, target: '_self', icon: null });

describe('the title-bar buttons draft (spec 02 §3)', () => {
  it('adds an empty button at the end and numbers every index by position', () => {
    const added = withButtonAdded([b('a', 7), b('b', 3)]);
    expect(added.map((button) => [button.tooltip, button.index])).toEqual([
      ['a', 0],
      ['b', 1],
      ['', 2],
    ]);
    expect(added[2]).toMatchObject({ href: '', target: '_blank', icon: 'link' });
  });

  it('changes, moves and removes one button', () => {
    const list = [b('a'), b('b'), b('c')];
    expect(withButtonChanged(list, 1, { tooltip: 'B' })[1]).toMatchObject({ tooltip: 'B', index: 1 });
    expect(withButtonMoved(list, 2, -1).map((button) => button.tooltip)).toEqual(['a', 'c', 'b']);
    expect(withButtonMoved(list, 0, 1).map((button) => `${button.tooltip}${button.index}`)).toEqual(['b0', 'a1', 'c2']);
    expect(withButtonMoved(list, 0, -1).map((button) => button.tooltip)).toEqual(['a', 'b', 'c']);
    expect(withButtonMoved(list, 2, 1).map((button) => button.tooltip)).toEqual(['a', 'b', 'c']);
    expect(withButtonRemoved(list, 0).map((button) => `${button.tooltip}${button.index}`)).toEqual(['b0', 'c1']);
  });
});
