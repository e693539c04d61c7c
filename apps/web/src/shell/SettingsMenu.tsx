import { Badge, Box, Float, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Settings } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { useActions } from '../actions/ActionsProvider.tsx';
import { actionsByName } from '../actions/registry.ts';
import type { SettingsEntry } from '../settings/settingsEntries.ts';
import { useSettings } from './SettingsProvider.tsx';
import { useDesktopTool } from '../desktopTool/DesktopToolProvider.tsx';

/** The cog's accessible name, with the pending total when there is one (the badge itself is hidden from readers). */
function triggerLabel(badge: number): string {
  return badge > 0 ? `Settings, ${badge} pending` : 'Settings';
}

/**
 * Whether `href` is one of the web client's own views (`/fotoweb/views/…`): the BFF answers every such path with the
 * app, so the router shows it without reloading the page (a reload costs about a second of boot on every entry).
 */
function isAppView(href: string): boolean {
  return href.startsWith('/fotoweb/views/');
}

/** The item for an entry that goes to a page: the view in this tab (a client route where it is one), or a new tab. */
function LinkEntry({ entry }: { entry: SettingsEntry }) {
  const newTab = entry.opens.kind === 'newTab';
  const content = (
    <>
      {entry.label}
      {newTab && <Box srOnly>(opens in a new tab)</Box>}
      {entry.count !== undefined && (
        <Badge ms="auto" colorPalette="red" variant="solid">
          {entry.count}
        </Badge>
      )}
    </>
  );
  return (
    <Menu.Item asChild value={entry.id} data-testid={`settings-${entry.id}`}>
      {!newTab && isAppView(entry.href) ? (
        <RouterLink to={entry.href}>{content}</RouterLink>
      ) : (
        <a href={entry.href} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
          {content}
        </a>
      )}
    </Menu.Item>
  );
}

/**
 * The settings (cog) menu of the header (spec 03 §2.1): the entries the descriptor and the permissions overview
 * allow (`settings/settingsEntries.ts`), hidden when there are none, with the sum of the pending counts on the cog.
 * Entries that open a Magpie screen run their action from the registry (e.g. `openUserManagement`).
 */
export function SettingsMenu() {
  const { menu } = useSettings();
  const { run } = useActions();
  // The desktop tool's entry (issue 15) follows its machine: "install" or "upgrade" while offered, opening the
  // how-to install view in a modal; gone on a touch layout, once up to date, or without the rights.
  const desktopTool = useDesktopTool();
  const entries = menu.entries.flatMap((entry): (Omit<SettingsEntry, 'id'> & { readonly id: string })[] =>
    entry.id !== 'installDesktopTool' ? [entry] : (desktopTool?.entries ?? []).map((tool) => ({ ...entry, id: tool.id, label: tool.label })),
  );
  if (entries.length === 0) return null;
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        const tool = desktopTool?.entries.find((candidate) => candidate.id === value);
        if (tool) return desktopTool?.send(tool.event);
        const entry = entries.find((candidate) => candidate.id === value);
        if (entry?.opens.kind !== 'action') return;
        const action = actionsByName[entry.opens.action];
        if (action) run(action);
      }}
    >
      <Menu.Trigger asChild>
        <IconButton data-testid="settings-menu-trigger" variant="ghost" size="sm" aria-label={triggerLabel(menu.badge)} position="relative">
          <Settings aria-hidden="true" />
          {menu.badge > 0 && (
            <Float placement="top-end" offset="2">
              <Badge data-testid="settings-badge" aria-hidden="true" colorPalette="red" variant="solid" size="xs" rounded="full">
                {menu.badge}
              </Badge>
            </Float>
          )}
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid="settings-menu" minW="56" aria-label="Settings">
            {entries.map((entry) =>
              entry.opens.kind === 'action' || desktopTool?.entries.some((tool) => tool.id === entry.id) ? (
                <Menu.Item key={entry.id} value={entry.id} data-testid={`settings-${entry.id}`}>
                  {entry.label}
                </Menu.Item>
              ) : (
                <LinkEntry key={entry.id} entry={entry as SettingsEntry} />
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
