import type { Db } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { organization, users } from '../../db/schema.js';

const DEMO_MEMBERS = [
  { pseudo: 'Kaelith', name: 'Martin', surname: 'Léa', role: 'user', country: 'France' },
  { pseudo: 'Vortex', name: 'Dubois', surname: 'Hugo', role: 'user', country: 'Belgique' },
  { pseudo: 'Nyra', name: 'Lefèvre', surname: 'Inès', role: 'user', country: 'France' },
  { pseudo: 'Blitzcrank', name: 'Moreau', surname: 'Lucas', role: 'guest', country: 'Suisse' },
  { pseudo: 'Shiro', name: 'Garcia', surname: 'Camille', role: 'invited', country: 'France' },
] as const;

/**
 * Fills an empty local database with a demo organisation and a few members, so that a first
 * `npm start` shows a living portal. Does nothing once the organisation exists.
 * The demo members are not admins: the first person to sign in still becomes the admin.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(organization)
      .values({
        id: 1,
        name: 'Guildhall Esport',
        email: 'contact@guildhall.example',
        primaryColor: '#6d28d9',
        secondaryColor: '#0f172a',
        backgroundColor: '#f5f3ff',
        website: 'https://guildhall.example',
        twitch: 'https://www.twitch.tv/guildhall',
        twitter: 'https://x.com/guildhall',
        instagram: '',
        facebook: '',
      })
      .onConflictDoNothing()
      .returning({ id: organization.id });
    if (inserted.length === 0) return false;

    const now = Date.now();
    await tx
      .insert(users)
      .values(
        DEMO_MEMBERS.map((member, index) => ({
          id: newId(),
          ...member,
          adhesion: member.role !== 'invited',
          // Spread the join dates so that "newest members" has an order.
          createdAt: new Date(now - (DEMO_MEMBERS.length - index) * 86_400_000),
        })),
      )
      .onConflictDoNothing();
    return true;
  });
}
