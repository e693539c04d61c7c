/**
 * The Share dialog's generated paths (packages/machines albumShare.model.ts) run against the real dialog
 * (`apps/web/src/albums/ShareDialog.tsx`) of an album made for this worker, in Chromium. The page's clock says the
 * model's today (2026-11-29); the album's sharing calls (the links, a new link, a revoke) are held until the path
 * says how each ends, and answered with the model's links or refusals.
 *
 * SET_EXPIRES, SET_PASSWORD and SET_DOWNLOAD fill the form, CREATE presses Create link, REVOKE presses the last link's
 * Revoke, RETRY presses Try again, CLOSE presses Done. Every state is checked on screen: the dialog's state, the links
 * in order with their settings, the form, the rule's message and the refusal ("Share failed").
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AlbumShareContext, ShareLinkView } from '@magpie/machines/albumShare/albumShare.machine.ts';
import { ALBUM_SHARE_MODEL_LINK, albumShareModel } from '@magpie/machines/albumShare/albumShare.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };

interface ShareScreen {
  readonly held: Route[];
  /** What the server holds: the links the next read of the sharing answers. */
  links: ShareLinkView[];
}

/** The album the paths of this worker share (made once: the paths' links never reach the server). */
let album: string | undefined;

const dialog = (page: Page) => page.getByTestId('share-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as AlbumShareContext;

/** A link on the wire (dam.yaml `ShareLink`). */
const wire = (link: ShareLinkView) => ({
  type: 'everyone',
  href: link.href,
  sharedHREF: link.url,
  acl: link.download ? ['view', 'preview', 'download'] : ['view', 'preview'],
  expires: link.expires,
  hasPassword: link.hasPassword,
  created: '2026-11-29T12:00:00.000Z',
});

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the app sends ${what}` }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<ShareScreen> = {
  async setup(page, { credentials }) {
    await page.clock.setFixedTime(new Date('2026-11-29T12:00:00'));
    await ensureSignedIn(page, credentials);
    if (!album) {
      const made = await page.request.post('/fotoweb/me/albums/', {
        headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' },
        data: { name: 'Share model album' },
      });
      expect(made.status(), await made.text()).toBe(201);
      album = ((await made.json()) as { href: string }).href;
    }
    const screen: ShareScreen = { held: [], links: [ALBUM_SHARE_MODEL_LINK] };
    await page.route(
      (url) => url.pathname === `${album}.shares/`,
      (route) => void screen.held.push(route),
    );
    await page.goto(album);
    await expect(page.getByTestId('collection-name')).toHaveText('Share model album');
    await page.getByTestId('album-share').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { value?: string | boolean; href?: string; output?: unknown; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'SET_EXPIRES':
        return dialog(page)
          .getByTestId('share-expires')
          .fill(payload.value as string);
      case 'SET_PASSWORD':
        return dialog(page)
          .getByTestId('share-password')
          .fill(payload.value as string);
      case 'SET_DOWNLOAD':
        return dialog(page).getByTestId('share-download').locator('label, [data-part="control"]').first().click(ACT);
      case 'CREATE':
        return dialog(page).getByTestId('share-create').click(ACT);
      case 'REVOKE':
        return dialog(page).getByTestId('share-link').last().getByTestId('share-link-revoke').click(ACT);
      case 'RETRY':
        return dialog(page).getByTestId('share-retry').click(ACT);
      case 'CLOSE':
        return dialog(page).getByTestId('share-close').click(ACT);
      case 'xstate.done.actor.loadLinks':
        screen.links = payload.output as ShareLinkView[];
        return (await take(screen.held, 'the sharing')).fulfill({ json: { href: `${album}.shares/`, originalHref: album, shares: screen.links.map(wire) } });
      case 'xstate.error.actor.loadLinks':
        return (await take(screen.held, 'the sharing')).fulfill({ status: 500, json: { value: 'InternalError', message: 'boom' } });
      case 'xstate.done.actor.createLink': {
        const link = payload.output as ShareLinkView;
        const patch = await take(screen.held, 'the new link');
        const [added] = (patch.request().postDataJSON() as { addShares: Array<{ acl: string[]; expires?: string; password?: string }> }).addShares;
        expect(added!.acl.includes('download')).toBe(link.download);
        expect(added!.password !== undefined).toBe(link.hasPassword);
        expect(added!.expires !== undefined).toBe(link.expires !== null);
        screen.links = [link, ...screen.links];
        await patch.fulfill({ json: { addedShares: [{ type: 'everyone', acl: wire(link).acl, sharedHREF: link.url }] } });
        // The dialog reads the sharing back for the new link's own href.
        return (await take(screen.held, 'the sharing')).fulfill({ json: { href: `${album}.shares/`, originalHref: album, shares: screen.links.map(wire) } });
      }
      case 'xstate.error.actor.createLink':
        return (await take(screen.held, 'the new link')).fulfill({
          status: payload.error!.status,
          json: payload.error!.responseJSON ?? { value: 'InternalError', message: 'boom' },
        });
      case 'xstate.done.actor.revokeLink': {
        const route = await take(screen.held, 'the revoke');
        const [removed] = (route.request().postDataJSON() as { removeShares: Array<{ href: string }> }).removeShares;
        screen.links = screen.links.filter((link) => link.href !== removed!.href);
        return route.fulfill({ json: { addedShares: [] } });
      }
      case 'xstate.error.actor.revokeLink':
        return (await take(screen.held, 'the revoke')).fulfill({ status: 500, json: { value: 'InternalError', message: 'boom' } });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const value = String(state.value);
    const context = contextOf(state);
    if (value === 'closed') {
      await expect(dialog(page)).toHaveCount(0);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', value);
    await expect.poll(() => screen.held.length).toBe(value === 'loading' || value === 'creating' || value === 'revoking' ? 1 : 0);
    if (value === 'loading') return;
    if (value === 'loadFailed') {
      await expect(dialog(page).getByTestId('share-load-error')).toHaveText(context.error!);
      return;
    }
    await expect
      .poll(() =>
        dialog(page)
          .getByTestId('share-link')
          .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-url'))),
      )
      .toEqual(context.links.map((link) => link.url));
    await expect(dialog(page).getByTestId('share-expires')).toHaveValue(context.expires);
    await expect(dialog(page).getByTestId('share-password')).toHaveValue(context.password);
    await expect(dialog(page).getByTestId('share-download')).toHaveAttribute('data-state', context.download ? 'checked' : 'unchecked');
    if (context.problem) await expect(dialog(page).getByTestId('share-problem')).toHaveText(context.problem);
    else await expect(dialog(page).getByTestId('share-problem')).toHaveCount(0);
    if (context.error) await expect(dialog(page).getByTestId('share-error')).toHaveText(context.error);
    else await expect(dialog(page).getByTestId('share-error')).toHaveCount(0);
    if (value === 'ready' && !context.error && !context.problem) await expectAccessible(page, '[data-testid="share-dialog"]', 'Share dialog');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: albumShareModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 16, timeoutMs: 120_000 });
