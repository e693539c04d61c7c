/**
 * A group's expanded row in the groups grid (spec 03 §2.5 "An expanded row holds two grids, user members and group
 * members, each with a More row that loads further pages. Detail rows are 300 px high"): the group's direct user
 * members (full name, username, e-mail) and group members (name, description), each loaded page by page from the
 * group's `userMembersHref` / `groupMembersHref` by following the list's `paging.next` (never building page URLs).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { Group, Member } from '@magpie/api-types';
import { api, isAbort } from '../api/client.ts';
import { countText } from '../components/PagingBar.tsx';
import { loadErrorText } from '../api/requestErrors.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Height of an expanded row's detail (px; spec 03 §9 "Detail rows are 300 px high"). */
export const DETAIL_ROW_HEIGHT_PX = 300;

/** Pages of one member list: what is loaded, the next page's link, the total, and whether a page is on its way. */
interface MemberPages {
  readonly members: readonly Member[];
  readonly next: string | null;
  readonly count: number | undefined;
  readonly loading: boolean;
  readonly error: unknown;
}

/** The pages of the member list at `href`: the first at once, the next one on `more()`; a failure keeps what loaded. */
function useMemberPages(href: string): MemberPages & { more: () => void } {
  const [pages, setPages] = useState<MemberPages>({ members: [], next: href, count: undefined, loading: true, error: undefined });
  const controller = useRef<AbortController | undefined>(undefined);
  const load = useCallback((pageHref: string) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPages((p) => ({ ...p, loading: true, error: undefined }));
    api
      .listGroupMembers(pageHref, undefined, { signal: current.signal })
      .then((page) => setPages((p) => ({ members: [...p.members, ...page.data], next: page.paging.next || null, count: page.count, loading: false, error: undefined })))
      .catch((error: unknown) => {
        if (!isAbort(error)) setPages((p) => ({ ...p, loading: false, error }));
      });
  }, []);
  useEffect(() => {
    load(href);
    return () => controller.current?.abort();
  }, [href, load]);
  const more = () => {
    if (pages.next && !pages.loading) load(pages.next);
  };
  return { ...pages, more };
}

/** See the module comment. */
export function GroupMembers({ group }: { readonly group: Pick<Group, 'name' | 'userMembersHref' | 'groupMembersHref'> }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" h={`${DETAIL_ROW_HEIGHT_PX}px`} data-testid="group-detail">
      <MemberGrid title="User members" href={group.userMembersHref} kind="user" group={group.name} />
      <MemberGrid title="Group members" href={group.groupMembersHref} kind="group" group={group.name} />
    </SimpleGrid>
  );
}

function MemberGrid({ title, href, kind, group }: { readonly title: string; readonly href: string; readonly kind: 'user' | 'group'; readonly group: string }) {
  const pages = useMemberPages(href);
  const noun: readonly [string, string] = kind === 'user' ? ['user', 'users'] : ['group', 'groups'];
  return (
    <Stack gap="1" minH="0" data-testid={`group-detail-${kind}s`}>
      <Heading as="h3" size="xs">
        {title}
        {pages.count !== undefined && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            ({countText(pages.count, noun)})
          </Text>
        )}
      </Heading>
      <Box overflowY="auto" borderWidth="1px" rounded="md" flex="1" minH="0">
        <Table.Root size="sm" aria-label={`${title} of ${group}`}>
          <Table.Body>
            {pages.members.map((member) => (
              <Table.Row key={member.href} data-testid="group-detail-member" data-href={member.href}>
                <Table.Cell>{member.name}</Table.Cell>
                <Table.Cell color="fg.muted">{kind === 'user' ? [member.username, member.email].filter(Boolean).join(' · ') : member.description}</Table.Cell>
              </Table.Row>
            ))}
            {!pages.loading && !pages.error && pages.members.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={2}>
                  <Text color="fg.muted">No {noun[1]}.</Text>
                </Table.Cell>
              </Table.Row>
            )}
            {(pages.next !== null || pages.loading) && pages.members.length > 0 && (
              <Table.Row>
                <Table.Cell colSpan={2} textAlign="center">
                  <Button size="xs" variant="ghost" onClick={pages.more} loading={pages.loading} disabled={pages.next === null} data-testid="group-detail-more">
                    More
                  </Button>
                </Table.Cell>
              </Table.Row>
            )}
          </Table.Body>
        </Table.Root>
        {pages.loading && pages.members.length === 0 && <LoadingSpinner size="sm" m="2" label={`Loading the ${noun[1]}`} />}
        {pages.error !== undefined && (
          <Alert.Root status="error" size="sm" data-testid="group-detail-error">
            <Alert.Indicator />
            <Alert.Description>{loadErrorText(pages.error)}</Alert.Description>
          </Alert.Root>
        )}
      </Box>
    </Stack>
  );
}
