import { GROUP_PERMISSIONS, LICENSE_MODES, USER_LICENSE_LEVELS, type Application, type ApplicationCreated, type ConfigOptions, type UserReference } from '@magpie/api-types';
import type { ApplicationRecord } from '../repositories/tokens.repository.ts';
import { applicationHref, groupHref, userHref } from './hrefs.ts';

/** `{user: <href>}` (`user-reference`, spec 03 §7): the site owner. */
export function presentUserReference(userId: number): UserReference {
  return { user: userHref(userId) };
}

/**
 * The permissions overview (`GET /fotoweb/api/config/options`, spec 03 §3.4): every group permission of §3.3, the
 * user license levels with "None" = 0 first, the group license levels (the same without None: a group's default
 * for new members is a real level), both license modes, and the configuration sections this server has screens
 * for and the caller may change (`sections`: the Manage site page's, e.g. `Appearance`); when it is empty the settings
 * menu drops "Manage site" (§2.1): only what exists is advertised.
 */
export function presentConfigOptions(sections: readonly string[] = []): ConfigOptions {
  return {
    AvailableGroupPermissions: [...GROUP_PERMISSIONS],
    AvailableUserLicenseTypes: USER_LICENSE_LEVELS.map((option) => ({ ...option })),
    AvailableUserLicenseModes: LICENSE_MODES.map((option) => ({ ...option })),
    AvailableGroupLicenseTypes: USER_LICENSE_LEVELS.filter((option) => option.ValueNumeric !== 0).map((option) => ({ ...option })),
    AvailableGroupLicenseModes: LICENSE_MODES.map((option) => ({ ...option })),
    AvailableConfigSections: [...sections],
  };
}

/** An API client (dam.yaml `Application`): no secret. A client acting as a group names the group, never its hidden user. */
export function presentApplication(record: ApplicationRecord): Application {
  const asGroup = record.actingGroupId !== null;
  return {
    clientId: record.clientId,
    name: record.name,
    actingAs: asGroup ? groupHref(record.actingGroupId!) : userHref(record.userId),
    actingAsName: (asGroup ? record.actingGroupName : record.userName) ?? '',
    created: record.created.toISOString(),
    href: applicationHref(record.clientId),
  };
}

/** A client just registered, with its secret: the one answer that ever shows it. */
export function presentCreatedApplication(record: ApplicationRecord, clientSecret: string): ApplicationCreated {
  return { ...presentApplication(record), clientSecret };
}
