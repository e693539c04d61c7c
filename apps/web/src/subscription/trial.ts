/**
 * The trial subscription prompt's rules (issue 15; spec 01 §2 "a countdown of 14 days counted from site creation;
 * warning colour at 3 days or fewer, danger colour at 1 or fewer", §6 "Buy-now shows only if the subscription state
 * is trial and a manage link exists", §9), as pure functions over the descriptor's `views.subscription` and
 * `views.manageSubscription`.
 */

/** Days a trial lasts from the site's creation (spec 01 §9). */
export const TRIAL_DAYS = 14;
/** At this many days left or fewer the countdown takes the warning colour (spec 01 §2). */
export const TRIAL_WARNING_DAYS = 3;
/** At this many days left or fewer the countdown takes the danger colour (spec 01 §2). */
export const TRIAL_DANGER_DAYS = 1;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The countdown's colour: `normal`, `warning` (≤ 3 days left) or `danger` (≤ 1 day left, and after the end). */
export type TrialTone = 'normal' | 'warning' | 'danger';

/** What the header shows: whole days left (0 once the trial is over), the colour, and the text. */
export interface TrialCountdown {
  readonly daysLeft: number;
  readonly tone: TrialTone;
  readonly text: string;
}

/** The parts of the descriptor the prompt reads (`views.subscription`, `views.manageSubscription`). */
export interface SubscriptionDescriptorLike {
  readonly views?: {
    readonly subscription?: { readonly state?: string; readonly siteCreatedDate?: string } | null;
    readonly manageSubscription?: string | null;
  } | null;
}

/** The colour for `daysLeft` whole days left. */
export function trialTone(daysLeft: number): TrialTone {
  if (daysLeft <= TRIAL_DANGER_DAYS) return 'danger';
  if (daysLeft <= TRIAL_WARNING_DAYS) return 'warning';
  return 'normal';
}

/**
 * The countdown at `now` for a site created at `siteCreatedDate` (ISO 8601): the days left until creation + 14 days,
 * a started day counting as a whole one (14 right after creation, 1 in the last 24 hours, 0 after the end).
 * @returns undefined when the date cannot be read.
 */
export function trialCountdown(siteCreatedDate: string, now: Date): TrialCountdown | undefined {
  const created = Date.parse(siteCreatedDate);
  if (Number.isNaN(created)) return undefined;
  const left = created + TRIAL_DAYS * DAY_MS - now.getTime();
  const daysLeft = Math.min(TRIAL_DAYS, Math.max(0, Math.ceil(left / DAY_MS)));
  const text = daysLeft === 0 ? 'Your trial has ended' : `${daysLeft} ${daysLeft === 1 ? 'day' : 'days'} left in your trial`;
  return { daysLeft, tone: trialTone(daysLeft), text };
}

/** The trial's countdown for a descriptor at `now`, when its subscription state is `trial`; else undefined. */
export function trialOf(descriptor: SubscriptionDescriptorLike | undefined, now: Date): TrialCountdown | undefined {
  const subscription = descriptor?.views?.subscription;
  if (subscription?.state !== 'trial' || !subscription.siteCreatedDate) return undefined;
  return trialCountdown(subscription.siteCreatedDate, now);
}

/** Where Buy now leads (opened in a new tab): the manage link, only while the state is `trial` (spec 01 §6). */
export function buyNowHref(descriptor: SubscriptionDescriptorLike | undefined): string | undefined {
  const views = descriptor?.views;
  const manage = views?.manageSubscription;
  return views?.subscription?.state === 'trial' && typeof manage === 'string' && manage !== '' ? manage : undefined;
}
