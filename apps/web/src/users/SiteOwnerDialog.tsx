/**
 * "Set as site owner" (spec 03 §2.4 row action, §2.8 site-owner prompt and site-owner-changed notice, §4 "Site-owner
 * change: prompt, confirm, notice, then the current session is logged out", §6 exactly one site owner, §7 PUT site
 * owner href, §8; spec 01 §8 'logout error'), on the `siteOwnerHandover` machine.
 *
 * The dialog first reads who owns the site (`GET` the descriptor's `userManagement.siteOwner`, then that user) so the
 * prompt can name them; then the machine runs: prompt → changing → notice → loggingOut → closed, with a failed change
 * back at the prompt with its message, and a failed logout offering Try again or Close. Once logged out, the session
 * is ended in this tab and every other one (the login view follows); closing otherwise tells the list whether the
 * role moved, so it reloads with the new badge.
 */
import { Alert, Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { User } from '@magpie/api-types';
import { ApiError } from '@magpie/api-types/client';
import { LOGOUT_ERROR, siteOwnerHandoverMachine, type ChangeSiteOwnerInput, type SiteOwnerCandidate, type SiteOwnerUser } from '@magpie/machines';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { siteOwnerErrorText } from './errors.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { machineCall } from '../api/requestErrors.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link SiteOwnerDialog}. */
export interface SiteOwnerDialogProps {
  /** The descriptor's `userManagement.siteOwner` (`/fotoweb/users/site-owner`). */
  readonly siteOwnerHref: string;
  /** The row's user; its `actions.setNewSiteOwner` is true (the row offers the action only then, spec 03 §2.4). */
  readonly newOwner: Pick<User, 'href' | 'fullName' | 'username' | 'actions'>;
  /** Closes the dialog without logging out; `ownerChanged` says whether the role moved (the list then reloads). */
  readonly onClose: (ownerChanged: boolean) => void;
}

const TEST_ID = 'site-owner-dialog';

/** See the module comment. */
export function SiteOwnerDialog({ siteOwnerHref, newOwner, onClose }: SiteOwnerDialogProps) {
  const owner = useResource<SiteOwnerUser>(siteOwnerHref, async (signal) => {
    const { user } = await api.getSiteOwner(siteOwnerHref, { signal });
    const current = await api.getUser(user, { signal });
    return { href: current.href, fullName: current.fullName };
  });
  const candidate: SiteOwnerCandidate = { href: newOwner.href, fullName: newOwner.fullName, actions: { setNewSiteOwner: newOwner.actions.setNewSiteOwner } };
  if (owner.data) return <HandoverDialog siteOwnerHref={siteOwnerHref} currentOwner={owner.data} newOwner={candidate} username={newOwner.username} onClose={onClose} />;
  return (
    <Frame onDismiss={() => onClose(false)}>
      <Dialog.Body>
        {owner.status === 'error' ? (
          <Alert.Root status="error" data-testid={`${TEST_ID}-error`}>
            <Alert.Indicator />
            <Alert.Description>{loadErrorText(owner.error)}</Alert.Description>
          </Alert.Root>
        ) : (
          <LoadingSpinner label="Loading the site owner" />
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={() => onClose(false)}>
          Close
        </Button>
      </Dialog.Footer>
    </Frame>
  );
}

/** The dialog's frame: an alert dialog titled "Set as site owner"; Esc and the backdrop call `onDismiss` when given. */
function Frame({ onDismiss, children }: { readonly onDismiss: (() => void) | undefined; readonly children: ReactNode }) {
  return (
    <Dialog.Root
      open
      onOpenChange={(d) => (d.open ? undefined : onDismiss?.())}
      role="alertdialog"
      size="md"
      closeOnEscape={onDismiss !== undefined}
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={TEST_ID}>
            <Dialog.Header>
              <Dialog.Title>Set as site owner</Dialog.Title>
            </Dialog.Header>
            {children}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

interface HandoverDialogProps {
  readonly siteOwnerHref: string;
  readonly currentOwner: SiteOwnerUser;
  readonly newOwner: SiteOwnerCandidate;
  readonly username: string;
  readonly onClose: (ownerChanged: boolean) => void;
}

/** The machine's screens: prompt, notice, logging out, logout failed. */
function HandoverDialog({ siteOwnerHref, currentOwner, newOwner, username, onClose }: HandoverDialogProps) {
  const session = useSession();
  const logoutHref = session.descriptor?.services.logout;
  const [state, send] = useMachine(
    siteOwnerHandoverMachine.provide({
      actors: {
        changeSiteOwner: fromPromise<unknown, ChangeSiteOwnerInput>(({ input }) => machineCall(() => api.setSiteOwner(input.siteOwnerHref, input.userHref))),
        logout: fromPromise<unknown, void>(async () => {
          if (!logoutHref) throw new Error('The descriptor names no logout service.');
          try {
            await api.logout(logoutHref);
          } catch (error) {
            // 401: the session is already gone, which is what logging out wants.
            if (!(error instanceof ApiError && error.status === 401)) throw error;
          }
        }),
      },
    }),
    { input: { siteOwnerHref, currentOwner, newOwner } },
  );
  const { clear } = session;
  const output = state.status === 'done' ? state.output : undefined;
  const reported = useRef(false);
  useEffect(() => {
    if (!output || reported.current) return;
    reported.current = true;
    // Logged out: forget the session here and in every tab (the session goes to the login view).
    if (output.loggedOut) clear();
    else onClose(output.ownerChanged);
  }, [output, clear, onClose]);

  const value = String(state.value);
  const error = state.context.error;
  const who = (
    <strong>
      {newOwner.fullName} ({username})
    </strong>
  );

  if (value === 'prompt' || value === 'changing') {
    const changing = value === 'changing';
    return (
      <Frame onDismiss={changing ? undefined : () => send({ type: 'CANCEL' })}>
        <Dialog.Body>
          <Stack gap="3" data-testid={`${TEST_ID}-prompt`} data-state={value}>
            <Text data-testid={`${TEST_ID}-current`}>
              <strong>{currentOwner.fullName}</strong> owns this site now.
            </Text>
            <Text>Make {who} the site owner instead? The site owner may do everything and cannot be deleted or disabled; there is only one.</Text>
            <Text>You keep only what your groups allow, and you are logged out once the role has moved.</Text>
            {error && (
              <Alert.Root status="error" data-testid={`${TEST_ID}-problem`}>
                <Alert.Indicator />
                <Alert.Description>{siteOwnerErrorText(error)}</Alert.Description>
              </Alert.Root>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={changing} data-testid={`${TEST_ID}-cancel`}>
            Cancel
          </Button>
          <Button colorPalette="purple" onClick={() => send({ type: 'CONFIRM' })} loading={changing} data-testid={`${TEST_ID}-confirm`}>
            Set as site owner
          </Button>
        </Dialog.Footer>
      </Frame>
    );
  }
  if (value === 'notice' || value === 'loggingOut') {
    const loggingOut = value === 'loggingOut';
    return (
      <Frame onDismiss={undefined}>
        <Dialog.Body>
          <Alert.Root status="success" data-testid={`${TEST_ID}-notice`} data-state={value}>
            <Alert.Indicator />
            <Alert.Description>{who} is now the site owner. You will be logged out; log in again to go on with what your groups allow.</Alert.Description>
          </Alert.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button colorPalette="blue" onClick={() => send({ type: 'ACKNOWLEDGE' })} loading={loggingOut} loadingText="Logging out" data-testid={`${TEST_ID}-ok`}>
            OK
          </Button>
        </Dialog.Footer>
      </Frame>
    );
  }
  if (value === 'logoutFailed') {
    return (
      <Frame onDismiss={undefined}>
        <Dialog.Body>
          <Alert.Root status="error" data-testid={`${TEST_ID}-logout-error`}>
            <Alert.Indicator />
            <Alert.Description>{siteOwnerErrorText(error ?? LOGOUT_ERROR)}</Alert.Description>
          </Alert.Root>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => send({ type: 'CLOSE' })} data-testid={`${TEST_ID}-close`}>
            Close
          </Button>
          <Button colorPalette="blue" onClick={() => send({ type: 'RETRY' })} data-testid={`${TEST_ID}-retry`}>
            Try again
          </Button>
        </Dialog.Footer>
      </Frame>
    );
  }
  return null;
}
