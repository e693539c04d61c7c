import type { FullConfig } from '@playwright/test';
import { startMailbox } from './mailbox.ts';
import { ensureWebBuilt, startStack } from './stack.ts';

/**
 * Builds the web app if needed, starts a real SMTP server with its mailbox (mailbox.ts) and a fresh stack (stack.ts)
 * whose DAM sends its mail there. Tests read the stack's address and the admin's credentials from
 * `MAGPIE_E2E_BASE_URL`, `MAGPIE_E2E_USER` and `MAGPIE_E2E_PASSWORD`, and the mailbox from `MAGPIE_E2E_MAILBOX_URL` (its SMTP server: `MAGPIE_E2E_SMTP_URL`);
 * the returned function is Playwright's teardown and stops the servers.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  await ensureWebBuilt();
  const mailbox = await startMailbox();
  const stack = await startStack({ smtpUrl: mailbox.smtpUrl }).catch(async (error: unknown) => {
    await mailbox.close();
    throw error;
  });
  process.env.MAGPIE_E2E_BASE_URL = stack.baseUrl;
  // The DAM's own address, for the journeys of integrations (API clients talk to the DAM, not to the BFF).
  process.env.MAGPIE_E2E_DAM_URL = stack.damUrl;
  process.env.MAGPIE_E2E_USER = stack.adminUser;
  process.env.MAGPIE_E2E_PASSWORD = stack.adminPassword;
  process.env.MAGPIE_E2E_DATA_DIR = stack.dataDir;
  process.env.MAGPIE_E2E_MAILBOX_URL = mailbox.url;
  process.env.MAGPIE_E2E_SMTP_URL = mailbox.smtpUrl;
  return async () => {
    await stack.stop();
    await mailbox.close();
  };
}
