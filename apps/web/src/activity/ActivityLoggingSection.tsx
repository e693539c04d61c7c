/**
 * The Activity exports page's Logging section (issue 15; spec 03 §2.1 "Activity exports", §3.12 activity logging):
 * whether the activity log records at all, and which categories of actions, for holders of `manageActivityLogging`
 * (the descriptor's `permissions.canManageActivityLogging`). On the `activityLogging` machine (the load/save editors'
 * chart): the switches edit its draft, Save sends the whole settings. A change is always recorded in the log itself.
 */
import { useMemo } from 'react';
import { Alert, Box, Button, chakra, Heading, HStack, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { ActivitySettings } from '@magpie/api-types';
import { ACTIVITY_LOGGING_LOAD_FAILED, activityLoggingChanged, activityLoggingMachine } from '@magpie/machines';
import { api } from '../api/client.ts';
import { ErrorState, LoadingState } from '../components/States.tsx';
import { ACTIVITY_CATEGORY_LABELS } from './activity.ts';

/** The state's name for `data-state`: `loading`, `loadFailed`, `saving`, or `ready.<idle|saved|failed>`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value as Record<string, string>)[0]!;
  return `${parent}.${child}`;
}

/** See the module comment. */
export function ActivityLoggingSection() {
  const machine = useMemo(
    () =>
      activityLoggingMachine.provide({
        actors: {
          load: fromPromise<ActivitySettings, void>(({ signal }) => api.getActivitySettings({ signal })),
          save: fromPromise<ActivitySettings, { settings: ActivitySettings }>(({ input, signal }) => api.updateActivitySettings(input.settings, { signal })),
        },
      }),
    [],
  );
  const [state, send] = useMachine(machine);
  const name = stateName(state.value);
  const { stored, draft, error } = state.context;

  let body;
  if (name === 'loading') {
    body = <LoadingState label="Loading the logging settings…" />;
  } else if (name === 'loadFailed') {
    body = (
      <Stack gap="2">
        <Text data-testid="activity-logging-load-error">{ACTIVITY_LOGGING_LOAD_FAILED}</Text>
        <ErrorState error={{ message: error ?? ACTIVITY_LOGGING_LOAD_FAILED }} onRetry={() => send({ type: 'RETRY' })} />
      </Stack>
    );
  } else {
    const saving = name === 'saving';
    body = (
      <chakra.form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'SAVE' });
        }}
      >
        <chakra.fieldset disabled={saving} minW="0">
          <Stack gap="4">
            <Switch.Root checked={draft.enabled} onCheckedChange={(d) => send({ type: 'EDIT', enabled: d.checked })} data-testid="activity-logging-enabled">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Record activity</Switch.Label>
            </Switch.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" role="group" aria-label="Categories recorded">
              {ACTIVITY_CATEGORY_LABELS.map(({ category, label, hint }) => (
                <Stack key={category} gap="0.5">
                  <Switch.Root
                    checked={draft.categories[category]}
                    disabled={!draft.enabled}
                    onCheckedChange={(d) => send({ type: 'EDIT', categories: { [category]: d.checked } })}
                    data-testid={`activity-logging-${category}`}
                  >
                    <Switch.HiddenInput aria-describedby={`activity-logging-${category}-hint`} />
                    <Switch.Control />
                    <Switch.Label>{label}</Switch.Label>
                  </Switch.Root>
                  <Text id={`activity-logging-${category}-hint`} fontSize="sm" color="fg.muted" ps="10">
                    {hint}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
            {name === 'ready.failed' && error && (
              <Alert.Root status="error" data-testid="activity-logging-error">
                <Alert.Indicator />
                <Alert.Description>{error}</Alert.Description>
              </Alert.Root>
            )}
            {name === 'ready.saved' && (
              <Alert.Root status="success" data-testid="activity-logging-saved">
                <Alert.Indicator />
                <Alert.Description>The logging settings were saved. The change is recorded in the log.</Alert.Description>
              </Alert.Root>
            )}
            <HStack>
              <Button type="submit" size="sm" colorPalette="blue" loading={saving} disabled={!activityLoggingChanged(stored, draft)} data-testid="activity-logging-save">
                Save
              </Button>
            </HStack>
          </Stack>
        </chakra.fieldset>
      </chakra.form>
    );
  }

  return (
    <Box as="section" aria-labelledby="activity-logging-heading" borderWidth="1px" rounded="md" p="4" data-testid="activity-logging" data-state={name}>
      <Stack gap="3">
        <Heading as="h2" size="md" id="activity-logging-heading">
          Logging
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          What the activity log records from now on. Rows already recorded stay; changing these settings is always recorded.
        </Text>
        {body}
      </Stack>
    </Box>
  );
}
