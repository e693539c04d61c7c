import { Pin } from 'lucide-react';
import { offeredSelection } from './selection.ts';
import type { Action } from './types.ts';

/**
 * "Pin" on the selection bar: pins every selected asset at once through the descriptor's `pins` (issue 13 "a selection
 * toolbar … pin"; spec 01 §3 Pins, §4 Pinning, §2 asset selection). Offered to users who have pins (guests have none);
 * disabled while a pin change runs. What it did shows as the pin toggles' notices do, the pin limit named `pinLimit`
 * (`pins/pinAll.ts`).
 */
export const actionPinSelection: Action = {
  name: 'pinSelection',
  label: () => 'Pin',
  icon: Pin,
  testId: 'selection-pin',
  predicate: (context) => offeredSelection(context)?.pins !== undefined,
  busy: (context) => context.selection?.pins?.busy === true,
  perform: (context) => {
    const pins = offeredSelection(context)?.pins;
    if (pins && !pins.busy) pins.pinAll();
  },
};
