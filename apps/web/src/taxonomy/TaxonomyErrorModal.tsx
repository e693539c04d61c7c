/**
 * The error modal of a failed taxonomy request (spec 02 §2 Error modal, §8): title "Error", the message "general
 * error, try later", the expandable details (Value, Date, Request ID, Heading, Description, Technical info) and Close,
 * draggable by its header. It is the client's one error modal (`notifications/ErrorModal.tsx`) showing the taxonomy
 * machines' error; the modal is part of the taxonomy popover's layer, so a click in it does not close the popover.
 */
import type { TaxonomyRequestError } from '@magpie/machines';
import { ErrorModal } from '../notifications/ErrorModal.tsx';

/**
 * Shows `error` (from the taxonomy machines' context) as a modal; `onClose` is the Close button, Esc and a click
 * outside. Renders nothing when `error` is undefined. The date is when the modal first showed this error.
 */
export function TaxonomyErrorModal({
  error,
  onClose,
  finalFocusEl,
}: {
  error: TaxonomyRequestError | undefined;
  onClose(): void;
  /** Where focus goes when it closes (default: where it was before). */
  finalFocusEl?: () => HTMLElement | null;
}) {
  if (!error) return null;
  return (
    <ErrorModal
      report={{ title: error.title, message: error.message, details: error.details }}
      onClose={onClose}
      testId="taxonomy-error"
      layerProps={{ 'data-taxonomy-layer': '' }}
      {...(finalFocusEl ? { finalFocusEl } : {})}
    />
  );
}
