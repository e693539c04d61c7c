/** The Manage site page (the descriptor's `views.management`; issue 15, spec 01 §2, spec 03 §2.1). */
export const MANAGEMENT_PATH = '/fotoweb/views/management';
