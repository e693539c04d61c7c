import { describe, expect, it, vi } from 'vitest';
import { OPEN_SIGNUP_PATH, openSignupLink, type OpenSignupApi } from './openSignup.ts';

const refused = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

function client(
  descriptor: () => Promise<{ views?: { signup?: string | null } | null }>,
  form: () => Promise<unknown> = async () => ({ type: 'open' }),
): OpenSignupApi & {
  getSignupForm: ReturnType<typeof vi.fn>;
} {
  return { getPublicDescriptor: vi.fn(descriptor), getSignupForm: vi.fn(form) };
}

describe('openSignupLink (the login view’s “Create an account”)', () => {
  it('follows the public descriptor’s views.signup, and asks nothing else', async () => {
    const api = client(async () => ({ views: { signup: '/fotoweb/views/signup' } }));
    await expect(openSignupLink(api)).resolves.toBe('/fotoweb/views/signup');
    expect(api.getSignupForm).not.toHaveBeenCalled();
  });

  it.each([{ views: { signup: null } }, { views: null }, {}, { views: { signup: '' } }])('offers nothing for a public descriptor with %j', async (descriptor) => {
    const api = client(async () => descriptor);
    await expect(openSignupLink(api)).resolves.toBeUndefined();
    expect(api.getSignupForm).not.toHaveBeenCalled();
  });

  it('in guest-disabled mode (401) asks the open sign-up form: open → the page, 403 SignupClosed → nothing', async () => {
    await expect(openSignupLink(client(async () => Promise.reject(refused(401))))).resolves.toBe(OPEN_SIGNUP_PATH);
    await expect(
      openSignupLink(
        client(
          async () => Promise.reject(refused(401)),
          async () => Promise.reject(refused(403)),
        ),
      ),
    ).resolves.toBeUndefined();
  });

  it('offers nothing when the server fails otherwise', async () => {
    const api = client(async () => Promise.reject(refused(500)));
    await expect(openSignupLink(api)).resolves.toBeUndefined();
    expect(api.getSignupForm).not.toHaveBeenCalled();
    await expect(openSignupLink(client(async () => Promise.reject(new TypeError('offline'))))).resolves.toBeUndefined();
  });

  it('rejects when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    await expect(
      openSignupLink(
        client(async () => Promise.reject(abort)),
        controller.signal,
      ),
    ).rejects.toBe(abort);
  });
});
