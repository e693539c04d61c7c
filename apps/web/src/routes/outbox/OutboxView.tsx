/**
 * The outbox view (`/fotoweb/views/outbox`, the descriptor's `views.mailOutbox`; issue 14 "Mail"): the page that shows
 * the mail room's outbox inside the shell.
 */
import { OutboxPanel } from '../../mail/OutboxPanel.tsx';

/** See the module comment. */
export function OutboxView() {
  return <OutboxPanel />;
}
