/**
 * A member or membership list being edited (spec 03 §2.6 "member of, with a picker", Members tab add-member picker,
 * §2.7 group memberships; §4 add and remove lists), driven by a `memberEditList` actor the form owns: the listed
 * members with their remove buttons, a search (debounced 300 ms, spec 03 §5/§9) whose results can be added, and the
 * list's own error (spec 03 §8).
 */
import { useEffect, useState } from 'react';
import { Alert, Badge, Box, Button, Field, HStack, Input, List, Spinner, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { currentMembers, isDefaultGroupHref, isMemberRemovable, type memberEditListMachine, type MemberRef } from '@magpie/machines';
import { isAbort } from '../api/client.ts';
import { memberListErrorText } from './errors.ts';
import { useDebouncedValue } from '../components/useDebouncedValue.ts';
import { SEARCH_DEBOUNCE_MS } from '../components/useDebouncedValue.ts';

/** Props of {@link MemberListEditor}. */
export interface MemberListEditorProps {
  /** The list's actor (`memberEditListMachine`). */
  readonly actor: ActorRefFrom<typeof memberEditListMachine>;
  /** The list's heading, e.g. "Member of" or "Groups". */
  readonly label: string;
  /** The search field's label, e.g. "Find a group to add". */
  readonly searchLabel: string;
  /** Finds candidates for `q` (a page of groups or users); the editor leaves out what may not be added. */
  readonly search: (q: string, signal: AbortSignal) => Promise<MemberRef[]>;
  /** False when the caller may not change this list (the matching `actions` flag): read-only. */
  readonly editable: boolean;
  /** Test id prefix. */
  readonly testId: string;
}

/** See the module comment. */
export function MemberListEditor({ actor, label, searchLabel, search, editable, testId }: MemberListEditorProps) {
  const context = useSelector(actor, (s) => s.context);
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const members = currentMembers(context);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<{ q: string; found: MemberRef[] } | undefined>(undefined);

  useEffect(() => {
    if (query === '' || !editable) {
      setResults(undefined);
      return;
    }
    const controller = new AbortController();
    search(query, controller.signal)
      .then((found) => setResults({ q: query, found }))
      .catch((error: unknown) => {
        if (!isAbort(error)) setResults({ q: query, found: [] });
      });
    return () => controller.abort();
  }, [query, search, editable]);

  const listed = new Set(members.map((m) => m.href));
  // spec 03 §5: members already listed and the owner itself are left out; built-in groups' members are implicit.
  const offered = (results?.found ?? []).filter((m) => !listed.has(m.href) && m.href !== context.ownerHref && !isDefaultGroupHref(context, m.href));
  const added = new Set(context.added.map((m) => m.href));
  const error = memberListErrorText(context.error);

  return (
    <Box data-testid={testId} data-saving={saving || undefined}>
      <Text as="h3" fontWeight="semibold" mb="2" id={`${testId}-label`}>
        {label}
      </Text>
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
        <Field.Root>
          <Field.Label>{searchLabel}</Field.Label>
          <Input size="sm" type="search" value={text} onChange={(e) => setText(e.target.value)} data-testid={`${testId}-search`} disabled={saving} />
          {text.trim() !== '' && (results?.q !== text.trim() ? <Spinner size="xs" mt="1" aria-label="Searching" /> : null)}
          {results && results.q === query && (
            <List.Root variant="plain" gap="1" mt="2" aria-label="Search results" data-testid={`${testId}-results`}>
              {offered.length === 0 && (
                <List.Item color="fg.muted" fontSize="sm">
                  No matches
                </List.Item>
              )}
              {offered.map((member) => (
                <List.Item key={member.href} alignItems="center" gap="2">
                  <Text flex="1" fontSize="sm">
                    {member.name}
                  </Text>
                  <Button
                    size="2xs"
                    variant="outline"
                    onClick={() => actor.send({ type: 'ADD', member })}
                    aria-label={`Add ${member.name}`}
                    data-testid={`${testId}-add`}
                    disabled={saving}
                  >
                    Add
                  </Button>
                </List.Item>
              ))}
            </List.Root>
          )}
        </Field.Root>
      )}
    </Box>
  );
}
