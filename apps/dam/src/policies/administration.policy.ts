import type { Caller } from './archive.policy.ts';
import { sitePolicy } from './site.policy.ts';
import { forbidden } from '../lib/errors.ts';

/** What an API client would act as, to the rules: the site-owner role and the group permissions it holds. */
export type ActingPrincipal = Pick<Caller, 'isSiteOwner' | 'permissions'>;

/**
 * The rules of the site's administration beyond users and groups (spec 03 §3.4 permissions overview, §3.12
 * applications; plan §4 risk 7):
 * - the permissions overview serves the users-and-groups screens and the settings, so `manageUsers` or
 *   `manageSettings` reads it;
 * - registering or revoking an API client needs `manageSettings`, and a client may not act as a principal holding a
 *   group permission the caller lacks (nor as the site owner, unless the caller is): otherwise an administrator of
 *   settings could mint a key with more power than their own.
 */
export const administrationPolicy = {
  /** @throws ApiError 403 Forbidden without `manageUsers`, `manageSettings` and `changeSiteAppearance` (issue 15: Manage site). */
  assertMayReadConfigOptions(caller: Caller): void {
    if (!sitePolicy.can(caller, 'manageUsers') && !sitePolicy.can(caller, 'manageSettings') && !sitePolicy.can(caller, 'changeSiteAppearance')) {
      throw forbidden('You need the manageUsers, the manageSettings or the changeSiteAppearance permission to read the permissions overview.');
    }
  },

  /**
   * The Manage site page's sections the caller may change (spec 03 §2.1, §3.4 `AvailableConfigSections`; issue 15):
   * `Appearance` (custom CSS, title-bar buttons) with `changeSiteAppearance`; `Footer` (the Markdown footer) with
   * `manageSettings`. The descriptor offers `views.management` when the list is not empty.
   */
  configSections(caller: Caller): string[] {
    return [...(sitePolicy.can(caller, 'changeSiteAppearance') ? ['Appearance'] : []), ...(sitePolicy.can(caller, 'manageSettings') ? ['Footer'] : [])];
  },

  /**
   * Processing profiles (issue 16) belong with the archives' rendition settings (spec 03 §7 configuration loads), so
   * they need `manageArchives`, listing them included.
   * @throws ApiError 403 Forbidden without `manageArchives`, naming it.
   */
  assertMayManageProcessingProfiles(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>): void {
    if (!sitePolicy.can(caller, 'manageArchives')) throw forbidden('You need the manageArchives permission to manage processing profiles.');
  },

  /** Watermarks (issue 16) go with the archives that choose them. @throws ApiError 403 without `manageArchives`. */
  assertMayManageWatermarks(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>): void {
    if (!sitePolicy.can(caller, 'manageArchives')) throw forbidden('You need the manageArchives permission to manage watermarks.');
  },

  /** @throws ApiError 403 Forbidden without `manageSettings`. */
  assertMayManageApplications(caller: Caller): void {
    sitePolicy.assertCan(caller, 'manageSettings');
  },

  /**
   * Whether the caller may create, list and revoke legacy API keys (`FWAPIToken`, issue 16): `manageSettings`, as for
   * API clients, which are the same kind of server-to-server credential.
   * @throws ApiError 403 Forbidden without `manageSettings`.
   */
  assertMayManageApiKeys(caller: Caller): void {
    sitePolicy.assertCan(caller, 'manageSettings');
  },

  /**
   * Whether the caller may read the mail outbox and send themselves a test message (issue 14 "Mail"): the group
   * permission `manageSettings` of spec 03 §3.3, as the other settings of the site. The outbox holds every address
   * Magpie mailed and the links its messages carry (an invitation admits whoever opens it), so it is the site's
   * administrators', never every signed-in user's.
   */
  mayReadOutbox(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>): boolean {
    return sitePolicy.can(caller, 'manageSettings');
  },

  /** @throws ApiError 403 Forbidden without `manageSettings`, naming it. */
  assertMayReadOutbox(caller: Pick<Caller, 'isSiteOwner' | 'permissions'>): void {
    if (!administrationPolicy.mayReadOutbox(caller)) throw forbidden('You need the manageSettings permission to read the mail outbox.');
  },

  /**
   * Ensures `caller` may register a client acting as `principal` (`actingAs`: the user or group chosen), and may manage
   * applications at all: anyone but the site owner may choose only themselves or a group they are in, and never a
   * principal holding more group permissions than their own.
   * @throws ApiError 403 Forbidden for another user or a group the caller is not in, or naming the permissions
   *   `principal` holds beyond the caller's.
   */
  assertMayActAs(caller: Caller, principal: ActingPrincipal, actingAs: { kind: 'user' | 'group'; id: number }): void {
    administrationPolicy.assertMayManageApplications(caller);
    if (caller.isSiteOwner) return;
    // Archive access comes from access lists naming the user or their groups, which no permission comparison covers:
    // a client acts as the caller, or as a group the caller is in, so it can never see an archive the caller cannot.
    if (actingAs.kind === 'user' && actingAs.id !== caller.userId)
      throw forbidden('A client may act as yourself or as one of your groups; only the site owner may choose another user.');
    if (actingAs.kind === 'group' && !caller.groupIds.includes(actingAs.id))
      throw forbidden('A client may act as a group you are a member of; only the site owner may choose another group.');
    if (principal.isSiteOwner) throw forbidden('Only the site owner may register a client acting as the site owner.');
    const beyond = [...principal.permissions].filter((permission) => !caller.permissions.has(permission)).sort();
    if (beyond.length > 0) throw forbidden(`A client may not act with more permissions than yours; this one would also hold ${beyond.join(', ')}.`);
  },
};
