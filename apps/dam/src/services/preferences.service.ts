import type { PreferencesRepository } from '../repositories/preferences.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { ApiError } from '../lib/errors.ts';
import { PINNED_PREFERENCE_KEYS, type PinsService } from './pins.service.ts';

/** The preference groups a user may store (spec 01 §3 User preferences groups). */
export const PREFERENCE_GROUPS = ['intranet', 'shared', 'pro', 'public'] as const;
/** Largest preferences document in bytes. */
export const MAX_PREFERENCES_BYTES = 64 * 1024;

/** Preferences by group, every group present (`{}` when none stored). */
export type UserPreferences = Record<(typeof PREFERENCE_GROUPS)[number], Record<string, unknown>>;

/**
 * A caller's own user preferences (spec 01 §3 User preferences): free-form JSON per group, for the caller only. The
 * `intranet` lists of pinned archives and folders (`archivePinned`, `folderPinned`) are the caller's pins (issue 13):
 * read from them, and writing them pins and unpins.
 */
export class PreferencesService {
  constructor(
    private readonly preferences: PreferencesRepository,
    private readonly pins: PinsService,
  ) {}

  /** The caller's preferences, every group present. */
  async get(caller: Caller): Promise<UserPreferences> {
    return this.present(caller, await this.preferences.get(caller.userId));
  }

  /**
   * Merges groups into the caller's preferences: in each group, a key set to null is removed and other keys replace
   * the stored ones (a shallow merge per group). Answers the stored preferences.
   * @throws ApiError 413 PayloadTooLarge when the result would be over {@link MAX_PREFERENCES_BYTES} (nothing saved).
   */
  async update(caller: Caller, data: Record<string, Record<string, unknown> | undefined>): Promise<UserPreferences> {
    const stored = await this.preferences.get(caller.userId);
    const pinLists = PINNED_PREFERENCE_KEYS.filter((key) => data.intranet && Object.hasOwn(data.intranet, key));
    for (const [group, values] of Object.entries(data)) {
      const merged: Record<string, unknown> = { ...(stored[group] ?? {}), ...values };
      for (const [key, value] of Object.entries(values ?? {})) if (value === null) delete merged[key];
      stored[group] = merged;
    }
    if (Buffer.byteLength(JSON.stringify(stored)) > MAX_PREFERENCES_BYTES) {
      throw new ApiError(413, 'PayloadTooLarge', `Preferences are limited to ${MAX_PREFERENCES_BYTES} bytes.`, 'Too large');
    }
    // The pin lists are the pins: they are written there, never stored in the document.
    for (const key of pinLists) {
      const entries = data.intranet![key];
      await this.pins.replaceFromPreferences(caller, key, Array.isArray(entries) ? entries : []);
    }
    if (stored.intranet) for (const key of PINNED_PREFERENCE_KEYS) delete stored.intranet[key];
    await this.preferences.put(caller.userId, stored);
    return this.present(caller, stored);
  }

  private async present(caller: Caller, stored: Record<string, Record<string, unknown> | undefined>): Promise<UserPreferences> {
    const pinned = caller.isGuest ? {} : await this.pins.preferenceLists(caller.userId);
    return { intranet: { ...stored.intranet, ...pinned }, shared: stored.shared ?? {}, pro: stored.pro ?? {}, public: stored.public ?? {} };
  }
}
