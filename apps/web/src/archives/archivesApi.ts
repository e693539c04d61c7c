/**
 * The archives room's calls (spec 03 §7 "Archives", the configuration loads, the user and group lists of the access
 * list), through the app's one client ({@link api}), and the mapping of answers to what the dialog and the
 * `archiveSave` machine take. No `fetch` here.
 */
import type { ArchiveConfig, FullApiDescriptor, Group, User } from '@magpie/api-types';
import type { ArchiveDraft, SaveArchiveInput } from '@magpie/machines';
import { api, isAbort } from '../api/client.ts';
import { machineCall } from '../api/requestErrors.ts';
import { archiveDraftOf, archiveInputOf, metadataViewChoices, type Choice, type PickedMember } from './archiveForm.ts';

/** What the dialog needs before it can show an archive (spec 03 §2.11 "loading state until all configuration loads finish"). */
export interface ArchiveSetup {
  /** Every archive with its configuration (for the names that must stay unique, the archive edited). */
  readonly archives: readonly ArchiveConfig[];
  readonly metadataViews: readonly Choice[];
  readonly pools: readonly Choice[];
  /** The processing profiles an archive's downloads can go through (`GET /fotoweb/api/config/processingprofiles`). */
  readonly processingProfiles: readonly Choice[];
  /** The watermarks an archive can choose (`GET /fotoweb/api/config/watermarks`). */
  readonly watermarks: readonly Choice[];
  /** The site's consent forms are on (consent settings `enableConsentForms`; spec 03 §5 consent group). */
  readonly consentFormsEnabled: boolean;
}

type MetadataViewList = Awaited<ReturnType<typeof api.listMetadataViewConfigs>>;
type PoolList = Awaited<ReturnType<typeof api.listPools>>;
type ConfigItemList = Awaited<ReturnType<typeof api.listConfigSettingItems>>;

/** `call`, or `fallback` when it fails (spec 03 §7 "each falls back to an empty value on failure"); an abort still rejects. */
async function orFallback<T>(call: Promise<T>, fallback: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isAbort(error)) throw error;
    return fallback;
  }
}

/**
 * The configuration loads of the dialog (spec 03 §7), together: the archives' configurations, the metadata views,
 * the storage pools, the processing profiles, the watermarks, and the consent form settings for a caller who may
 * configure them (spec 03 §6). Each but the archives falls back to an empty value on failure; the metadata views then
 * are the ones the archives use. The rendition and crop profile sets and processing profile sets are not loaded: this
 * server has none yet.
 * @throws ApiError when the archives cannot be read (the dialog shows the general error, spec 03 §2.11).
 */
export async function loadArchiveSetup(descriptor: Pick<FullApiDescriptor, 'permissions'> | undefined, signal?: AbortSignal): Promise<ArchiveSetup> {
  const consentAllowed = descriptor?.permissions?.canConfigureConsentForms === true;
  const [list, views, pools, profiles, watermarks, consent] = await Promise.all([
    api.listArchiveConfigs({ signal }),
    orFallback<MetadataViewList>(api.listMetadataViewConfigs({ signal }), { data: [] }),
    orFallback<PoolList | undefined>(api.listPools({ signal }), undefined),
    orFallback<ConfigItemList>(api.listConfigSettingItems('processingprofiles', { signal }), { data: [] }),
    orFallback<ConfigItemList>(api.listConfigSettingItems('watermarks', { signal }), { data: [] }),
    consentAllowed ? orFallback(api.getConsentFormSettings({ signal }), undefined) : Promise.resolve(undefined),
  ]);
  const loadedViews = metadataViewConfigChoices(views.data);
  return {
    archives: list.data,
    metadataViews: loadedViews.length > 0 ? loadedViews : metadataViewChoices(list.data),
    pools: poolChoices(pools),
    processingProfiles: configChoices(profiles),
    watermarks: configChoices(watermarks),
    consentFormsEnabled: consent?.enableConsentForms === true,
  };
}

/** The items of a configuration list (`GET /fotoweb/api/config/{setting}`) as choices, in its order. */
export function configChoices(list: ConfigItemList): Choice[] {
  return list.data.map((item) => ({ id: item.Id, label: item.Name }));
}

/** The metadata views of `GET /fotoweb/api/config/metadataviews`, each named with the archives that use it. */
export function metadataViewConfigChoices(views: MetadataViewList['data']): Choice[] {
  return views.map((view) => ({ id: view.Id, label: view.UsedBy.length > 0 ? `${view.Name} (used by ${view.UsedBy.map((a) => a.Name).join(', ')})` : view.Name }));
}

/**
 * The pools of `GET /fotoweb/api/pools` (none when it failed). This server never allows an external path
 * (`AllowExternalPath` false, spec 03 §6), so the dialog has the Pool select only.
 */
export function poolChoices(pools: PoolList | undefined): Choice[] {
  return (pools?.Pools ?? []).map((pool) => ({ id: pool.Id, label: pool.Name || pool.Id }));
}

/**
 * The `archiveSave` machine's `saveArchive` actor (spec 03 §7): POST a new archive or PUT the one at `href`, then
 * the archive as saved. Rejects with the `{status, responseJSON}` shape the machine maps to its §8 messages.
 */
export function saveArchiveCall(href: string | undefined) {
  return async ({ input }: { input: SaveArchiveInput }): Promise<ArchiveDraft> => {
    const body = archiveInputOf(input.archive);
    const saved = await machineCall(() => (input.mode === 'update' && href ? api.updateArchiveConfig(href, body) : api.createArchiveConfig(body)));
    return archiveDraftOf(saved);
  };
}

/**
 * The lists the Add member dialog picks from (spec 03 §2.12, §7 "User and group lists for the access list"): the
 * descriptor's user-management links, else its `users`/`groups` links. Without `manageUsers` both are null; a
 * server may still offer the group list alone.
 */
export interface MemberListLinks {
  readonly userList: string | undefined;
  readonly groupList: string | undefined;
}

/** See {@link MemberListLinks}. */
export function memberListLinks(descriptor: Pick<FullApiDescriptor, 'userManagement' | 'users' | 'groups'> | undefined): MemberListLinks {
  const links = descriptor?.userManagement;
  return {
    userList: links?.userList ?? descriptor?.users ?? undefined,
    groupList: links?.groupList ?? descriptor?.groups ?? undefined,
  };
}

/** A user of a list as the access list names them (spec 03 §3.9: the user's full name). */
export function pickedUser(user: Pick<User, 'id' | 'fullName' | 'username' | 'description'>): PickedMember {
  return { Id: user.id, Name: user.fullName.trim() || user.username, Description: user.description, MemberType: 'user' };
}

/** A group of a list as the access list names it. */
export function pickedGroup(group: Pick<Group, 'id' | 'name' | 'description'>): PickedMember {
  return { Id: group.id, Name: group.name, Description: group.description, MemberType: 'group' };
}
