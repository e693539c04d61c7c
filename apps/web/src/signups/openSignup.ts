/**
 * Whether the login view offers "Create an account" (issue 14, open sign-up), and where it leads. The public
 * descriptor (`GET /fotoweb/`) says so with `views.signup` while the sign-up settings' `openSignup` is on. In
 * guest-disabled mode the DAM refuses the public descriptor (401), so the view asks the open sign-up form itself
 * (`GET /fotoweb/signup/` without an invitation: 200 while open, 403 `SignupClosed` otherwise).
 */

/** The calls {@link openSignupLink} makes (a subset of the app's `MagpieClient`). Errors carry the HTTP `status`. */
export interface OpenSignupApi {
  getPublicDescriptor(options?: { signal?: AbortSignal }): Promise<{ readonly views?: { readonly signup?: string | null } | null }>;
  getSignupForm(invitation?: string, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/** Where "Create an account" leads without the public descriptor (the sign-up page without an invitation). */
export const OPEN_SIGNUP_PATH = '/fotoweb/views/signup';

const statusOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined);

/**
 * The open sign-up page's address, or undefined when sign-ups need an invitation (or the server could not tell).
 * Rejects only when aborted through `signal`.
 */
export async function openSignupLink(client: OpenSignupApi, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const link = (await client.getPublicDescriptor({ signal })).views?.signup;
    return typeof link === 'string' && link !== '' ? link : undefined;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (statusOf(error) !== 401) return undefined;
  }
  try {
    await client.getSignupForm(undefined, { signal });
    return OPEN_SIGNUP_PATH;
  } catch (error) {
    if (signal?.aborted) throw error;
    return undefined;
  }
}
