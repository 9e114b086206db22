import { describe, expect, it } from 'vitest';
import { barActions, type BarClient } from '../../src/preview/bar-actions';

/** A client that logs what the bar asks of the element. */
function client(seedText: string, sceneSeed: number | undefined, overlays = new Set<string>(['velocity'])) {
  const log: unknown[] = [];
  const on: BarClient = {
    togglePlaying: () => log.push('toggle'),
    setSpeed: (s) => log.push(['speed', s]),
    seek: (t) => log.push(['seek', t]),
    stepBack: () => log.push('back'),
    step: () => log.push('step'),
    reset: (seed) => log.push(['reset', seed]),
    fit: () => log.push('fit'),
    toggleMenu: () => log.push('menu'),
    toggleWallTool: () => log.push('walls'),
    toggleFlowBrush: () => log.push('flow'),
    overlays: () => overlays,
    pickOverlays: (next) => log.push(['overlays', [...next]]),
    seedText: () => seedText,
    sceneSeed: () => sceneSeed,
    error: (m) => log.push(['error', m]),
    edit: (d) => log.push(['edit', d]),
  };
  return { actions: barActions(on), log };
}

describe('the control bar’s actions', () => {
  it('resets with the seed typed, which becomes the scene’s', () => {
    const { actions, log } = client(' 42 ', 7);
    actions.resetWithSeed();
    expect(log).toEqual([['reset', 42], ['edit', { kind: 'set-seed', seed: 42 }]]);
  });

  it('resets with the scene’s own seed without an edit, and on Enter in the field only', () => {
    const { actions, log } = client('7', 7);
    actions.seedKey({ key: 'a' } as KeyboardEvent);
    expect(log).toEqual([]);
    actions.seedKey({ key: 'Enter' } as KeyboardEvent);
    expect(log).toEqual([['reset', 7]]);
  });

  it('refuses a seed that is not a whole number from 0 to 4294967295, and resets nothing', () => {
    for (const text of ['', '1e', '-1', '1.5', '4294967296']) {
      const { actions, log } = client(text, 7);
      actions.resetWithSeed();
      expect(log).toEqual([['error', `The seed must be a whole number from 0 to 4294967295, got "${text}"`]]);
    }
  });

  it('picks overlays on and off, a new set each time; the speed from its menu; the timeline seeks', () => {
    const overlays = new Set(['velocity']);
    const { actions, log } = client('1', 1, overlays);
    actions.toggleOverlay('force', true);
    actions.toggleOverlay('velocity', false);
    actions.speed({ target: { value: '0.5' } } as unknown as Event);
    actions.seek(new CustomEvent('timeline-seek', { detail: { tick: 12, phase: 'end' as const } }));
    expect(log).toEqual([['overlays', ['velocity', 'force']], ['overlays', []], ['speed', 0.5], ['seek', 12]]);
    expect([...overlays]).toEqual(['velocity']);
  });
});
