/**
 * The archive dialog's Access list tab (spec 03 §2.12 "Access list", §3.9, §4, §5): the members in their order, each
 * row draggable by its handle with the mouse, touch or keyboard (Space or Enter picks it up, the arrow keys move it,
 * Space or Enter drops it, Escape cancels; @dnd-kit announces each step), the first row chosen when the tab opens,
 * Add member (the Add member dialog), and a removal that asks first. The chosen member's permissions
 * (`MemberPermissions`, on the `archivePermissions` machine) and AutoSearch filter show beside the list.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Badge, Box, Button, EmptyState, Field, Grid, HStack, IconButton, Input, Stack, Text, VStack } from '@chakra-ui/react';
import { GripVertical, Trash2, UserPlus, Users } from 'lucide-react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ArchiveMember, ArchivePermissionOffer } from '@magpie/machines';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { AddMemberDialog } from './AddMemberDialog.tsx';
import { addMembers, memberKey, moveMember, removeMember, updateMember, type PickedMember } from './archiveForm.ts';
import type { MemberListLinks } from './archivesApi.ts';
import { MemberPermissions } from './MemberPermissions.tsx';

/** Props of {@link AccessList}. */
export interface AccessListProps {
  readonly members: readonly ArchiveMember[];
  readonly offer: ArchivePermissionOffer;
  readonly links: MemberListLinks;
  /** Called with the whole new list after each change (order, members, permissions, AutoSearch). */
  readonly onChange: (members: ArchiveMember[]) => void;
  /** True while the archive is being saved. */
  readonly disabled: boolean;
}

/**
 * What the access list tells screen readers while a row is dragged (dnd-kit's live region): picked up, each new
 * position (not the row's own place it starts over), dropped or cancelled. `lastOver` remembers the last position told.
 */
function announcements(nameOf: (key: string) => string, positionOf: (key: string) => number, total: number, lastOver: { current: string | undefined }): Announcements {
  const where = (key: string | number) => ` at position ${positionOf(String(key))} of ${total}`;
  return {
    onDragStart: ({ active }) => {
      lastOver.current = String(active.id);
      return `Picked up ${nameOf(String(active.id))}${where(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      const at = over ? String(over.id) : undefined;
      if (at === lastOver.current) return undefined;
      lastOver.current = at;
      return over ? `${nameOf(String(active.id))} moved${where(over.id)}.` : `${nameOf(String(active.id))} is not over the list.`;
    },
    onDragEnd: ({ active, over }) => (over ? `${nameOf(String(active.id))} dropped${where(over.id)}.` : `${nameOf(String(active.id))} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(String(active.id))} was cancelled.`,
  };
}

const SCREEN_READER_INSTRUCTIONS = {
  draggable: 'To move a member, press Space or Enter, move it with the up and down arrow keys, then press Space or Enter to drop it, or Escape to cancel.',
};

/** See the module comment. */
export function AccessList({ members, offer, links, onChange, disabled }: AccessListProps) {
  const [chosenKey, setChosenKey] = useState<string | undefined>(undefined);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ArchiveMember | undefined>(undefined);
  const lastOver = useRef<string | undefined>(undefined);
  const keys = useMemo(() => members.map(memberKey), [members]);
  // spec 03 §2.12: the first row is chosen at first, and again when the chosen one is removed.
  const chosen = members.find((member) => memberKey(member) === chosenKey) ?? members[0];
  const chosenMemberKey = chosen ? memberKey(chosen) : undefined;

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (key: string) => members.find((member) => memberKey(member) === key)?.Name ?? 'member';
  const positionOf = (key: string) => keys.indexOf(key) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onChange(moveMember(members, String(active.id), String(over.id)));
  };

  const changeChosen = useCallback(
    (changes: Parameters<typeof updateMember>[2]) => {
      if (chosenMemberKey !== undefined) onChange(updateMember(members, chosenMemberKey, changes));
    },
    [members, chosenMemberKey, onChange],
  );
  const onPermissions = useCallback((permissions: readonly string[]) => changeChosen({ Permissions: [...permissions] }), [changeChosen]);

  return (
    <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5" alignItems="start" data-testid="access-list">
      <Stack gap="3">
        <HStack justify="space-between">
          <Text fontWeight="medium" id="access-list-title">
            Members ({members.length})
          </Text>
          <Button size="xs" variant="outline" onClick={() => setAdding(true)} disabled={disabled} data-testid="access-list-add">
            <UserPlus aria-hidden="true" />
            Add member
          </Button>
        </HStack>
        {members.length === 0 ? (
          <EmptyState.Root size="sm" data-testid="access-list-empty" borderWidth="1px" rounded="md">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Users aria-hidden="true" />
              </EmptyState.Indicator>
              <VStack textAlign="center">
                <EmptyState.Title>No members yet</EmptyState.Title>
                <EmptyState.Description>Only the site owner can open this archive until you add users or groups.</EmptyState.Description>
              </VStack>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements: announcements(nameOf, positionOf, members.length, lastOver), screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
          >
            <SortableContext items={keys} strategy={verticalListSortingStrategy}>
              <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" aria-labelledby="access-list-title" data-testid="access-list-members">
                {members.map((member) => (
                  <MemberRow
                    key={memberKey(member)}
                    member={member}
                    chosen={memberKey(member) === chosenMemberKey}
                    disabled={disabled}
                    onChoose={() => setChosenKey(memberKey(member))}
                    onRemove={() => setRemoving(member)}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
      </Stack>
      {chosen && chosenMemberKey && (
        <Box as="section" aria-labelledby="access-member-title" borderWidth="1px" rounded="md" p="4" data-testid="access-member-detail" data-key={chosenMemberKey}>
          <Stack gap="4">
            <Text as="h3" id="access-member-title" fontWeight="semibold" data-testid="access-member-title">
              {chosen.Name}{' '}
              <Badge size="sm" variant="subtle">
                {chosen.MemberType === 'group' ? 'Group' : 'User'}
              </Badge>
            </Text>
            <MemberPermissions key={chosenMemberKey} name={chosen.Name} permissions={chosen.Permissions} offer={offer} onChange={onPermissions} disabled={disabled} />
            <Field.Root disabled={disabled}>
              <Field.Label>AutoSearch filter</Field.Label>
              <Input
                size="sm"
                value={chosen.AutoSearch ?? ''}
                onChange={(event) => changeChosen({ AutoSearch: event.target.value })}
                placeholder="fn:press-* or 25:cat"
                autoComplete="off"
                spellCheck={false}
                data-testid="access-member-autosearch"
              />
              <Field.HelperText>
                A search expression: {chosen.Name} sees only the assets of this archive that match it, in every view and search. Leave it empty for every asset.
              </Field.HelperText>
            </Field.Root>
          </Stack>
        </Box>
      )}
      {adding && (
        <AddMemberDialog
          links={links}
          present={new Set(keys)}
          onAdd={(picked: readonly PickedMember[]) => {
            const next = addMembers(members, picked);
            onChange(next);
            // The first one added is chosen, so its permissions show at once.
            const first = next.find((member) => !keys.includes(memberKey(member)));
            if (first) setChosenKey(memberKey(first));
          }}
          onClose={() => setAdding(false)}
        />
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove member"
        confirmLabel="Remove"
        onClose={() => setRemoving(undefined)}
        action={async () => {
          if (removing) onChange(removeMember(members, memberKey(removing)));
        }}
        onFailed={() => undefined}
        testId="access-member-remove-confirm"
      >
        <Text>
          Remove <strong>{removing?.Name}</strong> from the access list? They lose what this list gives them in the archive when it is saved.
        </Text>
      </ConfirmDialog>
    </Grid>
  );
}

/** One member of the list: the drag handle, the member (a button that chooses it), and Remove. */
function MemberRow({
  member,
  chosen,
  disabled,
  onChoose,
  onRemove,
}: {
  readonly member: ArchiveMember;
  readonly chosen: boolean;
  readonly disabled: boolean;
  readonly onChoose: () => void;
  readonly onRemove: () => void;
}) {
  const key = memberKey(member);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: key, disabled });
  const count = member.Permissions.length;
  return (
    <HStack
      as="li"
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      gap="1"
      borderWidth="1px"
      rounded="md"
      bg={chosen ? 'colorPalette.subtle' : 'bg.panel'}
      colorPalette="brand"
      borderColor={chosen ? 'colorPalette.muted' : 'border'}
      shadow={isDragging ? 'md' : undefined}
      position="relative"
      zIndex={isDragging ? 1 : undefined}
      data-testid="access-member"
      data-key={key}
      data-name={member.Name}
      data-chosen={chosen || undefined}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="xs"
        variant="ghost"
        cursor={disabled ? undefined : 'grab'}
        aria-label={`Move ${member.Name}`}
        data-testid="access-member-handle"
        {...attributes}
        {...listeners}
      >
        <GripVertical aria-hidden="true" />
      </IconButton>
      <Button variant="plain" size="sm" flex="1" minW="0" justifyContent="flex-start" px="1" onClick={onChoose} aria-pressed={chosen} data-testid="access-member-choose">
        <Stack gap="0" align="flex-start" minW="0">
          <Text truncate fontWeight={chosen ? 'semibold' : 'normal'}>
            {member.Name}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {member.MemberType === 'group' ? 'Group' : 'User'} · {count === 1 ? '1 permission' : `${count} permissions`}
            {member.AutoSearch ? ' · filtered' : ''}
          </Text>
        </Stack>
      </Button>
      <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={`Remove ${member.Name}`} onClick={onRemove} disabled={disabled} data-testid="access-member-remove">
        <Trash2 aria-hidden="true" />
      </IconButton>
    </HStack>
  );
}
