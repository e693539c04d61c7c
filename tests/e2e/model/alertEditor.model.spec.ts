/**
 * The alert editor's generated paths (packages/machines alertEditor.model.ts) run against the header's alerts popover
 * (`apps/web/src/alerts/AlertsControl.tsx`, `AlertEditor.tsx`) in Chromium. Each path opens the Photos archive (5000,
 * where the admin holds every archive permission, `Alert` among them) with a search of its own: the model's search
 * text (73 characters, with `&`, quotes and angle brackets) and a word that no other path uses, so every path starts
 * without an alert, as the model does, and the confirmation's first 50 characters are the model's. The alert's
 * `POST`, `PATCH` and `DELETE` are held until the path says how they end: a done request goes on to the DAM, which
 * really creates, saves or deletes the alert; a failure is answered with the model's refusal (409), so nothing changes.
 * The confirmation's 5 s after the popover hid run on the page's own clock (a Playwright clock would race the popover's
 * closing animation, which Chakra waits for on a frame): the path's next step comes well within them, and the delay's
 * step waits until the confirmation goes, at least 4.5 s after the popover hid (the unit tests time it to the ms).
 *
 * OPEN is the bell, CLOSE the popover's close button; CREATE, EDIT, DELETE, SAVE, CANCEL the editor's buttons;
 * SET_INTERVAL picks the interval (an interval the machine does not know is not offered: nothing to pick). Every state
 * is checked on screen: the editor's `data-state`, the pending button, the alert's search and interval in words, the
 * picker's value, the danger notice, the confirmation (in the popover while it is open, under the bell for the 5 s
 * after it hid), and the path's alert in "Your alerts" with its interval, as the DAM lists it.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ALERT_CONFIRMATION_CLOSE_MS, isAlertInterval, type AlertEditorContext } from '@magpie/machines/alertEditor/alertEditor.machine.ts';
import { alertEditorModel, MODEL_SEARCH_TEXT } from '@magpie/machines/alertEditor/alertEditor.model.ts';
import { alertConfirmationQuery, cutAlertQuery } from '@magpie/machines/alertEditor/alertText.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
/** The e2e stack's Photos archive (id 5000): the admin, its owner, holds `Alert` there. */
const PHOTOS = '/fotoweb/archives/5000-Photos/';
/** The descriptor's `alerts` (dam.yaml `listAlerts`, `createAlert`). */
const ALERTS = '/fotoweb/me/alerts/';

/** The words the popover shows for each interval (apps/web alertViews.ts `ALERT_INTERVAL_LABELS`). */
const INTERVAL_WORDS: Readonly<Record<string, string>> = {
  immediate: 'As soon as assets arrive',
  every_hour: 'Every hour',
  every_6_hours: 'Every 6 hours',
  every_day: 'Every day',
  every_week: 'Every week',
  every_month: 'Every month',
};

interface AlertScreen {
  readonly held: Route[];
  /** The path's search: the model's text and a word of its own. */
  readonly search: string;
  /** The word only this path's search has. */
  readonly word: string;
  /** The archive's own href, which an alert's `collection` names. */
  readonly collection: string;
  /** When the popover last hid with a confirmation showing (ms since the epoch), for the 5 s check. */
  closedAt: number | undefined;
  /** Editor states checked with axe in this path. */
  readonly checked: Set<string>;
}

const run = randomBytes(3).toString('hex');
let serial = 0;

const bell = (page: Page) => page.getByTestId('alerts-button');
const popover = (page: Page) => page.getByTestId('alerts-popover');
const editor = (page: Page) => page.getByTestId('alert-editor');
const contextOf = (state: AnyMachineSnapshot) => state.context as AlertEditorContext;

/** The machine's popover region as the editor names it in `data-state`: `closed` or the open state. */
function stateName(state: AnyMachineSnapshot): string {
  const popoverState = (state.value as { popover: string | { open: string } }).popover;
  return typeof popoverState === 'string' ? popoverState : popoverState.open;
}

function confirmationName(state: AnyMachineSnapshot): string {
  return (state.value as { confirmation: string }).confirmation;
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the alert request' }).toBe(1);
  return held.shift()!;
}

/** Deletes the admin's alerts on `search` (a path that failed half-way leaves its alert behind). */
async function deleteAlertsOn(page: Page, search: string): Promise<void> {
  const answer = await page.request.get(ALERTS, { headers: { Accept: 'application/json' } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as { data: Array<{ href: string; dtSearchString: string }> };
  for (const alert of data.filter((a) => a.dtSearchString === search)) {
    const deleted = await page.request.delete(alert.href, { headers: { ...(await csrfHeader(page)), Accept: 'application/json' } });
    expect(deleted.status(), await deleted.text()).toBe(204);
  }
}

/** Checks that the held request is the one the model's step answers (method, address, body). */
function expectRequest(route: Route, screen: AlertScreen, type: string, context: AlertEditorContext): void {
  const request = route.request();
  const path = new URL(request.url()).pathname;
  if (type.endsWith('createAlert')) {
    expect(request.method()).toBe('POST');
    expect(path).toBe(ALERTS);
    expect(request.postDataJSON()).toEqual({ collection: screen.collection, interval: 'every_day', dtSearchString: screen.search });
  } else if (type.endsWith('saveAlert')) {
    expect(request.method()).toBe('PATCH');
    expect(path).toMatch(/^\/fotoweb\/me\/alerts\/\d+$/);
    expect(request.postDataJSON()).toEqual({ interval: context.draftInterval });
  } else {
    expect(request.method()).toBe('DELETE');
    expect(path).toMatch(/^\/fotoweb\/me\/alerts\/\d+$/);
  }
}

const adapter: ScreenAdapter<AlertScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    const word = `m${run}p${++serial}`;
    const search = `${MODEL_SEARCH_TEXT} ${word}`;
    await deleteAlertsOn(page, search);
    const archive = await page.request.get(PHOTOS, { headers: { Accept: 'application/vnd.fotoware.collectioninfo+json' } });
    expect(archive.status(), await archive.text()).toBe(200);
    const { matchingHref, permissions } = (await archive.json()) as { matchingHref: string; permissions: string[] };
    expect(permissions, 'the admin may set alerts on Photos').toContain('Alert');
    const screen: AlertScreen = { held: [], search, word, collection: matchingHref, closedAt: undefined, checked: new Set() };
    await page.route(
      (url) => url.pathname.startsWith(ALERTS),
      (route) => (route.request().method() === 'GET' ? route.continue() : void screen.held.push(route)),
    );
    // The editor starts once the user's alerts are listed: wait for that answer of the new page.
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === ALERTS && response.request().method() === 'GET');
    await page.goto(`${PHOTOS}?q=${encodeURIComponent(search)}`);
    await expect(page.getByTestId('collection-count')).toContainText(`matching “${search}”`);
    expect((await listed).status()).toBe(200);
    await expect(bell(page)).toBeVisible();
    await expectAccessible(page, 'header', 'header with the alerts bell');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from, to }) {
    const payload = event as EventObject & { interval?: string; error?: { status: number; heading: string; value: string } };
    switch (event.type) {
      case 'OPEN':
        return bell(page).click(ACT);
      case 'CLOSE':
        await page.getByTestId('alerts-close').click(ACT);
        // The confirmation's 5 s started with the click.
        screen.closedAt = confirmationName(to) === 'closing' ? Date.now() : undefined;
        return;
      case 'CREATE':
        return page.getByTestId('alert-create').click(ACT);
      case 'EDIT':
        return page.getByTestId('alert-edit').click(ACT);
      case 'DELETE':
        return page.getByTestId('alert-delete').click(ACT);
      case 'SAVE':
        return page.getByTestId('alert-save').click(ACT);
      case 'CANCEL':
        return page.getByTestId('alert-cancel').click(ACT);
      case 'SET_INTERVAL': {
        const picker = page.getByTestId('alert-interval');
        // An interval the machine does not know is not among the choices: there is nothing to pick.
        if (!isAlertInterval(payload.interval)) return expect(picker.locator(`option[value="${payload.interval}"]`)).toHaveCount(0);
        await picker.selectOption(payload.interval);
        return;
      }
      case 'xstate.done.actor.createAlert':
      case 'xstate.done.actor.saveAlert':
      case 'xstate.done.actor.deleteAlert': {
        // The DAM creates, saves or deletes the alert for real.
        const route = await take(screen.held);
        expectRequest(route, screen, event.type, contextOf(from));
        return route.continue();
      }
      case 'xstate.error.actor.createAlert':
      case 'xstate.error.actor.saveAlert':
      case 'xstate.error.actor.deleteAlert': {
        const route = await take(screen.held);
        expectRequest(route, screen, event.type, contextOf(from));
        // The model's refusal in FotoWeb's words (`value` the text, spec 01 §8) as the DAM words it: `value` the
        // symbol, `message` the text (dam.yaml ErrorBody).
        const { status, heading, value } = payload.error!;
        return route.fulfill({ status, json: { value: 'AlertExists', message: value, heading } });
      }
      default:
        if (event.type.startsWith('xstate.after.')) {
          expect(screen.closedAt, 'the popover hid with the confirmation showing').toBeDefined();
          await expect(page.getByTestId('alert-confirmation')).toHaveCount(0, { timeout: ALERT_CONFIRMATION_CLOSE_MS + 10_000 });
          expect(Date.now() - screen.closedAt!, 'the confirmation stays 5 s after the popover hid (spec 01 §2, §9)').toBeGreaterThanOrEqual(ALERT_CONFIRMATION_CLOSE_MS - 500);
          return;
        }
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    const busy = name === 'creating' || name === 'saving' || name === 'deleting';
    await expect.poll(() => screen.held.length).toBe(busy ? 1 : 0);
    await expect(bell(page)).toHaveAttribute('aria-expanded', String(name !== 'closed'));

    // The confirmation: in the popover while it is open, under the bell for 5 s after it hid (spec 01 §2, §9); the
    // query cut to 50 characters and shown as typed (escaped by the machine, never as entities on screen).
    const confirmation = page.getByTestId('alert-confirmation');
    const shownAs = confirmationName(state);
    if (shownAs === 'hidden') await expect(confirmation).toHaveCount(0);
    else {
      expect(alertConfirmationQuery(screen.search), 'the path search cuts to the model’s confirmation').toBe(context.confirmationQuery);
      await expect(confirmation).toHaveAttribute('data-state', shownAs);
      await expect(confirmation).toHaveText(`Alert created for “${cutAlertQuery(screen.search)}”`);
      if (shownAs === 'shown') await expect(popover(page).getByTestId('alert-confirmation')).toBeVisible();
      else await expect(confirmation).toBeVisible();
    }

    if (name === 'closed') {
      await expect(popover(page)).toBeHidden();
      return;
    }
    await expect(editor(page)).toHaveAttribute('data-state', name);

    const create = page.getByTestId('alert-create');
    if (name === 'offering' || name === 'creating') {
      if (name === 'creating') await expect(create).toHaveAttribute('data-loading', /.*/);
      else await expect(create).toBeEnabled();
    } else await expect(create).toHaveCount(0);

    const reading = name === 'read' || name === 'deleting';
    const editing = name === 'edit' || name === 'saving';
    if (reading || editing) await expect(page.getByTestId('alert-search')).toContainText(`“${screen.search}”`);
    if (reading) {
      await expect(page.getByTestId('alert-interval-text')).toHaveText(INTERVAL_WORDS[context.alert!.interval]!);
      if (name === 'deleting') await expect(page.getByTestId('alert-delete')).toHaveAttribute('data-loading', /.*/);
      else await expect(page.getByTestId('alert-edit')).toBeEnabled();
    } else {
      await expect(page.getByTestId('alert-edit')).toHaveCount(0);
      await expect(page.getByTestId('alert-delete')).toHaveCount(0);
    }
    const picker = page.getByTestId('alert-interval');
    if (editing) {
      await expect(picker).toHaveValue(context.draftInterval!);
      if (name === 'saving') {
        await expect(page.getByTestId('alert-save')).toHaveAttribute('data-loading', /.*/);
        await expect(picker).toBeDisabled();
      } else await expect(page.getByTestId('alert-save')).toBeEnabled();
    } else await expect(picker).toHaveCount(0);

    // spec 01 §8: a failed request shows a danger notice with the server's words.
    const notice = page.getByTestId('alert-notice');
    if (context.notice) await expect(notice).toContainText(context.notice.message);
    else await expect(notice).toHaveCount(0);

    // "Your alerts" lists what the DAM holds: the path's alert once created, with its interval; none after a delete.
    if (!busy) {
      const listed = popover(page).getByTestId('alert-list-item').filter({ hasText: screen.word });
      await expect(listed).toHaveCount(context.alert ? 1 : 0);
      if (context.alert) await expect(listed.getByTestId('alert-list-interval')).toHaveText(INTERVAL_WORDS[context.alert.interval]!);
    }

    if ((name === 'offering' || name === 'read' || name === 'edit') && !screen.checked.has(name)) {
      screen.checked.add(name);
      await expectAccessible(page, '[data-testid="alerts-popover"]', `alerts popover (${name})`);
    }
  },

  async teardown(page, screen) {
    await deleteAlertsOn(page, screen.search);
    await keepSession(page);
  },
};

registerModelTests({ model: alertEditorModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
