import { LOGIN_VIEW, ORDER_HISTORY_VIEW, OUTBOX_VIEW, PENDING_ORDERS_VIEW, SIGNUP_ADMIN_VIEW, SIGNUP_VIEW } from '../presenters/descriptor.presenter.ts';

/**
 * The absolute links Magpie's mail carries (issue 14 "Mail"), built from `MAGPIE_PUBLIC_URL`: a message is composed in
 * a service or a background job, where no request tells the host people reach the web app at. Like
 * `presenters/hrefs.ts` for the API's hrefs, this is the one place mail links are made; services ask it for a link and
 * never build a URL themselves. The links of invitations, sign-ups and password resets are added here.
 */
export class MailLinks {
  /** @param publicUrl the web app's origin (`DamConfig.publicUrl`, e.g. `https://dam.example.com`, no trailing slash). */
  constructor(readonly publicUrl: string) {}

  /**
   * The absolute URL of a path of the web app: `publicUrl` followed by `path`.
   * @throws Error when `path` does not start with exactly one `/` (a path relative to nothing, or `//host`, which
   *   would leave the site).
   */
  absolute(path: string): string {
    if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`A mail link needs a path starting with one "/", got "${path}".`);
    return `${this.publicUrl}${path}`;
  }

  /** The web app's home page (the archives). */
  home(): string {
    return this.absolute('/fotoweb/');
  }

  /** The outbox view administrators read the mail in (the descriptor's `views.mailOutbox`). */
  outbox(): string {
    return this.absolute(OUTBOX_VIEW);
  }

  /**
   * The web app's reset page for a password reset link (issue 14 "Password reset"): {@link RESET_PASSWORD_VIEW} with
   * the link's token (base64url, so it needs no escaping; encoded all the same) as `token`.
   */
  passwordReset(token: string): string {
    return this.absolute(`${RESET_PASSWORD_VIEW}?token=${encodeURIComponent(token)}`);
  }

  /**
   * The web app's public sign-up page (issue 14): {@link SIGNUP_VIEW} with an invitation link's token (base64url) as
   * `invitation`; without a token, the page of open sign-up.
   */
  signup(token?: string): string {
    return this.absolute(token === undefined ? SIGNUP_VIEW : `${SIGNUP_VIEW}?invitation=${encodeURIComponent(token)}`);
  }

  /** The Pending sign-ups page approvers decide sign-ups on (the descriptor's `views.signUpAdmin`). */
  pendingSignups(): string {
    return this.absolute(SIGNUP_ADMIN_VIEW);
  }

  /** The approvers' Pending orders page (the descriptor's `order.admin.views.pending`; issue 15). */
  pendingOrders(): string {
    return this.absolute(PENDING_ORDERS_VIEW);
  }

  /** The orderer's order history page (the descriptor's `order.views.history`; issue 15). */
  orderHistory(): string {
    return this.absolute(ORDER_HISTORY_VIEW);
  }

  /** The web app's login view (where an approved applicant signs in). */
  login(): string {
    return this.absolute(LOGIN_VIEW);
  }
}

/** The web app's page that sets a new password with a reset link (`apps/web` `RESET_PASSWORD_PATH`). */
export const RESET_PASSWORD_VIEW = '/fotoweb/views/reset-password';
