import type { ReactNode } from 'react';
import { Alert, Button, Center, EmptyState, Spinner, Stack, VStack } from '@chakra-ui/react';
import { describeError } from '../api/client.ts';

/** A spinner with a label for screen readers. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="16" data-testid="loading" role="status" aria-live="polite">
      <VStack gap="3" color="fg.muted">
        <Spinner size="lg" color="brand.solid" borderWidth="3px" />
        <span>{label}</span>
      </VStack>
    </Center>
  );
}

/** A failed load: the server's heading and message (spec 01 §8) and a retry button. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { heading, message } = describeError(error);
  return (
    <Alert.Root status="error" data-testid="error-state" my="6" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{heading}</Alert.Title>
        <Alert.Description>
          <Stack gap="3" align="flex-start">
            <span>{message}</span>
            {onRetry && (
              <Button size="sm" variant="outline" onClick={onRetry}>
                Try again
              </Button>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** An empty list with an icon, a title and what to do next. */
export function EmptyView(props: { icon: ReactNode; title: string; description?: ReactNode; children?: ReactNode }) {
  return (
    <EmptyState.Root data-testid="empty-state" py="12">
      <EmptyState.Content>
        <EmptyState.Indicator>{props.icon}</EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{props.title}</EmptyState.Title>
          {props.description && <EmptyState.Description>{props.description}</EmptyState.Description>}
        </VStack>
        {props.children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
