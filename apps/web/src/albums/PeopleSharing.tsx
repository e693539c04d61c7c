/**
 * The Share dialog's people and groups (issue 13; FotoWeb sharing `type: "user"` / `"group"`, `people_search`; spec 03
 * §3.3 albums.shareWithUsers / shareWithGroups; spec 01 §8 "Share failed"): the users and groups the album is shared
 * with, each with what they may do, a people search to add more (users and groups the caller may share with), the
 * right new shares get (view, or view and add assets), and Save, which sends the additions and removals in one
 * `PATCH .shares/`. The list is a `memberEditList` actor (kind `albumShares`) on the users-and-groups room's
 * `MemberListEditor`, so adding, removing, cancelling and the save's failure behave as everywhere else.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { memberEditListMachine, type ApplyMemberChangesInput, type MemberRef } from '@magpie/machines';
import type { AlbumSharing, PersonShare } from '@magpie/api-types';
import { api } from '../api/client.ts';
import { loadErrorText, machineCall } from '../api/requestErrors.ts';
import { useResource } from '../api/useResource.ts';
import { MemberListEditor } from '../users/MemberListEditor.tsx';
import type { MemberSearch } from '../users/usersApi.ts';

/** What new shares let people do. */
type Rights = 'view' | 'contribute';

const isPersonShare = (share: AlbumSharing['shares'][number]): share is PersonShare => share.type === 'user' || share.type === 'group';

/** How a share is listed: the person's or group's name, "(group)" for a group, and "can add" for contributors. */
function shareName(name: string, type: 'user' | 'group', contribute: boolean): string {
  return `${name}${type === 'group' ? ' (group)' : ''}${contribute ? ' · can add assets' : ''}`;
}

const loadIds = new WeakMap<AlbumSharing, number>();
let lastLoadId = 0;
/** A number for each sharing read (each answer is a new object), to key the list by. */
function loadId(sharing: AlbumSharing): number {
  let id = loadIds.get(sharing);
  if (id === undefined) {
    id = ++lastLoadId;
    loadIds.set(sharing, id);
  }
  return id;
}

/** Props of {@link PeopleSharing}. */
export interface PeopleSharingProps {
  /** The album's `.shares/`. */
  readonly sharesHref: string;
  /** The descriptor's `people_search` template (`{?q}`). */
  readonly peopleSearch: string;
  /** The album's owner's href (`props.owner.href`): never offered. */
  readonly ownerHref: string;
  /** The sharing as the dialog read it (the list starts from it; it is read again after each save). */
  readonly loaded: AlbumSharing;
}

/** The list of one loaded sharing, and its save. Remounted (by key) after each save, from the sharing read again. */
function SharedWithList({ sharing, peopleSearch, ownerHref, onSaved }: { sharing: AlbumSharing; peopleSearch: string; ownerHref: string; onSaved: () => void }) {
  const [rights, setRights] = useState<Rights>('view');
  const rightsRef = useRef(rights);
  rightsRef.current = rights;
  // The type of every user or group the list has seen (loaded or found), which each share of the PATCH names.
  const types = useRef(new Map<string, 'user' | 'group'>());
  const members: MemberRef[] = sharing.shares.filter(isPersonShare).map((share) => {
    types.current.set(share.href, share.type);
    return { href: share.href, type: share.type, name: shareName(share.name, share.type, share.acl.includes('contribute')) };
  });
  const actor = useActorRef(
    memberEditListMachine.provide({
      actors: {
        applyMemberChanges: fromPromise<unknown, ApplyMemberChangesInput>(({ input }) => {
          const typeOf = (href: string) => types.current.get(href) ?? 'user';
          return machineCall(() =>
            api.updateAlbumShares(input.href, {
              ...(input.add.length
                ? { addShares: input.add.map((href) => ({ type: typeOf(href), href, acl: rightsRef.current === 'contribute' ? ['view', 'contribute'] : ['view'] })) }
                : {}),
              ...(input.remove.length ? { removeShares: input.remove.map((href) => ({ type: typeOf(href), href })) } : {}),
            }),
          );
        }),
      },
    }),
    { input: { kind: 'albumShares', href: sharing.href, ownerHref, members, defaultGroupHrefs: [] } },
  );
  const search = useMemo<MemberSearch>(
    () => async (q, _next, signal) => {
      const people = await api.listPeople(peopleSearch, q, { signal });
      return {
        found: people.data.map((person) => {
          types.current.set(person.href, person.type);
          return { href: person.href, type: person.type, name: shareName(person.display_name, person.type, false) };
        }),
        next: undefined,
      };
    },
    [peopleSearch],
  );
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const done = useSelector(actor, (s) => s.status === 'done');
  const changed = useSelector(actor, (s) => s.context.added.length + s.context.removed.length > 0);
  const hasAdditions = useSelector(actor, (s) => s.context.added.length > 0);
  // A save ends the actor; the sharing is read again and the list starts over from it.
  useEffect(() => {
    if (done) onSaved();
  }, [done, onSaved]);
  return (
    <Stack gap="3">
      <MemberListEditor actor={actor} label="Shared with" searchLabel="Find people or groups" addLabel="Add" search={search} editable={!saving && !done} testId="share-people" />
      <HStack gap="3" align="end" wrap="wrap">
        <NativeSelect.Root size="sm" w="auto" disabled={saving || !hasAdditions}>
          <NativeSelect.Field
            aria-label="What the people you add may do"
            value={rights}
            onChange={(event) => setRights(event.target.value as Rights)}
            data-testid="share-people-rights"
          >
            <option value="view">They may view</option>
            <option value="contribute">They may view and add assets</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" colorPalette="brand" disabled={!changed} loading={saving} onClick={() => actor.send({ type: 'SAVE' })} data-testid="share-people-save">
          <Users aria-hidden="true" />
          Save sharing
        </Button>
      </HStack>
    </Stack>
  );
}

/** See the module comment. */
export function PeopleSharing({ sharesHref, peopleSearch, ownerHref, loaded }: PeopleSharingProps) {
  // Read again only after a save; until then the dialog's first read is the list.
  const [reads, setReads] = useState(0);
  const reread = useResource(reads > 0 ? `${sharesHref}#${reads}` : undefined, (signal) => api.getAlbumShares(sharesHref, { signal }));
  const sharing = reads > 0 ? reread : { status: 'ready' as const, data: loaded, error: undefined, reload: () => setReads((n) => n + 1) };
  const [saved, setSaved] = useState(false);
  const onSaved = useCallback(() => {
    setSaved(true);
    setReads((n) => n + 1);
  }, []);
  return (
    <Stack as="section" aria-labelledby="share-people-heading" gap="3" data-testid="share-people-section">
      <Text id="share-people-heading" fontWeight="medium">
        People and groups
      </Text>
      <Text fontSize="sm" color="fg.muted">
        They find the album under “Shared with me” and see the photos they may see in their archives.
      </Text>
      {sharing.status === 'error' && !sharing.data ? (
        <Stack gap="2">
          <Text role="alert" color="fg.error" data-testid="share-people-load-error">
            {loadErrorText(sharing.error)}
          </Text>
          <Button size="sm" alignSelf="flex-start" onClick={sharing.reload}>
            Try again
          </Button>
        </Stack>
      ) : !sharing.data ? (
        <Text role="status" fontSize="sm">
          Loading who it is shared with…
        </Text>
      ) : (
        // Each sharing read starts the list over (a save's list ends; the one read after it takes its place).
        <SharedWithList key={loadId(sharing.data)} sharing={sharing.data} peopleSearch={peopleSearch} ownerHref={ownerHref} onSaved={onSaved} />
      )}
      {saved && (
        <Alert.Root status="success" size="sm" data-testid="share-people-saved">
          <Alert.Indicator />
          <Alert.Description>Sharing saved.</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
