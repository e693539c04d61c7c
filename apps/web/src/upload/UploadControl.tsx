/**
 * The header's Upload button and the "Upload to <archive>" popover (spec 01 §2 /fotoweb/views/upload, §4 Upload
 * popover, §8 retry link). Every bit of flow state is read from the popover machine's snapshot; the component only
 * sends events. While files are uploading the popover cannot be closed: the close button is disabled, and Esc and
 * outside clicks are ignored (the machine also refuses CLOSE).
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Box, Button, CloseButton, Flex, HStack, Link, NativeSelect, Popover, Portal, Progress, Stack, Text, chakra } from '@chakra-ui/react';
import { CircleCheck, Upload } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { actionOpenUpload } from '../actions/actionOpenUpload.ts';
import { useActions } from '../actions/ActionsProvider.tsx';
import { progressPercent, statusText, toUploadInputs } from './fileRow.ts';
import { destinationName, destinationOf, useUpload, type UploadActorRef } from './UploadProvider.tsx';

/** The header's Upload button with its popover; renders nothing without upload targets (spec 01 §6). */
export function UploadControl() {
  const { actorRef } = useUpload();
  const { context } = useActions();
  if (!actorRef || !actionOpenUpload.predicate(context)) return null;
  return <UploadPopover actorRef={actorRef} />;
}

function UploadPopover({ actorRef }: { actorRef: UploadActorRef }) {
  const { targets, destination, chooseDestination } = useUpload();
  const { context, run } = useActions();
  const snapshot = useSelector(actorRef, (s) => s);
  const isOpen = !snapshot.matches('closed');
  const uploading = snapshot.matches('uploading');
  const { files, closeRefused } = snapshot.context;
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const archiveName = destination ? destinationName(destination) : 'archive';

  const addFiles = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    actorRef.send({ type: 'ADD_FILES', files: toUploadInputs(list) });
  };

  // The picker closed without a choice (the input's `cancel` event): tell the machine (spec 01 §4 selectionWidgetCancel).
  // The input exists only while the popover is open, so the listener follows it.
  useEffect(() => {
    const input = fileInput.current;
    if (!input) return;
    const onCancel = () => actorRef.send({ type: 'CANCEL_SELECTION' });
    input.addEventListener('cancel', onCancel);
    return () => input.removeEventListener('cancel', onCancel);
  });

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  return (
    <Popover.Root
      open={isOpen}
      onOpenChange={(details) => {
        if (details.open) run(actionOpenUpload);
        else actorRef.send({ type: 'CLOSE' });
      }}
      closeOnEscape={!uploading}
      closeOnInteractOutside={!uploading}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger asChild>
        <Button
          data-testid="upload-button"
          colorPalette="brand"
          variant="solid"
          size="sm"
          aria-keyshortcuts="u"
          title={`${actionOpenUpload.label(context)} (${actionOpenUpload.shortcut})`}
        >
          <Upload aria-hidden="true" />
          {actionOpenUpload.label(context)}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="upload-popover" data-uploading={uploading || undefined} width={{ base: '92vw', sm: '420px' }}>
            <Popover.Header>
              <Flex align="center" justify="space-between" gap="2">
                <Popover.Title fontWeight="semibold" fontSize="md">
                  Upload to {archiveName}
                </Popover.Title>
                <CloseButton
                  data-testid="upload-close"
                  size="sm"
                  aria-label="Close upload"
                  disabled={uploading}
                  title={uploading ? 'Uploads in progress: the popover closes when they finish' : 'Close'}
                  onClick={() => actorRef.send({ type: 'CLOSE' })}
                />
              </Flex>
            </Popover.Header>
            <Popover.Body>
              <Stack gap="3">
                {targets.length > 0 && (
                  <Box>
                    <chakra.label htmlFor="upload-destination" fontSize="sm" fontWeight="medium" display="block" mb="1">
                      Upload to
                    </chakra.label>
                    <NativeSelect.Root size="sm" disabled={uploading}>
                      <NativeSelect.Field
                        id="upload-destination"
                        data-testid="upload-destination"
                        value={destination ? destinationOf(destination) : ''}
                        onChange={(event) => chooseDestination(event.currentTarget.value)}
                      >
                        {targets.map((target) => (
                          <option key={destinationOf(target)} value={destinationOf(target)}>
                            {destinationName(target)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Box>
                )}
                <Box
                  data-testid="upload-dropzone"
                  data-dragging={dragging || undefined}
                  borderWidth="2px"
                  borderStyle="dashed"
                  borderColor={dragging ? 'brand.solid' : 'border'}
                  bg={dragging ? 'bg.muted' : undefined}
                  rounded="md"
                  p="4"
                  textAlign="center"
                  onDragEnter={(event) => {
                    event.preventDefault();
                    setDragging(true);
                  }}
                  onDragOver={(event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'copy';
                  }}
                  onDragLeave={() => setDragging(false)}
                  onDrop={onDrop}
                >
                  <Text fontSize="sm" color="fg.muted" mb="2">
                    Drop files here, or
                  </Text>
                  <Button size="sm" variant="outline" onClick={() => fileInput.current?.click()}>
                    Choose files…
                  </Button>
                  <chakra.input
                    ref={fileInput}
                    data-testid="upload-file-input"
                    type="file"
                    multiple
                    aria-label={`Files to upload to ${archiveName}`}
                    srOnly
                    tabIndex={-1}
                    onChange={(event) => {
                      addFiles(event.currentTarget.files);
                      event.currentTarget.value = '';
                    }}
                  />
                </Box>
                {closeRefused && uploading && (
                  <Text fontSize="sm" color="fg.warning" role="status">
                    The upload popover closes when the uploads finish.
                  </Text>
                )}
                {files.length > 0 && (
                  <chakra.ul listStyleType="none" m="0" p="0" display="grid" gap="2" aria-label="Files" maxH="50vh" overflowY="auto">
                    {files.map((file) => (
                      <chakra.li key={file.id} data-testid="upload-file-row" data-status={file.status} data-file-name={file.name} borderWidth="1px" rounded="md" p="2">
                        <HStack justify="space-between" gap="2" mb="1">
                          <Text fontSize="sm" fontWeight="medium" truncate title={file.name}>
                            {file.name}
                          </Text>
                          {file.status === 'done' && (
                            <Box color="fg.success" flexShrink={0}>
                              <CircleCheck size={16} aria-hidden="true" />
                            </Box>
                          )}
                        </HStack>
                        <Progress.Root
                          size="xs"
                          value={progressPercent(file)}
                          max={100}
                          colorPalette={file.status === 'failed' ? 'red' : file.status === 'done' ? 'green' : 'brand'}
                          striped={file.status === 'processing'}
                          animated={file.status === 'processing'}
                        >
                          <Progress.Track aria-label={`Upload progress of ${file.name}`}>
                            <Progress.Range />
                          </Progress.Track>
                        </Progress.Root>
                        <HStack justify="space-between" mt="1" gap="2">
                          <Text fontSize="xs" color={file.status === 'failed' ? 'fg.error' : 'fg.muted'} role={file.status === 'failed' ? 'alert' : undefined}>
                            {statusText(file)}
                          </Text>
                          <HStack gap="3" flexShrink={0}>
                            {file.status === 'failed' && (
                              <Link asChild fontSize="xs" color="brand.fg" textDecoration="underline">
                                <button type="button" data-testid="upload-retry" onClick={() => actorRef.send({ type: 'RETRY', fileId: file.id })}>
                                  Retry<chakra.span srOnly> {file.name}</chakra.span>
                                </button>
                              </Link>
                            )}
                            {file.status === 'done' && file.assetUrl && (
                              <Link asChild fontSize="xs" color="brand.fg">
                                <RouterLink to={file.assetUrl}>
                                  Open<chakra.span srOnly> {file.name}</chakra.span>
                                </RouterLink>
                              </Link>
                            )}
                            {/* Finished rows only: the machine refuses REMOVE for queued or active files. */}
                            {(file.status === 'done' || file.status === 'failed') && (
                              <Link asChild fontSize="xs" color="fg.muted">
                                <button type="button" data-testid="upload-remove" onClick={() => actorRef.send({ type: 'REMOVE', fileId: file.id })}>
                                  Remove<chakra.span srOnly> {file.name} from the list</chakra.span>
                                </button>
                              </Link>
                            )}
                          </HStack>
                        </HStack>
                      </chakra.li>
                    ))}
                  </chakra.ul>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
