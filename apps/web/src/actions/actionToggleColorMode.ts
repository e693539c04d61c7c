import { Moon, Sun } from 'lucide-react';
import type { Action } from './types.ts';

/** Switches dark mode on or off for this browser (apps/web/README.md "Dark mode"). */
export const actionToggleColorMode: Action = {
  name: 'toggleColorMode',
  label: (context) => (context.colorMode === 'dark' ? 'Light mode' : 'Dark mode'),
  icon: Moon,
  predicate: () => true,
  perform: (context) => context.toggleColorMode(),
};

/** The icon matching the mode the toggle switches to. */
export function colorModeIcon(mode: 'light' | 'dark') {
  return mode === 'dark' ? Sun : Moon;
}
