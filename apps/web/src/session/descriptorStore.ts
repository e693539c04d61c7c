/**
 * The API descriptor kept as locally stored user data (spec 01 §1 "keeps the API descriptor received from the
 * server as locally stored user data"; §4 Session "missing stored user data redirects to login").
 */
import type { FullApiDescriptor } from '@magpie/api-types';

/** localStorage key of the stored descriptor. */
export const DESCRIPTOR_STORAGE_KEY = 'magpie.apiDescriptor';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** True for a value that looks like a descriptor the app can use (has the links it reads). */
export function isUsableDescriptor(value: unknown): value is FullApiDescriptor {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Partial<FullApiDescriptor>;
  return (
    typeof d.href === 'string' && typeof d.services === 'object' && d.services !== null && typeof d.services.logout === 'string' && typeof d.user === 'object' && d.user !== null
  );
}

/** The stored descriptor, or undefined when none is stored or it cannot be read. */
export function readStoredDescriptor(storage: StorageLike | undefined): FullApiDescriptor | undefined {
  try {
    const raw = storage?.getItem(DESCRIPTOR_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isUsableDescriptor(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Stores the descriptor; storage errors are ignored (the session then lasts for this page only). */
export function storeDescriptor(storage: StorageLike | undefined, descriptor: FullApiDescriptor): void {
  try {
    storage?.setItem(DESCRIPTOR_STORAGE_KEY, JSON.stringify(descriptor));
  } catch {
    // Quota or disabled storage.
  }
}

/** Forgets the stored descriptor (logout, lost session). */
export function clearStoredDescriptor(storage: StorageLike | undefined): void {
  try {
    storage?.removeItem(DESCRIPTOR_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}
