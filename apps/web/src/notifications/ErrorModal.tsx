/**
 * The one error modal (spec 01 §2 "Error modal", §8; spec 02 §2 for the taxonomy's): its title, the sentence for
 * people, and an expandable Details list (date, then the {@link ErrorDetails} that are known: value, request id,
 * background task id, heading, message, description, technical info) with a Copy button for support, and Close.
 * It can be dragged by its header and stays inside the viewport. Open it through `useNotifications().showError`, or
 * render it where a flow keeps its own error (the taxonomy tree).
 */
import { useState } from 'react';
import { Button, Collapsible, Dialog, HStack, Portal, Stack, Text, chakra } from '@chakra-ui/react';
import { useDraggableModal } from '../taxonomy/useDraggableModal.ts';
import type { ErrorDetails, ErrorReport } from './errorReport.ts';

const DETAIL_LABELS: ReadonlyArray<readonly [keyof ErrorDetails, string]> = [
  ['value', 'Value'],
  ['requestId', 'Request ID'],
  ['taskId', 'Background task ID'],
  ['heading', 'Heading'],
  ['detail', 'Message'],
  ['description', 'Description'],
  ['technicalInfo', 'Technical info'],
];

/** The details as plain text, one `Label: value` per line (what Copy puts on the clipboard). */
export function detailsText(report: ErrorReport, shownAt: Date): string {
  return [`Date: ${shownAt.toISOString()}`, ...DETAIL_LABELS.flatMap(([key, label]) => (report.details[key] ? [`${label}: ${report.details[key]}`] : []))].join('\n');
}

/**
 * Shows `report` as a modal; `onClose` is Close, Esc and a click outside. Renders nothing without a report. The date
 * is when the modal first showed it.
 */
export function ErrorModal({
  report,
  onClose,
  testId = 'error-modal',
  finalFocusEl,
  layerProps,
}: {
  readonly report: ErrorReport | undefined;
  readonly onClose: () => void;
  readonly testId?: string;
  /** Where focus goes when it closes (default: where it was before). */
  readonly finalFocusEl?: () => HTMLElement | null;
  /** Extra attributes of the dialog content (e.g. the taxonomy popover's layer marker). */
  readonly layerProps?: Record<string, string>;
}) {
  const [shownAt] = useState(() => new Date());
  const [copied, setCopied] = useState(false);
  const drag = useDraggableModal();
  if (!report) return null;
  const details = DETAIL_LABELS.filter(([key]) => report.details[key] !== undefined);
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(details) => !details.open && onClose()} {...(finalFocusEl ? { finalFocusEl } : {})}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} ref={drag.contentRef} style={drag.contentStyle} {...layerProps}>
            <Dialog.Header {...drag.handleProps}>
              <Dialog.Title>{report.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text data-testid={`${testId}-message`}>{report.message}</Text>
                <Collapsible.Root>
                  <Collapsible.Trigger asChild>
                    <Button size="xs" variant="outline" alignSelf="flex-start">
                      Details
                    </Button>
                  </Collapsible.Trigger>
                  <Collapsible.Content>
                    <chakra.dl fontSize="sm" mt="2" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="1" data-testid={`${testId}-details`}>
                      <chakra.dt fontWeight="semibold">Date</chakra.dt>
                      <chakra.dd>{shownAt.toISOString().slice(0, 16).replace('T', ' ')}</chakra.dd>
                      {details.map(([key, label]) => (
                        <Detail key={key} label={label} value={report.details[key] ?? ''} />
                      ))}
                    </chakra.dl>
                  </Collapsible.Content>
                </Collapsible.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    void navigator.clipboard?.writeText(detailsText(report, shownAt)).then(
                      () => setCopied(true),
                      () => setCopied(false),
                    );
                  }}
                >
                  {copied ? 'Copied' : 'Copy to clipboard'}
                </Button>
                <Button size="sm" onClick={onClose} data-testid={`${testId}-close`}>
                  Close
                </Button>
              </HStack>
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
      <chakra.dd whiteSpace="pre-wrap" wordBreak="break-word">
        {value}
      </chakra.dd>
    </>
  );
}
