/**
 * The invitation wizard (issue 14; spec 01 §2 Invitation wizard, §3 Invitation (create), §5 the e-mail, domain and
 * group rules, §8 invitation errors; spec 03 §2.1 Create invitations): the Create invitations view
 * (`/fotoweb/views/invitations`, the descriptor's `views.createInvitations`).
 *
 * Step 1: who is invited — listed addresses (Users: typed, Enter or Add adds one, a pasted list adds every valid new
 * address), everyone with an address at one domain (Organization), or anyone with the link (Link) — with the
 * invitation's message and a description for Manage invitations. Step 2: the groups they join (Registered Users
 * preset and not removable; a group search sent 500 ms after typing stops), its Cancel reads "Back". Step 3
 * (Organization and Link): the link to hand out, with Copy. Users invitations close on success and go to Manage
 * invitations with a notice.
 *
 * The flow is the `inviteWizard` machine of `@magpie/machines`; this view draws its state and sends it the user's
 * events. `data-state` on the wizard names the state (`details`, `groups`, `submitting`, `link`, `closed`) and
 * `data-step` the step.
 */
import { Alert, Badge, Box, Button, Card, chakra, CloseButton, Field, Heading, HStack, Input, RadioGroup, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Building2, Copy, Link as LinkIcon, Mail, Plus, Search, UserPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  inviteWizardCancelLabel,
  inviteWizardCanProceed,
  inviteWizardMachine,
  inviteWizardStep,
  isDefaultGroup,
  type GroupRef,
  type GroupSearchInput,
  type InvitationCreateRequest,
  type InvitationCreateResponse,
  type InvitationType,
  type InviteWizardSnapshot,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { EmptyView } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useNotifications } from '../notifications/NotificationsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { MANAGE_INVITATIONS_PATH } from './paths.ts';

const TYPES: ReadonlyArray<{ value: InvitationType; label: string; help: string; icon: typeof Mail }> = [
  { value: 'users', label: 'Users', help: 'Each address gets its own invitation by e-mail.', icon: Mail },
  { value: 'organization', label: 'Organization', help: 'Anyone with an address at one domain may join with the link.', icon: Building2 },
  { value: 'link', label: 'Link', help: 'Anyone with the link may join.', icon: LinkIcon },
];

/** The machine's state as one word. */
function stateName(state: InviteWizardSnapshot): string {
  return typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!;
}

/** See the module comment. */
export function InvitationWizardView() {
  const { descriptor } = useSession();
  useDocumentTitle('Create invitations');
  const href = descriptor?.invitations ?? undefined;
  const groups = descriptor?.groups_grantable ?? undefined;
  const registered = descriptor?.userManagement?.registeredUsersGroup ?? undefined;
  if (!href || !groups) return <EmptyView icon={<UserPlus aria-hidden="true" />} title="No invitations" description="You need the inviteUsers permission to invite people." />;
  return <InvitationWizard href={href} groupSearch={groups} preset={registered ? [{ href: registered, name: 'Registered Users' }] : []} />;
}

/** The group search's answer as the wizard's group references. */
async function grantableGroups(template: string, q: string, signal: AbortSignal): Promise<GroupRef[]> {
  const list = await api.listGrantableGroups(template, q, { signal });
  return list.data.map(({ href, name }) => ({ href, name }));
}

function InvitationWizard({ href, groupSearch, preset }: { readonly href: string; readonly groupSearch: string; readonly preset: readonly GroupRef[] }) {
  const navigate = useNavigate();
  // Opened from another page of the app: a cancel goes back there. React Router numbers the entries it pushes
  // (`history.state.idx`); 0 when the wizard was typed in, reloaded, or reached by a redirect (a replace) such as the
  // login view's return, where going back would leave the app.
  const [cameFromApp] = useState(() => {
    const index = (window.history.state as { idx?: unknown } | null)?.idx;
    return typeof index === 'number' && index > 0;
  });
  const { notify } = useNotifications();
  const [machine] = useState(() =>
    inviteWizardMachine.provide({
      actors: {
        searchGroups: fromPromise<readonly GroupRef[], GroupSearchInput>(({ input, signal }) => machineCall(() => grantableGroups(groupSearch, input.q, signal))),
        submitInvitations: fromPromise<InvitationCreateResponse, InvitationCreateRequest>(({ input }) =>
          machineCall(() => api.createInvitations(href, { ...input, groups: [...input.groups], emails: [...input.emails] })),
        ),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: { invitationType: 'users', groups: preset } });
  const step = inviteWizardStep(state);
  const name = stateName(state);
  const { context } = state;

  // Closed: sent invitations go to Manage invitations with a notice; a cancel goes back where the user came from.
  const output = state.output;
  useEffect(() => {
    if (!output) return;
    if (output.status === 'sent') {
      const count = output.totalInvitationsCreated === 1 ? '1 invitation' : `${output.totalInvitationsCreated} invitations`;
      notify({ status: 'success', key: 'invitations', testId: 'invitations-notice', body: output.invitationType === 'users' ? `${count} sent.` : 'Invitation link created.' });
      navigate(MANAGE_INVITATIONS_PATH);
    } else if (cameFromApp) navigate(-1);
    else navigate(MANAGE_INVITATIONS_PATH);
  }, [output, navigate, notify, cameFromApp]);

  return (
    <Stack gap="5" maxW="2xl" data-testid="invite-wizard" data-state={name} data-step={step ?? ''}>
      <HStack justify="space-between" align="flex-start">
        <Box>
          <Heading as="h1" size="2xl">
            Create invitations
          </Heading>
          {step !== undefined && (
            <Text color="fg.muted" data-testid="invite-step">
              Step {step} of {context.invitationType === 'users' ? 2 : 3}: {step === 1 ? 'who is invited' : step === 2 ? 'the groups they join' : 'the link to share'}
            </Text>
          )}
        </Box>
        {step !== undefined && <CloseButton aria-label="Close the wizard" onClick={() => send({ type: 'CLOSE' })} disabled={name === 'submitting'} data-testid="invite-close" />}
      </HStack>
      <Card.Root>
        <Card.Body>
          {step === 1 && <DetailsStep state={state} send={send} />}
          {step === 2 && <GroupsStep state={state} send={send} />}
          {step === 3 && <LinkStep link={context.invitationLink ?? ''} />}
        </Card.Body>
        <Card.Footer justifyContent="flex-end" gap="2">
          {step !== undefined && (
            <Button variant="outline" onClick={() => send({ type: step === 2 ? 'BACK' : 'CLOSE' })} disabled={name === 'submitting'} data-testid="invite-cancel">
              {{ cancel: 'Cancel', back: 'Back', close: 'Close' }[inviteWizardCancelLabel(state)!]}
            </Button>
          )}
          {step === 1 && (
            <Button colorPalette="brand" onClick={() => send({ type: 'NEXT' })} disabled={!inviteWizardCanProceed(state)} data-testid="invite-next">
              Next
            </Button>
          )}
          {step === 2 && (
            <Button colorPalette="brand" onClick={() => send({ type: 'SUBMIT' })} disabled={name !== 'groups'} loading={name === 'submitting'} data-testid="invite-submit">
              {context.invitationType === 'users' ? 'Send invitations' : 'Create link'}
            </Button>
          )}
        </Card.Footer>
      </Card.Root>
    </Stack>
  );
}

type Send = ReturnType<typeof useMachine<typeof inviteWizardMachine>>[1];

function DetailsStep({ state, send }: { readonly state: InviteWizardSnapshot; readonly send: Send }) {
  const { context } = state;
  const [typed, setTyped] = useState('');
  const add = () => {
    if (typed.trim() === '') return;
    send({ type: 'ADD_EMAIL', email: typed });
  };
  // An address accepted clears the field; a refused one stays to be corrected.
  const count = context.emails.length;
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) setTyped('');
    seen.current = count;
  }, [count]);

  return (
    <Stack gap="5">
      <RadioGroup.Root
        value={context.invitationType}
        onValueChange={(details) => send({ type: 'SET_TYPE', invitationType: details.value as InvitationType })}
        aria-label="Who is invited"
        data-testid="invite-type"
      >
        <Stack gap="2">
          {TYPES.map((type) => (
            <RadioGroup.Item key={type.value} value={type.value} data-testid={`invite-type-${type.value}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                <chakra.span fontWeight="medium">{type.label}</chakra.span>{' '}
                <chakra.span color="fg.muted" fontSize="sm">
                  {type.help}
                </chakra.span>
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>

      {context.invitationType === 'users' && (
        <Field.Root invalid={context.emailError !== undefined}>
          <Field.Label>E-mail addresses</Field.Label>
          <HStack w="full">
            <Input
              type="email"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
              onPaste={(event) => {
                const text = event.clipboardData.getData('text');
                if (/[\s,;]/.test(text.trim())) {
                  event.preventDefault();
                  send({ type: 'PASTE_EMAILS', text });
                }
              }}
              placeholder="name@example.com"
              data-testid="invite-email"
            />
            <Button variant="outline" onClick={add} data-testid="invite-email-add">
              <Plus aria-hidden="true" />
              Add
            </Button>
          </HStack>
          {context.emailError ? (
            <Field.ErrorText data-testid="invite-email-error">{context.emailError}</Field.ErrorText>
          ) : (
            <Field.HelperText>Press Enter to add an address, or paste a list.</Field.HelperText>
          )}
        </Field.Root>
      )}
      {context.invitationType === 'users' && context.pasteSkipped.length > 0 && (
        <Text fontSize="sm" color="fg.muted" data-testid="invite-paste-skipped">
          Not added (not an address, or listed already): {context.pasteSkipped.join(', ')}
        </Text>
      )}
      {context.invitationType === 'users' && context.emails.length > 0 && (
        <Wrap as="ul" listStyleType="none" gap="2" aria-label="Addresses invited" data-testid="invite-emails">
          {context.emails.map((email) => (
            <chakra.li key={email}>
              <Badge size="lg" variant="surface" data-testid="invite-email-item">
                {email}
                <CloseButton size="2xs" aria-label={`Remove ${email}`} onClick={() => send({ type: 'REMOVE_EMAIL', email })} />
              </Badge>
            </chakra.li>
          ))}
        </Wrap>
      )}
      {context.invitationType === 'organization' && (
        <Field.Root invalid={context.domainError !== undefined}>
          <Field.Label>Organization's domain</Field.Label>
          <Input
            value={context.organizationDomain}
            onChange={(event) => send({ type: 'SET_DOMAIN', domain: event.target.value })}
            placeholder="example.com"
            data-testid="invite-domain"
          />
          {context.domainError ? (
            <Field.ErrorText data-testid="invite-domain-error">{context.domainError}</Field.ErrorText>
          ) : (
            <Field.HelperText>People whose address ends in @ this domain may join with the link.</Field.HelperText>
          )}
        </Field.Root>
      )}
      {context.invitationType === 'users' && (
        <Field.Root>
          <Field.Label>Message</Field.Label>
          <Textarea value={context.message} onChange={(event) => send({ type: 'SET_MESSAGE', message: event.target.value })} rows={3} data-testid="invite-message" />
          <Field.HelperText>Sent in the invitation e-mail.</Field.HelperText>
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>Description</Field.Label>
        <Input value={context.description} onChange={(event) => send({ type: 'SET_DESCRIPTION', description: event.target.value })} data-testid="invite-description" />
        <Field.HelperText>For administrators, in Manage invitations.</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}

function GroupsStep({ state, send }: { readonly state: InviteWizardSnapshot; readonly send: Send }) {
  const { context } = state;
  const searching = state.matches({ groups: 'searching' }) || state.matches({ groups: 'debouncing' });
  const chosen = new Set(context.groups.map((group) => group.href));
  return (
    <Stack gap="5">
      {context.submitError && (
        <Alert.Root status="error" data-testid="invite-submit-error">
          <Alert.Indicator />
          <Alert.Description>The invitations were not created: {context.submitError}.</Alert.Description>
        </Alert.Root>
      )}
      <Box>
        <Text fontWeight="medium" mb="2" id="invite-groups-label">
          Groups they join
        </Text>
        <Wrap as="ul" listStyleType="none" gap="2" aria-labelledby="invite-groups-label" data-testid="invite-groups">
          {context.groups.map((group) => (
            <chakra.li key={group.href}>
              <Badge size="lg" variant="surface" data-testid="invite-group-item" data-href={group.href}>
                {group.name}
                {!isDefaultGroup(group) && (
                  <CloseButton size="2xs" aria-label={`Remove ${group.name}`} onClick={() => send({ type: 'REMOVE_GROUP', href: group.href })} data-testid="invite-group-remove" />
                )}
              </Badge>
            </chakra.li>
          ))}
        </Wrap>
      </Box>
      <Field.Root>
        <Field.Label>Add a group</Field.Label>
        <HStack w="full">
          <Search aria-hidden="true" />
          <Input
            value={context.groupSearchText}
            onChange={(event) => send({ type: 'SEARCH_GROUPS', text: event.target.value })}
            placeholder="Search groups"
            data-testid="invite-group-search"
          />
        </HStack>
        {context.groupSearchError && <Field.HelperText color="fg.error">{context.groupSearchError}</Field.HelperText>}
      </Field.Root>
      <Box aria-live="polite" aria-busy={searching} data-testid="invite-group-results" data-searching={searching}>
        {context.groupSearchResults.length > 0 && (
          <Stack as="ul" listStyleType="none" gap="1">
            {context.groupSearchResults.map((group) => (
              <chakra.li key={group.href}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => send({ type: 'ADD_GROUP', group })}
                  disabled={chosen.has(group.href)}
                  data-testid="invite-group-result"
                  data-href={group.href}
                >
                  <Plus aria-hidden="true" />
                  {group.name}
                  {chosen.has(group.href) ? ' (added)' : ''}
                </Button>
              </chakra.li>
            ))}
          </Stack>
        )}
        {!searching && context.groupSearchText.trim() !== '' && context.groupSearchResults.length === 0 && !context.groupSearchError && (
          <Text fontSize="sm" color="fg.muted">
            No group matches “{context.groupSearchText.trim()}”.
          </Text>
        )}
      </Box>
    </Stack>
  );
}

function LinkStep({ link }: { readonly link: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack gap="3">
      <Text>Share this link with the people you invite. It works until you revoke it in Manage invitations.</Text>
      <HStack>
        <Input readOnly value={link} aria-label="Invitation link" onFocus={(event) => event.currentTarget.select()} data-testid="invite-link" />
        <Button
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
          data-testid="invite-link-copy"
        >
          <Copy aria-hidden="true" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </HStack>
    </Stack>
  );
}
