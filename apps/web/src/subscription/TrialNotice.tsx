/**
 * The trial subscription prompt in the header (issue 15; spec 01 §2, §6, §9): "N days left in your trial" while the
 * descriptor's `views.subscription.state` is `trial`, in the warning colour at 3 days or fewer and the danger colour
 * at 1 or fewer, and Buy now, opening `views.manageSubscription` in a new tab, only when that link exists. Nothing
 * otherwise. The rules are `trial.ts`; the count is taken again every hour while the page stays open.
 */
import { useEffect, useState } from 'react';
import { Badge, Box, Button, HStack } from '@chakra-ui/react';
import { useSession } from '../session/SessionProvider.tsx';
import { buyNowHref, trialOf, type TrialTone } from './trial.ts';

/** The badge's colour palette per tone (Chakra tokens, so dark mode follows). */
const PALETTE: Record<TrialTone, string> = { normal: 'gray', warning: 'orange', danger: 'red' };

const HOUR_MS = 60 * 60 * 1000;

/** The current time, taken again every hour. */
function useHourlyNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), HOUR_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** See the module comment. */
export function TrialNotice() {
  const { descriptor } = useSession();
  const now = useHourlyNow();
  const trial = trialOf(descriptor, now);
  if (!trial) return null;
  const buyNow = buyNowHref(descriptor);
  return (
    <HStack gap="2" data-testid="trial-notice" data-tone={trial.tone} data-days-left={trial.daysLeft}>
      <Badge colorPalette={PALETTE[trial.tone]} variant={trial.tone === 'danger' ? 'solid' : 'subtle'} size="md" role="status" data-testid="trial-countdown">
        {trial.text}
      </Badge>
      {buyNow && (
        <Button asChild size="xs" colorPalette="brand" variant="solid">
          <a href={buyNow} target="_blank" rel="noopener noreferrer" data-testid="trial-buy-now">
            Buy now
            <Box as="span" srOnly>
              (opens in a new tab)
            </Box>
          </a>
        </Button>
      )}
    </HStack>
  );
}
