/**
 * The user's pins, one store for every pin toggle and the Pins view (issue 13; spec 01 §3 Pins, §4 Pinning; spec 02
 * §3 "Pinning … use shared stores"), on the `pins` machine: loaded once when the shell mounts for a signed-in user
 * (the descriptor's `pins`), loaded again when the window regains focus (another tab may have changed them), changed
 * by the toggles, one change at a time. Guests have no descriptor `pins`, so no
 * store: {@link usePins} answers undefined and the toggles do not render.
 *
 * The selection bar's Pin (issue 13 "a selection toolbar … pin"; spec 01 §2 asset selection) pins every selected
 * asset at once through {@link PinsStore.pinAll}: one `POST` of the assets not pinned yet (the `pins` machine changes
 * one href at a time), then the machine loads the pins again. Meanwhile the store is `saving`, so the toggles wait,
 * and its result shows as the toggles' notices do (`pinAll.ts`).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Pin } from '@magpie/api-types';
import { pinsMachine, type PinsAnswer, type PinsSaveAnswer, type PinsSaveInput } from '@magpie/machines';
import { api } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { pinAllFailedNotice, pinAllNotice, type PinsStoreNotice } from './pinAll.ts';

/** The pins as screens read them, and what they may ask of the store. */
export interface PinsStore {
  /** The machine's state: `loading`, `failed`, `ready` or `saving`. */
  readonly state: 'loading' | 'failed' | 'ready' | 'saving';
  /** The pins, newest first, each with its asset or collection. */
  readonly pins: readonly Pin[];
  /** The site's pin limit. */
  readonly limit: number;
  /** The href being pinned or unpinned (while `saving`). */
  readonly pendingHref: string | undefined;
  /** The pin limit (`pinLimit`), a failed save or what a batch pinned, until dismissed or the next change. */
  readonly notice: PinsStoreNotice | undefined;
  /** Why the pins could not be loaded (in `failed`). */
  readonly loadError: string | undefined;
  isPinned(href: string): boolean;
  /** Pins `href` when it is not pinned, unpins it when it is (ignored unless `ready`). */
  toggle(href: string): void;
  /** Pins every href of `hrefs` not pinned yet, in one request (ignored unless `ready`); the notice says how it went. */
  pinAll(hrefs: readonly string[]): void;
  retry(): void;
  reload(): void;
  dismiss(): void;
}

const PinsContext = createContext<PinsStore | undefined>(undefined);

/** The store, for a signed-in user; undefined for guests (no pins). */
export function usePins(): PinsStore | undefined {
  return useContext(PinsContext);
}

/** See the module comment. Mounted by the shell around the header and the pages. */
export function PinsProvider({ children }: { readonly children: ReactNode }) {
  const href = useSession().descriptor?.pins ?? undefined;
  if (!href) return <>{children}</>;
  return <PinsMachineProvider href={href}>{children}</PinsMachineProvider>;
}

function PinsMachineProvider({ href, children }: { readonly href: string; readonly children: ReactNode }) {
  const [snapshot, send] = useMachine(
    pinsMachine.provide({
      actors: {
        loadPins: fromPromise<PinsAnswer, { href: string }>(({ input, signal }) => machineCall(() => api.listPins(input.href, { signal }))),
        savePins: fromPromise<PinsSaveAnswer, PinsSaveInput>(({ input }) =>
          machineCall(() => (input.pin ? api.addPins(input.href, [input.target]) : api.removePins(input.href, [input.target]))),
        ),
      },
    }),
    { input: { href } },
  );
  const { context } = snapshot;
  const machineState = String(snapshot.value) as PinsStore['state'];
  // A batch pin (see the module comment): in flight, and its notice (cleared by the next change or DISMISS).
  const [batchBusy, setBatchBusy] = useState(false);
  const [batchNotice, setBatchNotice] = useState<PinsStoreNotice | undefined>(undefined);
  const state = batchBusy ? 'saving' : machineState;
  // Back from another tab or window, where pins may have changed: load them again (the machine ignores it mid-change).
  useEffect(() => {
    const onFocus = () => send({ type: 'RELOAD' });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [send]);
  // What `pinAll` reads when called, so it stays stable.
  const current = useRef({ state, pins: context.pins });
  current.current = { state, pins: context.pins };
  // Stable, so memoised tiles that take it do not re-render when other pins change.
  const toggle = useCallback(
    (target: string) => {
      if (current.current.state !== 'ready') return;
      setBatchNotice(undefined);
      send({ type: 'TOGGLE', target });
    },
    [send],
  );
  const pinAll = useCallback(
    (targets: readonly string[]) => {
      if (current.current.state !== 'ready' || targets.length === 0) return;
      const pinned = new Set(current.current.pins.map((pin) => pin.href));
      const fresh = targets.filter((target) => !pinned.has(target));
      send({ type: 'DISMISS' });
      if (fresh.length === 0) return setBatchNotice(pinAllNotice(targets.length, 0, 0, context.limit));
      setBatchNotice(undefined);
      setBatchBusy(true);
      current.current = { ...current.current, state: 'saving' };
      machineCall(() => api.addPins(href, fresh))
        .then(
          (answer) => {
            setBatchNotice(pinAllNotice(targets.length, fresh.length, answer.added, answer.limit));
            send({ type: 'RELOAD' });
          },
          (error: unknown) => setBatchNotice(pinAllFailedNotice(error)),
        )
        .finally(() => setBatchBusy(false));
    },
    [send, href, context.limit],
  );
  // Stable too: the Pins view reloads when it mounts, and a new function each change would reload for ever.
  const retry = useCallback(() => send({ type: 'RETRY' }), [send]);
  const reload = useCallback(() => send({ type: 'RELOAD' }), [send]);
  const dismiss = useCallback(() => {
    setBatchNotice(undefined);
    send({ type: 'DISMISS' });
  }, [send]);
  const store = useMemo<PinsStore>(() => {
    const pins = context.pins as readonly Pin[];
    const pinned = new Set(pins.map((pin) => pin.href));
    return {
      state,
      pins,
      limit: context.limit,
      pendingHref: context.pending?.target,
      notice: batchNotice ?? context.notice,
      loadError: context.loadError,
      isPinned: (target) => pinned.has(target),
      toggle,
      pinAll,
      retry,
      reload,
      dismiss,
    };
  }, [state, context, batchNotice, toggle, pinAll, retry, reload, dismiss]);
  return <PinsContext.Provider value={store}>{children}</PinsContext.Provider>;
}
