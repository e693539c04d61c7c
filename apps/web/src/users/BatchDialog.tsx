/**
 * The users grid's batch dialogs (spec 03 §2.8): Set company, Set license (license and concurrency, each with a
 * "Leave unchanged" sentinel; concurrency shown only with more than two options), Set access (an enabled switch),
 * Set expiry date (a date with Clear), and Delete (lists the users by full name), on the `batchEdit` machine.
 *
 * Each dialog names the selected users it applies to and those it leaves alone because their action is not allowed
 * (spec 03 §5), sends one batch call (`PATCH` or `DELETE` the user list, §7), and when the DAM skipped some users
 * lists them with the reason, worded by its `value` (`errors.ts` `batchSkippedText`), before closing.
 */
import { Alert, Button, Dialog, Field, Input, List, NativeSelect, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { ConfigOptions, LicenseOption, UserListUpdate } from '@magpie/api-types';
import { batchEditMachine, batchUpdateData, type BatchApplyInput, type BatchChange, type BatchOperation, type BatchResult, type BatchUser } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { batchSkippedText } from './errors.ts';

/** Props of {@link BatchDialog}. */
export interface BatchDialogProps {
  readonly operation: BatchOperation;
  /** The whole selection; the dialog applies the change to those whose action allows it. */
  readonly users: readonly BatchUser[];
  /** The descriptor's `userManagement.userList`, the batch calls' target. */
  readonly listHref: string;
  readonly options: Partial<ConfigOptions>;
  /** Called once the dialog ends: the DAM's answer, or undefined when cancelled before anything was applied. */
  readonly onClose: (result: BatchResult | undefined) => void;
}

/** The dialog's title and its button's words, per operation. */
export const BATCH_TITLES: Readonly<Record<BatchOperation, { title: string; button: string }>> = {
  company: { title: 'Set company', button: 'Set company' },
  license: { title: 'Set license', button: 'Set license' },
  access: { title: 'Set access', button: 'Set access' },
  expiry: { title: 'Set expiry date', button: 'Set expiry' },
  delete: { title: 'Delete users', button: 'Delete' },
};

/** The value of the "Leave unchanged" option (spec 03 §5 sentinel); never a license value (those are numbers ≥ 0). */
const LEAVE = '';

/** See the module comment. */
export function BatchDialog({ operation, users, listHref, options, onClose }: BatchDialogProps) {
  const [state, send] = useMachine(
    batchEditMachine.provide({
      actors: {
        apply: fromPromise<BatchResult, BatchApplyInput>(({ input }) =>
          machineCall(async () => {
            if (input.change.operation === 'delete') {
              const answer = await api.deleteUsers(listHref, input.users);
              return { done: answer.deleted, skipped: answer.skipped };
            }
            // The dialog offers only the overview's license levels and modes, which the contract's enums list.
            const data = batchUpdateData(input.change) as UserListUpdate['data'];
            const answer = await api.updateUsers(listHref, { users: [...input.users], data });
            return { done: answer.updated, skipped: answer.skipped };
          }),
        ),
      },
    }),
    { input: { operation, users } },
  );
  const [company, setCompany] = useState('');
  const [level, setLevel] = useState(LEAVE);
  const [mode, setMode] = useState(LEAVE);
  const [isEnabled, setEnabled] = useState(true);
  const [expiryDay, setExpiryDay] = useState('');

  const reported = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || reported.current) return;
    reported.current = true;
    onClose(state.output.result);
  }, [state, onClose]);

  const { targets, left, problem, error, result } = state.context;
  const value = String(state.value);
  const applying = value === 'applying';
  const { title, button } = BATCH_TITLES[operation];
  const names = new Map(users.map((user) => [user.href, user.fullName]));

  const change = (): BatchChange => {
    switch (operation) {
      case 'company':
        return { operation, organization: company };
      case 'license':
        return { operation, level: level === LEAVE ? undefined : Number(level), mode: mode === LEAVE ? undefined : Number(mode) };
      case 'access':
        return { operation, isEnabled };
      case 'expiry':
        return { operation, expires: expiryDay ? `${expiryDay}T00:00:00.000Z` : null };
      case 'delete':
        return { operation };
    }
  };
  const modes = options.AvailableUserLicenseModes ?? [];

  return (
    <Dialog.Root
      open
      onOpenChange={(d) => (d.open || applying ? undefined : send({ type: value === 'reported' ? 'CLOSE' : 'CANCEL' }))}
      role={operation === 'delete' ? 'alertdialog' : 'dialog'}
      size="md"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="batch-dialog" data-operation={operation} data-state={value}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {value === 'reported' && result ? (
                <Stack gap="3" data-testid="batch-report">
                  <Text>
                    {operation === 'delete' ? 'Deleted' : 'Changed'} {countOf(result.done.length)}. These were left as they were:
                  </Text>
                  <List.Root ps="5" data-testid="batch-skipped">
                    {result.skipped.map((skipped) => (
                      <List.Item key={skipped.href} data-href={skipped.href}>
                        <strong>{names.get(skipped.href) ?? skipped.href}</strong>: {batchSkippedText(skipped)}
                      </List.Item>
                    ))}
                  </List.Root>
                </Stack>
              ) : (
                <Stack gap="4">
                  <Stack gap="1">
                    <Text>
                      {operation === 'delete' ? 'Delete' : 'Applies to'} {countOf(targets.length)}
                      {operation === 'delete' ? '? They can no longer log in.' : ':'}
                    </Text>
                    <List.Root ps="5" data-testid="batch-targets">
                      {targets.map((user) => (
                        <List.Item key={user.href}>{user.fullName}</List.Item>
                      ))}
                    </List.Root>
                    {left.length > 0 && (
                      <Text color="fg.muted" fontSize="sm" data-testid="batch-left">
                        Not changed, because you may not {operation === 'delete' ? 'delete them' : 'make this change for them'}: {left.map((user) => user.fullName).join(', ')}.
                      </Text>
                    )}
                  </Stack>
                  {operation === 'company' && (
                    <Field.Root>
                      <Field.Label>Company</Field.Label>
                      <Input value={company} onChange={(e) => setCompany(e.target.value)} data-testid="batch-company" autoComplete="organization" />
                      <Field.HelperText>Leave empty to clear the company.</Field.HelperText>
                    </Field.Root>
                  )}
                  {operation === 'license' && (
                    <>
                      <SentinelSelect label="License" value={level} choices={options.AvailableUserLicenseTypes ?? []} onChange={setLevel} testId="batch-license-level" />
                      {/* spec 03 §2.8, §9: concurrency only with more than two options, the sentinel included. */}
                      {modes.length + 1 > 2 && <SentinelSelect label="Concurrency" value={mode} choices={modes} onChange={setMode} testId="batch-license-mode" />}
                    </>
                  )}
                  {operation === 'access' && (
                    <Switch.Root checked={isEnabled} onCheckedChange={({ checked }) => setEnabled(checked)} data-testid="batch-enabled">
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>Enabled</Switch.Label>
                    </Switch.Root>
                  )}
                  {operation === 'expiry' && (
                    <Field.Root>
                      <Field.Label>Expires</Field.Label>
                      <Input type="date" value={expiryDay} onChange={(e) => setExpiryDay(e.target.value)} data-testid="batch-expires" />
                      <Field.HelperText>{expiryDay ? '' : 'Never: the accounts do not expire.'}</Field.HelperText>
                      {expiryDay && (
                        <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setExpiryDay('')} data-testid="batch-expires-clear">
                          Clear
                        </Button>
                      )}
                    </Field.Root>
                  )}
                  {(problem || error) && (
                    <Alert.Root status="error" data-testid="batch-problem" role="alert">
                      <Alert.Indicator />
                      <Alert.Description>{problem ?? error}</Alert.Description>
                    </Alert.Root>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {value === 'reported' ? (
                <Button onClick={() => send({ type: 'CLOSE' })} data-testid="batch-close">
                  Close
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={applying} data-testid="batch-cancel">
                    Cancel
                  </Button>
                  <Button
                    colorPalette={operation === 'delete' ? 'red' : 'blue'}
                    onClick={() => send({ type: 'APPLY', change: change() })}
                    loading={applying}
                    disabled={targets.length === 0}
                    data-testid="batch-apply"
                  >
                    {operation === 'delete' ? `Delete ${countOf(targets.length)}` : button}
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

const countOf = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;

/** A license select whose first option is "Leave unchanged" (spec 03 §2.8 sentinel). */
function SentinelSelect({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly choices: readonly LicenseOption[];
  readonly onChange: (value: string) => void;
  readonly testId: string;
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
          <option value={LEAVE}>Leave unchanged</option>
          {choices.map((o) => (
            <option key={o.ValueNumeric} value={String(o.ValueNumeric)}>
              {o.Label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
