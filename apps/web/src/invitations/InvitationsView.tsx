/**
 * Manage invitations (issue 14; spec 03 §2.1, §2.2 the grid, §3.6, §4 "Invitation: active, then revoked", §8
 * Invitations): the Manage invitations view (`/fotoweb/views/admin/invitations`, the descriptor's
 * `views.manageInvitations`). One row per active invitation, newest first: an expand caret, the type's icon and label
 * (User when it names an address, Organization when it names a domain, otherwise Link), whom it is issued to, its
 * sign-up link (click to copy), when it was made, and Revoke (after the prompt modal; on success the row leaves the
 * list; 404 "invite not found", 500 "invite failed to update"). An expanded row shows the description, the groups it
 * grants and who joined through it. Older pages load with "Show older invitations".
 */
import { Badge, Box, Button, chakra, Heading, HStack, IconButton, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Building2, ChevronDown, ChevronRight, Copy, Link as LinkIcon, Mail, UserPlus } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Invitation, InvitationList } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { useResource } from '../api/useResource.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { formatDay } from '../lib/format.ts';
import { errorReport } from '../notifications/errorReport.ts';
import { useNotifications } from '../notifications/NotificationsProvider.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { CREATE_INVITATIONS_PATH } from './paths.ts';

/** An invitation's type as the grid names it (spec 03 §2.2). */
export function invitationTypeLabel(invitation: Pick<Invitation, 'email' | 'organization'>): 'User' | 'Organization' | 'Link' {
  if (invitation.email) return 'User';
  if (invitation.organization) return 'Organization';
  return 'Link';
}

const TYPE_ICONS = { User: Mail, Organization: Building2, Link: LinkIcon } as const;

/** The height of an invitation's detail row (px; spec 03 §2.2, §9). */
export const INVITATION_DETAIL_ROW_PX = 298;

/** What a failed revoke says (spec 03 §8 Invitations): 404 "invite not found", 500 "invite failed to update". */
function revokeFailure(failure: unknown): string {
  const status = (failure as { status?: number } | undefined)?.status;
  if (status === 404) return 'The invitation was not revoked: invite not found.';
  if (status === 500) return 'The invitation was not revoked: invite failed to update.';
  return 'The invitation was not revoked. Try again later.';
}

/** See the module comment. */
export function InvitationsView() {
  const { descriptor } = useSession();
  useDocumentTitle('Manage invitations');
  const href = descriptor?.invitations ?? undefined;
  const [pages, setPages] = useState<string[]>([]);
  const first = useResource(href, (signal) => api.listInvitations(href!, { signal }));
  if (!href) return <EmptyView icon={<UserPlus aria-hidden="true" />} title="No invitations" description="You need the inviteUsers permission to manage invitations." />;
  if (first.status === 'error' && !first.data) return <ErrorState error={first.error} onRetry={first.reload} />;
  if (!first.data) return <LoadingState label="Loading the invitations…" />;
  return (
    <Stack gap="5" data-testid="invitations-view">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <Box>
          <Heading as="h1" size="2xl">
            Manage invitations
          </Heading>
          <Text color="fg.muted" data-testid="invitations-count">
            {first.data.count === 1 ? '1 active invitation' : `${first.data.count} active invitations`}
          </Text>
        </Box>
        {descriptor?.views?.createInvitations && (
          <Button asChild colorPalette="brand" size="sm">
            <RouterLink to={CREATE_INVITATIONS_PATH} data-testid="invitations-create">
              <UserPlus aria-hidden="true" />
              Create invitations
            </RouterLink>
          </Button>
        )}
      </HStack>
      {first.data.data.length === 0 ? (
        <EmptyView
          icon={<UserPlus aria-hidden="true" />}
          title="No active invitations"
          description="Invitations you create are listed here until they are used, expire or are revoked."
        />
      ) : (
        <InvitationsTable first={first.data} pages={pages} onMore={(next) => setPages((was) => [...was, next])} onChanged={first.reload} />
      )}
    </Stack>
  );
}

/** The grid: the first page, then each older page asked for. */
function InvitationsTable({
  first,
  pages,
  onMore,
  onChanged,
}: {
  readonly first: InvitationList;
  readonly pages: readonly string[];
  readonly onMore: (next: string) => void;
  readonly onChanged: () => void;
}) {
  const [older, setOlder] = useState<Record<string, InvitationList>>({});
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [revoking, setRevoking] = useState<Invitation | undefined>(undefined);
  const [revoked, setRevoked] = useState<ReadonlySet<string>>(new Set());
  const [copied, setCopied] = useState<string | undefined>(undefined);
  const { notify } = useNotifications();
  const loaded = [first, ...pages.map((page) => older[page]).filter((page): page is InvitationList => page !== undefined)];
  const rows = loaded.flatMap((page) => page.data).filter((invitation) => !revoked.has(invitation.invitationAdminHref));
  const next = loaded.at(-1)?.paging.next ?? null;
  const toggle = (href: string) =>
    setOpen((was) => {
      const now = new Set(was);
      if (now.has(href)) now.delete(href);
      else now.add(href);
      return now;
    });

  return (
    <>
      <Table.Root size="sm" data-testid="invitations-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="8">
              <chakra.span srOnly>Details</chakra.span>
            </Table.ColumnHeader>
            <Table.ColumnHeader w="8">
              <chakra.span srOnly>Type icon</chakra.span>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Issued to</Table.ColumnHeader>
            <Table.ColumnHeader>Sign-up link</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader>
              <chakra.span srOnly>Actions</chakra.span>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((invitation) => {
            const type = invitationTypeLabel(invitation);
            const Icon = TYPE_ICONS[type];
            const expanded = open.has(invitation.invitationAdminHref);
            const detailsId = `invitation-${invitation.invitationAdminHref.replace(/[^a-z0-9]/gi, '-')}`;
            return (
              <Fragment key={invitation.invitationAdminHref}>
                <Table.Row data-testid="invitation-row" data-href={invitation.invitationAdminHref} data-type={type}>
                  <Table.Cell>
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the details of the invitation to ${invitation.email ?? invitation.organization ?? 'anyone with the link'}`}
                      onClick={() => toggle(invitation.invitationAdminHref)}
                      data-testid="invitation-expand"
                    >
                      {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                    </IconButton>
                  </Table.Cell>
                  <Table.Cell>
                    <Icon aria-hidden="true" size={18} />
                  </Table.Cell>
                  <Table.Cell data-testid="invitation-type">{type}</Table.Cell>
                  <Table.Cell data-testid="invitation-issued-to">{invitation.email ?? invitation.organization ?? '—'}</Table.Cell>
                  <Table.Cell>
                    {invitation.invitationViewHref ? (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => void navigator.clipboard?.writeText(invitation.invitationViewHref!).then(() => setCopied(invitation.invitationAdminHref))}
                        aria-label={`Copy the sign-up link ${invitation.invitationViewHref}`}
                        title={invitation.invitationViewHref}
                        data-testid="invitation-copy"
                        data-link={invitation.invitationViewHref}
                      >
                        <Copy aria-hidden="true" />
                        {copied === invitation.invitationAdminHref ? 'Copied' : 'Copy link'}
                      </Button>
                    ) : (
                      <Text fontSize="sm" color="fg.muted" title="This server can no longer show the link; the link itself still works.">
                        Not available
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>{formatDay(invitation.created)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(invitation)} data-testid="invitation-revoke">
                      Revoke
                    </Button>
                  </Table.Cell>
                </Table.Row>
                {expanded && (
                  <Table.Row id={detailsId} data-testid="invitation-details">
                    <Table.Cell colSpan={7} bg="bg.muted" p="0">
                      {/* Spec 03 §2.2, §9: an invitation's detail row is 298 px high; longer lists scroll inside it. */}
                      <Stack gap="2" py="2" px="3" fontSize="sm" h={`${INVITATION_DETAIL_ROW_PX}px`} overflowY="auto" tabIndex={0} aria-label="Invitation details">
                        <Text>
                          <chakra.span fontWeight="medium">Description: </chakra.span>
                          {invitation.description || '—'}
                        </Text>
                        <HStack wrap="wrap" gap="1">
                          <chakra.span fontWeight="medium">Groups: </chakra.span>
                          {invitation.groupNames.length === 0 ? 'Registered Users' : invitation.groupNames.map((name) => <Badge key={name}>{name}</Badge>)}
                        </HStack>
                        <Box>
                          <chakra.span fontWeight="medium">Joined through it: </chakra.span>
                          {invitation.redeemedBy.length === 0 ? (
                            'nobody yet'
                          ) : (
                            <chakra.ul display="inline" listStyleType="none" p="0" m="0" data-testid="invitation-redeemed">
                              {invitation.redeemedBy.map((user, index) => (
                                <chakra.li key={user.id} display="inline">
                                  {index > 0 && ', '}
                                  {user.name} ({user.username}, #{user.id})
                                </chakra.li>
                              ))}
                            </chakra.ul>
                          )}
                        </Box>
                        {invitation.expires && <Text color="fg.muted">Admits sign-ups until {formatDay(invitation.expires)}.</Text>}
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                )}
              </Fragment>
            );
          })}
        </Table.Body>
      </Table.Root>
      {next && !pages.includes(next) && (
        <Link asChild>
          <button
            type="button"
            onClick={() => {
              onMore(next);
              void api.listInvitations(next).then((page) => setOlder((was) => ({ ...was, [next]: page })));
            }}
            data-testid="invitations-more"
          >
            Show older invitations
          </button>
        </Link>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke this invitation?"
        confirmLabel="Revoke"
        testId="invitation-revoke-confirm"
        onClose={() => setRevoking(undefined)}
        action={async () => {
          const target = revoking!;
          await api.revokeInvitation(target.revoke);
          setRevoked((was) => new Set([...was, target.invitationAdminHref]));
          onChanged();
        }}
        onFailed={(failure) => notify({ status: 'error', key: 'invitations', testId: 'invitations-error', body: revokeFailure(failure), report: errorReport(failure) })}
      >
        Its link will admit nobody any more. People who signed up with it already keep their sign-ups.
      </ConfirmDialog>
    </>
  );
}
