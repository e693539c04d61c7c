import type { FullConfig } from '@playwright/test';
import { ensureWebBuilt, startStack } from './stack.ts';

/**
 * Builds the web app if needed and starts a fresh stack (stack.ts). Tests read its address and the admin's
 * credentials from `MAGPIE_E2E_BASE_URL`, `MAGPIE_E2E_USER` and `MAGPIE_E2E_PASSWORD`; the returned function is
 * Playwright's teardown and stops both servers.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  await ensureWebBuilt();
  const stack = await startStack();
  process.env.MAGPIE_E2E_BASE_URL = stack.baseUrl;
  // The DAM's own address, for the journeys of integrations (API clients talk to the DAM, not to the BFF).
  process.env.MAGPIE_E2E_DAM_URL = stack.damUrl;
  process.env.MAGPIE_E2E_USER = stack.adminUser;
  process.env.MAGPIE_E2E_PASSWORD = stack.adminPassword;
  process.env.MAGPIE_E2E_DATA_DIR = stack.dataDir;
  return () => stack.stop();
}
