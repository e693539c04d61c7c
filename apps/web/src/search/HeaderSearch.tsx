/**
 * The header search (spec 02 §2 Header search, §4): text search in the current collection through its `searchURL`
 * template, across all archives from the archives list (then to the archive with the most hits), a clear icon, an
 * empty submit that clears the search, and the advanced search popover. `/` focuses the field (action registry).
 * The field shows the address's `q`; a search the server refused shows its message under the field (spec 02 §8).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Box, chakra, HStack, IconButton, Input, InputGroup, Text } from '@chakra-ui/react';
import { Search, X } from 'lucide-react';
import type { Collection } from '@magpie/api-types';
import { api, describeError } from '../api/client.ts';
import { useActions } from '../actions/ActionsProvider.tsx';
import { actionFocusSearch } from '../actions/actionFocusSearch.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { useView } from '../session/ViewContext.tsx';
import { pickArchiveForSearch, planHeaderSearch } from '../lib/urls.ts';
import { archiveIdOf, pinnedArchives, searchErrorMessage } from './search.ts';
import { AdvancedSearch } from './AdvancedSearch.tsx';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

export function HeaderSearch() {
  const navigate = useNavigate();
  const { descriptor, guest } = useSession();
  const location = useLocation();
  const { collection, searchError } = useView();
  const { searchRef } = useActions();
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const [listMessage, setMessage] = useState<string | undefined>();
  const message = listMessage ?? searchError;

  // Show the expression of the search in the address (kept when the server refused it); a new address resets it.
  const shownSearch = new URLSearchParams(location.search).get('q') ?? '';
  const address = `${location.pathname}${location.search}`;
  useEffect(() => {
    setText(shownSearch);
    setMessage(undefined);
  }, [address, shownSearch]);

  const run = async (value: string) => {
    setMessage(undefined);
    const plan = planHeaderSearch({ text: value, collection, archivesSearchUrl: (descriptor ?? guest)?.searchURL });
    if (plan.kind === 'navigate') {
      navigate(plan.href);
      return;
    }
    if (plan.kind === 'none' && value.trim() === '' && shownSearch !== '') {
      // An empty submit clears the address's search even while its collection is still loading (no clear-search link
      // to follow yet).
      const rest = new URLSearchParams(location.search);
      rest.delete('q');
      navigate(`${location.pathname}${rest.size > 0 ? `?${rest.toString()}` : ''}`);
      return;
    }
    if (plan.kind !== 'searchArchives') return;
    setSearching(true);
    try {
      // Pinned archives win the choice (spec 02 §2 Header search); a search still runs without preferences.
      const href = descriptor?.user_preferences;
      const [results, preferences] = await Promise.all([api.getCollectionList(plan.listHref), href ? api.getUserPreferences(href).catch(() => undefined) : undefined]);
      const pinned = pinnedArchives(preferences);
      const best = pickArchiveForSearch<Collection>(results.data, (archive) => pinned.includes(archiveIdOf(archive)));
      if (best) navigate(best.href);
      else setMessage(`No assets match “${value.trim()}”.`);
    } catch (error) {
      setMessage(searchErrorMessage(error) ?? describeError(error).message);
    } finally {
      setSearching(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(text);
  };

  return (
    <Box as="form" role="search" onSubmit={onSubmit} flex="1" maxW="xl" position="relative" aria-label="Assets">
      <chakra.label htmlFor="header-search" srOnly>
        Search assets
      </chakra.label>
      <HStack gap="1">
        <InputGroup
          startElement={<Search size={16} aria-hidden="true" />}
          endElement={
            text !== '' ? (
              <IconButton
                type="button"
                size="xs"
                variant="ghost"
                aria-label="Clear search"
                data-testid="header-search-clear"
                onClick={() => {
                  setText('');
                  void run('');
                }}
              >
                <X aria-hidden="true" />
              </IconButton>
            ) : undefined
          }
        >
          <Input
            id="header-search"
            data-testid="header-search"
            ref={searchRef}
            type="search"
            name="q"
            size="sm"
            value={text}
            autoComplete="off"
            css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
            placeholder={collection ? `Search ${collection.name}` : 'Search all archives'}
            aria-keyshortcuts={actionFocusSearch.shortcut}
            aria-describedby={message ? 'header-search-message' : undefined}
            aria-invalid={searchError !== undefined && listMessage === undefined ? true : undefined}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') event.currentTarget.blur();
            }}
          />
        </InputGroup>
        <AdvancedSearch />
      </HStack>
      <chakra.button type="submit" srOnly>
        Search
      </chakra.button>
      {searching && <LoadingSpinner size="xs" position="absolute" right="-6" top="2" label="Searching" />}
      {message && (
        <Text
          id="header-search-message"
          data-testid="header-search-message"
          role="alert"
          position="absolute"
          top="100%"
          mt="1"
          fontSize="xs"
          bg="bg.panel"
          borderWidth="1px"
          rounded="sm"
          px="2"
          py="1"
          shadow="md"
          zIndex="dropdown"
        >
          {message}
        </Text>
      )}
    </Box>
  );
}
