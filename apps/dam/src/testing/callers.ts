import type { Caller } from '../policies/archive.policy.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';

/**
 * The site owner (`admin`, made at the first start) as a {@link Caller}, for tests that call services directly, as a
 * route would after authenticating the owner's token.
 * @throws Error when the database has no `admin` user.
 */
export async function siteOwnerCaller(users: Pick<UsersRepository, 'findByUsername'>): Promise<Caller> {
  const admin = await users.findByUsername('admin');
  if (!admin) throw new Error('The database has no admin user.');
  return {
    userId: admin.id,
    username: 'admin',
    fullName: '',
    email: '',
    isSiteOwner: true,
    groupIds: [],
    permissions: new Set<string>(),
    clientId: 'test',
    mustChangePassword: false,
  };
}
