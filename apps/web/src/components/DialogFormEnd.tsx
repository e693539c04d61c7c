/**
 * The end of a small dialog form whose save runs on a machine (the New folder / Rename dialog, the New metadata view
 * dialog): the server's refusal as an alert, then Cancel and the submitting button, which shows the save pending.
 * `testId` prefixes the parts: `<testId>-error`, `<testId>-cancel`, `<testId>-save`.
 */
import { Button, Dialog, Text } from '@chakra-ui/react';

export function DialogFormEnd({
  error,
  saving,
  submitLabel,
  onCancel,
  testId,
}: {
  /** The refusal to show, or undefined. */
  readonly error: string | undefined;
  readonly saving: boolean;
  readonly submitLabel: string;
  readonly onCancel: () => void;
  readonly testId: string;
}) {
  return (
    <>
      {error !== undefined && (
        <Dialog.Body pt="0">
          <Text role="alert" color="fg.error" data-testid={`${testId}-error`}>
            {error}
          </Text>
        </Dialog.Body>
      )}
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onCancel} disabled={saving} data-testid={`${testId}-cancel`}>
          Cancel
        </Button>
        <Button colorPalette="brand" type="submit" loading={saving} data-testid={`${testId}-save`}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </>
  );
}
