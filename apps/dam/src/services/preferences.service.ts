import type { PreferencesRepository } from '../repositories/preferences.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { ApiError } from '../lib/errors.ts';

/** The preference groups a user may store (spec 01 §3 User preferences groups). */
export const PREFERENCE_GROUPS = ['intranet', 'shared', 'pro', 'public'] as const;
/** Largest preferences document in bytes. */
export const MAX_PREFERENCES_BYTES = 64 * 1024;

/** Preferences by group, every group present (`{}` when none stored). */
export type UserPreferences = Record<(typeof PREFERENCE_GROUPS)[number], Record<string, unknown>>;

/** A caller's own user preferences (spec 01 §3 User preferences): free-form JSON per group, for the caller only. */
export class PreferencesService {
  constructor(private readonly preferences: PreferencesRepository) {}

  /** The caller's preferences, every group present. */
  async get(caller: Caller): Promise<UserPreferences> {
    return this.present(await this.preferences.get(caller.userId));
  }

  /**
   * Merges groups into the caller's preferences: in each group, a key set to null is removed and other keys replace
   * the stored ones (a shallow merge per group). Answers the stored preferences.
   * @throws ApiError 413 PayloadTooLarge when the result would be over {@link MAX_PREFERENCES_BYTES} (nothing saved).
   */
  async update(caller: Caller, data: Record<string, Record<string, unknown> | undefined>): Promise<UserPreferences> {
    const stored = await this.preferences.get(caller.userId);
    for (const [group, values] of Object.entries(data)) {
      const merged: Record<string, unknown> = { ...(stored[group] ?? {}), ...values };
      for (const [key, value] of Object.entries(values ?? {})) if (value === null) delete merged[key];
      stored[group] = merged;
    }
    if (Buffer.byteLength(JSON.stringify(stored)) > MAX_PREFERENCES_BYTES) {
      throw new ApiError(413, 'PayloadTooLarge', `Preferences are limited to ${MAX_PREFERENCES_BYTES} bytes.`, 'Too large');
    }
    await this.preferences.put(caller.userId, stored);
    return this.present(stored);
  }

  private present(stored: Record<string, Record<string, unknown> | undefined>): UserPreferences {
    return { intranet: stored.intranet ?? {}, shared: stored.shared ?? {}, pro: stored.pro ?? {}, public: stored.public ?? {} };
  }
}
