/**
 * The error modal of a failed taxonomy request (spec 02 §2 Error modal, §8): title "Error", the message "general
 * error, try later", an expandable details section (Value, Date, Request ID, Heading, Description, Technical info)
 * and a Close button. It can be dragged by its header and stays inside the viewport.
 */
import { useState } from 'react';
import { Button, Collapsible, Dialog, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import type { TaxonomyRequestError } from '@magpie/machines';
import { useDraggableModal } from './useDraggableModal.ts';

const DETAIL_LABELS = [
  ['value', 'Value'],
  ['requestId', 'Request ID'],
  ['heading', 'Heading'],
  ['description', 'Description'],
  ['technicalInfo', 'Technical info'],
] as const;

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
  const [shownAt] = useState(() => new Date());
  const drag = useDraggableModal();
  if (!error) return null;
  const details = DETAIL_LABELS.filter(([key]) => error.details[key] !== undefined);
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onClose()} {...(finalFocusEl ? { finalFocusEl } : {})}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-taxonomy-layer="" data-testid="taxonomy-error" ref={drag.contentRef} style={drag.contentStyle}>
            <Dialog.Header {...drag.handleProps}>
              <Dialog.Title>{error.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{error.message}</Text>
                <Collapsible.Root>
                  <Collapsible.Trigger asChild>
                    <Button size="xs" variant="outline">
                      Details
                    </Button>
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <chakra.dl fontSize="sm" mt="2" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="1">
                      <chakra.dt fontWeight="semibold">Date</chakra.dt>
                      <chakra.dd>{shownAt.toISOString().slice(0, 16).replace('T', ' ')}</chakra.dd>
                      {details.map(([key, label]) => (
                        <Detail key={key} label={label} value={error.details[key] ?? ''} />
                      ))}
                    </chakra.dl>
                  </Collapsible.Content>
                </Collapsible.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <>
      <chakra.dt fontWeight="semibold">{label}</chakra.dt>
      <chakra.dd wordBreak="break-word">{value}</chakra.dd>
    </>
  );
}
