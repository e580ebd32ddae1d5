import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@app/contract/users';
import { avatarProblem } from './avatar-check.ts';

describe('avatarProblem', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    expect(avatarProblem({ type: 'image/png', size: 100 })).toBeNull();
    expect(avatarProblem({ type: 'image/jpeg', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarProblem({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('refuses other types, oversize and empty files with the server message keys', () => {
    expect(avatarProblem({ type: 'image/gif', size: 100 })).toBe('user.avatarType');
    expect(avatarProblem({ type: 'image/svg+xml', size: 100 })).toBe('user.avatarType');
    expect(avatarProblem({ type: '', size: 100 })).toBe('user.avatarType');
    expect(avatarProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('user.avatarTooLarge');
    expect(avatarProblem({ type: 'image/png', size: 0 })).toBe('user.avatarRequired');
    expect(avatarProblem(undefined)).toBe('user.avatarRequired');
  });
});
