/**
 * The frame the settings pages with a list of form fields share (the sign-up settings, issue 14, and the order
 * settings, issue 15; their machines are field-list settings machines, `@magpie/machines` `fieldListSettings`):
 * {@link SettingsPage}, the page with its title, or the note that changing the settings needs `manageSettings`; and
 * {@link FieldListSettingsForm}, the form in each state of the machine: loading, the load's failure with Try again,
 * then the page's own sections around the field list (add text, dropdown, checkbox; edit, move, remove:
 * `signups/SignupFieldEditor.tsx`), the failed save's error, the saved notice, the problems not about one field, and
 * Save (disabled until there is a valid change). Every problem the DAM's rules find shows on its field; a 400's issues
 * too.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, chakra, CloseButton, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ListPlus } from 'lucide-react';
import { SIGNUP_FIELD_LIMITS, type SignupProblem } from '@magpie/api-types';
import type { FieldListDraft, FieldListSettingsContext, FieldListSettingsEvent } from '@magpie/machines';
import { ERROR_TEXT_COLOR } from '../components/PasswordField.tsx';
import { EmptyView, ErrorState, LoadingState } from '../components/States.tsx';
import { useDocumentTitle } from '../components/useDocumentTitle.ts';
import { FIELD_INPUT_PATH, FIELD_TYPES, FieldEditor } from '../signups/SignupFieldEditor.tsx';

/** The machine's state as the page names it in `data-state`: loading, loadFailed, idle, saved, failed, saving. */
export function settingsStateName(value: unknown): string {
  return typeof value === 'string' ? value : String((value as { ready: string }).ready);
}

/** Props of {@link SettingsPage}. */
export interface SettingsPageProps {
  /** The page's test id, and its title (also the document's). */
  readonly testId: string;
  readonly title: string;
  /** What the page says when the caller may not change the settings (no link to them). */
  readonly denied: string;
  /** The form, or nothing when the caller may not change the settings. */
  readonly children?: ReactNode;
}

/** A settings page: its title, then the form, or the `denied` note when there is none. */
export function SettingsPage({ testId, title, denied, children }: SettingsPageProps) {
  useDocumentTitle(title);
  return (
    <Stack p="6" gap="4" maxW="4xl" data-testid={testId}>
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      {children ?? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{denied}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}

/** What the field list's section says (its heading, the note under it, the empty list, the full list). */
export interface FieldListSectionText {
  /** The heading's id (the section's label). */
  readonly titleId: string;
  readonly title: string;
  readonly description: string;
  readonly emptyTitle: string;
  readonly emptyDescription: string;
  /** Shown beside the Add buttons once the list holds the most fields the DAM takes. */
  readonly full: string;
}

/** Props of {@link FieldListSettingsForm}. */
export interface FieldListSettingsFormProps {
  /** The prefix of the form's test ids (`<prefix>-view`, `<prefix>-save`…). */
  readonly prefix: string;
  /** The machine's state ({@link settingsStateName}) and context, and its `send`. */
  readonly name: string;
  readonly context: FieldListSettingsContext<unknown, FieldListDraft>;
  readonly send: (event: FieldListSettingsEvent<never>) => void;
  /** Whether the draft says something other than what is stored. */
  readonly changed: boolean;
  /** The loading state's label, the load's failure, and the saved notice. */
  readonly loadingLabel: string;
  readonly loadFailed: string;
  readonly saved: string;
  /** The paths of problems the page's own sections show (not listed above Save). */
  readonly ownPaths?: readonly string[];
  readonly fieldList: FieldListSectionText;
  /** The page's own sections before and after the field list. */
  readonly before?: ReactNode;
  readonly after?: ReactNode;
}

/** The settings loaded, edited and saved through the machine (see the module comment). */
export function FieldListSettingsForm(props: FieldListSettingsFormProps) {
  const { prefix, name, context, send, fieldList } = props;

  if (name === 'loading') {
    return (
      <Box data-testid={`${prefix}-view`} data-state={name}>
        <LoadingState label={props.loadingLabel} />
      </Box>
    );
  }
  if (name === 'loadFailed') {
    return (
      <Stack gap="2" data-testid={`${prefix}-view`} data-state={name}>
        <Text data-testid={`${prefix}-load-error`}>{props.loadFailed}</Text>
        <ErrorState error={{ message: context.error }} onRetry={() => send({ type: 'RETRY' })} />
      </Stack>
    );
  }

  const saving = name === 'saving';
  const { draft } = context;
  // Every problem, the screen's and the last answer's, by path; the paths not about one field show above Save.
  const problems: readonly SignupProblem[] = [...context.problems, ...context.serverIssues];
  const ownPaths = props.ownPaths ?? [];
  const general = problems.filter((problem) => !FIELD_INPUT_PATH.test(problem.path) && !ownPaths.includes(problem.path));
  const maySave = context.problems.length === 0 && props.changed;
  const full = draft.fields.length >= SIGNUP_FIELD_LIMITS.maxFields;

  return (
    <chakra.form
      noValidate
      data-testid={`${prefix}-view`}
      data-state={name}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'SAVE' });
      }}
    >
      <chakra.fieldset disabled={saving} minW="0">
        <Stack gap="6">
          {props.before}
          <Stack gap="4" as="section" aria-labelledby={fieldList.titleId}>
            <Heading as="h2" size="md" id={fieldList.titleId}>
              {fieldList.title}
            </Heading>
            <Text color="fg.muted">{fieldList.description}</Text>
            {draft.fields.length === 0 ? (
              <Box data-testid={`${prefix}-empty`} borderWidth="1px" borderStyle="dashed" rounded="md">
                <EmptyView icon={<ListPlus aria-hidden="true" />} title={fieldList.emptyTitle} description={fieldList.emptyDescription} />
              </Box>
            ) : (
              <Stack gap="4" as="ol" listStyleType="none" data-testid={`${prefix}-fields`}>
                {draft.fields.map((field, index) => (
                  <chakra.li key={field.key}>
                    <FieldEditor
                      field={field}
                      index={index}
                      count={draft.fields.length}
                      problems={problems}
                      onChange={(change) => send({ type: 'CHANGE_FIELD', index, change })}
                      onMove={(offset) => send({ type: 'MOVE_FIELD', index, offset })}
                      onRemove={() => send({ type: 'REMOVE_FIELD', index })}
                    />
                  </chakra.li>
                ))}
              </Stack>
            )}
            <HStack gap="2" wrap="wrap">
              {FIELD_TYPES.map((type) => (
                <Button
                  key={type.value}
                  size="sm"
                  variant="outline"
                  disabled={full}
                  onClick={() => send({ type: 'ADD_FIELD', dataType: type.value })}
                  data-testid={`${prefix}-add-${type.value}`}
                >
                  {type.add}
                </Button>
              ))}
              {full && (
                <Text fontSize="sm" color="fg.muted">
                  {fieldList.full}
                </Text>
              )}
            </HStack>
          </Stack>
          {props.after}
        </Stack>
      </chakra.fieldset>

      <Stack gap="3" mt="6">
        {name === 'failed' && context.error !== undefined && (
          <Alert.Root status="error" data-testid={`${prefix}-error`}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{context.error}</Alert.Title>
              {general.length > 0 && (
                <Alert.Description>
                  {general.map((problem) => (
                    <Text key={`${problem.path}:${problem.message}`}>{problem.message}</Text>
                  ))}
                </Alert.Description>
              )}
            </Alert.Content>
            <CloseButton size="sm" aria-label="Dismiss the error" onClick={() => send({ type: 'DISMISS' })} data-testid={`${prefix}-error-dismiss`} />
          </Alert.Root>
        )}
        {name === 'saved' && (
          <Alert.Root status="success" data-testid={`${prefix}-saved`} role="status">
            <Alert.Indicator />
            <Alert.Title flex="1">{props.saved}</Alert.Title>
            <CloseButton size="sm" aria-label="Dismiss the notice" onClick={() => send({ type: 'DISMISS' })} data-testid={`${prefix}-saved-dismiss`} />
          </Alert.Root>
        )}
        {name !== 'failed' &&
          general.map((problem) => (
            <Text key={`${problem.path}:${problem.message}`} color={ERROR_TEXT_COLOR} fontSize="sm" data-testid={`${prefix}-problem`}>
              {problem.message}
            </Text>
          ))}
        <HStack>
          <Button type="submit" colorPalette="brand" disabled={!maySave} loading={saving} loadingText="Saving…" data-testid={`${prefix}-save`}>
            Save
          </Button>
          {context.problems.length > 0 && (
            <Text fontSize="sm" color="fg.muted" data-testid={`${prefix}-blocked`}>
              Correct the problems shown to save.
            </Text>
          )}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
