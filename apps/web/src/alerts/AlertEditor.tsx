/**
 * The "This search" part of the alerts popover: the alert of the collection and search on screen, drawn from the
 * `alertEditor` machine's snapshot (spec 01 §2 Alert editing, §4 Alert: read mode and edit mode). The component keeps
 * no flow state of its own; every button sends the machine an event.
 *
 * - `offering` / `creating`: what the alert would watch, and Create alert (pending while `creating`).
 * - `read` / `deleting`: the search (or every new asset) and the interval in words, Edit and Delete.
 * - `edit` / `saving`: the interval picker (all six intervals, spec 01 §3), Save and Cancel.
 * - the danger notice of a failed request (spec 01 §8), and the confirmation while the popover is open (`shown`; once
 *   the popover hides the header shows it for 5 s, {@link AlertConfirmation}).
 *
 * `data-state` on the editor names the machine's popover state (`offering`, `creating`, `read`, `edit`, `saving`,
 * `deleting`).
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, chakra, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ALERT_INTERVALS, type AlertEditorContext, type AlertEditorEvent } from '@magpie/machines';
import { alertConfirmationText, alertIntervalLabel, alertSearchLabel, type AlertSubject } from './alertViews.ts';
import { SUCCESS_TEXT_COLOR } from '../components/PasswordField.tsx';

/** Props of {@link AlertEditor}. */
export interface AlertEditorProps {
  /** The machine's popover state as one word (`alertEditorStateName`). */
  readonly state: string;
  /** The machine's confirmation state as one word (`alertConfirmationStateName`). */
  readonly confirmation: string;
  readonly context: AlertEditorContext;
  readonly subject: AlertSubject;
  send(event: AlertEditorEvent): void;
}

/** The alert editor for the collection and search on screen (see the module comment). */
export function AlertEditor({ state, confirmation, context, subject, send }: AlertEditorProps) {
  const { alert, draftInterval, notice, confirmationQuery } = context;
  const createButton = useRef<HTMLButtonElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const intervalSelect = useRef<HTMLSelectElement>(null);
  const shownState = useRef(state);

  // Keyboard users keep their place: when the mode changes, focus moves to the new mode's first control (the one
  // they pressed is gone). Not on the first render: the popover places the first focus itself.
  useEffect(() => {
    if (shownState.current === state) return;
    shownState.current = state;
    const target = state === 'edit' ? intervalSelect.current : state === 'read' ? editButton.current : state === 'offering' ? createButton.current : null;
    target?.focus();
  }, [state]);

  const reading = state === 'read' || state === 'deleting';
  const editing = state === 'edit' || state === 'saving';
  const offering = state === 'offering' || state === 'creating';

  return (
    <Stack gap="3" data-testid="alert-editor" data-state={state} aria-busy={state === 'creating' || state === 'saving' || state === 'deleting'}>
      {notice && (
        <Alert.Root status="error" size="sm" data-testid="alert-notice">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{notice.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {confirmation === 'shown' && confirmationQuery !== undefined && (
        <Text role="status" fontSize="sm" color={SUCCESS_TEXT_COLOR} data-testid="alert-confirmation" data-state="shown" overflowWrap="anywhere">
          {alertConfirmationText(confirmationQuery)}
        </Text>
      )}
      {offering && (
        <>
          <Text fontSize="sm">
            {subject.searchText === '' ? (
              <>Get an alert when new assets arrive in {subject.name}.</>
            ) : (
              <>
                Get an alert when new assets in {subject.name} match <chakra.span overflowWrap="anywhere">“{subject.searchText}”</chakra.span>.
              </>
            )}
          </Text>
          <Box>
            <Button ref={createButton} size="sm" colorPalette="brand" loading={state === 'creating'} onClick={() => send({ type: 'CREATE' })} data-testid="alert-create">
              Create alert
            </Button>
          </Box>
        </>
      )}
      {(reading || editing) && alert && (
        <Box fontSize="sm">
          <Text fontWeight="medium" overflowWrap="anywhere" data-testid="alert-search">
            {alertSearchLabel(alert.dtSearchString)} in {subject.name}
          </Text>
          {reading && (
            <Text color="fg.muted" data-testid="alert-interval-text">
              {alertIntervalLabel(alert.interval)}
            </Text>
          )}
        </Box>
      )}
      {reading && (
        <HStack gap="2">
          <Button ref={editButton} size="sm" variant="outline" disabled={state === 'deleting'} onClick={() => send({ type: 'EDIT' })} data-testid="alert-edit">
            Edit
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" loading={state === 'deleting'} onClick={() => send({ type: 'DELETE' })} data-testid="alert-delete">
            Delete
          </Button>
        </HStack>
      )}
      {editing && (
        <chakra.form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          <chakra.label htmlFor="alert-interval" fontSize="sm" fontWeight="medium" display="block" mb="1">
            How often
          </chakra.label>
          <NativeSelect.Root size="sm" disabled={state === 'saving'}>
            <NativeSelect.Field
              ref={intervalSelect}
              id="alert-interval"
              value={draftInterval ?? alert?.interval ?? ''}
              onChange={(event) => send({ type: 'SET_INTERVAL', interval: event.currentTarget.value })}
              data-testid="alert-interval"
            >
              {ALERT_INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {alertIntervalLabel(interval)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <HStack gap="2" mt="3">
            <Button type="submit" size="sm" colorPalette="brand" loading={state === 'saving'} data-testid="alert-save">
              Save
            </Button>
            <Button size="sm" variant="ghost" disabled={state === 'saving'} onClick={() => send({ type: 'CANCEL' })} data-testid="alert-cancel">
              Cancel
            </Button>
          </HStack>
        </chakra.form>
      )}
    </Stack>
  );
}

/** Props of {@link AlertConfirmation}. */
export interface AlertConfirmationProps {
  /** The machine's `confirmationQuery` (escaped and cut to 50 characters). */
  readonly confirmationQuery: string;
}

/**
 * The confirmation once the popover hid (the machine's confirmation `closing`): a small status line under the bell,
 * which the machine removes 5 s later (spec 01 §2, §9 `ALERT_CONFIRMATION_CLOSE_MS`).
 */
export function AlertConfirmation({ confirmationQuery }: AlertConfirmationProps) {
  return (
    <Box
      role="status"
      position="absolute"
      top="calc(100% + 0.5rem)"
      right="0"
      zIndex="popover"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      shadow="md"
      px="3"
      py="2"
      fontSize="sm"
      w="max-content"
      maxW="min(24rem, 80vw)"
      overflowWrap="anywhere"
      data-testid="alert-confirmation"
      data-state="closing"
    >
      {alertConfirmationText(confirmationQuery)}
    </Box>
  );
}
