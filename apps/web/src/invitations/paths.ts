/** The Create invitations view (the descriptor's `views.createInvitations`; issue 14, spec 03 §2.1). */
export const CREATE_INVITATIONS_PATH = '/fotoweb/views/invitations';

/** The Manage invitations view (the descriptor's `views.manageInvitations`; issue 14, spec 03 §2.1, §2.2). */
export const MANAGE_INVITATIONS_PATH = '/fotoweb/views/admin/invitations';
