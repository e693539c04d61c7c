import { describe, expect, it } from 'vitest';
import { buyNowHref, TRIAL_DAYS, trialCountdown, trialOf, trialTone } from './trial.ts';

const CREATED = '2026-11-01T12:00:00.000Z';
const at = (days: number, hours = 0) => new Date(Date.parse(CREATED) + (days * 24 + hours) * 3_600_000);

describe('trial countdown (spec 01 §2, §9)', () => {
  it('counts 14 days from the site’s creation, a started day counting whole', () => {
    expect(TRIAL_DAYS).toBe(14);
    expect(trialCountdown(CREATED, at(0))).toEqual({ daysLeft: 14, tone: 'normal', text: '14 days left in your trial' });
    expect(trialCountdown(CREATED, at(0, 1))?.daysLeft).toBe(14);
    expect(trialCountdown(CREATED, at(1))?.daysLeft).toBe(13);
    expect(trialCountdown(CREATED, at(10, 12))).toEqual({ daysLeft: 4, tone: 'normal', text: '4 days left in your trial' });
  });

  it('takes the warning colour at 3 days or fewer and the danger colour at 1 or fewer', () => {
    expect(trialCountdown(CREATED, at(11))).toMatchObject({ daysLeft: 3, tone: 'warning' });
    expect(trialCountdown(CREATED, at(12))).toMatchObject({ daysLeft: 2, tone: 'warning' });
    expect(trialCountdown(CREATED, at(13))).toEqual({ daysLeft: 1, tone: 'danger', text: '1 day left in your trial' });
    expect(trialCountdown(CREATED, at(13, 23))).toMatchObject({ daysLeft: 1, tone: 'danger' });
    expect([4, 3, 2, 1, 0].map(trialTone)).toEqual(['normal', 'warning', 'warning', 'danger', 'danger']);
  });

  it('says the trial has ended after 14 days, and never counts more than 14 (a clock behind the server)', () => {
    expect(trialCountdown(CREATED, at(14))).toEqual({ daysLeft: 0, tone: 'danger', text: 'Your trial has ended' });
    expect(trialCountdown(CREATED, at(40))?.daysLeft).toBe(0);
    expect(trialCountdown(CREATED, at(-3))?.daysLeft).toBe(14);
    expect(trialCountdown('not a date', at(1))).toBeUndefined();
  });

  it('shows the countdown only for the trial state', () => {
    const views = (state: string) => ({ views: { subscription: { state, siteCreatedDate: CREATED }, manageSubscription: null } });
    expect(trialOf(views('trial'), at(2))?.daysLeft).toBe(12);
    expect(trialOf(views('active'), at(2))).toBeUndefined();
    expect(trialOf({ views: { subscription: null } }, at(2))).toBeUndefined();
    expect(trialOf(undefined, at(2))).toBeUndefined();
  });
});

describe('Buy now (spec 01 §6)', () => {
  it('shows only when the state is trial and a manage link exists', () => {
    const descriptor = (state: string, manageSubscription: string | null) => ({ views: { subscription: { state, siteCreatedDate: CREATED }, manageSubscription } });
    expect(buyNowHref(descriptor('trial', 'https://billing.example.com/'))).toBe('https://billing.example.com/');
    expect(buyNowHref(descriptor('trial', null))).toBeUndefined();
    expect(buyNowHref(descriptor('trial', ''))).toBeUndefined();
    expect(buyNowHref(descriptor('active', 'https://billing.example.com/'))).toBeUndefined();
    expect(buyNowHref({ views: { subscription: null, manageSubscription: 'https://billing.example.com/' } })).toBeUndefined();
  });
});
