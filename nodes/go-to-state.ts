import type { NodeDef } from './types';

/** Go to State: a transition. The compiler reads its condition and target (src/compiler/lower.ts, emit.ts); it emits nothing itself. */
export const goToState: NodeDef = {
  kind: 'go-to-state',
  label: 'Go to State',
  category: 'output',
  help: 'Moves the agent to another state of its type when the condition holds (unconnected: always). A state tries its Go to State nodes by their order (lowest first), then the any-state ones; the first that holds is taken, at most one per tick.',
  formula: 'if when: state ← target, time in state ← 0',
  inputs: [{ key: 'when', label: 'When', type: 'condition', help: 'Left unconnected: always (with the state’s minimum time, a timer).' }],
  outputs: [],
  params: [
    { key: 'state', label: 'State', type: 'state', default: '', help: 'The state to go to (a state of this agent type).' },
    { key: 'order', label: 'Order', type: 'number', default: 1, min: 1, max: 99, step: 1, unit: '', integer: true, help: 'Which of this state’s transitions is tried first: the lowest order; equal orders in graph order.' },
  ],
  emit: () => ({ outputs: {} }),
  transition: true,
};
