import { describe, expect, it } from 'vitest';
import { adUnlockBody, advertisementBody, attendanceBody, missionBody } from './events';

const UUID = '6f1d1d43-5b0d-4d7e-9a55-1f0e3c0f8f11';

describe('event call bodies', () => {
  it.each([
    [attendanceBody, {}, true],
    [attendanceBody, { cnscAtdn: 7 }, true],
    [attendanceBody, { cnscAtdn: 0 }, false],
    [attendanceBody, { cnscAtdn: 8 }, false],
    [advertisementBody, { advrType: 'unlock' }, true],
    [advertisementBody, { advrType: 'mission', advrPlatform: 'ios' }, true],
    [advertisementBody, { advrType: 'reward' }, false],
    [advertisementBody, {}, false],
    [missionBody, { mssnId: 'connect_sns' }, true],
    [missionBody, { mssnId: 'watch_ad', logId: UUID }, true],
    [missionBody, { mssnId: 'share_ep', dramId: 1, epsd: 2 }, true],
    [missionBody, { mssnId: 'LINK_ACCOUNT' }, false],
    [missionBody, { mssnId: 'watch_ad', logId: 'abc' }, false],
    [adUnlockBody, { dramId: 1, epsd: 4, logId: UUID }, true],
    [adUnlockBody, { dramId: 1, epsd: 4 }, false],
    [adUnlockBody, { dramId: 0, epsd: 4, logId: UUID }, false],
  ] as const)('%#: %o → %s', (schema, input, valid) => {
    expect(schema.safeParse(input).success).toBe(valid);
  });
});
