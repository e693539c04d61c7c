/** See secrets.mjs: the launcher's secrets, from the environment or `$MAGPIE_DATA_DIR/secrets.json` (0600). */
export function loadSecrets(dataDir: string, env?: NodeJS.ProcessEnv): { bffClientSecret: string; sessionSecret: string; cliClientSecret: string };
