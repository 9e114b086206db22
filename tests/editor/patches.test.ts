/**
 * Guards of the patches of third-party privates (src/editor/patches/): each fails when the pinned
 * package changes version, or when its source no longer has the shape the patch relies on. On an
 * upgrade, read the new source, fix or drop the patch, then move its CHECKED_AGAINST.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConnectionPlugin } from 'rete-connection-plugin';
import { MinimapPlugin } from 'rete-minimap-plugin';
import { describe, expect, it } from 'vitest';
import * as clientSize from '../../src/editor/patches/client-size';
import * as litMinimap from '../../src/editor/patches/lit-minimap';
import * as minimapFrames from '../../src/editor/patches/minimap-frames';
import * as socketPicks from '../../src/editor/patches/socket-picks';

/** The installed package: its version and the text of the module the app bundles. */
function installed(name: string): { version: string; source: string } {
  const dir = fileURLToPath(new URL(`../../node_modules/${name}/`, import.meta.url));
  const pkg = JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as { version: string; module: string };
  return { version: pkg.version, source: readFileSync(`${dir}${pkg.module}`, 'utf8') };
}

/** The text from `from` up to the next `to` after it (both must be there). */
function between(text: string, from: string, to: string): string {
  const start = text.indexOf(from);
  expect(start, `missing: ${from}`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf(to, start + from.length);
  expect(end, `missing after ${from}: ${to}`).toBeGreaterThan(start);
  return text.slice(start, end);
}

/** The pieces of `text` in this order. */
function expectInOrder(text: string, pieces: readonly string[]): void {
  let at = 0;
  for (const p of pieces) {
    const i = text.indexOf(p, at);
    expect(i, `not found in order: ${p}`).toBeGreaterThanOrEqual(0);
    at = i + p.length;
  }
}

describe('patches/socket-picks.ts (rete-connection-plugin)', () => {
  const { version, source } = installed(socketPicks.CHECKED_AGAINST.package);

  it('is checked against the installed version', () => {
    expect(version).toBe(socketPicks.CHECKED_AGAINST.version);
  });

  it('ConnectionPlugin still has pick and a currentFlow that is null while no wire is dragged', () => {
    expect(typeof (ConnectionPlugin.prototype as unknown as { pick?: unknown }).pick).toBe('function');
    expect((new ConnectionPlugin() as unknown as { currentFlow: unknown }).currentFlow).toBeNull();
  });

  it('pick hit-tests through document.elementsFromPoint before its first await, and pointerup and socket pointerdown reach it', () => {
    const plugin = source.slice(source.indexOf('var ConnectionPlugin ='));
    const pick = between(plugin, 'key: "pick"', 'key: "setParent"');
    expectInOrder(pick, ['elementsFromPoint(event.clientX, event.clientY)', 'findSocket(this.socketsCache', 'return this.currentFlow.pick(']);
    // the first await (regenerator: `_context.next = …; return …`) comes after the hit test
    expect(pick.indexOf('elementsFromPoint(')).toBeLessThan(pick.indexOf('return this.currentFlow.pick('));
    const beforeHitTest = pick.slice(pick.indexOf('case 0:'), pick.indexOf('elementsFromPoint('));
    expect(beforeHitTest).not.toMatch(/return |_context\.next =/);
    const helper = between(source, 'function elementsFromPoint(x, y)', 'return elements;');
    expect(helper).toContain(': document;');
    expect(helper).toContain('root.elementsFromPoint(x, y)');
    const setParent = between(plugin, 'key: "setParent"', '}(Scope);');
    expect(setParent).toContain("_this2.pick(context.data.event, 'up')");
    expect(setParent).toContain("_this2.pick(e, 'down')");
  });
});

describe('patches/minimap-frames.ts and patches/client-size.ts (rete-minimap-plugin)', () => {
  const { version, source } = installed(minimapFrames.CHECKED_AGAINST.package);

  it('are checked against the installed version', () => {
    expect(version).toBe(minimapFrames.CHECKED_AGAINST.version);
    expect(version).toBe(clientSize.CHECKED_AGAINST.version);
    expect(clientSize.CHECKED_AGAINST.package).toBe(minimapFrames.CHECKED_AGAINST.package);
  });

  it('MinimapPlugin still draws through its own render, which its pipe calls on each node event, into its element', () => {
    expect(typeof (MinimapPlugin.prototype as unknown as { render?: unknown }).render).toBe('function');
    const setParent = between(source, 'key: "setParent"', 'key: "getNodesRect"');
    expect(setParent).toContain("this.element = document.createElement('div')");
    expect(setParent.match(/_this2\.render\(\)/g)?.length).toBeGreaterThanOrEqual(8);
  });

  it('render reads the area container’s clientWidth and clientHeight', () => {
    const render = between(source, 'key: "render"', "type: 'render'");
    expect(render).toContain('this.area.container');
    expect(render).toMatch(/width = _this\$area\$container\.clientWidth/);
    expect(render).toMatch(/height = _this\$area\$container\.clientHeight/);
  });
});

describe('patches/lit-minimap.ts (@retejs/lit-plugin)', () => {
  const { version, source } = installed(litMinimap.CHECKED_AGAINST.package);

  it('is checked against the installed version', () => {
    expect(version).toBe(litMinimap.CHECKED_AGAINST.version);
  });

  it('rete-minimap scales by its container’s clientWidth in render and scale', () => {
    expect(source).toContain("customElements.define('rete-minimap', Minimap)");
    const minimap = between(source, 'key: "container"', '}(LitElement);');
    expect(minimap).toContain('key: "render"');
    expect(minimap).toContain('this.container ? this.container.clientWidth : 0');
    expect(minimap).toContain('_this2.scale(node.left)');
    expect(between(minimap, 'key: "scale"', '}')).toContain('value * this.container.clientWidth');
  });

  it('rete-mini-node renders the styles its `styles` getter returns', () => {
    expect(source).toContain("customElements.define('rete-mini-node', MiniNode)");
    const miniNode = between(source, 'key: "styles"', '_MiniNode = MiniNode;');
    expect(miniNode).toMatch(/get: function get\(\) \{\s*return \{\s*left: px\(this\.left\),\s*top: px\(this\.top\)/);
    expect(miniNode).toContain('styleMap(this.styles)');
  });
});
