/**
 * The appearance room's rows of the authorization matrix (policies/authorization.matrix.test.ts; issue 15): the custom
 * CSS is open to anyone, with or without a token; the title-bar buttons to every signed-in caller (the descriptor
 * carries them too); the appearance settings and every change need `changeSiteAppearance`. The permissions overview
 * is read with it too, for the Manage site page's sections.
 */
import { jsonRequest, type MatrixExpect, type MatrixRow, type OpenOperation } from '../../testing/matrix.ts';

const CSS = '/fotoweb/appearance/css';
const BUTTONS = '/fotoweb/appearance/title-bar-buttons';
const designers = { groupPermissions: ['changeSiteAppearance'] } as const;
const refused = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: ok, owner: ok });

export const APPEARANCE_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'updateCustomCss',
    grant: designers,
    request: async () => jsonRequest('POST', CSS, { cssContent: '' }),
    expect: refused(200),
    refusal: /changeSiteAppearance/,
  },
  {
    operation: 'getAppearanceSettings',
    grant: designers,
    request: async () => ({ method: 'GET', url: '/fotoweb/appearance/' }),
    expect: refused(200),
    refusal: /changeSiteAppearance/,
  },
  {
    operation: 'updateTitleBarButtons',
    grant: designers,
    request: async () => jsonRequest('PUT', BUTTONS, { data: [] }),
    expect: refused(200),
    refusal: /changeSiteAppearance/,
  },
  {
    operation: 'getConfigOptions',
    label: 'changeSiteAppearance',
    grant: designers,
    request: async () => ({ method: 'GET', url: '/fotoweb/api/config/options' }),
    expect: refused(200),
    refusal: /changeSiteAppearance/,
  },
];

/** The room's operations open to anyone or to every signed-in caller, each with its reason. */
export const APPEARANCE_OPEN_OPERATIONS: OpenOperation[] = [
  {
    operation: 'getCustomCss',
    reason: 'the custom CSS styles every page, the login page and guests’ pages too (spec 01 §3 appearance.customCss)',
    request: () => ({ method: 'GET', url: CSS }),
    anonymous: 200,
    signedIn: 200,
  },
  {
    operation: 'getTitleBarButtons',
    reason: 'every signed-in user sees the custom title-bar buttons in the header (the descriptor carries them too)',
    request: () => ({ method: 'GET', url: BUTTONS }),
    anonymous: [401, 'Unauthorized'],
    signedIn: 200,
  },
];
