/**
 * A confirmation over a dialog (the users-and-groups modal's deletes, spec 03 §2.6 and §2.8; the archive dialog's
 * member removal and archive delete, §2.12): the question, Cancel, and the confirming button, which runs the action
 * and shows it pending. The dialog closes when the action ends, whether it worked or not; a failure goes to
 * `onFailed`, whose caller shows it where the list or form shows its errors (spec 03 §8).
 */
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly confirmLabel: string;
  /** Closes the dialog: Cancel, Escape, or the action's end. */
  readonly onClose: () => void;
  /** What confirming does (a DELETE…); the confirming button shows it pending until it settles. */
  readonly action: () => Promise<void>;
  /** Called with the action's failure, after which the dialog closes. */
  readonly onFailed: (failure: unknown) => void;
  readonly testId: string;
  readonly children: ReactNode;
}

/** See the module comment. */
export function ConfirmDialog({ open, title, confirmLabel, onClose, action, onFailed, testId, children }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await action();
    } catch (failure) {
      onFailed(failure);
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open || busy ? undefined : onClose())} role="alertdialog" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy} data-testid={`${testId}-ok`}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
