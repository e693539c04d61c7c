/**
 * The collection view's selection bar (issue 13 "a selection toolbar whose commands come from the action registry";
 * spec 01 §2 asset selection): how many assets are selected, then a button for each of the registry's
 * `SELECTION_BAR_ACTIONS` whose predicate holds (Edit metadata, Pin, Add to album, Use as folder cover, Rename… F2,
 * Move to…, Copy to…, Rotate left and right, Duplicate, Download, Delete… the Delete key, an album's own commands,
 * Clear selection Esc). Each button takes the action's label, icon, `testId` and shortcut (`aria-keyshortcuts`) and
 * runs the action through the registry, so the bar, the keys and their rules are one.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { SELECTION_BAR_ACTIONS } from '../../actions/registry.ts';
import { ariaKeyShortcuts } from '../../actions/keys.ts';
import type { Action, ActionContext } from '../../actions/types.ts';
import { selectionText } from './assetSelection.ts';

/** How a button of each action's `tone` looks. */
const TONES = {
  primary: { colorPalette: 'brand' },
  danger: { variant: 'outline', colorPalette: 'red' },
  quiet: { variant: 'ghost' },
  default: { variant: 'outline' },
} as const;

/** One action's button. */
function SelectionButton({ action, context, run }: { readonly action: Action; readonly context: ActionContext; readonly run: (action: Action) => void }) {
  const label = action.label(context);
  const Icon = action.icon;
  const keys = action.keyTest ? ariaKeyShortcuts(action.shortcut) : undefined;
  return (
    <Button
      size="xs"
      {...TONES[action.tone ?? 'default']}
      onClick={() => run(action)}
      disabled={action.busy?.(context) === true}
      {...(action.iconOnly ? { 'aria-label': label } : {})}
      {...(keys ? { 'aria-keyshortcuts': keys, title: `${label} (${action.shortcut})` } : action.iconOnly ? { title: label } : {})}
      data-testid={action.testId}
      data-action={action.name}
    >
      {Icon && <Icon aria-hidden="true" />}
      {!action.iconOnly && label}
    </Button>
  );
}

/**
 * The bar for `count` selected assets. `context` is the registry's context with the view's selection; its open-dialog
 * check answers false, since the bar shows what the selection permits (an open dialog covers the bar, and the keys
 * still wait for it).
 */
export function SelectionBar({ count, context, run }: { readonly count: number; readonly context: ActionContext; readonly run: (action: Action) => void }) {
  const shown = count === 0 ? [] : SELECTION_BAR_ACTIONS.filter((action) => action.predicate(context));
  return (
    <Box
      position="sticky"
      // Above the floating footer while it shows (footer/FloatingFooter.tsx FOOTER_HEIGHT_PROPERTY; issue 15).
      bottom="calc(var(--magpie-floating-footer-height, 0px) + 1rem)"
      alignSelf="center"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="2xl"
      shadow="md"
      px="4"
      py="2"
      maxW="full"
      data-testid="selection-bar"
    >
      <HStack gap="3" fontSize="sm" wrap="wrap" justify="center">
        <Text aria-live="polite" data-testid="selection-count" data-count={count}>
          {selectionText(count)}
        </Text>
        {count === 0 ? (
          <Text color="fg.muted" display={{ base: 'none', md: 'block' }}>
            Ctrl+click or Space selects, Shift+click a range, Shift+A all
          </Text>
        ) : (
          shown.map((action) => <SelectionButton key={action.name} action={action} context={context} run={run} />)
        )}
      </HStack>
    </Box>
  );
}
