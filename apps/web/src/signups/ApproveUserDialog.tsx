/**
 * The approve-user modal (issue 14; spec 01 §2, §5; spec 03 §2.10 "approval may ask for groups when the admin may assign
 * groups"): the groups the new user joins, starting from those the sign-up's invitation grants, with Everyone and
 * Registered Users shown as every user's (never removable); a group search (the descriptor's `groups_grantable`, sent
 * 500 ms after typing, only for non-empty text) whose results are added once; Approve, or Cancel. A refusal stays in
 * the modal with its message (spec 03 §8 Sign-ups "Approve"). On the `signupApproval` machine.
 */
import { Alert, Badge, Box, Button, chakra, CloseButton, Dialog, Field, HStack, Input, Portal, Stack, Text, Wrap } from '@chakra-ui/react';
import { Plus, Search } from 'lucide-react';
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import type { Signup, SignupApproved } from '@magpie/api-types';
import { DEFAULT_GROUP_NAMES, isDefaultGroup, signupApprovalMachine, signupApprovalOptions, type GroupRef, type SignupApproveInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { signupName } from './signups.ts';

/** Props of {@link ApproveUserDialog}. */
export interface ApproveUserDialogProps {
  readonly signup: Signup;
  /** The descriptor's `groups_grantable` (`…{?q}`); without it there is no search. */
  readonly groupSearch: string | undefined;
  /** The modal ended: `approved` (the list reloads) or `cancelled`. */
  readonly onClose: (outcome: 'approved' | 'cancelled') => void;
}

/** See the module comment. */
export function ApproveUserDialog({ signup, groupSearch, onClose }: ApproveUserDialogProps) {
  const [state, send] = useMachine(
    signupApprovalMachine.provide({
      actors: {
        searchGroups: fromPromise<readonly GroupRef[], { q: string }>(async ({ input, signal }) => {
          if (!groupSearch) return [];
          return (await machineCall(() => api.listGrantableGroups(groupSearch, input.q, { signal }))).data;
        }),
        approve: fromPromise<SignupApproved, SignupApproveInput>(({ input, signal }) => machineCall(() => api.approveSignup(input.approve, input.groups, { signal }))),
      },
    }),
    { input: { approve: signup.approve, groups: signup.groups } },
  );
  const { context } = state;
  const approving = state.matches('approving');
  const searching = state.matches({ editing: 'debouncing' }) || state.matches({ editing: 'searching' });
  const options = signupApprovalOptions(context);
  const name = signupName(signup);

  useEffect(() => {
    if (state.matches('approved')) onClose('approved');
    else if (state.matches('cancelled')) onClose('cancelled');
  }, [state, onClose]);

  const stateName = typeof state.value === 'string' ? state.value : `editing.${(state.value as { editing: string }).editing}`;
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open || approving ? undefined : send({ type: 'CANCEL' }))} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="approve-user-dialog" data-state={stateName}>
            <Dialog.Header>
              <Dialog.Title>Approve {name}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="5">
                <Text color="fg.muted">{signup.email} becomes a user of this site and gets an e-mail saying so. Choose the groups they join.</Text>
                {context.error !== undefined && (
                  <Alert.Root status="error" data-testid="approve-user-error">
                    <Alert.Indicator />
                    <Alert.Description>{context.error}</Alert.Description>
                  </Alert.Root>
                )}
                <Box>
                  <Text fontWeight="medium" mb="2" id="approve-groups-label">
                    Groups they join
                  </Text>
                  <Wrap as="ul" listStyleType="none" gap="2" aria-labelledby="approve-groups-label" data-testid="approve-groups">
                    {DEFAULT_GROUP_NAMES.map((group) => (
                      <chakra.li key={group}>
                        <Badge size="lg" variant="outline" title="Every user is in this group" data-testid="approve-default-group">
                          {group}
                        </Badge>
                      </chakra.li>
                    ))}
                    {context.groups.map((group) => (
                      <chakra.li key={group.href}>
                        <Badge size="lg" variant="surface" data-testid="approve-group-item" data-href={group.href}>
                          {group.name}
                          {!isDefaultGroup(group) && (
                            <CloseButton
                              size="2xs"
                              aria-label={`Remove ${group.name}`}
                              disabled={approving}
                              onClick={() => send({ type: 'REMOVE', href: group.href })}
                              data-testid="approve-group-remove"
                            />
                          )}
                        </Badge>
                      </chakra.li>
                    ))}
                  </Wrap>
                  <Text fontSize="sm" color="fg.muted" mt="2">
                    Every user is in Everyone and Registered Users.
                  </Text>
                </Box>
                {groupSearch && (
                  <Field.Root disabled={approving}>
                    <Field.Label>Add a group</Field.Label>
                    <HStack w="full">
                      <Search aria-hidden="true" />
                      <Input
                        value={context.searchText}
                        onChange={(event) => send({ type: 'SEARCH', text: event.target.value })}
                        placeholder="Search groups"
                        data-testid="approve-group-search"
                      />
                    </HStack>
                    {context.searchError ? (
                      <Field.HelperText color={{ _light: 'red.700', _dark: 'red.300' }} data-testid="approve-group-search-error">
                        {context.searchError}
                      </Field.HelperText>
                    ) : (
                      <Field.HelperText>Type part of a group's name.</Field.HelperText>
                    )}
                  </Field.Root>
                )}
                <Box aria-live="polite" aria-busy={searching} data-testid="approve-group-results" data-searching={searching}>
                  {options.length > 0 && (
                    <Stack as="ul" listStyleType="none" gap="1" aria-label="Groups found">
                      {options.map((group) => (
                        <chakra.li key={group.href}>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={approving}
                            onClick={() => send({ type: 'ADD', group })}
                            data-testid="approve-group-result"
                            data-href={group.href}
                          >
                            <Plus aria-hidden="true" />
                            {group.name}
                          </Button>
                        </chakra.li>
                      ))}
                    </Stack>
                  )}
                  {!searching && context.searchText.trim() !== '' && options.length === 0 && !context.searchError && (
                    <Text fontSize="sm" color="fg.muted" data-testid="approve-group-none">
                      No other group found.
                    </Text>
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={approving} data-testid="approve-user-cancel">
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={() => send({ type: 'APPROVE' })} loading={approving} data-testid="approve-user-ok">
                Approve
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
