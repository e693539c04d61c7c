/**
 * The API clients view (`/fotoweb/views/api-clients`, the descriptor's `views.apiClients`; issue 11 "Applications",
 * spec 03 §3.12): the page that shows the API clients room inside the shell.
 */
import { ApiClientsPanel } from '../../apiClients/ApiClientsPanel.tsx';

/** See the module comment. */
export function ApiClientsView() {
  return <ApiClientsPanel />;
}
