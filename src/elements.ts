/**
 * The one registration module: defines every custom element of the app. Element classes live one
 * per file and import without side effects (so tests can import them); importing this file defines
 * them all.
 */
import { SteerApp } from './app/app';
import { SteerCompare } from './app/compare';
import { SteerInspector, SteerProbeTip } from './app/inspector';
import { SteerNodeHelp } from './app/node-help';
import { SteerNumberField } from './app/number-field';
import { SteerPalette } from './app/palette';
import { SteerParamsPanel } from './app/params-panel';
import { SteerProblems } from './app/problems';
import { SteerSceneCard } from './app/scene-card';
import { SteerShortcuts } from './app/shortcuts';
import { SteerStateBar } from './app/state-bar';
import { SteerStateView } from './app/state-view';
import { SteerTypePanel } from './app/type-panel';
import { SteerUnreadableDrafts } from './app/unreadable-drafts';
import { SteerWorldPanel } from './app/world-panel';
import { SteerConnection } from './editor/connection-element';
import { SteerContextMenu } from './editor/context-menu';
import { SteerNodeMenu } from './editor/node-menu';
import { SteerNodeElement } from './editor/node-element';
import { SteerParam } from './editor/param-control';
import { SteerSlotPad } from './editor/slot-pad';
import { SteerPortLabel } from './editor/port-label';
import { SteerSocket } from './editor/socket-element';
import { SteerPreview } from './preview/preview';
import { SteerTimeline } from './preview/timeline';

const ELEMENTS: [string, CustomElementConstructor][] = [
  ['steer-app', SteerApp],
  ['steer-preview', SteerPreview],
  ['steer-timeline', SteerTimeline],
  ['steer-compare', SteerCompare],
  ['steer-node', SteerNodeElement],
  ['steer-socket', SteerSocket],
  ['steer-param', SteerParam],
  ['steer-slot-pad', SteerSlotPad],
  ['steer-port-label', SteerPortLabel],
  ['steer-connection', SteerConnection],
  ['steer-node-menu', SteerNodeMenu],
  ['steer-context-menu', SteerContextMenu],
  ['steer-palette', SteerPalette],
  ['steer-number-field', SteerNumberField],
  ['steer-type-panel', SteerTypePanel],
  ['steer-params-panel', SteerParamsPanel],
  ['steer-world-panel', SteerWorldPanel],
  ['steer-problems', SteerProblems],
  ['steer-inspector', SteerInspector],
  ['steer-probe-tip', SteerProbeTip],
  ['steer-node-help', SteerNodeHelp],
  ['steer-scene-card', SteerSceneCard],
  ['steer-unreadable-drafts', SteerUnreadableDrafts],
  ['steer-shortcuts', SteerShortcuts],
  ['steer-state-bar', SteerStateBar],
  ['steer-state-view', SteerStateView],
];

for (const [name, ctor] of ELEMENTS) if (!customElements.get(name)) customElements.define(name, ctor);
