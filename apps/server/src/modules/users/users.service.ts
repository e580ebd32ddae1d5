import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { API_BASE } from '@app/contract/constants';
import { CODES } from '@app/contract/codes';
import type { SetUserInfoBody, UploadAvatarResult, UserHome, UserProfile } from '@app/contract/users';
import { AppError } from '../../http/app-error.ts';
import { StorageNotFoundError, type StorageProvider } from '../../providers/storage/storage-provider.ts';
import type { LessonCard } from '@app/contract/wallet';
import { batchedRead } from '../../db/batched-read.ts';
import type { CoursesService, HomeOverview } from '../courses/courses.service.ts';
import type { StudentQuotas, StudentsService } from '../students/students.service.ts';
import type { TeachersService } from '../teachers/teachers.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { AVATAR_CONTENT_TYPES, AVATAR_EXTENSIONS, imageKindOf, kindOfAvatarName } from './avatar-image.ts';

export type UsersServiceDeps = {
  students: StudentsService;
  wallet: Pick<WalletService, 'getCoinBalances' | 'getCardLists'>;
  courses: Pick<CoursesService, 'getHomeOverviews'>;
  teachers: Pick<TeachersService, 'likedTeacherIdsOf'>;
  storage: StorageProvider;
  quotas: Pick<StudentQuotas, 'take'>;
};

/** Public URL path of stored avatars (GET /avatar/{name}, session none). */
export const AVATAR_URL_PREFIX = `${API_BASE}/avatar/`;
const AVATAR_KEY_PREFIX = 'avatars/';
const HOME_LIST_SIZE = 3;

const gone = () => new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');

/**
 * The user centre (SPEC.md §2 /user pages): the account overview composed from the students,
 * wallet, courses and teachers services, the profile (the students service holds the record and its
 * allow-list), and avatars in the file store. A student who no longer exists gets 401, as from
 * /user/getUserInfo, so the web app resets the session.
 */
function homeOf(
  user: UserProfile,
  coins: number,
  cards: LessonCard[],
  overview: HomeOverview,
  liked: number[],
): UserHome {
  const usable = cards.filter((card) => card.usable);
  const expiries = usable.map((card) => card.expires_at).sort();
  return {
    user,
    coins,
    cards: {
      usable: usable.length,
      lessons_left: usable.reduce((sum, card) => sum + card.lessons_left, 0),
      nearest_expiry: expiries[0] ?? null,
    },
    next_classes: overview.next_classes,
    reports: { unread: overview.unread_reports, latest: overview.latest_reports },
    counts: {
      upcoming_classes: overview.upcoming_classes,
      finished_classes: overview.finished_classes,
      attended_classes: overview.attended_classes,
      missed_classes: overview.missed_classes,
      cancelled_classes: overview.cancelled_classes,
      called_off_classes: overview.called_off_classes,
      favourite_teachers: liked.length,
    },
  };
}

export function createUsersService(deps: UsersServiceDeps) {
  const { students, wallet, courses, teachers, storage, quotas } = deps;

  const readHome = batchedRead(async (ids: number[]) => {
    const [users, balances, cards, overviews, liked] = await Promise.all([
      students.profiles(ids),
      wallet.getCoinBalances(ids),
      wallet.getCardLists(ids),
      courses.getHomeOverviews(ids, HOME_LIST_SIZE),
      teachers.likedTeacherIdsOf(ids),
    ]);
    const homes = new Map<number, UserHome>();
    for (const [id, user] of users) {
      homes.set(id, homeOf(user, balances.get(id)!, cards.get(id)!, overviews.get(id)!, liked.get(id)!));
    }
    return homes;
  });

  return {
    /**
     * The account overview. The homes asked for in the same turn are read together
     * (db/batched-read.ts): seven statements for them all on PostgreSQL (the profiles, the coins,
     * the cards, the liked teachers, and the courses service's counts, next classes and latest
     * reports), where a statement is a round trip and most of a request's cost (issue 36).
     */
    async getUserHome(studentId: number): Promise<UserHome> {
      const home = await readHome(studentId);
      if (!home) throw gone();
      return home;
    },

    async setUserInfo(studentId: number, body: SetUserInfoBody): Promise<UserProfile> {
      const profile = await students.updateProfile(studentId, body);
      if (!profile) throw gone();
      return profile;
    },

    /**
     * Counts an upload against the student's quota (30 per 10 minutes; students/student-quotas.ts)
     * before its body is read: the route calls it first, so a refused upload costs nothing more.
     */
    async admitUpload(studentId: number): Promise<void> {
      await quotas.take(studentId, 'upload');
    },

    /**
     * Stores an avatar whose bytes are a PNG, JPEG or WebP image (the route limits the size) under a
     * random name, points the profile at it and removes the one it replaced.
     */
    async uploadAvatar(studentId: number, bytes: Buffer): Promise<UploadAvatarResult> {
      const kind = imageKindOf(bytes);
      if (!kind) throw AppError.badRequest('user.avatarType');
      const name = `${randomBytes(16).toString('hex')}.${AVATAR_EXTENSIONS[kind]}`;
      await storage.put(`${AVATAR_KEY_PREFIX}${name}`, bytes);
      const url = `${AVATAR_URL_PREFIX}${name}`;
      const previous = await students.replaceAvatar(studentId, url);
      if (previous === undefined) {
        await storage.delete(`${AVATAR_KEY_PREFIX}${name}`);
        throw gone();
      }
      const previousName = previous.startsWith(AVATAR_URL_PREFIX)
        ? previous.slice(AVATAR_URL_PREFIX.length)
        : '';
      if (kindOfAvatarName(previousName)) await storage.delete(`${AVATAR_KEY_PREFIX}${previousName}`);
      return { student_pic: url };
    },

    /** A stored avatar by its public name, or undefined (a name that is not one of ours included). */
    async openAvatar(
      name: string,
    ): Promise<{ body: Readable; size: number; contentType: string; extension: string } | undefined> {
      const kind = kindOfAvatarName(name);
      if (!kind) return undefined;
      const key = `${AVATAR_KEY_PREFIX}${name}`;
      try {
        const stored = await storage.stat(key);
        if (!stored) return undefined;
        return {
          body: await storage.get(key),
          size: stored.size,
          contentType: AVATAR_CONTENT_TYPES[kind],
          extension: AVATAR_EXTENSIONS[kind],
        };
      } catch (error) {
        // Replaced by a newer upload between the two calls.
        if (error instanceof StorageNotFoundError) return undefined;
        throw error;
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
