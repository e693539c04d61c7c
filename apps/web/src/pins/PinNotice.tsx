/**
 * The pins' notices (issue 13; spec 01 §8 "Pin limit error is named pinLimit", §9 "Notification auto-close 15 s"), at
 * the bottom of the window: the pin limit or a failed save, and what the selection bar's Pin did (`pinAll.ts`), until
 * closed, the next change, or 15 s; and pins that could not be loaded, with "Try again" (the Pins view shows that one
 * itself).
 */
import { useEffect } from 'react';
import { Alert, Box, Button, CloseButton } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { PINS_PATH } from '../lib/urls.ts';
import { usePins } from './PinsProvider.tsx';

/** How long a notice stays (ms; spec 01 §9). */
export const NOTICE_AUTO_CLOSE_MS = 15_000;

export function PinNotice() {
  const pins = usePins();
  const { pathname } = useLocation();
  const notice = pins?.notice;
  const dismiss = pins?.dismiss;
  useEffect(() => {
    if (!notice || !dismiss) return;
    const timer = setTimeout(dismiss, NOTICE_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  if (!pins) return null;
  if (pins.state === 'failed' && pathname !== PINS_PATH) {
    return (
      <Box position="fixed" bottom="4" insetInlineEnd="4" zIndex="toast" maxW="sm">
        <Alert.Root status="error" data-testid="pins-load-failed" role="alert" boxShadow="lg">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your pins could not be loaded</Alert.Title>
            <Alert.Description>{pins.loadError}</Alert.Description>
          </Alert.Content>
          <Button size="xs" variant="outline" onClick={pins.retry} data-testid="pins-retry">
            Try again
          </Button>
        </Alert.Root>
      </Box>
    );
  }
  if (!notice || !dismiss) return null;
  return (
    <Box position="fixed" bottom="4" insetInlineEnd="4" zIndex="toast" maxW="sm">
      <Alert.Root
        status={notice.name === 'pinned' ? 'success' : notice.name === 'pinLimit' ? 'warning' : 'error'}
        data-testid="pin-notice"
        data-name={notice.name}
        role={notice.name === 'pinned' ? 'status' : 'alert'}
        boxShadow="lg"
      >
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{notice.name === 'pinned' ? 'Pinned' : notice.name === 'pinLimit' ? 'Pin limit reached' : 'Pin not saved'}</Alert.Title>
          <Alert.Description data-testid="pin-notice-message">{notice.message}</Alert.Description>
        </Alert.Content>
        <CloseButton size="sm" aria-label="Close" onClick={dismiss} data-testid="pin-notice-close" />
      </Alert.Root>
    </Box>
  );
}
