import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { INTERFACE_STYLE, type InterfaceStyle } from '../theme/colorMode.ts';
import type { Action } from './types.ts';

/** The action that chooses `style` for this browser (spec 03 §2.9 "interface style toggle Light, Dark or Auto"). */
function interfaceStyleAction(name: string, label: string, icon: LucideIcon, style: InterfaceStyle): Action {
  return {
    name,
    label: () => label,
    icon,
    // Magpie has no site-wide dark-mode flag, so the style is always offered (apps/web/README.md "Dark mode").
    predicate: () => true,
    checked: (context) => context.interfaceStyle === style,
    perform: (context) => context.setInterfaceStyle(style),
  };
}

/** Light (0). */
export const actionSetInterfaceStyleLight = interfaceStyleAction('setInterfaceStyleLight', 'Light', Sun, INTERFACE_STYLE.light);
/** Dark (1). */
export const actionSetInterfaceStyleDark = interfaceStyleAction('setInterfaceStyleDark', 'Dark', Moon, INTERFACE_STYLE.dark);
/** Auto (-1): follow the operating system, also when it changes. */
export const actionSetInterfaceStyleAuto = interfaceStyleAction('setInterfaceStyleAuto', 'Auto', Monitor, INTERFACE_STYLE.auto);
