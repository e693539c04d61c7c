/**
 * The dialog of a registration whose secret the DAM shows once (issue 11 API clients, issue 16 legacy API keys and
 * webhooks), on a machine made by `createSecretRegisterMachine` (packages/machines `secretRegister/`): the form with
 * the problems and the DAM's refusal above it, Cancel and the submitting button (pending while registering); once
 * registered, a warning that the secret is not shown again, what was registered, and the button that closes it. The
 * dialog reports its end once, with what was registered or undefined when cancelled. Escape and the close trigger
 * cancel the form or end the created state; they do nothing while the registration runs.
 *
 * Test ids, for a `testId` prefix `p`: `p-dialog` (with `data-state` the machine's state), `p-problems` and each
 * `p-problem`, `p-cancel`, `p-submit`, `p-created`, `p-done`.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Clipboard, Code, Dialog, HStack, IconButton, Portal, Stack, Text } from '@chakra-ui/react';

/** What the dialog reads of the registration machine's snapshot. */
export interface SecretRegisterSnapshot<TCreated> {
  readonly status: string;
  readonly value: unknown;
  readonly context: { readonly problems: readonly string[]; readonly error: string | undefined; readonly created: TCreated | undefined };
  readonly output?: { readonly created: TCreated | undefined } | undefined;
}

/** Props of {@link SecretRegisterDialog}. */
export interface SecretRegisterDialogProps<TCreated> {
  /** The test-id prefix (see the module comment). */
  readonly testId: string;
  /** The machine's snapshot and its `send` (the dialog sends CANCEL and DONE; the form sends REGISTER). */
  readonly state: SecretRegisterSnapshot<TCreated>;
  readonly send: (event: { type: 'CANCEL' } | { type: 'DONE' }) => void;
  /** Called once the machine is done: what was registered, or undefined when cancelled. */
  readonly onClose: (created: TCreated | undefined) => void;
  /** The title while editing and once registered. */
  readonly title: string;
  readonly createdTitle: string;
  /** The submitting button's label and what it does (send REGISTER with the form's draft). */
  readonly submitLabel: string;
  readonly onSubmit: () => void;
  /** Once registered: the warning, what was registered (its secrets as {@link SecretValue}s), the closing button's label. */
  readonly warning: string;
  readonly createdBody: (created: TCreated) => ReactNode;
  readonly doneLabel: string;
  /** The form's fields. */
  readonly children: ReactNode;
}

/** See the module comment. */
export function SecretRegisterDialog<TCreated>(props: SecretRegisterDialogProps<TCreated>) {
  const { testId, state, send, onClose, title, createdTitle, submitLabel, onSubmit, warning, createdBody, doneLabel, children } = props;
  const reported = useRef(false);
  useEffect(() => {
    if (state.status !== 'done' || reported.current) return;
    reported.current = true;
    onClose(state.output?.created);
  }, [state, onClose]);

  const value = String(state.value);
  const { problems, error, created } = state.context;
  const messages = [...problems, ...(error ? [error] : [])];

  return (
    <Dialog.Root
      open
      onOpenChange={(d) => (d.open || value === 'registering' ? undefined : send({ type: value === 'created' ? 'DONE' : 'CANCEL' }))}
      closeOnInteractOutside={false}
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={`${testId}-dialog`} data-state={value}>
            <Dialog.Header>
              <Dialog.Title>{created ? createdTitle : title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {created ? (
                <Stack gap="3" data-testid={`${testId}-created`}>
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Description>{warning}</Alert.Description>
                  </Alert.Root>
                  {createdBody(created)}
                </Stack>
              ) : (
                <Stack gap="4">
                  {messages.length > 0 && (
                    <Alert.Root status="error" role="alert" data-testid={`${testId}-problems`}>
                      <Alert.Indicator />
                      <Alert.Content>
                        {messages.map((message) => (
                          <Alert.Description key={message} data-testid={`${testId}-problem`}>
                            {message}
                          </Alert.Description>
                        ))}
                      </Alert.Content>
                    </Alert.Root>
                  )}
                  {children}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {created ? (
                <Button colorPalette="blue" onClick={() => send({ type: 'DONE' })} data-testid={`${testId}-done`}>
                  {doneLabel}
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={value === 'registering'} data-testid={`${testId}-cancel`}>
                    Cancel
                  </Button>
                  <Button colorPalette="blue" onClick={onSubmit} loading={value === 'registering'} data-testid={`${testId}-submit`}>
                    {submitLabel}
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

/** Props of {@link SecretValue}. */
export interface SecretValueProps {
  readonly label: string;
  readonly value: string;
  /** The value's test id; its copy button's is `<testId>-copy`. */
  readonly testId: string;
}

/** A value shown once to copy (a client id or secret, an API key, a signing secret): its label, the value in monospace, and a copy button. */
export function SecretValue({ label, value, testId }: SecretValueProps) {
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <HStack>
        <Code flex="1" py="1" px="2" wordBreak="break-all" data-testid={testId}>
          {value}
        </Code>
        <Clipboard.Root value={value}>
          <Clipboard.Trigger asChild>
            <IconButton size="xs" variant="outline" aria-label={`Copy the ${label.toLowerCase()}`} data-testid={`${testId}-copy`}>
              <Clipboard.Indicator />
            </IconButton>
          </Clipboard.Trigger>
        </Clipboard.Root>
      </HStack>
    </Stack>
  );
}
