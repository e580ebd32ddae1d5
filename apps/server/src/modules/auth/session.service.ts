import { randomBytes } from 'node:crypto';
import { CODES } from '@app/contract/codes';
import type { TokenPair } from '@app/contract/auth';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { batchedRead } from '../../db/batched-read.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionStudent } from '../../http/session-policy.ts';
import { authRepository as repo, type FamilyState } from './auth.repository.ts';
import { hashRefreshToken, newRefreshToken, parseAuthorization, type TokenSigner } from './token-signer.ts';

export type AuthenticatedStudent = SessionStudent;

export type SessionServiceDeps = {
  db: Db;
  clock: Clock;
  signer: TokenSigner;
  refreshTtlSeconds: number;
  /** How long this instance trusts a family's revocation state it read (ms); ≤ 2 s. */
  revocationCacheMs?: number;
};

const MAX_CACHED_FAMILIES = 10_000;

const unauthorized = () => new AppError(CODES.UNAUTHORIZED, 'error.unauthorized');
const revoked = () => new AppError(CODES.UNAUTHORIZED, 'auth.sessionRevoked');

/**
 * Sessions (DESIGN.md §7 "Sessions"; OWASP ASVS V7, RFC 9700 §4.14). A login opens a family: an
 * absolute lifetime (REFRESH_TOKEN_TTL_SECONDS from the login, never extended) and a chain of
 * refresh tokens, each usable once. /updateToken rotates: it marks the presented token used with a
 * conditional update, so of two concurrent refreshes with one token exactly one wins; presenting a
 * token that was already rotated is reuse (a stolen copy, or a lost race) and revokes the family.
 * Access tokens carry the family id; the guard refuses tokens of a revoked family.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const { db, clock, signer } = deps;
  const refreshTtlMs = deps.refreshTtlSeconds * 1000;
  const cacheMs = Math.min(deps.revocationCacheMs ?? 1000, 2000);
  // Family states read recently, keyed by family id, with the app-clock time they were read.
  const cache = new Map<string, { state: FamilyState | undefined; readAt: number }>();
  // Families revoked through this instance: refused at once, even by a request whose database read
  // raced with the revocation and would put a stale state into the cache.
  const revokedHere = new Set<string>();
  // The requests of one turn whose families are not cached read them in one statement.
  const readFamily = batchedRead((ids: string[]) => repo.findFamilies(db, ids));

  async function familyState(id: string): Promise<FamilyState | undefined> {
    const hit = cache.get(id);
    const now = clock.now();
    if (hit && now - hit.readAt >= 0 && now - hit.readAt < cacheMs) return hit.state;
    const state = await readFamily(id);
    if (cache.size >= MAX_CACHED_FAMILIES) cache.clear();
    cache.set(id, { state, readAt: now });
    return state;
  }

  async function pairFor(studentId: number, familyId: string, refreshToken: string): Promise<TokenPair> {
    return { token: await signer.signAccess({ sub: studentId, fam: familyId }), refreshToken };
  }

  async function revoke(familyId: string): Promise<void> {
    await repo.revokeFamily(db, familyId, clock.now());
    // Takes effect on this instance at once; other instances see it within `cacheMs`.
    if (revokedHere.size >= MAX_CACHED_FAMILIES) revokedHere.clear();
    revokedHere.add(familyId);
    cache.delete(familyId);
  }

  return {
    /** Opens a new session family for a student who just proved who they are. */
    async issue(studentId: number): Promise<TokenPair> {
      const now = clock.now();
      const familyId = randomBytes(18).toString('base64url');
      const refreshToken = newRefreshToken();
      await withTransaction(db, async (trx) => {
        await repo.insertFamily(trx, {
          id: familyId,
          studentId,
          createdAt: now,
          expiresAt: now + refreshTtlMs,
        });
        await repo.insertRefreshToken(trx, hashRefreshToken(refreshToken), familyId, now);
      });
      return pairFor(studentId, familyId, refreshToken);
    },

    /** POST /updateToken: rotates the refresh token; 401 when it is unknown, expired, revoked or reused. */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const now = clock.now();
      const tokenHash = hashRefreshToken(refreshToken);
      const token = await repo.findRefreshToken(db, tokenHash);
      if (!token) throw unauthorized();
      const family = await repo.findFamily(db, token.family_id);
      if (!family) throw unauthorized();
      if (family.revokedAt !== null) throw revoked();
      if (family.expiresAt <= now) throw unauthorized();

      const next = newRefreshToken();
      const rotated = await withTransaction(db, async (trx) => {
        if (!(await repo.markRefreshTokenUsed(trx, tokenHash, now))) return false;
        await repo.insertRefreshToken(trx, hashRefreshToken(next), family.id, now);
        return true;
      });
      if (!rotated) {
        // Reuse of a rotated token: whoever holds the newer one may be an attacker (RFC 9700 §4.14.2).
        await revoke(family.id);
        throw revoked();
      }
      return pairFor(family.studentId, family.id, next);
    },

    /** Ends a session; idempotent. */
    revoke,

    /** Ends every session of a student but `keepFamilyId` (a password change, DESIGN.md §7). */
    async revokeOthers(studentId: number, keepFamilyId: string | null): Promise<number> {
      const count = await repo.revokeFamiliesOfStudent(db, studentId, keepFamilyId, clock.now());
      // The cache is keyed by family, not student: forget it all (it refills within milliseconds).
      cache.clear();
      return count;
    },

    /**
     * The student of an Authorization header (`Bearer <t>` or a bare `<t>`). Throws 66666 (HTTP 401)
     * for an expired access token, 401 for a missing, invalid or revoked one. `allowRevoked` skips
     * the family check (logout of an already ended session still succeeds).
     */
    async authenticate(
      authorization: string | undefined,
      options: { allowRevoked?: boolean } = {},
    ): Promise<AuthenticatedStudent> {
      const token = parseAuthorization(authorization);
      if (!token) throw unauthorized();
      const verified = await signer.verifyAccess(token);
      if (!verified.ok) {
        throw verified.reason === 'expired'
          ? new AppError(CODES.TOKEN_EXPIRED, 'error.tokenExpired')
          : unauthorized();
      }
      if (!options.allowRevoked) {
        if (revokedHere.has(verified.fam)) throw revoked();
        const family = await familyState(verified.fam);
        if (!family || family.studentId !== verified.sub) throw unauthorized();
        if (family.revokedAt !== null || family.expiresAt <= clock.now()) throw revoked();
      }
      return { studentId: verified.sub, familyId: verified.fam };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
