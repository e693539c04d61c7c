/**
 * A name dialog on a nameEdit machine (`@magpie/machines` `createNameEditMachine`): the New folder / Rename folder
 * dialog and the New album / Rename album dialog (issue 13). The name, checked when submitted (the rule's message
 * under the field), the server's refusal in the dialog, which stays open; on success it closes with what was saved.
 * `testId` prefixes the parts: `<testId>-dialog`, `<testId>-name`, `<testId>-name-problem`, and DialogFormEnd's.
 */
import { useEffect } from 'react';
import { Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { createNameEditMachine, NameEditInput, SavedName } from '@magpie/machines';
import { machineCall } from '../api/requestErrors.ts';
import { DialogFormEnd } from './DialogFormEnd.tsx';

/** What a name dialog is for: its machine, its words and how it saves. */
export interface NameDialogKind {
  readonly machine: ReturnType<typeof createNameEditMachine>;
  /** `folder`, `album`: the test ids' prefix. */
  readonly testId: string;
  readonly label: string;
  readonly maxLength: number;
  readonly title: (target: NameEditInput) => string;
  readonly submitLabel: (target: NameEditInput) => string;
  /** The save (`POST` to create, `PATCH` to rename), rejecting as the typed client does. */
  readonly save: (input: NameEditInput) => Promise<SavedName>;
}

function NameDialogBody({ kind, target, onClose }: { readonly kind: NameDialogKind; readonly target: NameEditInput; readonly onClose: (saved: SavedName | undefined) => void }) {
  const [state, send] = useMachine(kind.machine.provide({ actors: { save: fromPromise(({ input }) => machineCall(() => kind.save(input))) } }), { input: target });
  const value = String(state.value);
  const { name, problem, error, saved } = state.context;
  useEffect(() => {
    if (value === 'done' || value === 'cancelled') onClose(saved);
  }, [value, saved, onClose]);
  return (
    <Dialog.Content data-testid={`${kind.testId}-dialog`} data-state={value} asChild>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        <Dialog.Header>
          <Dialog.Title>{kind.title(target)}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Field.Root invalid={problem !== undefined} required>
            <Field.Label>{kind.label}</Field.Label>
            <Input
              data-testid={`${kind.testId}-name`}
              value={name}
              autoFocus
              maxLength={kind.maxLength}
              disabled={value === 'saving'}
              onChange={(event) => send({ type: 'CHANGE', name: event.target.value })}
            />
            {problem !== undefined && <Field.ErrorText data-testid={`${kind.testId}-name-problem`}>{problem}</Field.ErrorText>}
          </Field.Root>
        </Dialog.Body>
        <DialogFormEnd error={error} saving={value === 'saving'} submitLabel={kind.submitLabel(target)} onCancel={() => send({ type: 'CANCEL' })} testId={kind.testId} />
      </form>
    </Dialog.Content>
  );
}

/** See the module comment. `target` opens it (undefined: closed); `onClose` gets what was saved, or undefined. */
export function NameDialog({
  kind,
  target,
  onClose,
}: {
  readonly kind: NameDialogKind;
  readonly target: NameEditInput | undefined;
  readonly onClose: (saved: SavedName | undefined) => void;
}) {
  return (
    <Dialog.Root open={target !== undefined} onOpenChange={(details) => (details.open ? undefined : onClose(undefined))} size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{target && <NameDialogBody key={`${target.mode} ${target.href}`} kind={kind} target={target} onClose={onClose} />}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
