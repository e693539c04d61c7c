/**
 * The user form's "End all sessions" (spec 03 §2.7 reset device tokens button, §7 `DELETE` the user's
 * `deviceTokensHref`, §9 the spinner stays 700 ms after success), on the `deviceTokenReset` machine: the button shows
 * the reset in flight, "Sessions ended" once done, and the failure's message under it; pressing again resets again.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { deviceTokenResetMachine, type DeviceTokenResetInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';

/** See the module comment. `href` is the user's `deviceTokensHref`. */
export function DeviceTokenReset({ href }: { readonly href: string }) {
  const [state, send] = useMachine(
    deviceTokenResetMachine.provide({
      actors: { resetTokens: fromPromise<unknown, DeviceTokenResetInput>(({ input }) => machineCall(() => api.resetDeviceTokens(input.href))) },
    }),
    { input: { href } },
  );
  const value = String(state.value);
  const busy = value === 'resetting' || value === 'settling';
  return (
    <Stack gap="1" data-testid="user-reset-tokens-box" data-state={value}>
      <Button size="xs" variant="outline" onClick={() => send({ type: 'RESET' })} loading={busy} data-testid="user-reset-tokens">
        {value === 'done' ? 'Sessions ended' : 'End all sessions'}
      </Button>
      {value === 'failed' && (
        <Text color="fg.error" fontSize="sm" role="alert" data-testid="user-reset-tokens-error">
          {state.context.error}
        </Text>
      )}
    </Stack>
  );
}
