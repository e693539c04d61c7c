/**
 * Desktop tool: whether to offer installing or updating the desktop tool, and the user's answers to that offer
 * (spec 01 §2 Desktop tool, §3 fwdt and client settings, §4 Desktop tool, §6 fwdt rights, §9 default version 8.1).
 *
 * deciding → hidden | shouldInstall | shouldUpdate | ignored | upToDate; the offers lead to the how-to install view
 * (`installView`, shown in a modal frame), and "already have it" / "ignore" change the client settings, which the
 * injected `saveSettings` actor persists before the offer is decided again.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The installed version assumed when the user says "already have it" and the version is unknown. */
export const DEFAULT_DESKTOP_TOOL_VERSION = '8.1'; // spec 01 §9

/**
 * The desktop tool's client settings (spec 01 §3 Client settings): `ignoreFWDT` (the user chose "ignore"),
 * `hasFWDT` (the tool is installed), `FWDTversion` (the installed version, dotted numbers such as `8.1`).
 */
export interface DesktopToolSettings {
  readonly ignoreFWDT: boolean;
  readonly hasFWDT: boolean;
  readonly FWDTversion?: string | undefined;
}

/** The installer offered for this platform (the descriptor's `fwdt` installer: `href`, `version`; spec 01 §3). */
export interface DesktopToolInstaller {
  readonly href: string;
  readonly version: string;
}

/**
 * Input of {@link desktopToolMachine}.
 *
 * - `hasRights`: the user has the desktop-tool (fwdt) rights (spec 01 §6).
 * - `touchLayout`: the page uses the mobile or touch layout, where the services are not shown (spec 01 §2).
 * - `installer`: this platform's installer, when the descriptor has one.
 * - `installView`: the how-to install view's address (the descriptor's `fwdt.views.install`), shown in a modal frame.
 * - `settings`: the client settings as stored (read them before creating the actor; default: nothing stored).
 */
export interface DesktopToolInput {
  readonly hasRights: boolean;
  readonly touchLayout: boolean;
  readonly installer?: DesktopToolInstaller | undefined;
  readonly installView?: string | undefined;
  readonly settings?: DesktopToolSettings | undefined;
}

/** Which offer the user is answering: installing the tool, or updating an installed one. */
export type DesktopToolOffer = 'install' | 'update';

/**
 * Context of {@link desktopToolMachine}: the input (with `settings` always set), plus
 * - `offer`: what "already have it" answers: `install` (in `shouldInstall`, `ignored`) or `update` (in
 *   `shouldUpdate`); kept while the install view is open; `undefined` when hidden or up to date;
 * - `saveFailed`: the last `saveSettings` call failed (the new settings still apply on this page).
 */
export interface DesktopToolContext {
  readonly hasRights: boolean;
  readonly touchLayout: boolean;
  readonly installer: DesktopToolInstaller | undefined;
  readonly installView: string | undefined;
  readonly settings: DesktopToolSettings;
  readonly offer: DesktopToolOffer | undefined;
  readonly saveFailed: boolean;
}

/**
 * Events of {@link desktopToolMachine}, all from the view:
 *
 * - `INSTALL`: the "install" / "upgrade" entry; opens the how-to install view (from an offer or from `ignored`).
 * - `CLOSE_INSTALL_VIEW`: the modal frame was closed.
 * - `ALREADY_HAVE_IT {version?}`: the user has the tool; `version` when known (dotted numbers). Without it the version
 *   is the offered update's version when answering the update offer, else {@link DEFAULT_DESKTOP_TOOL_VERSION}.
 * - `IGNORE`: do not offer the tool again (only on the install offer).
 * - `LAYOUT_CHANGED {touchLayout}`: the page switched to or from the mobile/touch layout.
 */
export type DesktopToolEvent =
  { type: 'INSTALL' } | { type: 'CLOSE_INSTALL_VIEW' } | { type: 'ALREADY_HAVE_IT'; version?: string } | { type: 'IGNORE' } | { type: 'LAYOUT_CHANGED'; touchLayout: boolean };

/** Numeric parts of a dotted version; a part that does not start with digits counts as 0. */
function versionParts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((part) => {
      const digits = /^\d+/.exec(part.trim());
      return digits ? Number(digits[0]) : 0;
    });
}

/**
 * Compares two dotted versions part by part as numbers (`8.10` > `8.9`; missing parts are 0, so `8.1` = `8.1.0`;
 * a leading `v` is ignored).
 *
 * @returns a negative number when `a` is older than `b`, 0 when equal, a positive number when `a` is newer.
 */
export function compareVersions(a: string, b: string): number {
  const left = versionParts(a);
  const right = versionParts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** `true` when `candidate` is a newer version than `installed` (see {@link compareVersions}); blank is never newer. */
export function isNewerVersion(candidate: string | undefined, installed: string): boolean {
  return candidate !== undefined && candidate.trim() !== '' && compareVersions(candidate, installed) > 0;
}

/** The installed version as the client knows it: the stored one, else {@link DEFAULT_DESKTOP_TOOL_VERSION}. */
export function installedDesktopToolVersion(settings: DesktopToolSettings): string {
  return settings.FWDTversion?.trim() ? settings.FWDTversion : DEFAULT_DESKTOP_TOOL_VERSION;
}

/** What {@link decideDesktopTool} looks at. */
export type DesktopToolFacts = Pick<DesktopToolContext, 'hasRights' | 'touchLayout' | 'installer' | 'settings'>;

/** What the desktop-tool services show. */
export type DesktopToolDecision = 'hidden' | 'shouldUpdate' | 'shouldInstall' | 'upToDate' | 'ignored';

/**
 * The spec 01 §4 Desktop tool rules as one decision:
 * - `hidden`: a mobile/touch layout (spec 01 §2) or no fwdt rights (spec 01 §6);
 * - `shouldUpdate`: installed and the installer's version is newer than the installed one;
 * - `shouldInstall`: rights, not ignoring it, not installed;
 * - `upToDate`: installed, nothing newer; `ignored`: not installed and the user chose "ignore".
 */
export function decideDesktopTool(facts: DesktopToolFacts): DesktopToolDecision {
  const { settings } = facts;
  if (facts.touchLayout || !facts.hasRights) return 'hidden';
  if (settings.hasFWDT) {
    return isNewerVersion(facts.installer?.version, installedDesktopToolVersion(settings)) ? 'shouldUpdate' : 'upToDate';
  }
  return settings.ignoreFWDT ? 'ignored' : 'shouldInstall';
}

/**
 * The settings after "already have it": installed, with `version` when given, else the update's version when the
 * user answers the update offer, else {@link DEFAULT_DESKTOP_TOOL_VERSION} (spec 01 §4, §9).
 */
export function markDesktopToolInstalled(context: Pick<DesktopToolContext, 'settings' | 'offer' | 'installer'>, version?: string): DesktopToolSettings {
  const known = version?.trim() ? version.trim() : context.offer === 'update' ? context.installer?.version : undefined;
  return { ...context.settings, hasFWDT: true, FWDTversion: known ?? DEFAULT_DESKTOP_TOOL_VERSION };
}

const NOTHING_STORED: DesktopToolSettings = { ignoreFWDT: false, hasFWDT: false };

const isDecision =
  (decision: DesktopToolDecision) =>
  ({ context }: { context: DesktopToolContext }) =>
    decideDesktopTool(context) === decision;

/**
 * The desktop-tool machine (spec 01 §2, §4 Desktop tool, §6, §9).
 *
 * `deciding` applies {@link decideDesktopTool}. From `shouldInstall`: INSTALL → `installView`, ALREADY_HAVE_IT and
 * IGNORE → `saving`. From `shouldUpdate` and `ignored`: INSTALL, ALREADY_HAVE_IT. From `installView`:
 * CLOSE_INSTALL_VIEW → `deciding`, ALREADY_HAVE_IT → `saving`. `saving` runs `saveSettings` with the new settings and
 * decides again whatever it answers (a failed save sets `saveFailed`; the settings still apply on this page).
 * A LAYOUT_CHANGED that changes the layout decides again from any state but `saving` (there it is applied and
 * decided after the save).
 *
 * Provide `saveSettings` with `.provide({actors: {saveSettings}})`; the built-in one rejects (→ `saveFailed`).
 */
export const desktopToolMachine = setup({
  types: {
    context: {} as DesktopToolContext,
    events: {} as DesktopToolEvent,
    input: {} as DesktopToolInput,
  },
  actors: {
    saveSettings: fromPromise<void, DesktopToolSettings>(async () => {
      throw new Error('desktopTool: provide `saveSettings` with .provide()');
    }),
  },
  guards: {
    'isHidden?': isDecision('hidden'),
    'shouldUpdate?': isDecision('shouldUpdate'),
    'shouldInstall?': isDecision('shouldInstall'),
    'isUpToDate?': isDecision('upToDate'),
    'isLayoutChange?': ({ context, event }) => event.type === 'LAYOUT_CHANGED' && event.touchLayout !== context.touchLayout,
  },
  actions: {
    offerInstall: assign({ offer: 'install' as const }),
    offerUpdate: assign({ offer: 'update' as const }),
    clearOffer: assign({ offer: undefined }),
    markInstalled: assign(({ context, event }) => {
      assertEvent(event, 'ALREADY_HAVE_IT');
      return { settings: markDesktopToolInstalled(context, event.version) };
    }),
    markIgnored: assign(({ context }) => ({ settings: { ...context.settings, ignoreFWDT: true } })),
    setLayout: assign(({ event }) => {
      assertEvent(event, 'LAYOUT_CHANGED');
      return { touchLayout: event.touchLayout };
    }),
    recordSaved: assign({ saveFailed: false }),
    recordSaveFailed: assign({ saveFailed: true }),
  },
}).createMachine({
  id: 'desktopTool',
  initial: 'deciding',
  context: ({ input }) => ({
    hasRights: input.hasRights,
    touchLayout: input.touchLayout,
    installer: input.installer,
    installView: input.installView,
    settings: input.settings ?? NOTHING_STORED,
    offer: undefined,
    saveFailed: false,
  }),
  on: {
    LAYOUT_CHANGED: { guard: 'isLayoutChange?', target: '.deciding', actions: 'setLayout' },
  },
  states: {
    deciding: {
      always: [
        { guard: 'isHidden?', target: 'hidden', actions: 'clearOffer' },
        { guard: 'shouldUpdate?', target: 'shouldUpdate', actions: 'offerUpdate' },
        { guard: 'shouldInstall?', target: 'shouldInstall', actions: 'offerInstall' },
        { guard: 'isUpToDate?', target: 'upToDate', actions: 'clearOffer' },
        // Not installed and ignoring it: no prompt, but the "install" entry (and "already have it") stay.
        { target: 'ignored', actions: 'offerInstall' },
      ],
    },
    hidden: {},
    shouldInstall: {
      on: {
        INSTALL: 'installView',
        ALREADY_HAVE_IT: { target: 'saving', actions: 'markInstalled' },
        IGNORE: { target: 'saving', actions: 'markIgnored' },
      },
    },
    shouldUpdate: {
      on: {
        INSTALL: 'installView',
        ALREADY_HAVE_IT: { target: 'saving', actions: 'markInstalled' },
      },
    },
    ignored: {
      on: {
        INSTALL: 'installView',
        ALREADY_HAVE_IT: { target: 'saving', actions: 'markInstalled' },
      },
    },
    upToDate: {},
    installView: {
      on: {
        CLOSE_INSTALL_VIEW: 'deciding',
        ALREADY_HAVE_IT: { target: 'saving', actions: 'markInstalled' },
      },
    },
    saving: {
      on: {
        // Leaving `saving` would abort the save: apply the layout, decide once the save answered.
        LAYOUT_CHANGED: { actions: 'setLayout' },
      },
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => context.settings,
        onDone: { target: 'deciding', actions: 'recordSaved' },
        onError: { target: 'deciding', actions: 'recordSaveFailed' },
      },
    },
  },
});
