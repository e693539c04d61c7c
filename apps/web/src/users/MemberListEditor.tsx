/**
 * A member or membership list being edited (spec 03 §2.6 "member of, with a picker", Members tab "an add-member
 * picker that has search, multi-select and a selected-items dropdown", §2.7 group memberships; §4 add and remove
 * lists; §5 "The add-members button is disabled when nothing is selected"), driven by a `memberEditList` actor the
 * form owns: the listed members with their remove buttons, a search (debounced 300 ms, spec 03 §5/§9) whose results
 * are ticked (PICK/UNPICK) and load their next page when scrolled within 150 px of the bottom (§9), the chosen items'
 * dropdown (each removable), the Add button that sends one ADD per chosen member, and the list's own error (§8).
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Box, Button, Checkbox, Field, HStack, Input, List, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { currentMembers, isDefaultGroupHref, isMemberRemovable, type memberEditListMachine, type MemberRef } from '@magpie/machines';
import { loadErrorText } from '../api/requestErrors.ts';
import { memberListErrorText } from './errors.ts';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../components/useDebouncedValue.ts';
import { isNearBottom, useMemberSearch } from './useMemberSearch.ts';
import type { MemberSearch } from './usersApi.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link MemberListEditor}. */
export interface MemberListEditorProps {
  /** The list's actor (`memberEditListMachine`). */
  readonly actor: ActorRefFrom<typeof memberEditListMachine>;
  /** The list's heading, e.g. "Member of" or "Groups". */
  readonly label: string;
  /** The search field's label, e.g. "Find a group to add". */
  readonly searchLabel: string;
  /** The Add button's words, e.g. "Add members" (spec 03 §5) or "Add to groups". */
  readonly addLabel: string;
  /** Finds candidates page by page (groups or users); the editor leaves out what may not be added. */
  readonly search: MemberSearch;
  /** False when the caller may not change this list (the matching `actions` flag): read-only. */
  readonly editable: boolean;
  /** A notice shown above the list (e.g. that a long list was cut). */
  readonly notice?: string | undefined;
  /** Test id prefix. */
  readonly testId: string;
}

/** See the module comment. */
export function MemberListEditor({ actor, label, searchLabel, addLabel, search, editable, notice, testId }: MemberListEditorProps) {
  const context = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const members = currentMembers(context);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const { results, more } = useMemberSearch(search, query, editable);
  const scroller = useRef<HTMLDivElement | null>(null);

  const listed = new Set(members.map((m) => m.href));
  // spec 03 §5: members already listed and the owner itself are left out; built-in groups' members are implicit.
  const offered = (results?.found ?? []).filter((m) => !listed.has(m.href) && m.href !== context.ownerHref && !isDefaultGroupHref(context, m.href));
  const picked = new Set(context.picked.map((m) => m.href));
  const added = new Set(context.added.map((m) => m.href));
  const error = memberListErrorText(context.error);
  // Results for other text than the field's (typed, not yet searched) are not shown.
  const shown = results !== undefined && results.q === text.trim() ? results : undefined;

  // spec 03 §9: a page that leaves the results within 150 px of their bottom (short, or mostly left out) loads the next.
  useEffect(() => {
    const element = scroller.current;
    if (element && shown && !shown.loading && shown.error === undefined && shown.next !== undefined && isNearBottom(element)) more();
  }, [shown, more]);

  return (
    <Box data-testid={testId} data-saving={saving || undefined}>
      <Text as="h3" fontWeight="semibold" mb="2" id={`${testId}-label`}>
        {label}
      </Text>
      {notice && (
        <Alert.Root status="info" mb="2" size="sm" data-testid={`${testId}-notice`}>
          <Alert.Indicator />
          <Alert.Description>{notice}</Alert.Description>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error" mb="2" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      <List.Root variant="plain" aria-labelledby={`${testId}-label`} gap="1" mb="3">
        {members.length === 0 && (
          <List.Item color="fg.muted" fontSize="sm">
            None
          </List.Item>
        )}
        {members.map((member) => (
          <List.Item key={member.href} data-testid={`${testId}-item`} data-href={member.href} data-added={added.has(member.href) || undefined} alignItems="center" gap="2">
            <Text flex="1" fontSize="sm">
              {member.name}
            </Text>
            {added.has(member.href) && (
              <Badge colorPalette="green" size="sm">
                Added
              </Badge>
            )}
            {editable && isMemberRemovable(context, member.href) && (
              <Button
                size="2xs"
                variant="ghost"
                onClick={() => actor.send({ type: 'REMOVE', href: member.href })}
                disabled={saving}
                aria-label={`Remove ${member.name}`}
                data-testid={`${testId}-remove`}
              >
                Remove
              </Button>
            )}
          </List.Item>
        ))}
      </List.Root>
      {context.removed.length > 0 && (
        <HStack fontSize="sm" color="fg.muted" mb="2" wrap="wrap" data-testid={`${testId}-removed`}>
          <Text>To be removed:</Text>
          {context.removed.map((member) => (
            <Button key={member.href} size="2xs" variant="outline" onClick={() => actor.send({ type: 'ADD', member })} aria-label={`Keep ${member.name}`} disabled={saving}>
              {member.name} (undo)
            </Button>
          ))}
        </HStack>
      )}
      {editable && (
        <Stack gap="2" data-testid={`${testId}-picker`}>
          <Field.Root>
            <Field.Label>{searchLabel}</Field.Label>
            <Input size="sm" type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid={`${testId}-search`} disabled={saving} />
          </Field.Root>
          {text.trim() !== '' && shown === undefined && <LoadingSpinner size="xs" label="Searching" />}
          {shown && (
            <Box
              ref={scroller}
              role="group"
              aria-label={`${searchLabel}: results`}
              maxH="240px"
              overflowY="auto"
              borderWidth="1px"
              rounded="md"
              px="2"
              py="1"
              onScroll={(e) => {
                if (isNearBottom(e.currentTarget)) more();
              }}
              data-testid={`${testId}-results`}
              data-more={shown.next !== undefined || undefined}
              data-loading={shown.loading || undefined}
            >
              <Stack gap="1">
                {offered.map((member) => (
                  <Checkbox.Root
                    key={member.href}
                    size="sm"
                    checked={picked.has(member.href)}
                    disabled={saving}
                    onCheckedChange={({ checked }) => actor.send(checked === true ? { type: 'PICK', member } : { type: 'UNPICK', href: member.href })}
                    data-testid={`${testId}-result`}
                    data-href={member.href}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontSize="sm">{member.name}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
                {offered.length === 0 && !shown.loading && shown.next === undefined && shown.error === undefined && (
                  <Text color="fg.muted" fontSize="sm">
                    No matches
                  </Text>
                )}
                {shown.loading && <LoadingSpinner size="xs" label={shown.found.length > 0 ? 'Loading more' : 'Searching'} />}
                {shown.error !== undefined && (
                  <Text color="fg.error" fontSize="sm" data-testid={`${testId}-search-error`}>
                    {loadErrorText(shown.error)}
                  </Text>
                )}
              </Stack>
            </Box>
          )}
          <HStack gap="2">
            <ChosenMenu picked={context.picked} onUnpick={(href) => actor.send({ type: 'UNPICK', href })} disabled={saving} testId={`${testId}-picked`} />
            <Button
              size="sm"
              variant="outline"
              disabled={context.picked.length === 0 || saving}
              onClick={() => {
                // spec 03 §4: one ADD per chosen member; each leaves the choice.
                for (const member of context.picked) actor.send({ type: 'ADD', member });
              }}
              data-testid={`${testId}-add`}
            >
              {addLabel}
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}

/** The chosen items' dropdown (spec 03 §2.6 "a selected-items dropdown"): what the picker has ticked, each removable. */
function ChosenMenu({
  picked,
  onUnpick,
  disabled,
  testId,
}: {
  readonly picked: readonly MemberRef[];
  readonly onUnpick: (href: string) => void;
  readonly disabled: boolean;
  readonly testId: string;
}) {
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled || picked.length === 0} data-testid={testId}>
          {picked.length} chosen
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid={`${testId}-menu`}>
            {picked.map((member) => (
              <Menu.Item key={member.href} value={member.href} onSelect={() => onUnpick(member.href)} aria-label={`Unselect ${member.name}`}>
                <Box flex="1">{member.name}</Box>
                <Text color="fg.muted" fontSize="xs">
                  Remove
                </Text>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
