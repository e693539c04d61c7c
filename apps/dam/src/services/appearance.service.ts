import { CUSTOM_CSS_MAX_BYTES, utf8Bytes, type AppearanceSettings, type TitleBarButton, type TitleBarButtonList } from '@magpie/api-types';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { ApiError } from '../lib/errors.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import { APPEARANCE_ADMIN_LINKS, customCssHref, presentAppearanceSettings, presentTitleBarButtons } from '../presenters/appearance.presenter.ts';
import { AppearanceRepository } from '../repositories/appearance.repository.ts';
import { recordActivity } from './activity.service.ts';

/** What the descriptor says of the site's appearance (spec 01 §3 `appearance`, spec 02 §3 `customizations`). */
export interface DescriptorAppearance {
  /** `appearance.customCss`: the CSS's versioned address, null when none is set. */
  customCss: string | null;
  /** `appearance.admin`: where to change it, for callers with `changeSiteAppearance`; else null. */
  admin: typeof APPEARANCE_ADMIN_LINKS | null;
  /** `customizations.customTitleBarButtons`, in `index` order. */
  customTitleBarButtons: TitleBarButton[];
}

/**
 * The site's appearance (issue 15; spec 01 §2, §3, §7 "POST custom CSS url: cssContent"; spec 02 §3
 * `customizations.customTitleBarButtons`): the custom CSS every page links, and the custom title-bar buttons. Anyone
 * reads the CSS; changing either needs `changeSiteAppearance` (the Manage site page's Appearance section).
 */
export class AppearanceService {
  private readonly repository: AppearanceRepository;

  constructor(private readonly db: Kysely<Database>) {
    this.repository = new AppearanceRepository(db);
  }

  /** The custom CSS (empty when none is set) and its version, for anyone. */
  async css(): Promise<{ css: string; version: number }> {
    const stored = await this.repository.css();
    return { css: stored.css, version: stored.cssVersion };
  }

  /** The descriptor's appearance parts for `caller`. */
  async forDescriptor(caller: Caller): Promise<DescriptorAppearance> {
    const stored = await this.repository.get();
    return {
      customCss: customCssHref(stored),
      admin: sitePolicy.can(caller, 'changeSiteAppearance') ? APPEARANCE_ADMIN_LINKS : null,
      customTitleBarButtons: presentTitleBarButtons(stored.titleBarButtons),
    };
  }

  /**
   * The Manage site page's appearance settings.
   * @throws ApiError 403 Forbidden without `changeSiteAppearance`.
   */
  async settings(caller: Caller): Promise<AppearanceSettings> {
    sitePolicy.assertCan(caller, 'changeSiteAppearance');
    return presentAppearanceSettings(await this.repository.get());
  }

  /**
   * Replaces the custom CSS (empty clears it); its address's version moves on, so browsers load the new one. The
   * activity log records `site.customCssSaved` or `site.customCssCleared` with the sizes in bytes, never the CSS.
   * @throws ApiError 403 Forbidden without `changeSiteAppearance`; 413 `PayloadTooLarge` over
   *   {@link CUSTOM_CSS_MAX_BYTES} bytes of UTF-8 (nothing stored changes).
   */
  async saveCss(caller: Caller, css: string): Promise<AppearanceSettings> {
    sitePolicy.assertCan(caller, 'changeSiteAppearance');
    const bytes = utf8Bytes(css);
    if (bytes > CUSTOM_CSS_MAX_BYTES) {
      throw new ApiError(
        413,
        'PayloadTooLarge',
        `The custom CSS is ${bytes} bytes; it may be at most ${CUSTOM_CSS_MAX_BYTES} bytes (256 KiB). Nothing was changed.`,
        'CSS too large',
      );
    }
    await inTransaction(this.db, async (trx) => {
      const repository = new AppearanceRepository(trx);
      const previousBytes = utf8Bytes((await repository.css()).css);
      await repository.saveCss(css);
      const cleared = css.trim() === '';
      await recordActivity(trx, caller, cleared ? 'site.customCssCleared' : 'site.customCssSaved', { kind: 'site', name: 'Custom CSS' }, { bytes, previousBytes });
    });
    return presentAppearanceSettings(await this.repository.get());
  }

  /** The custom title-bar buttons, in `index` order, for any signed-in caller. */
  async titleBarButtons(): Promise<TitleBarButtonList> {
    const stored = await this.repository.get();
    return { data: presentTitleBarButtons(stored.titleBarButtons) };
  }

  /**
   * Replaces the custom title-bar buttons (the route's schema has checked each: http(s) or site-relative links only);
   * the activity log records `site.titleBarButtonsChanged` with the buttons' index, tooltip and link.
   * @throws ApiError 403 Forbidden without `changeSiteAppearance`.
   */
  async saveTitleBarButtons(caller: Caller, buttons: readonly TitleBarButton[]): Promise<TitleBarButtonList> {
    sitePolicy.assertCan(caller, 'changeSiteAppearance');
    await inTransaction(this.db, async (trx) => {
      const repository = new AppearanceRepository(trx);
      const previousCount = (await repository.get()).titleBarButtons.length;
      await repository.saveTitleBarButtons(buttons.map((button) => ({ ...button })));
      await recordActivity(
        trx,
        caller,
        'site.titleBarButtonsChanged',
        { kind: 'site', name: 'Title-bar buttons' },
        { count: buttons.length, previousCount, buttons: buttons.map(({ index, tooltip, href }) => ({ index, tooltip, href })) },
      );
    });
    return this.titleBarButtons();
  }
}
