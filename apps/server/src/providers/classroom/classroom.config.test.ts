import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createClassroomProviderFromConfig } from './classroom.config.ts';

const course = { id: 5, studentId: 2, startAt: 1_000, endAt: 2_000 };

describe('classroom settings', () => {
  it('default to the live driver, no ICE servers and a 10-minute teacher no-show', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      CLASSROOM_DRIVER: 'live',
      ICE_SERVERS: [],
      TURN_SECRET: undefined,
      TEACHER_NO_SHOW_MINUTES: 10,
    });
    expect(createClassroomProviderFromConfig(config, { secret: 's' }).driver).toBe('live');
  });

  it('select the demo classroom, a signed local page with its recording at the end', async () => {
    const config = loadConfig({ CLASSROOM_DRIVER: 'demo' });
    const provider = createClassroomProviderFromConfig(config, { secret: 's' });
    expect(provider.driver).toBe('demo');
    expect(await provider.roomUrl(course)).toMatch(/^\/api\/v1\/classroom\/demo\/5\?t=[\w-]{43}$/);
    expect(await provider.recordingOf(course, 1_999)).toBeUndefined();
    expect(await provider.recordingOf(course, 2_000)).toEqual({ url: expect.stringMatching(/^\/media\//) });
  });

  it('select the live classroom, whose room is the web app page and which has no recording yet', async () => {
    const config = loadConfig({
      CLASSROOM_DRIVER: 'live',
      ICE_SERVERS: ' stun:stun.example.com:3478 , turns:turn.example.com:5349?transport=tcp ',
      TURN_SECRET: 'coturn-shared-secret',
      TEACHER_NO_SHOW_MINUTES: '15',
    });
    expect(config.ICE_SERVERS).toEqual([
      'stun:stun.example.com:3478',
      'turns:turn.example.com:5349?transport=tcp',
    ]);
    expect(config.TEACHER_NO_SHOW_MINUTES).toBe(15);
    const provider = createClassroomProviderFromConfig(config, { secret: 's' });
    expect(provider.driver).toBe('live');
    expect(await provider.roomUrl(course)).toBe('/classroom/5');
    expect(await provider.recordingOf(course, 10_000)).toBeUndefined();
  });

  it('refuse an unknown driver, a URL that is not STUN or TURN, and TURN without its secret', () => {
    expect(() => loadConfig({ CLASSROOM_DRIVER: 'zoom' })).toThrow(/CLASSROOM_DRIVER/);
    expect(() => loadConfig({ ICE_SERVERS: 'stun:ok.example.com,https://turn.example.com' })).toThrow(
      /ICE_SERVERS.*expected stun:, stuns:, turn: or turns: URLs/,
    );
    expect(() => loadConfig({ ICE_SERVERS: 'turn:turn.example.com:3478' })).toThrow(
      /TURN_SECRET: ICE_SERVERS lists a TURN server/,
    );
    expect(() => loadConfig({ TURN_SECRET: 'short' })).toThrow(/TURN_SECRET: must be at least 16 characters/);
    expect(() => loadConfig({ TEACHER_NO_SHOW_MINUTES: '0' })).toThrow(/TEACHER_NO_SHOW_MINUTES/);
  });
});
