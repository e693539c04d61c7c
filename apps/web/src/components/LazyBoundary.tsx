import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack } from '@chakra-ui/react';

/** Props of {@link LazyBoundary}. */
export interface LazyBoundaryProps {
  /** What shows while the chunk loads (a `LoadingState`). */
  fallback: ReactNode;
  /** The lazily loaded part (`React.lazy` components). */
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
}

/** Catches what the lazily loaded part throws while it renders, which includes a chunk that could not be fetched. */
class ChunkErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A part of the page could not be loaded', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert.Root status="error" data-testid="chunk-error" my="6" maxW="2xl" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>This part of Magpie could not be loaded</Alert.Title>
          <Alert.Description>
            <Stack gap="3" align="flex-start">
              <span>The connection may have dropped, or Magpie was updated since this page opened. Reloading the page fixes both.</span>
              {/* React.lazy keeps a failed import for good: only a new page load fetches the chunk again. */}
              <Button size="sm" variant="outline" onClick={() => window.location.reload()}>
                Reload the page
              </Button>
            </Stack>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
}

/**
 * Where a lazily loaded chunk renders (issue 10, route-level code splitting): `Suspense` with its loading state, inside
 * an error boundary, so a chunk that cannot be fetched (a dropped connection, or a release that replaced the chunk
 * files while the tab was open) shows a message with a reload button instead of a blank page.
 */
export function LazyBoundary({ fallback, children }: LazyBoundaryProps) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}
