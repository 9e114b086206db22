import { guarded, scratchForce } from './emit-helpers';
import type { NodeDef } from './types';

/** Hide: take cover from a threat behind the nearest circle or closed solid wall. */
export const hide: NodeDef = {
  kind: 'hide',
  label: 'Hide',
  category: 'behaviour',
  help: 'Take cover from the threat (an agent, such as the Nearest Agent of a type, or a point): arrive at the nearest spot behind a circle obstacle or a closed solid wall, seen from the threat. With nowhere to hide, evade it (flee a point). Optionally only while the threat is near, or only while it sees the agent. The way to the spot may cross the obstacle: put Avoid first in a Priority.',
  formula: 'spot = c + normalize(c − threat) · (r + buffer) for each circle (c, r) and each closed solid wall’s bounding circle; Arrive(the spot nearest to p, R); no spot: Evade(threat)',
  inputs: [{ key: 'threat', label: 'Threat', type: 'point', required: true, help: 'An agent (its position and velocity) or a point (velocity 0).' }],
  outputs: [{ key: 'force', label: 'Force', type: 'force' }],
  params: [
    { key: 'buffer', label: 'Buffer', type: 'number', default: 30, min: 0, max: 1e4, step: 1, unit: 'px', slider: true, help: 'How far behind the obstacle’s edge the hiding spot lies, px.' },
    { key: 'slowingRadius', label: 'Slowing radius', type: 'number', default: 100, min: 0, minExclusive: true, max: 1e5, step: 5, unit: 'px', slider: true, help: 'Start slowing down this far from the hiding spot, px (> 0).' },
    { key: 'threatDistance', label: 'Threat distance', type: 'number', default: 0, min: 0, max: 1e6, step: 10, unit: 'px', slider: true, help: 'Hide only while the threat is closer than this, px; 0 hides at any distance.' },
    { key: 'whenSeen', label: 'Only when seen', type: 'boolean', default: false, help: 'Hide only while the threat can see the agent (no circle or solid wall in between); once hidden, stay put.' },
  ],
  emit: (ctx) => {
    const o = ctx.slot();
    const v = ctx.input('threat')!;
    const rest = [ctx.num('buffer'), ctx.num('slowingRadius'), ctx.num('threatDistance'), ctx.bool('whenSeen')] as const;
    if (v.type === 'agent') {
      const call = ctx.call('hide', 's', o, 'A', 'i', 'W', v.agents, v.index, ...rest);
      return { body: guarded(v.present, call, o), outputs: { force: scratchForce(o) } };
    }
    const t = ctx.point('threat')!;
    const call = ctx.call('hidePoint', 's', o, 'A', 'i', 'W', t.arr, t.off, ...rest);
    return { body: guarded(t.present, call, o), outputs: { force: scratchForce(o) } };
  },
  mute: 'zero',
};
