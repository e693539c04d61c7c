import { CLI_CLIENT_ID } from '../services/bootstrap.service.ts';

/**
 * An access token of the command-line client (`magpie-cli`, created at bootstrap) from a running DAM, for the CLIs
 * that work through its API when it is up (`npm run import`, `npm run import:taxonomy`).
 * @param damUrl The DAM's base URL, e.g. `http://127.0.0.1:8090`.
 * @param secret The CLI client's secret (from `secrets.json` of the same `MAGPIE_DATA_DIR`).
 * @throws Error when the DAM refuses the client (another data folder's secret, usually).
 */
export async function fetchCliToken(damUrl: string, secret: string): Promise<string> {
  const tokenRes = await fetch(`${damUrl}/fotoweb/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CLI_CLIENT_ID, client_secret: secret }),
  });
  if (!tokenRes.ok) throw new Error(`The running DAM refused the import client (${tokenRes.status}). Is MAGPIE_DATA_DIR the one the server uses?`);
  return ((await tokenRes.json()) as { access_token: string }).access_token;
}
