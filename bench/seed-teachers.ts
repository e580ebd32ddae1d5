import type { App } from '../apps/server/src/http/fastify-types.ts';
import { avatarDataUrl } from '../apps/server/src/modules/teachers/avatar.ts';

/** `count` active teachers of the bench (named `Bench <tag> <n>`), each at `price` coins a class. */
export async function insertTeachers(app: App, count: number, tag: string, price: number): Promise<number[]> {
  const ids: number[] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const name = `Bench ${tag} ${i + 1}`;
    const { id } = await app.db
      .insertInto('teacher')
      .values({
        name,
        avatar: avatarDataUrl(name),
        nationality: 'USA',
        level: 100,
        price_coins: price,
        intro_zh: '压测老师。',
        intro_en: 'A benchmark teacher.',
        intro_video: null,
        tags: '[]',
        radar_education: 80,
        radar_experience: 80,
        radar_interaction: 80,
        radar_pronunciation: 80,
        radar_rating: 80,
        rating_x100: 450,
        lesson_count: 0,
        refuses_frequent_cancellers: 0,
        active: 1,
        is_demo: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}
