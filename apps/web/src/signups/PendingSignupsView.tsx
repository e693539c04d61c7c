/**
 * Pending sign-ups (issue 14; spec 03 §2.1 "Pending sign-ups", §2.10 Sign-up screens, §3.7, §4 "Sign-up: approved /
 * rejected / updated (list reloaded)", §7 Sign-ups, §8 Sign-ups, §9 sign-up date format): the page at the descriptor's
 * `views.signUpAdmin` (`/fotoweb/views/admin/signups`), which the settings menu's "Pending sign-ups" opens. A table of the
 * sign-ups waiting, oldest first (address, name, date as `DD MMM, HH:mm (YYYY)`), each with info (the sign-up details
 * modal), reject (after a prompt) and approve (the approve-user modal when approvers choose groups,
 * `adminCanAssignGroups`; else after a prompt); an empty message when none waits. After every change the list and the
 * settings menu's badge are read again.
 */
import { useCallback, useState } from 'react';
import { Alert, Box, Button, Heading, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { Check, Info, UserCheck, X } from 'lucide-react';
import type { Signup, SignupList } from '@magpie/api-types';
import { signupApproveErrorMessage } from '@magpie/machines';
import { api } from '../api/client.ts';
import { toRequestError } from '../api/requestErrors.ts';
import { useResource } from '../api/useResource.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useNotifications } from '../notifications/NotificationsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { useSettings } from '../shell/SettingsProvider.tsx';
import { ApproveUserDialog } from './ApproveUserDialog.tsx';
import { SignupDetailsDialog } from './SignupDetailsDialog.tsx';
import { formatSignupDate, signupName, signupRejectErrorMessage, SIGNUPS_LOAD_FAILED } from './signups.ts';

/** What is open over the table: nothing, a sign-up's details, its rejection prompt, its approval (modal or prompt). */
type Opened =
  | { readonly kind: 'details'; readonly signup: Signup }
  | { readonly kind: 'reject'; readonly signup: Signup }
  | { readonly kind: 'approve'; readonly signup: Signup }
  | { readonly kind: 'approvePrompt'; readonly signup: Signup }
  | undefined;

/** See the module comment. */
export function PendingSignupsView() {
  const { descriptor } = useSession();
  const href = descriptor?.signups ?? undefined;
  useDocumentTitle('Pending sign-ups');
  const list = useResource(href, (signal) => api.listSignups(href!, { signal }));

  let content;
  if (!href) {
    content = (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>Deciding on sign-ups needs the “Approve pending sign-ups” permission of a group.</Alert.Description>
      </Alert.Root>
    );
  } else if (list.status === 'error' && !list.data) {
    content = (
      <Stack gap="2">
        <Text data-testid="signups-load-error">{SIGNUPS_LOAD_FAILED}</Text>
        <ErrorState error={list.error} onRetry={list.reload} />
      </Stack>
    );
  } else if (!list.data) content = <LoadingState label="Loading the pending sign-ups…" />;
  else content = <SignupsTable list={list.data} reload={list.reload} groupSearch={descriptor?.groups_grantable ?? undefined} />;

  return (
    <Stack p="6" gap="4" maxW="6xl" data-testid="signups-view">
      <Heading as="h1" size="lg">
        Pending sign-ups
      </Heading>
      {content}
    </Stack>
  );
}

/** The loaded list and what opens over it. */
function SignupsTable({ list, reload, groupSearch }: { readonly list: SignupList; readonly reload: () => void; readonly groupSearch: string | undefined }) {
  const { notify } = useNotifications();
  const { refreshCounts } = useSettings();
  const [opened, setOpened] = useState<Opened>(undefined);
  const close = useCallback(() => setOpened(undefined), []);
  // spec 03 §4: approved, rejected or updated, the list is read again (and the badge with it).
  const changed = useCallback(() => {
    reload();
    refreshCounts();
  }, [reload, refreshCounts]);
  const approvedNotice = useCallback(
    (signup: Signup) => notify({ status: 'success', key: 'signups', testId: 'signups-notice', body: `${signupName(signup)} is a user now and gets an e-mail saying so.` }),
    [notify],
  );
  const failed = (message: string) => notify({ status: 'error', key: 'signups', testId: 'signups-notice', body: message });

  return (
    <Stack gap="3">
      <Text color="fg.muted">
        {list.adminCanAssignGroups
          ? 'People who signed up wait here until you approve or reject them. Approving asks which groups they join.'
          : 'People who signed up wait here until you approve or reject them. They join the groups of their invitation.'}
      </Text>
      {list.data.length === 0 ? (
        <EmptyView
          icon={<UserCheck aria-hidden="true" />}
          title="No sign-ups are waiting"
          description="When someone signs up through an invitation, they are listed here for you to approve."
        />
      ) : (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label="Pending sign-ups, oldest first" data-testid="signups-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>E-mail</Table.ColumnHeader>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Signed up</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.map((signup) => {
                const name = signupName(signup);
                return (
                  <Table.Row key={signup.id} data-testid="signup-row" data-signup-id={signup.id}>
                    <Table.Cell data-testid="signup-row-email">{signup.email}</Table.Cell>
                    <Table.Cell data-testid="signup-row-name">{name}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap" data-testid="signup-row-date">
                      <time dateTime={signup.createdDate}>{formatSignupDate(signup.createdDate)}</time>
                    </Table.Cell>
                    <Table.Cell>
                      <HStack gap="1" justify="flex-end">
                        <IconButton size="sm" variant="ghost" aria-label={`Details of ${name}`} onClick={() => setOpened({ kind: 'details', signup })} data-testid="signup-info">
                          <Info aria-hidden="true" />
                        </IconButton>
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Reject ${name}`}
                          onClick={() => setOpened({ kind: 'reject', signup })}
                          data-testid="signup-reject"
                        >
                          <X aria-hidden="true" />
                        </IconButton>
                        <Button
                          size="sm"
                          colorPalette="brand"
                          aria-label={`Approve ${name}`}
                          onClick={() => setOpened({ kind: list.adminCanAssignGroups ? 'approve' : 'approvePrompt', signup })}
                          data-testid="signup-approve"
                        >
                          <Check aria-hidden="true" />
                          Approve
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {opened?.kind === 'details' && (
        <SignupDetailsDialog
          signup={opened.signup}
          fields={list.fields}
          onClose={(outcome) => {
            close();
            if (outcome === 'saved') changed();
          }}
        />
      )}
      {opened?.kind === 'approve' && (
        <ApproveUserDialog
          signup={opened.signup}
          groupSearch={groupSearch}
          onClose={(outcome) => {
            close();
            if (outcome === 'approved') {
              approvedNotice(opened.signup);
              changed();
            }
          }}
        />
      )}
      <ConfirmDialog
        open={opened?.kind === 'reject'}
        title="Reject this sign-up?"
        confirmLabel="Reject"
        onClose={close}
        testId="signup-reject-confirm"
        action={async () => {
          if (opened?.kind !== 'reject') return;
          try {
            await api.rejectSignup(opened.signup.reject);
          } finally {
            changed();
          }
        }}
        onFailed={(failure) => failed(signupRejectErrorMessage(toRequestError(failure)))}
      >
        {opened?.kind === 'reject' && (
          <Text>
            {signupName(opened.signup)} ({opened.signup.email}) gets no account and an e-mail saying so.
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={opened?.kind === 'approvePrompt'}
        title="Approve this sign-up?"
        confirmLabel="Approve"
        onClose={close}
        testId="signup-approve-confirm"
        action={async () => {
          if (opened?.kind !== 'approvePrompt') return;
          const signup = opened.signup;
          try {
            await api.approveSignup(signup.approve);
            approvedNotice(signup);
          } finally {
            changed();
          }
        }}
        onFailed={(failure) => failed(signupApproveErrorMessage(toRequestError(failure)))}
      >
        {opened?.kind === 'approvePrompt' && (
          <Text>
            {signupName(opened.signup)} ({opened.signup.email}) becomes a user in the groups of their invitation
            {opened.signup.groups.length > 0 ? ` (${opened.signup.groups.map((group) => group.name).join(', ')})` : ''}.
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
