/**
 * Ctrl+Shift+Z clears the site's custom CSS after a prompt (issue 15; spec 01 §2 Keyboard "ctrl+shift+Z, when logged
 * in and a custom CSS address exists, asks to clear custom CSS (prompt)", the prompt modal (yes/cancel); §7 "POST
 * custom CSS url: cssContent"). The key asks only users offered the appearance settings (`appearance.admin`), since
 * the POST needs `changeSiteAppearance`. `CustomCssResetProvider` runs the `customCssReset` machine for the app shell and
 * offers `ask` to the action registry (`actionClearCustomCss`, the key itself); it draws the prompt while the machine
 * confirms, clears or failed (a refusal, e.g. 403 without `changeSiteAppearance`, stays in the prompt with its
 * reason), and the "cleared" notice for 15 s. Clearing POSTs `{cssContent: ''}` to the descriptor's address, then
 * reads the descriptor again, so `CustomCssLink` removes the stylesheet from the page.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { Alert, Box, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { customCssResetMachine, type CustomCssClearInput, type CustomCssResetEvent } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { useSession } from '../session/SessionProvider.tsx';

/** What the action registry reads: whether the key may ask now, and asking. */
export interface CustomCssResetValue {
  /** The descriptor's custom CSS address, or undefined when none is set (or logged out). */
  readonly href: string | undefined;
  /** Opens the prompt about `href` (nothing without one). */
  ask(): void;
}

const CustomCssResetContext = createContext<CustomCssResetValue | undefined>(undefined);

/** The reset's state for the registry, or undefined outside {@link CustomCssResetProvider} (guests' pages have none). */
export function useCustomCssReset(): CustomCssResetValue | undefined {
  return useContext(CustomCssResetContext);
}

/** The state's name for tests and the model spec (`data-state`). */
function stateName(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** See the module comment. */
export function CustomCssResetProvider({ children }: { children: ReactNode }) {
  const { descriptor, establish } = useSession();
  // Only those who may change the site's appearance (the descriptor's `appearance.admin`) are asked: for anyone else
  // the POST could only be refused.
  const href = descriptor?.appearance?.admin ? (descriptor.appearance.customCss ?? undefined) : undefined;
  const machine = useMemo(
    () =>
      customCssResetMachine.provide({
        actors: {
          clear: fromPromise<void, CustomCssClearInput>(async ({ input }) => {
            await machineCall(() => api.updateCustomCss(input.href, ''));
            // The stylesheet leaves the page with the descriptor that no longer names it; a failed read changes nothing here.
            const fresh = await api.getDescriptor().catch(() => undefined);
            if (fresh) establish(fresh);
          }),
        },
      }),
    [establish],
  );
  const [state, send] = useMachine(machine);
  const ask = useCallback(() => {
    if (href) send({ type: 'ASK', href });
  }, [href, send]);
  const value = useMemo<CustomCssResetValue>(() => ({ href: href || undefined, ask }), [href, ask]);
  const clearing = state.matches('clearing');
  return (
    <CustomCssResetContext.Provider value={value}>
      {children}
      <ClearPrompt open={state.matches('confirming') || clearing || state.matches('failed')} clearing={clearing} error={state.context.error} send={send} />
      <Box position="fixed" bottom="4" insetStart="4" zIndex="toast" role="status" aria-live="polite" data-testid="custom-css-reset" data-state={stateName(state.value)}>
        {state.matches('cleared') && (
          <Alert.Root status="success" data-testid="custom-css-cleared" shadow="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>The custom CSS was cleared.</Alert.Description>
            </Alert.Content>
            <CloseButton size="sm" aria-label="Dismiss the notice" onClick={() => send({ type: 'DISMISS' })} data-testid="custom-css-cleared-dismiss" />
          </Alert.Root>
        )}
      </Box>
    </CustomCssResetContext.Provider>
  );
}

/** The prompt (spec 01 §2 prompt modal, yes/cancel): Yes pending while clearing; a failure's reason above the buttons. */
function ClearPrompt({ open, clearing, error, send }: { open: boolean; clearing: boolean; error: string | undefined; send: (event: CustomCssResetEvent) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => (details.open || clearing ? undefined : send({ type: 'CANCEL' }))} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="custom-css-prompt">
            <Dialog.Header>
              <Dialog.Title>Clear the custom CSS?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>The site’s custom CSS will be removed for everyone. Administrators can set it again on Manage site.</Text>
              {error && (
                <Alert.Root status="error" mt="3" data-testid="custom-css-prompt-error">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Description>{error}</Alert.Description>
                  </Alert.Content>
                </Alert.Root>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={clearing} data-testid="custom-css-prompt-cancel">
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => send({ type: 'CONFIRM' })} loading={clearing} data-testid="custom-css-prompt-yes">
                Yes
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
