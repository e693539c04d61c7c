/**
 * The form of a credential that acts as someone (issue 11 API clients, issue 16 legacy API keys): its name, whom it
 * acts as (a select of the offered principals) and, when the caller may look further, a search whose matches join the
 * select ({@link usePrincipalSearch}). Test ids, for a `testId` prefix `p`: `p-name`, `p-acting-as`; the search's is
 * given.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './useDebouncedValue.ts';

/** A user or group a credential can act as: an href and the name shown. */
export interface Principal {
  readonly href: string;
  readonly name: string;
}

/** The search field of {@link ActingAsFields}. */
export interface PrincipalSearchField {
  readonly label: string;
  readonly placeholder: string;
  readonly helper: string;
  readonly testId: string;
  readonly query: string;
  readonly onQuery: (query: string) => void;
}

/** Props of {@link ActingAsFields}. */
export interface ActingAsFieldsProps {
  readonly testId: string;
  readonly name: string;
  readonly onName: (name: string) => void;
  readonly namePlaceholder: string;
  /** The machine's problems: the name field is invalid when one is about the name. */
  readonly problems: readonly string[];
  readonly actingAs: string;
  readonly onActingAs: (href: string) => void;
  readonly choices: readonly Principal[];
  /** The select's empty option ("Choose a user…"). */
  readonly choose: string;
  readonly helper: ReactNode;
  /** The search, when the caller may choose beyond `choices`. */
  readonly search: PrincipalSearchField | undefined;
}

/** See the module comment. */
export function ActingAsFields({ testId, name, onName, namePlaceholder, problems, actingAs, onActingAs, choices, choose, helper, search }: ActingAsFieldsProps) {
  return (
    <>
      <Field.Root required invalid={problems.some((p) => p.startsWith('Name') || p.startsWith('The name'))}>
        <Field.Label>
          Name
          <Field.RequiredIndicator />
        </Field.Label>
        <Input value={name} onChange={(e) => onName(e.target.value)} placeholder={namePlaceholder} data-testid={`${testId}-name`} autoComplete="off" />
      </Field.Root>
      <Field.Root required>
        <Field.Label>
          Acts as
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={actingAs} onChange={(e) => onActingAs(e.target.value)} data-testid={`${testId}-acting-as`}>
            <option value="">{choose}</option>
            {choices.map((choice) => (
              <option key={choice.href} value={choice.href}>
                {choice.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>{helper}</Field.HelperText>
      </Field.Root>
      {search && (
        <Field.Root>
          <Field.Label>{search.label}</Field.Label>
          <Input type="search" value={search.query} onChange={(e) => search.onQuery(e.target.value)} placeholder={search.placeholder} data-testid={search.testId} />
          <Field.HelperText>{search.helper}</Field.HelperText>
        </Field.Root>
      )}
    </>
  );
}

/**
 * The principals matching a typed query: `find(list, q, signal)` once the trimmed query has rested
 * {@link SEARCH_DEBOUNCE_MS} ms; none while `list` is undefined (the caller may not search) or the query is empty, or
 * when the search fails. A new query or list aborts the search in flight.
 */
export function usePrincipalSearch(list: string | undefined, find: (list: string, q: string, signal: AbortSignal) => Promise<Principal[]>) {
  const [found, setFound] = useState<readonly Principal[]>([]);
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const findRef = useRef(find);
  findRef.current = find;
  useEffect(() => {
    if (!list || q === '') return setFound([]);
    const controller = new AbortController();
    findRef
      .current(list, q, controller.signal)
      .then(setFound)
      .catch(() => setFound([]));
    return () => controller.abort();
  }, [list, q]);
  return { found, query, setQuery };
}
