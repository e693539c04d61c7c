/**
 * The Activity exports page (`/fotoweb/views/activity-exports`, the descriptor's `views.activityExports`; spec 03 §2.1
 * "Activity exports", issue 15): the activity log of who changed what, newest first, with filters (dates, action,
 * target), older pages on demand, and "Download CSV" (and JSON lines) of everything under the filters. The flow lives
 * in the `activityLog` machine; the form's draft is the only local state. The settings menu's "Activity exports" opens
 * it for holders of `manageActivityExports` or `audit` (who read the log: `permissions.canReadActivityLog`) and of
 * `manageActivityLogging`, who also see the Logging section (`ActivityLoggingSection`, spec 03 §3.12).
 */
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Badge, Box, Button, Field, Heading, HStack, Input, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Download, History } from 'lucide-react';
import { fromPromise } from 'xstate';
import { activityLogMachine, type ActivityFilters, type ActivityPage } from '@magpie/machines';
import type { ActivityList } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { EmptyView, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { ACTION_FILTER_CHOICES, ACTIVITY_ACTION_LABELS, activityHref, describeDetails, filtersFromSearch, formatActivityTime } from './activity.ts';
import { ActivityLoggingSection } from './ActivityLoggingSection.tsx';

/** The activity log's list (dam.yaml `listActivity`). */
const ACTIVITY_API = '/fotoweb/api/activity';

const pageOf = (list: ActivityList): ActivityPage => ({ entries: list.data, next: list.paging.next ?? null, exportHref: list.export.csv });

/** The machine with the typed client's calls, rejecting with `{status, responseJSON}`. */
const machine = activityLogMachine.provide({
  actors: {
    loadFirst: fromPromise<ActivityPage, { filters: ActivityFilters }>(async ({ input, signal }) =>
      pageOf(await machineCall(() => api.listActivity(activityHref(ACTIVITY_API, input.filters), { signal }))),
    ),
    loadMore: fromPromise<ActivityPage, { href: string }>(async ({ input, signal }) => pageOf(await machineCall(() => api.listActivity(input.href, { signal })))),
  },
});

/** See the module comment. */
export function ActivityExportsView() {
  const { descriptor } = useSession();
  useDocumentTitle('Activity exports');
  const offered = (descriptor?.views as Record<string, unknown> | undefined)?.activityExports;
  const mayManage = descriptor?.permissions.canManageActivityLogging === true;
  // A server without the flag offers the page to readers only.
  const mayRead = descriptor?.permissions.canReadActivityLog ?? Boolean(offered);
  if (offered && !mayRead && mayManage) {
    return (
      <Stack p="6" gap="4" maxW="7xl" data-testid="activity-view">
        <Heading as="h1" size="lg">
          Activity exports
        </Heading>
        <ActivityLoggingSection />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Reading the activity log needs the “Manage activity exports” or “Audit” permission of a group.</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }
  if (!offered) {
    return (
      <Stack p="6" gap="3" data-testid="activity-view">
        <Heading as="h1" size="lg">
          Activity exports
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>Reading the activity log needs the “Manage activity exports” or “Audit” permission of a group.</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }
  return <ActivityLog initial={filtersFromSearch(window.location.search)} logging={mayManage} />;
}

/** The log on the `activityLog` machine, with the filters it began with, and the Logging section when `logging`. */
function ActivityLog({ initial, logging }: { readonly initial: ActivityFilters; readonly logging: boolean }) {
  const [state, send] = useMachine(machine, { input: { filters: initial } });
  const [draft, setDraft] = useState<ActivityFilters>(initial);
  const { entries, next, exportHref, error, moreError } = state.context;
  const stateName = typeof state.value === 'string' ? state.value : 'loading';
  const loading = state.matches('loading');
  const set = (key: keyof ActivityFilters) => (value: string) => setDraft({ ...draft, [key]: value });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'FILTER', filters: draft });
  };
  const clear = () => {
    const none = { from: '', to: '', action: '', target: '' };
    setDraft(none);
    send({ type: 'FILTER', filters: none });
  };
  const download = (format: 'csv' | 'jsonl') => (exportHref ? exportHref.replace(/format=csv$/, `format=${format}`) : undefined);

  return (
    <Stack p="6" gap="4" maxW="7xl" data-testid="activity-view" data-state={stateName}>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="lg">
          Activity exports
        </Heading>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={() => send({ type: 'REFRESH' })} disabled={!state.matches('loaded')} data-testid="activity-refresh">
            Refresh
          </Button>
          {download('csv') ? (
            <Button asChild size="sm" colorPalette="blue">
              <a href={download('csv')} download data-testid="activity-download-csv">
                <Download aria-hidden="true" /> Download CSV
              </a>
            </Button>
          ) : (
            <Button size="sm" colorPalette="blue" disabled data-testid="activity-download-csv">
              <Download aria-hidden="true" /> Download CSV
            </Button>
          )}
          {download('jsonl') && (
            <Link href={download('jsonl')} download fontSize="sm" data-testid="activity-download-jsonl">
              JSON lines
            </Link>
          )}
        </HStack>
      </HStack>
      <Text color="fg.muted" maxW="4xl">
        Who changed what: uploads, metadata edits, renames, moves, copies, deletions and restores, rollbacks, consent forms, archive, user and group changes, sign-up and order
        decisions, settings changes (appearance, footer, consent, sign-up, order and logging settings), the site owner’s hand-over and logins. The download holds every row under
        the filters, newest first.
      </Text>
      {logging && <ActivityLoggingSection />}
      <Box as="form" onSubmit={apply} borderWidth="1px" rounded="md" p="4" aria-label="Filters" data-testid="activity-filters">
        <HStack gap="3" wrap="wrap" align="flex-end">
          <Field.Root maxW="44">
            <Field.Label>From</Field.Label>
            <Input type="date" value={draft.from} onChange={(event) => set('from')(event.target.value)} data-testid="activity-from" />
          </Field.Root>
          <Field.Root maxW="44">
            <Field.Label>To (inclusive)</Field.Label>
            <Input type="date" value={draft.to} onChange={(event) => set('to')(event.target.value)} data-testid="activity-to" />
          </Field.Root>
          <Field.Root maxW="72">
            <Field.Label>Action</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={draft.action} onChange={(event) => set('action')(event.currentTarget.value)} data-testid="activity-action">
                {ACTION_FILTER_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root maxW="64">
            <Field.Label>Target contains</Field.Label>
            <Input
              value={draft.target}
              maxLength={200}
              placeholder="File, user or group name"
              onChange={(event) => set('target')(event.target.value)}
              data-testid="activity-target"
            />
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="blue" loading={loading} data-testid="activity-apply">
            Apply
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={clear} data-testid="activity-clear">
            Clear
          </Button>
        </HStack>
      </Box>
      {state.matches('failed') ? (
        <Alert.Root status="error" data-testid="activity-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The activity log could not be loaded.</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })} data-testid="activity-retry">
            Try again
          </Button>
        </Alert.Root>
      ) : loading ? (
        <LoadingState label="Loading the activity log…" />
      ) : entries.length === 0 ? (
        <EmptyView icon={<History aria-hidden="true" />} title="No activity" description="Nothing was recorded under these filters. Change or clear them to see more." />
      ) : (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label="Activity, newest first">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>User</Table.ColumnHeader>
                <Table.ColumnHeader>Action</Table.ColumnHeader>
                <Table.ColumnHeader>Target</Table.ColumnHeader>
                <Table.ColumnHeader>Details</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => (
                <Table.Row key={entry.id} data-testid="activity-row" data-action={entry.action} data-activity-id={entry.id}>
                  <Table.Cell whiteSpace="nowrap">{formatActivityTime(entry.at)}</Table.Cell>
                  <Table.Cell>
                    <Text>{entry.user.fullName || entry.user.name}</Text>
                    {entry.user.fullName && (
                      <Text fontSize="xs" color="fg.muted">
                        {entry.user.name}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={entry.action === 'login.failed' ? 'red' : 'gray'}>{ACTIVITY_ACTION_LABELS[entry.action] ?? entry.action}</Badge>
                  </Table.Cell>
                  <Table.Cell data-testid="activity-target-cell">
                    {entry.target.kind === 'asset' && entry.target.href && entry.action !== 'asset.purged' ? (
                      <Link asChild textDecoration="underline">
                        <RouterLink to={entry.target.href}>{entry.target.name}</RouterLink>
                      </Link>
                    ) : (
                      <Text>{entry.target.name || entry.target.kind}</Text>
                    )}
                  </Table.Cell>
                  <Table.Cell maxW="md" fontSize="sm" color="fg.muted" wordBreak="break-word">
                    {describeDetails(entry)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {moreError && (
        <Text color="fg.error" role="alert" data-testid="activity-more-error">
          The older activity could not be loaded: {moreError}
        </Text>
      )}
      {next && (state.matches('loaded') || state.matches('loadingMore')) && (
        <Button alignSelf="center" variant="outline" size="sm" onClick={() => send({ type: 'SHOW_MORE' })} loading={state.matches('loadingMore')} data-testid="activity-older">
          Show older activity
        </Button>
      )}
    </Stack>
  );
}
