import { Spinner, type SpinnerProps } from '@chakra-ui/react';

/**
 * A spinner that tells screen readers what is loading: `role="status"` named by `label` (e.g. "Loading users").
 * Chakra's `Spinner` is a span without a role, on which `aria-label` alone is not allowed (axe `aria-prohibited-attr`)
 * and is not read. Other props (size, margins) go to the spinner. A purely decorative spinner is `Spinner aria-hidden`.
 */
export function LoadingSpinner({ label, ...props }: Omit<SpinnerProps, 'role' | 'aria-label'> & { readonly label: string }) {
  return <Spinner role="status" aria-label={label} {...props} />;
}
