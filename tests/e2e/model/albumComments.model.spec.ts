/**
 * The album comments' generated paths (packages/machines albumComments.model.ts) run against the real Comments section
 * of the album page (`apps/web/src/albums/AlbumComments.tsx`) in Chromium. Each path gets a new album of its own, so
 * it starts without comments, as the model does. A post or a deletion is held until the path says how it ends: a done
 * request goes on to the DAM, which really stores or deletes the comment; a failure is answered with the model's
 * refusal, so nothing changes.
 *
 * EDIT types into the comment box, POST presses Post comment, DELETE the comment's Delete, CONFIRM and CANCEL the
 * prompt's buttons, DISMISS the error's close button. Every state is checked on screen: the thread's state, the
 * comments' texts in order, the box's text, the prompt, the pending buttons and the error.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AlbumCommentsContext } from '@magpie/machines/albumComments/albumComments.machine.ts';
import { albumCommentsModel } from '@magpie/machines/albumComments/albumComments.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };

interface CommentsScreen {
  readonly held: Route[];
  /** The album's comments href. */
  readonly comments: string;
}

let serial = 0;
const thread = (page: Page) => page.getByTestId('album-comments-thread');
const contextOf = (state: AnyMachineSnapshot) => state.context as AlbumCommentsContext;
/** The machine's state as the thread names it in `data-state`. */
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { ready: string }).ready));

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the request' }).toBe(1);
  return held.shift()!;
}

/** Checks that the held request is the model's: a post of the draft trimmed, or a deletion of a comment. */
function expectRequest(route: Route, screen: CommentsScreen, context: AlbumCommentsContext): void {
  const request = route.request();
  const asked = context.request!;
  if (asked.kind === 'post') {
    expect(request.method()).toBe('POST');
    expect(new URL(request.url()).pathname).toBe(screen.comments);
    expect(request.postDataJSON()).toEqual({ text: asked.text });
  } else {
    expect(request.method()).toBe('DELETE');
    expect(new URL(request.url()).pathname).toMatch(new RegExp(`^${screen.comments.replace(/[.]/g, '\\.')}\\d+$`));
  }
}

const adapter: ScreenAdapter<CommentsScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    const name = `Comments model album ${++serial}`;
    const made = await page.request.post('/fotoweb/me/albums/', {
      headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' },
      data: { name },
    });
    expect(made.status(), await made.text()).toBe(201);
    const album = ((await made.json()) as { href: string }).href;
    const screen: CommentsScreen = { held: [], comments: `${album}.comments/` };
    await page.route(
      (url) => url.pathname.startsWith(screen.comments),
      (route) => (route.request().method() === 'GET' ? route.continue() : void screen.held.push(route)),
    );
    await page.goto(album);
    await expect(page.getByTestId('collection-name')).toHaveText(name);
    await expect(page.getByTestId('album-comments-count')).toHaveText('0');
    await page.getByTestId('album-comments-toggle').click(ACT);
    await expect(thread(page)).toHaveAttribute('data-state', 'idle');
    await expect(page.getByTestId('album-comments-empty')).toBeVisible();
    await expectAccessible(page, '[data-testid="album-comments"]', 'album comments');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & { text?: string; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'EDIT':
        return page.getByTestId('album-comment-input').fill(payload.text!);
      case 'POST':
        return page.getByTestId('album-comment-post').click(ACT);
      case 'DELETE':
        return thread(page).getByTestId('album-comment-delete').first().click(ACT);
      case 'CONFIRM':
        return page.getByTestId('album-comment-confirm-ok').click(ACT);
      case 'CANCEL':
        return page.getByTestId('album-comment-confirm-cancel').click(ACT);
      case 'DISMISS':
        return page.getByTestId('album-comments-error-dismiss').click(ACT);
      case 'xstate.done.actor.send': {
        // The DAM stores or deletes the comment for real.
        const route = await take(screen.held);
        expectRequest(route, screen, contextOf(from));
        return route.continue();
      }
      case 'xstate.error.actor.send': {
        const route = await take(screen.held);
        expectRequest(route, screen, contextOf(from));
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect(thread(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.held.length).toBe(name === 'sending' ? 1 : 0);
    await expect(thread(page).getByTestId('album-comment-text')).toHaveText(context.comments.map((comment) => comment.text));
    await expect(page.getByTestId('album-comments-count')).toHaveText(String(context.comments.length));
    await expect(page.getByTestId('album-comment-input')).toHaveValue(context.draft);
    const deleting = context.request?.kind === 'delete' && (name === 'confirming' || name === 'sending');
    if (deleting) {
      await expect(page.getByTestId('album-comment-confirm')).toBeVisible();
      if (name === 'sending') await expect(page.getByTestId('album-comment-confirm-ok')).toHaveAttribute('data-loading', /.*/);
      else await expect(page.getByTestId('album-comment-confirm-ok')).not.toHaveAttribute('data-loading', /.*/);
    } else await expect(page.getByTestId('album-comment-confirm')).toHaveCount(0);
    const post = page.getByTestId('album-comment-post');
    if (name === 'sending' && context.request?.kind === 'post') await expect(post).toHaveAttribute('data-loading', /.*/);
    else {
      await expect(post).not.toHaveAttribute('data-loading', /.*/);
      if (name === 'idle' || name === 'failed') await expect(post).toBeEnabled({ enabled: context.draft.trim() !== '' });
    }
    if (name === 'failed') await expect(page.getByTestId('album-comments-error')).toContainText(context.error!);
    else await expect(page.getByTestId('album-comments-error')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: albumCommentsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 6, timeoutMs: 120_000 });
