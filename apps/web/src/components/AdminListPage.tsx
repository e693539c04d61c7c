/**
 * The page of an administrator's list with a create dialog and a removal (the API clients, legacy API keys and webhooks
 * pages; issues 11 and 16): a heading with the page's buttons, what the page is for, the last notice (what was
 * created or removed, or why a removal failed), the list's load error, a spinner while the first answer is awaited,
 * and a table of the items with an "Actions" column (each row's removal button) and a line when there are none; the
 * removal's confirmation runs the removal, says what was done and reloads the list. Without the permission, only the heading and why.
 *
 * Test ids, for a `testId` prefix `p`: `p-view`, `p-notice`, `p-error`, `p-empty`; the removal's confirmation is given.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { ResourceState } from '../api/useResource.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LoadingSpinner } from './LoadingSpinner.tsx';

/** What the page says at the top after an action: a success, or the reason of a failure. */
export interface PageNotice {
  readonly status: 'success' | 'error';
  readonly text: string;
}

/** The removal of an item: its button in the item's row, then a confirmation. */
export interface ListRemoval<TItem> {
  /** The row button's label ("Revoke"), its accessible name for an item, and its test id. */
  readonly label: string;
  readonly ariaLabel: (item: TItem) => string;
  readonly buttonTestId: string;
  /** The confirmation's title, its confirming button's label, and its test id. */
  readonly title: string;
  readonly confirmLabel: string;
  readonly testId: string;
  /** Removes the item; answers the notice to show once done. Rejects with the DAM's refusal. */
  readonly remove: (item: TItem) => Promise<string>;
  /** The question (undefined while the confirmation closes). */
  readonly question: (item: TItem | undefined) => ReactNode;
}

/** Props of {@link AdminListPage}. */
export interface AdminListPageProps<TItem> {
  readonly testId: string;
  readonly title: string;
  /** Whether the caller may see the list; otherwise `notAllowed` says which permission is needed. */
  readonly allowed: boolean;
  readonly notAllowed: string;
  readonly maxW: string;
  /** The buttons beside the heading. */
  readonly actions: ReactNode;
  /** What the page is for. */
  readonly intro: ReactNode;
  readonly notice: PageNotice | undefined;
  readonly onNotice: (notice: PageNotice) => void;
  /** The list (a DAM list answer with `data`). */
  readonly list: ResourceState<{ readonly data: readonly TItem[] }>;
  /** The spinner's and the table's accessible names. */
  readonly loadingLabel: string;
  readonly tableLabel: string;
  /** The column headers before "Actions". */
  readonly columns: readonly string[];
  /** An item's row (a `Table.Row` with its key, ending in its actions cell, which holds `removeButton`). */
  readonly row: (item: TItem, removeButton: ReactNode) => ReactNode;
  /** What the table says without items. */
  readonly empty: string;
  readonly removal: ListRemoval<TItem>;
  /** The page's dialogs. */
  readonly children?: ReactNode;
}

/** See the module comment. */
export function AdminListPage<TItem>(props: AdminListPageProps<TItem>) {
  const { testId, title, allowed, notAllowed, maxW, actions, intro, notice, onNotice, list, loadingLabel, tableLabel, columns, row, empty, removal, children } = props;
  const [removing, setRemoving] = useState<TItem | undefined>(undefined);
  if (!allowed) {
    return (
      <Stack p="6" gap="3" data-testid={`${testId}-view`}>
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{notAllowed}</Alert.Description>
        </Alert.Root>
      </Stack>
    );
  }

  return (
    <Stack p="6" gap="4" maxW={maxW} data-testid={`${testId}-view`}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        {actions}
      </HStack>
      <Text color="fg.muted" maxW="3xl">
        {intro}
      </Text>
      {notice && (
        <Alert.Root status={notice.status} data-testid={`${testId}-notice`}>
          <Alert.Indicator />
          <Alert.Description>{notice.text}</Alert.Description>
        </Alert.Root>
      )}
      {list.status === 'error' && (
        <Alert.Root status="error" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Description>{loadErrorText(list.error)}</Alert.Description>
        </Alert.Root>
      )}
      {list.status === 'loading' && !list.data && <LoadingSpinner label={loadingLabel} />}
      {list.data && (
        <Box borderWidth="1px" rounded="md" overflowX="auto">
          <Table.Root size="sm" aria-label={tableLabel}>
            <Table.Header>
              <Table.Row>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.data.map((item) =>
                row(
                  item,
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setRemoving(item)} aria-label={removal.ariaLabel(item)} data-testid={removal.buttonTestId}>
                    {removal.label}
                  </Button>,
                ),
              )}
              {list.data.data.length === 0 && (
                <Table.Row>
                  <Table.Cell colSpan={columns.length + 1}>
                    <Text color="fg.muted" data-testid={`${testId}-empty`}>
                      {empty}
                    </Text>
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {children}
      <ConfirmDialog
        open={removing !== undefined}
        title={removal.title}
        confirmLabel={removal.confirmLabel}
        onClose={() => setRemoving(undefined)}
        action={async () => {
          if (removing === undefined) return;
          onNotice({ status: 'success', text: await removal.remove(removing) });
          list.reload();
        }}
        onFailed={(failure) => onNotice({ status: 'error', text: loadErrorText(failure) })}
        testId={removal.testId}
      >
        {removal.question(removing)}
      </ConfirmDialog>
    </Stack>
  );
}
