/**
 * An album's comments (issue 13; spec 03 §3.3 `albums.comment`, `moderateComments`): a section of the album page,
 * folded under "Comments (N)" until opened, that lists the comments oldest first (author, date, text as written) and,
 * for people who may comment, a box to write one (Ctrl/⌘+Enter posts). Each comment the user may delete (their own;
 * every comment for the album's owner and moderators) has Delete, which asks first, in place (spec 01 §2 prompt:
 * yes / cancel). A refusal (403, 409 closed album) or a failure shows its message until dismissed; nothing is lost,
 * the draft stays.
 *
 * The flow is the `albumComments` machine of `@magpie/machines`: this component loads the comments, draws the
 * machine's state and sends it the user's events. `data-state` on the thread names the state (`idle`, `failed`,
 * `confirming`, `sending`).
 */
import { Alert, Badge, Box, Button, chakra, CloseButton, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { MessageSquare } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { ALBUM_COMMENT_MAX_LENGTH, type AlbumComment, type AlbumCommentList, type Collection } from '@magpie/api-types';
import { albumCommentsMachine, isPostableComment, type AlbumCommentSendInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { useResource } from '../api/useResource.ts';
import { ErrorState, LoadingState } from '../components/States.tsx';

/** The `send` actor: `POST` the draft or `DELETE` a comment (dam.yaml `addAlbumComment`, `deleteAlbumComment`). */
const commentsMachine = albumCommentsMachine.provide({
  actors: {
    send: fromPromise<AlbumComment | null, AlbumCommentSendInput>(({ input }) =>
      machineCall(async () => {
        if (input.request.kind === 'post') return api.addAlbumComment(input.href, input.request.text);
        await api.deleteAlbumComment(input.request.href);
        return null;
      }),
    ),
  },
});

/** The machine's state as one word: `idle` and `failed` (inside `ready`), `confirming` or `sending`. */
function stateName(state: SnapshotFrom<typeof albumCommentsMachine>): string {
  return typeof state.value === 'string' ? state.value : state.value.ready;
}

/** When a comment was written, in the reader's time zone: `29 Nov 2026, 10:04`. */
function writtenAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** The comments section of an album the user opened (shown when the album carries `props.comments.href`). */
export function AlbumComments({ album }: { readonly album: Collection }) {
  const href = album.props?.comments?.href;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Counted once the thread has loaded, so that posting and deleting update it.
  const [count, setCount] = useState<number | undefined>(undefined);
  if (!href) return null;
  const shown = count ?? album.props?.comments?.count;
  return (
    <chakra.section aria-label="Comments" data-testid="album-comments">
      <Button size="sm" variant="ghost" onClick={() => setOpen((was) => !was)} aria-expanded={open} aria-controls={panelId} data-testid="album-comments-toggle">
        <MessageSquare aria-hidden="true" />
        Comments
        {shown !== undefined && (
          <Badge variant="subtle" data-testid="album-comments-count">
            {shown}
          </Badge>
        )}
      </Button>
      <Box id={panelId} hidden={!open} mt="2" maxW="3xl">
        {open && <CommentsLoader href={href} onCount={setCount} />}
      </Box>
    </chakra.section>
  );
}

function CommentsLoader({ href, onCount }: { readonly href: string; readonly onCount: (count: number) => void }) {
  const resource = useResource(href, (signal) => api.listAlbumComments(href, { signal }));
  if (resource.status === 'error' && !resource.data) return <ErrorState error={resource.error} onRetry={resource.reload} />;
  if (!resource.data) return <LoadingState label="Loading the comments…" />;
  return <CommentThread key={href} href={href} loaded={resource.data} onCount={onCount} />;
}

/** The loaded comments on the `albumComments` machine (see the module comment). */
function CommentThread({ href, loaded, onCount }: { readonly href: string; readonly loaded: AlbumCommentList; readonly onCount: (count: number) => void }) {
  const [state, send] = useMachine(commentsMachine, { input: { href, comments: loaded.data, canComment: loaded.canComment } });
  const { comments, draft, request, error, canComment } = state.context;
  const name = stateName(state);
  const sending = name === 'sending';
  const deleting = (name === 'confirming' || sending) && request?.kind === 'delete' ? request.href : undefined;
  const tooLong = draft.trim().length > ALBUM_COMMENT_MAX_LENGTH;
  useEffect(() => onCount(comments.length), [comments.length, onCount]);

  return (
    <Stack gap="3" data-testid="album-comments-thread" data-state={name}>
      {name === 'failed' && (
        <Alert.Root status="error" data-testid="album-comments-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
          <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid="album-comments-error-dismiss" />
        </Alert.Root>
      )}
      {comments.length === 0 ? (
        <Text color="fg.muted" data-testid="album-comments-empty">
          {canComment ? 'No comments yet. Be the first to write one.' : 'No comments yet.'}
        </Text>
      ) : (
        <chakra.ol listStyleType="none" p="0" m="0" display="flex" flexDirection="column" gap="3">
          {comments.map((comment) => (
            <chakra.li
              key={comment.href}
              borderWidth="1px"
              rounded="md"
              p="3"
              data-testid="album-comment"
              data-href={comment.href}
              aria-busy={deleting === comment.href && sending}
            >
              <HStack justify="space-between" align="baseline" gap="3">
                <Text fontWeight="medium" fontSize="sm">
                  {comment.author.name}{' '}
                  <chakra.time dateTime={comment.created} color="fg.muted" fontWeight="normal">
                    {writtenAt(comment.created)}
                  </chakra.time>
                </Text>
                {comment.allowDelete && deleting !== comment.href && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => send({ type: 'DELETE', href: comment.href })}
                    disabled={sending || name === 'confirming'}
                    aria-label={`Delete the comment by ${comment.author.name}`}
                    data-testid="album-comment-delete"
                  >
                    Delete
                  </Button>
                )}
              </HStack>
              <Text whiteSpace="pre-wrap" overflowWrap="anywhere" mt="1" data-testid="album-comment-text">
                {comment.text}
              </Text>
              {deleting === comment.href && (
                <HStack role="group" aria-label="Delete this comment?" gap="2" mt="2" data-testid="album-comment-confirm">
                  <Text fontSize="sm">Delete this comment for good?</Text>
                  <Button size="xs" variant="outline" onClick={() => send({ type: 'CANCEL' })} disabled={sending} data-testid="album-comment-confirm-cancel">
                    Cancel
                  </Button>
                  <Button size="xs" colorPalette="red" onClick={() => send({ type: 'CONFIRM' })} loading={sending} autoFocus data-testid="album-comment-confirm-ok">
                    Delete
                  </Button>
                </HStack>
              )}
            </chakra.li>
          ))}
        </chakra.ol>
      )}
      {canComment && (
        <chakra.form
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'POST' });
          }}
          data-testid="album-comment-form"
        >
          <Field.Root invalid={tooLong}>
            <Field.Label>Write a comment</Field.Label>
            <Textarea
              value={draft}
              onChange={(event) => send({ type: 'EDIT', text: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  send({ type: 'POST' });
                }
              }}
              readOnly={sending && request?.kind === 'post'}
              rows={3}
              autoresize
              maxH="40"
              data-testid="album-comment-input"
            />
            {tooLong ? (
              <Field.ErrorText>A comment is at most {ALBUM_COMMENT_MAX_LENGTH.toLocaleString('en')} characters.</Field.ErrorText>
            ) : (
              <Field.HelperText>Ctrl+Enter posts it.</Field.HelperText>
            )}
          </Field.Root>
          <HStack mt="2">
            <Button
              type="submit"
              size="sm"
              colorPalette="brand"
              disabled={!isPostableComment(draft) || sending || name === 'confirming'}
              loading={sending && request?.kind === 'post'}
              data-testid="album-comment-post"
            >
              Post comment
            </Button>
          </HStack>
        </chakra.form>
      )}
    </Stack>
  );
}
