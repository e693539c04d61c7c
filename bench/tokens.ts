/**
 * Bearer tokens for the benchmarks that measure the DAM through `app.inject`: an API client registered for a user,
 * and the token the client-credentials grant answers for it (FotoWeb API: OAuth2 token endpoint).
 */
import type { buildDamApp, DamContext } from '@magpie/dam';

/**
 * Registers the API client `clientId` (secret `bench`) acting as user `userId`, and answers a token for it from
 * `POST /fotoweb/oauth2/token` (`grant_type=client_credentials`).
 */
export async function benchToken(app: Awaited<ReturnType<typeof buildDamApp>>, ctx: DamContext, userId: number, clientId = 'bench'): Promise<string> {
  const { hashPassword } = await import('../apps/dam/src/lib/crypto.ts');
  await ctx.repos.tokens.upsertClient({ clientId, name: clientId, secretHash: await hashPassword('bench'), userId });
  return (
    await app.inject({
      method: 'POST',
      url: '/fotoweb/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${clientId}&client_secret=bench`,
    })
  ).json().access_token as string;
}

/** {@link benchToken} for the site owner, `admin`. */
export async function adminBenchToken(app: Awaited<ReturnType<typeof buildDamApp>>, ctx: DamContext): Promise<string> {
  const admin = (await ctx.repos.users.findByUsername('admin'))!;
  return benchToken(app, ctx, admin.id);
}
