/**
 * The desktop tool's state for the logged-in shell (issue 15; spec 01 §2 Desktop tool, §3 `fwdt` and the client
 * settings, §4 Desktop tool, §6 "the fwdt rights", §9 default version 8.1), on the `desktopTool` machine of
 * `@magpie/machines`:
 *
 * - its input: the rights (the DAM gives `fwdt` only to callers with them), this platform's installer, the install
 *   view, whether the layout is mobile or touch (followed as it changes), and the client settings read from local
 *   storage ({@link DESKTOP_TOOL_STORAGE_KEY});
 * - `saveSettings` writes them back there; a failed write keeps the answer for this page only, and says so;
 * - the how-to install view opens in a modal (the `installView` state): the same content as the page at
 *   `fwdt.views.install`, rendered in the modal because the site's pages may not be framed (`frame-ancestors 'none'`).
 *
 * The offer (`DesktopToolOffer`) and the settings menu's install / upgrade entry read {@link useDesktopTool}.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { desktopToolMachine, type DesktopToolContext, type DesktopToolEvent, type DesktopToolSettings } from '@magpie/machines';
import { useSession } from '../session/SessionProvider.tsx';
import { DesktopToolInstall } from './DesktopToolInstall.tsx';
import {
  desktopToolMenuEntries,
  DESKTOP_TOOL_STORAGE_KEY,
  installerFor,
  type DesktopToolMenuEntry,
  type DesktopToolStateName,
  parseDesktopToolSettings,
  platformOf,
  serializeDesktopToolSettings,
  TOUCH_LAYOUT_QUERY,
} from './desktopToolSettings.ts';

/** What the offer and the settings menu read. */
export interface DesktopToolValue {
  readonly state: DesktopToolStateName;
  readonly context: DesktopToolContext;
  /**
   * The settings menu's entries (spec 01 §2 "install and upgrade, 'already have it'"): "install" or "upgrade" while the
   * machine offers it, and, once the offer was ignored (no notice shows then), "already have it"; empty otherwise.
   */
  readonly entries: readonly DesktopToolMenuEntry[];
  send(event: DesktopToolEvent): void;
}

const DesktopToolContextValue = createContext<DesktopToolValue | undefined>(undefined);

/** The desktop tool's state, or undefined outside {@link DesktopToolProvider} (a guest's shell has none). */
export function useDesktopTool(): DesktopToolValue | undefined {
  return useContext(DesktopToolContextValue);
}

/** The browser's local storage, or undefined where it cannot be reached. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The stored settings; nothing when local storage cannot be read. */
function readSettings(): DesktopToolSettings {
  try {
    return parseDesktopToolSettings(storage()?.getItem(DESKTOP_TOOL_STORAGE_KEY));
  } catch {
    return parseDesktopToolSettings(null);
  }
}

/** Whether the page uses the mobile or touch layout, followed as it changes. */
function useTouchLayout(): boolean {
  const query = typeof window.matchMedia === 'function' ? window.matchMedia(TOUCH_LAYOUT_QUERY) : undefined;
  const [touch, setTouch] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const changed = () => setTouch(query.matches);
    query.addEventListener('change', changed);
    changed();
    return () => query.removeEventListener('change', changed);
    // One query object per mount is enough; its `matches` follows the window.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return touch;
}

const provided = desktopToolMachine.provide({
  actors: {
    saveSettings: fromPromise<void, DesktopToolSettings>(async ({ input }) => {
      const store = storage();
      if (!store) throw new Error('Local storage is not available.');
      store.setItem(DESKTOP_TOOL_STORAGE_KEY, serializeDesktopToolSettings(input));
    }),
  },
});

/** See the module comment. Mounted in the shell; runs the machine only with a descriptor. */
export function DesktopToolProvider({ children }: { readonly children: ReactNode }) {
  const { descriptor } = useSession();
  if (!descriptor) return children;
  // A new descriptor with other installers starts the machine again.
  return (
    <DesktopToolRunner key={JSON.stringify(descriptor.fwdt ?? null)} fwdt={descriptor.fwdt ?? null}>
      {children}
    </DesktopToolRunner>
  );
}

function DesktopToolRunner({ fwdt, children }: { readonly fwdt: NonNullable<ReturnType<typeof useSession>['descriptor']>['fwdt']; readonly children: ReactNode }) {
  const touchLayout = useTouchLayout();
  const [input] = useState(() => ({
    hasRights: fwdt !== null,
    touchLayout,
    installer: installerFor(fwdt, platformOf(navigator.userAgent)),
    installView: fwdt?.views.install ?? undefined,
    settings: readSettings(),
  }));
  const [snapshot, send] = useMachine(provided, { input });
  useEffect(() => {
    send({ type: 'LAYOUT_CHANGED', touchLayout });
  }, [touchLayout, send]);
  const state = (typeof snapshot.value === 'string' ? snapshot.value : 'deciding') as DesktopToolStateName;
  const { context } = snapshot;
  const value = useMemo<DesktopToolValue>(() => ({ state, context, entries: desktopToolMenuEntries(state), send }), [state, context, send]);
  return (
    <DesktopToolContextValue.Provider value={value}>
      {children}
      {state === 'installView' && <InstallModal fwdt={fwdt} value={value} />}
    </DesktopToolContextValue.Provider>
  );
}

/** The how-to install view in a modal (spec 01 §2 "A desktop-tool how-to install view opens in a modal frame"). */
function InstallModal({ fwdt, value }: { readonly fwdt: Parameters<typeof DesktopToolInstall>[0]['fwdt']; readonly value: DesktopToolValue }) {
  const update = value.context.offer === 'update';
  return (
    <Dialog.Root open onOpenChange={(details) => (details.open ? undefined : value.send({ type: 'CLOSE_INSTALL_VIEW' }))} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="desktop-tool-install-modal" data-offer={value.context.offer}>
            <Dialog.Header>
              <Dialog.Title>{update ? 'Upgrade the desktop tool' : 'Install the desktop tool'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <DesktopToolInstall
                fwdt={fwdt}
                recommended={value.context.installer}
                onAlreadyHaveIt={(version) => value.send({ type: 'ALREADY_HAVE_IT', ...(version ? { version } : {}) })}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => value.send({ type: 'CLOSE_INSTALL_VIEW' })} data-testid="desktop-tool-install-close">
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
