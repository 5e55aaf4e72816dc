import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { devtoolsDocked, hasDebugMarker } from './devtools-trap';

describe('devtoolsDocked', () => {
  it.each([
    ['no gap', [1280, 1280, 800, 800], false],
    ['browser chrome only', [1280, 1280, 900, 800], false],
    ['exactly 200 px is not over', [1480, 1280, 800, 800], false],
    ['docked right', [1481, 1280, 800, 800], true],
    ['docked bottom', [1280, 1280, 1101, 800], true],
  ] as const)('%s', (_name, [outerWidth, innerWidth, outerHeight, innerHeight], want) => {
    expect(devtoolsDocked({ outerWidth, innerWidth, outerHeight, innerHeight })).toBe(want);
  });

  it('is the same as asking whether either gap is over the threshold', () => {
    fc.assert(
      fc.property(fc.nat(3000), fc.nat(3000), fc.nat(3000), fc.nat(3000), (ow, iw, oh, ih) => {
        const docked = devtoolsDocked({
          outerWidth: ow,
          innerWidth: iw,
          outerHeight: oh,
          innerHeight: ih,
        });
        expect(docked).toBe(ow - iw > 200 || oh - ih > 200);
      }),
    );
  });
});

describe('hasDebugMarker', () => {
  it.each([
    ['', false],
    ['?keyword=debug', false],
    ['?debug', true],
    ['?debug=1', true],
    ['?a=b&debug=true', true],
    ['?debug=false', false],
    ['?debug=0', false],
  ])('%s → %s', (search, want) => {
    expect(hasDebugMarker(search)).toBe(want);
  });
});
