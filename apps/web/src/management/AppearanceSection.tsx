/**
 * Manage site → Appearance (issue 15; spec 01 §3 `appearance.customCss`, §7 "POST custom CSS url: cssContent"; spec
 * 02 §3 `customizations.customTitleBarButtons`), for holders of `changeSiteAppearance` (the descriptor's
 * `appearance.admin`): the custom CSS (a textarea with its size against the limit, Save, Clear) and the custom
 * title-bar buttons (add, edit the tooltip, link, where it opens and the icon, move up or down, remove, Save). Each
 * problem shows on its field and keeps Save disabled; a refusal (413 over the limit, 400 a link the DAM refuses) shows
 * above the buttons and keeps the draft. After a save the app reads the descriptor again, so the page's stylesheet and
 * the header's buttons follow at once. The flow runs on `appearanceEditorMachine`.
 */
import { Alert, Box, Button, Code, Field, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import { TITLE_BAR_ICONS, TITLE_BAR_LIMITS, utf8Bytes, type AppearanceSettings, type TitleBarButton, type TitleBarIcon } from '@magpie/api-types';
import { appearanceEditorMachine, cssDraftProblem, titleBarButtonProblems, type TitleBarButtonProblem } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { ErrorState, LoadingState } from '../components/States.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { withButtonAdded, withButtonChanged, withButtonMoved, withButtonRemoved } from './titleBarButtonsDraft.ts';

/** The machine's state as the section names it in `data-state`: loading, loadFailed, idle, saved, failed, savingCss, savingButtons. */
function stateName(value: unknown): string {
  return typeof value === 'string' ? value : String((value as { ready: string }).ready);
}

/** How the icon choices read. */
const ICON_LABELS: Readonly<Record<TitleBarIcon, string>> = {
  link: 'Link',
  help: 'Help',
  info: 'Information',
  mail: 'Mail',
  book: 'Book',
  home: 'Home',
  star: 'Star',
  calendar: 'Calendar',
  chat: 'Chat',
  globe: 'Globe',
};

/** See the module comment. */
export function AppearanceSection() {
  const { descriptor, establish } = useSession();
  const admin = descriptor?.appearance?.admin ?? undefined;
  const machine = useMemo(() => {
    // The descriptor read again after a save: the page's stylesheet and the header's buttons follow at once.
    const refresh = async () => {
      const fresh = await api.getDescriptor().catch(() => undefined);
      if (fresh) establish(fresh);
    };
    return appearanceEditorMachine.provide({
      actors: {
        load: fromPromise<AppearanceSettings, void>(({ signal }) => machineCall(() => api.getAppearanceSettings(admin!.settings, { signal }))),
        saveCss: fromPromise<AppearanceSettings, { css: string }>(async ({ input }) => {
          const saved = await machineCall(() => api.updateCustomCss(admin!.css, input.css));
          await refresh();
          return saved;
        }),
        saveButtons: fromPromise<readonly TitleBarButton[], { buttons: readonly TitleBarButton[] }>(async ({ input }) => {
          const saved = await machineCall(() => api.updateTitleBarButtons(admin!.titleBarButtons, input.buttons));
          await refresh();
          return saved.data;
        }),
      },
    });
    // One machine per section: the links do not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [state, send] = useMachine(machine);
  const name = stateName(state.value);
  const { context } = state;

  if (!admin) return null;
  if (name === 'loading') {
    return (
      <Box data-testid="appearance-section" data-state={name}>
        <LoadingState label="Loading the appearance settings…" />
      </Box>
    );
  }
  if (name === 'loadFailed') {
    return (
      <Box data-testid="appearance-section" data-state={name}>
        <ErrorState error={{ message: context.error }} onRetry={() => send({ type: 'RETRY' })} />
      </Box>
    );
  }

  const stored = context.stored!;
  const busy = name === 'savingCss' || name === 'savingButtons';
  const cssProblem = cssDraftProblem(context.cssDraft, stored.cssMaxBytes);
  const cssChanged = context.cssDraft !== stored.cssContent;
  const buttonProblems = titleBarButtonProblems(context.buttonsDraft);
  const buttonsChanged = JSON.stringify(context.buttonsDraft) !== JSON.stringify(stored.titleBarButtons);
  const bytes = utf8Bytes(context.cssDraft);
  const editButtons = (buttons: readonly TitleBarButton[]) => send({ type: 'EDIT_BUTTONS', buttons });

  return (
    <Stack gap="8" data-testid="appearance-section" data-state={name}>
      {name === 'saved' && (
        <Alert.Root status="success" data-testid="appearance-saved" maxW="2xl">
          <Alert.Indicator />
          <Alert.Description>
            {context.saved === 'css' ? (stored.cssContent === '' ? 'The custom CSS was cleared.' : 'The custom CSS was saved.') : 'The title-bar buttons were saved.'}
          </Alert.Description>
        </Alert.Root>
      )}
      {name === 'failed' && (
        <Alert.Root status="error" data-testid="appearance-error" maxW="2xl">
          <Alert.Indicator />
          <Alert.Description>{context.error}</Alert.Description>
        </Alert.Root>
      )}

      <Stack gap="3" as="section" aria-labelledby="custom-css-title">
        <Text as="h3" fontWeight="semibold" fontSize="md" id="custom-css-title">
          Custom CSS
        </Text>
        <Field.Root invalid={cssProblem !== undefined}>
          <Field.Label>Stylesheet for every page</Field.Label>
          <Textarea
            value={context.cssDraft}
            onChange={(event) => send({ type: 'EDIT_CSS', css: event.target.value })}
            rows={12}
            fontFamily="mono"
            fontSize="sm"
            spellCheck={false}
            disabled={busy}
            placeholder="header { background: #123456; }"
            data-testid="custom-css-input"
          />
          <Field.HelperText data-testid="custom-css-size">
            {bytes.toLocaleString('en')} of {stored.cssMaxBytes.toLocaleString('en')} bytes ({Math.round(stored.cssMaxBytes / 1024)} KiB). Clear it with the button below, or with{' '}
            <Code>Ctrl+Shift+Z</Code> anywhere.
          </Field.HelperText>
          {cssProblem && <Field.ErrorText data-testid="custom-css-problem">{cssProblem}</Field.ErrorText>}
        </Field.Root>
        <HStack gap="3">
          <Button
            colorPalette="brand"
            onClick={() => send({ type: 'SAVE_CSS' })}
            disabled={!cssChanged || cssProblem !== undefined || busy}
            loading={name === 'savingCss'}
            data-testid="custom-css-save"
          >
            Save CSS
          </Button>
          <Button variant="outline" onClick={() => send({ type: 'CLEAR_CSS' })} disabled={stored.cssContent === '' || busy} data-testid="custom-css-clear">
            Clear CSS
          </Button>
          {stored.customCss && (
            <Text fontSize="sm" color="fg.muted">
              In use: <Code>{stored.customCss}</Code>
            </Text>
          )}
        </HStack>
      </Stack>

      <Stack gap="3" as="section" aria-labelledby="title-bar-buttons-title">
        <Text as="h3" fontWeight="semibold" fontSize="md" id="title-bar-buttons-title">
          Title-bar buttons
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Links in the header for every signed-in user, in this order. Up to {TITLE_BAR_LIMITS.maxButtons}; each links to an http(s) address or a path on this site.
        </Text>
        {context.buttonsDraft.length === 0 && (
          <Text data-testid="title-bar-buttons-empty" fontSize="sm">
            No buttons yet.
          </Text>
        )}
        <Stack gap="4" as="ol" listStyleType="none" ms="0">
          {context.buttonsDraft.map((button, row) => (
            <ButtonRow
              key={row}
              row={row}
              count={context.buttonsDraft.length}
              button={button}
              problems={buttonProblems.filter((problem) => problem.row === row)}
              disabled={busy}
              onChange={(change) => editButtons(withButtonChanged(context.buttonsDraft, row, change))}
              onMove={(by) => editButtons(withButtonMoved(context.buttonsDraft, row, by))}
              onRemove={() => editButtons(withButtonRemoved(context.buttonsDraft, row))}
            />
          ))}
        </Stack>
        {buttonProblems
          .filter((problem) => problem.field === 'list')
          .map((problem) => (
            <Text key={problem.message} color="fg.error" fontSize="sm">
              {problem.message}
            </Text>
          ))}
        <HStack gap="3">
          <Button
            variant="outline"
            onClick={() => editButtons(withButtonAdded(context.buttonsDraft))}
            disabled={busy || context.buttonsDraft.length >= TITLE_BAR_LIMITS.maxButtons}
            data-testid="title-bar-button-add"
          >
            <Plus aria-hidden="true" /> Add a button
          </Button>
          <Button
            colorPalette="brand"
            onClick={() => send({ type: 'SAVE_BUTTONS' })}
            disabled={!buttonsChanged || buttonProblems.length > 0 || busy}
            loading={name === 'savingButtons'}
            data-testid="title-bar-buttons-save"
          >
            Save buttons
          </Button>
        </HStack>
      </Stack>
    </Stack>
  );
}

/** One button's fields, its problems beside them, and its move and remove commands. */
function ButtonRow(props: {
  readonly row: number;
  readonly count: number;
  readonly button: TitleBarButton;
  readonly problems: readonly TitleBarButtonProblem[];
  readonly disabled: boolean;
  onChange(change: Partial<TitleBarButton>): void;
  onMove(by: -1 | 1): void;
  onRemove(): void;
}) {
  const { row, count, button, problems, disabled } = props;
  const problemOf = (field: TitleBarButtonProblem['field']) => problems.find((problem) => problem.field === field)?.message;
  const label = `Button ${row + 1}`;
  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="md" p="3" data-testid="title-bar-button-row" aria-label={label}>
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-start' }}>
        <Field.Root invalid={problemOf('tooltip') !== undefined} flex="1">
          <Field.Label>Tooltip</Field.Label>
          <Input value={button.tooltip} onChange={(event) => props.onChange({ tooltip: event.target.value })} disabled={disabled} data-testid="title-bar-button-tooltip" />
          {problemOf('tooltip') && <Field.ErrorText>{problemOf('tooltip')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={problemOf('href') !== undefined} flex="2">
          <Field.Label>Link</Field.Label>
          <Input
            value={button.href}
            onChange={(event) => props.onChange({ href: event.target.value.trim() })}
            disabled={disabled}
            placeholder="https://… or /fotoweb/…"
            data-testid="title-bar-button-href"
          />
          {problemOf('href') && <Field.ErrorText data-testid="title-bar-button-href-problem">{problemOf('href')}</Field.ErrorText>}
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Opens</Field.Label>
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field
              value={button.target}
              onChange={(event) => props.onChange({ target: event.target.value === '_blank' ? '_blank' : '_self' })}
              data-testid="title-bar-button-target"
            >
              <option value="_self">In this tab</option>
              <option value="_blank">In a new tab</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>Icon</Field.Label>
          <NativeSelect.Root disabled={disabled}>
            <NativeSelect.Field
              value={button.icon ?? ''}
              onChange={(event) => props.onChange({ icon: (TITLE_BAR_ICONS as readonly string[]).includes(event.target.value) ? (event.target.value as TitleBarIcon) : null })}
              data-testid="title-bar-button-icon"
            >
              <option value="">Plain link</option>
              {TITLE_BAR_ICONS.map((icon) => (
                <option key={icon} value={icon}>
                  {ICON_LABELS[icon]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="1" alignSelf={{ md: 'flex-end' }}>
          <IconButton size="sm" variant="ghost" aria-label={`Move ${label} up`} onClick={() => props.onMove(-1)} disabled={disabled || row === 0}>
            <ArrowUp aria-hidden="true" />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label={`Move ${label} down`} onClick={() => props.onMove(1)} disabled={disabled || row === count - 1}>
            <ArrowDown aria-hidden="true" />
          </IconButton>
          <IconButton size="sm" variant="ghost" aria-label={`Remove ${label}`} onClick={props.onRemove} disabled={disabled} data-testid="title-bar-button-remove">
            <Trash2 aria-hidden="true" />
          </IconButton>
        </HStack>
      </Stack>
    </Box>
  );
}
