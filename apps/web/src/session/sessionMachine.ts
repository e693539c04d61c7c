/**
 * The session machine of `@magpie/machines` wired to the app's API client (spec 01 §4 Session). All of the
 * session's flow state lives in this machine; `SessionProvider` only reports what happens in the browser
 * (navigation, 401 answers, other tabs) and follows what the machine says (redirects, the stored descriptor).
 */
import { api } from '../api/client.ts';
import { createSessionActors } from './sessionActors.ts';
import { sessionMachine } from './sessionMachineSource.ts';

/** The session machine with the real auth check, keepalive and logout calls. */
export const appSessionMachine = sessionMachine.provide({ actors: createSessionActors(api) });
