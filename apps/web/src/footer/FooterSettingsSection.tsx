/**
 * The administrator's footer editor (issue 15; spec 02 §2 "a custom markdown footer"): a Markdown textarea with a live
 * preview rendered as the floating footer renders it ({@link SafeMarkdown}), the characters left, Save, and the load
 * and save errors; on the `footerEditor` machine of `@magpie/machines`. A section of a settings page, which gives it
 * its heading: it needs `manageSettings` to save (the DAM refuses others with 403, shown here).
 */
import { Alert, Box, Button, chakra, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { FOOTER_MAX_LENGTH, footerDraftProblem, footerEditorMachine, type FooterReply } from '@magpie/machines';
import { api } from '../api/client.ts';
import { LoadingState } from '../components/States.tsx';
import { SafeMarkdown } from './SafeMarkdown.tsx';

const provided = footerEditorMachine.provide({
  actors: {
    load: fromPromise<FooterReply, void>(({ signal }) => api.getSiteFooter({ signal })),
    save: fromPromise<FooterReply, { markdown: string }>(({ input, signal }) => api.updateSiteFooter(input.markdown, { signal })),
  },
});

/** The state's name for `data-state`: `loading`, `loadFailed`, `saving`, or `ready.<idle|saved|failed>`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value as Record<string, string>)[0]!;
  return `${parent}.${child}`;
}

/** See the module comment. */
export function FooterSettingsSection() {
  const [state, send] = useMachine(provided);
  const name = stateName(state.value);
  const { context } = state;

  return (
    <Stack gap="4" data-testid="footer-settings" data-state={name}>
      <Text fontSize="sm" color="fg.muted">
        Shown to every visitor at the bottom of every page, the login page too. Write Markdown: **bold**, _italic_, lists and [links](https://example.com). Links may go to web
        addresses (http, https), e-mail addresses (mailto) or pages of this site; HTML and images are not shown.
      </Text>
      {name === 'loading' && <LoadingState label="Loading the footer…" />}
      {name === 'loadFailed' && (
        <Alert.Root status="error" data-testid="footer-settings-load-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The footer could not be loaded.</Alert.Title>
            <Alert.Description>{context.error}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'RETRY' })}>
            Try again
          </Button>
        </Alert.Root>
      )}
      {name !== 'loading' && name !== 'loadFailed' && (
        <FooterForm
          draft={context.draft}
          changed={context.draft !== context.stored}
          saving={name === 'saving'}
          saved={name === 'ready.saved'}
          error={name === 'ready.failed' ? context.error : undefined}
          onEdit={(markdown) => send({ type: 'EDIT', markdown })}
          onSave={() => send({ type: 'SAVE' })}
        />
      )}
    </Stack>
  );
}

interface FooterFormProps {
  readonly draft: string;
  readonly changed: boolean;
  readonly saving: boolean;
  readonly saved: boolean;
  readonly error: string | undefined;
  readonly onEdit: (markdown: string) => void;
  readonly onSave: () => void;
}

function FooterForm({ draft, changed, saving, saved, error, onEdit, onSave }: FooterFormProps) {
  const problem = footerDraftProblem(draft);
  return (
    <chakra.form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Stack gap="4">
        <Field.Root invalid={problem !== undefined}>
          <Field.Label>Footer text (Markdown)</Field.Label>
          <Textarea
            value={draft}
            onChange={(event) => onEdit(event.target.value)}
            rows={6}
            fontFamily="mono"
            fontSize="sm"
            disabled={saving}
            data-testid="footer-settings-markdown"
          />
          {problem ? (
            <Field.ErrorText data-testid="footer-settings-problem">{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>{`${(FOOTER_MAX_LENGTH - draft.length).toLocaleString('en')} characters left. Leave it empty for no footer.`}</Field.HelperText>
          )}
        </Field.Root>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium" id="footer-settings-preview-label">
            Preview
          </Text>
          <Box borderWidth="1px" borderColor="border" rounded="md" p="3" bg="bg.panel" minH="12" aria-labelledby="footer-settings-preview-label" role="region">
            {draft.trim() === '' ? (
              <Text fontSize="sm" color="fg.muted">
                No footer text: visitors see only the cookie-policy link.
              </Text>
            ) : (
              <SafeMarkdown markdown={draft} testId="footer-settings-preview" />
            )}
          </Box>
        </Stack>
        {error !== undefined && (
          <Alert.Root status="error" data-testid="footer-settings-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>The footer was not saved.</Alert.Title>
              <Alert.Description>{error}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={saving} disabled={!changed || problem !== undefined} data-testid="footer-settings-save">
            Save footer
          </Button>
          {saved && !changed && (
            <Text fontSize="sm" color="fg.success" role="status" data-testid="footer-settings-saved">
              Footer saved.
            </Text>
          )}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
