/**
 * The pin button of a tile or a view (issue 13; spec 02 §2 Collection tile "pin toggle (logged in only)", spec 01
 * §4 Pinning): pressed when pinned, named after what it pins, a spinner while its own change is saved and disabled
 * while any change is. Presentational: the pins store (`pins/`) says what it shows and does.
 */
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { Pin, PinOff } from 'lucide-react';

/** What a pin button shows and does. */
export interface TilePin {
  readonly pinned: boolean;
  readonly onToggle: () => void;
  /** True while a change is being saved (the button is disabled meanwhile). */
  readonly busy?: boolean;
  /** True while this button's own change is being saved (it spins). */
  readonly loading?: boolean;
}

/** See the module comment. `name` completes the label: "Pin Photos", "Unpin Bush-dog.jpg". */
export function PinButton({ pin, name, ...rest }: { readonly pin: TilePin; readonly name: string } & Omit<IconButtonProps, 'aria-label' | 'onClick'>) {
  return (
    <IconButton
      data-testid="pin-toggle"
      data-pinned={pin.pinned || undefined}
      aria-label={`${pin.pinned ? 'Unpin' : 'Pin'} ${name}`}
      aria-pressed={pin.pinned}
      title={pin.pinned ? 'Unpin' : 'Pin'}
      size="sm"
      variant={pin.pinned ? 'solid' : 'subtle'}
      loading={pin.loading ?? false}
      disabled={pin.busy ?? false}
      onClick={pin.onToggle}
      {...rest}
    >
      {pin.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
    </IconButton>
  );
}
