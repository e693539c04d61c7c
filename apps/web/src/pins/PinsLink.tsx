/**
 * The header's Pins item (issue 13; spec 01 §2 "Pins: link from the descriptor's pins", §6 "Not logged in: … pins …
 * hidden"): opens the Pins view, with the number of pins; nothing for guests.
 */
import { Badge, Button } from '@chakra-ui/react';
import { Pin } from 'lucide-react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PINS_PATH } from '../lib/urls.ts';
import { usePins } from './PinsProvider.tsx';

export function PinsLink() {
  const pins = usePins();
  const location = useLocation();
  if (!pins) return null;
  const count = pins.pins.length;
  return (
    <Button asChild size="sm" variant="ghost" aria-current={location.pathname === PINS_PATH ? 'page' : undefined}>
      <RouterLink to={PINS_PATH} data-testid="pins-link" aria-label={`Pins (${count})`}>
        <Pin aria-hidden="true" />
        <span>Pins</span>
        {count > 0 && (
          <Badge size="sm" variant="subtle" aria-hidden="true" data-testid="pins-count">
            {count}
          </Badge>
        )}
      </RouterLink>
    </Button>
  );
}
