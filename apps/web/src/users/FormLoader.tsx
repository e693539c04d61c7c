/**
 * Loading what an edit form of the users-and-groups modal starts from (spec 03 §2.6, §2.7): nothing to load when
 * adding, a spinner while the record and its lists load, and on failure the §8 "Other administration errors" text
 * (`loadErrorText`) with a Back button; then the form itself.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';
import { useResource } from '../api/useResource.ts';
import { loadErrorText } from '../api/requestErrors.ts';
import { LoadingSpinner } from '../components/LoadingSpinner.tsx';

/** Props of {@link FormLoader}. */
export interface FormLoaderProps<T> {
  /** The record's href on edit; undefined when adding, which shows `children(empty)` at once. */
  readonly href: string | undefined;
  /** Loads the record and whatever the form needs with it. */
  readonly load: (href: string, signal: AbortSignal) => Promise<T>;
  /** What an add form starts from. */
  readonly empty: () => T;
  /** The record's name in the spinner's label ("user", "group"). */
  readonly what: string;
  /** The test id prefix: `<testId>-loading`, `<testId>-error`. */
  readonly testId: string;
  readonly onBack: () => void;
  readonly children: (loaded: T) => ReactNode;
}

/** See the module comment. */
export function FormLoader<T>({ href, load, empty, what, testId, onBack, children }: FormLoaderProps<T>) {
  const resource = useResource<T>(href, (signal) => load(href!, signal));
  if (href === undefined) return children(empty());
  if (resource.status === 'error') {
    return (
      <Stack>
        <Alert.Root status="error" data-testid={`${testId}-error`}>
          <Alert.Indicator />
          <Alert.Description>{loadErrorText(resource.error)}</Alert.Description>
        </Alert.Root>
        <Button alignSelf="start" variant="outline" onClick={onBack}>
          Back
        </Button>
      </Stack>
    );
  }
  if (resource.data === undefined) return <LoadingSpinner label={`Loading the ${what}`} data-testid={`${testId}-loading`} />;
  return children(resource.data);
}
