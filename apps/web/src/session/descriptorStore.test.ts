import { describe, expect, it } from 'vitest';
import type { FullApiDescriptor } from '@magpie/api-types';
import { clearStoredDescriptor, DESCRIPTOR_STORAGE_KEY, readStoredDescriptor, storeDescriptor } from './descriptorStore.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const descriptor = {
  href: '/fotoweb/me',
  services: { logout: '/fotoweb/services/logout', keepalive: { href: '/k', interval: 20 } },
  user: { fullName: 'Ada' },
} as unknown as FullApiDescriptor;

describe('descriptor store (spec 01 §1, §4 Session)', () => {
  it('round-trips a descriptor', () => {
    const storage = memoryStorage();
    expect(readStoredDescriptor(storage)).toBeUndefined();
    storeDescriptor(storage, descriptor);
    expect(readStoredDescriptor(storage)).toEqual(descriptor);
    clearStoredDescriptor(storage);
    expect(readStoredDescriptor(storage)).toBeUndefined();
  });

  it('ignores garbage', () => {
    const storage = memoryStorage();
    storage.map.set(DESCRIPTOR_STORAGE_KEY, '{not json');
    expect(readStoredDescriptor(storage)).toBeUndefined();
    storage.map.set(DESCRIPTOR_STORAGE_KEY, JSON.stringify({ href: '/x' }));
    expect(readStoredDescriptor(storage)).toBeUndefined();
  });
});
