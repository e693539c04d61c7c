import type { DamConfig } from '../config.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { sitePolicy } from '../policies/site.policy.ts';
import type { SiteInfoRepository } from '../repositories/site-info.repository.ts';
import type { CollectionsService } from './collections.service.ts';

/** The descriptor's desktop-tool part for one caller: the configured installers (issue 15, spec 01 §3 `fwdt`). */
export interface DesktopToolOffer {
  win: { href: string; version: string } | undefined;
  osx: { href: string; version: string } | undefined;
}

/** The descriptor's subscription part (issue 15, spec 01 §2, §3 `views.subscription`, `views.manageSubscription`). */
export interface SubscriptionOffer {
  /** `{state, siteCreatedDate (ISO 8601), origin}` when a subscription state is configured, else undefined. */
  subscription: { state: string; siteCreatedDate: string; origin: string } | undefined;
  /** Where the subscription is managed (opened in a new tab), for the site's administrators; else undefined. */
  manageSubscription: string | undefined;
}

/**
 * What the site's configuration adds to a caller's descriptor beyond the archives (issue 15): the desktop tool's
 * installers (`MAGPIE_FWDT_*`) for callers with the desktop-tool rights, and the trial subscription
 * (`MAGPIE_SUBSCRIPTION_*`) with the site's creation date. Nothing is offered on a default install.
 */
export class SiteExtrasService {
  /** The site's creation, read once (it never changes). */
  private created: Promise<Date | undefined> | undefined;

  constructor(
    private readonly config: Pick<DamConfig, 'desktopTool' | 'subscription'>,
    private readonly siteInfo: SiteInfoRepository,
    private readonly collections: Pick<CollectionsService, 'canUseDesktopToolSomewhere'>,
  ) {}

  /**
   * The installers for `caller`, or undefined when none is configured or the caller lacks the desktop-tool rights
   * (spec 01 §6: a person, not a guest, holding `OpenFile` on some archive they see; see docs/decisions.md).
   */
  async desktopTool(caller: Caller): Promise<DesktopToolOffer | undefined> {
    const configured = this.config.desktopTool;
    if (!configured || caller.isGuest) return undefined;
    if (!(await this.collections.canUseDesktopToolSomewhere(caller))) return undefined;
    return { win: configured.win, osx: configured.osx };
  }

  /**
   * The subscription as configured: its state with the site's creation date (the trial's countdown runs 14 days from
   * it, spec 01 §9), and the manage link for holders of `manageSettings` (spec 03 §2.1 "Manage subscription").
   */
  async subscription(caller: Caller): Promise<SubscriptionOffer> {
    const { state, origin, manageUrl } = this.config.subscription;
    let subscription: SubscriptionOffer['subscription'];
    if (state !== undefined && !caller.isGuest) {
      this.created ??= this.siteInfo.createdAt();
      const created = await this.created;
      if (created) subscription = { state, siteCreatedDate: created.toISOString(), origin };
    }
    const manageSubscription = manageUrl !== undefined && sitePolicy.can(caller, 'manageSettings') ? manageUrl : undefined;
    return { subscription, manageSubscription };
  }
}
