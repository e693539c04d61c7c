import type { GrantableGroupList, Invitation, InvitationList } from '@magpie/api-types';
import type { GroupName, InvitationListRow, RedeemerRow } from '../repositories/invitations.repository.ts';
import { groupHref, invitationHref, invitationRevokeHref, invitationsPageHref } from './hrefs.ts';

/** Groups as pickers carry them (dam.yaml `GroupReference`). */
export function presentGroupReferences(groups: readonly GroupName[]): Array<{ href: string; name: string }> {
  return groups.map((group) => ({ href: groupHref(group.id), name: group.name }));
}

/**
 * An invitation as the management grid shows it (dam.yaml `Invitation`, spec 03 §3.6).
 * @param link the absolute sign-up link, or null when the server cannot rebuild it.
 */
export function presentInvitation(row: InvitationListRow, extras: { link: string | null; groups: readonly GroupName[]; redeemers: readonly RedeemerRow[] }): Invitation {
  return {
    invitationViewHref: extras.link,
    invitationAdminHref: invitationHref(row.id),
    revoke: invitationRevokeHref(row.id),
    type: row.type,
    email: row.email,
    organization: row.organization_domain,
    description: row.description,
    message: row.message,
    created: row.created.toISOString(),
    expires: row.expires ? row.expires.toISOString() : null,
    groupNames: extras.groups.map((group) => group.name),
    groups: presentGroupReferences(extras.groups),
    redeemedBy: extras.redeemers.map((user) => ({ id: user.id, name: user.name, username: user.username })),
    approveAutomatically: row.approve_automatically,
    createdBy: row.created_by_name,
  };
}

/**
 * A page of active invitations (dam.yaml `InvitationList`): `rows` newest first, of which at most `pageSize` are shown;
 * one more row than that means an older page, linked from `paging.next`.
 */
export function presentInvitationList(rows: readonly Invitation[], ids: readonly number[], pageSize: number, count: number): InvitationList {
  const last = ids[Math.min(rows.length, pageSize) - 1];
  return { data: rows.slice(0, pageSize), count, paging: { next: rows.length > pageSize && last !== undefined ? invitationsPageHref(last) : null } };
}

/** The groups the caller may grant (dam.yaml `GrantableGroupList`). */
export function presentGrantableGroups(groups: readonly GroupName[]): GrantableGroupList {
  return { data: presentGroupReferences(groups) };
}
