import { LitElement, css, html } from 'lit';

/** One shortcut of the sheet: the keys (or gesture) and what it does. */
export interface Shortcut {
  keys: string;
  does: string;
}

/** Every shortcut of the editor and the preview, by where it acts; the sheet `?` opens lists these. */
export const SHORTCUTS: readonly { area: string; items: readonly Shortcut[] }[] = [
  {
    area: 'Graph',
    items: [
      { keys: 'Shift+A', does: 'Add a node at the pointer (search, then Enter)' },
      { keys: 'Double-click', does: 'On the empty canvas: add a node there; on a wire: put a reroute there' },
      { keys: 'Right-click', does: 'On the empty canvas: add a node there; on a node or a wire: its menu' },
      { keys: 'Ctrl+A', does: 'Select every node' },
      { keys: 'Shift+click', does: 'Add a node to the selection' },
      { keys: 'Shift+drag', does: 'On the empty canvas: select the nodes in a box' },
      { keys: 'F', does: 'Frame the selection (every node when none is selected)' },
      { keys: 'Delete', does: 'Delete the selected nodes (also Backspace); a deleted reroute joins its wires' },
      { keys: 'Ctrl+C', does: 'Copy the selected nodes' },
      { keys: 'Ctrl+V', does: 'Paste at the pointer' },
      { keys: 'Ctrl+D', does: 'Duplicate the selected nodes beside them' },
      { keys: 'M', does: 'Mute or unmute the selected nodes' },
      { keys: 'Ctrl+G', does: 'Group the selected nodes into one group node' },
      { keys: 'Ctrl+Alt+G', does: 'Ungroup the selected group nodes' },
      { keys: 'Tab', does: 'Enter the selected group node’s group; with nothing selected, leave the group' },
      { keys: 'Drag a wire to +', does: 'Inside a group: to Group Input’s or Group Output’s empty + socket, add a port to the group (double-click a port’s name to rename it; its × removes it)' },
      { keys: 'Drag a socket', does: 'Connect; drag a wire off an input to remove it; let it go on the empty canvas to add a node that takes it' },
      { keys: 'Ctrl+right-drag', does: 'Cut the wires the line crosses' },
      { keys: 'Drag a node onto a wire', does: 'Put it into the wire (a node without wires whose sockets fit)' },
    ],
  },
  {
    area: 'Layout',
    items: [
      { keys: 'Ctrl+J', does: 'Put a frame around the selected nodes (drag its title to move it with its nodes; double-click to rename)' },
      { keys: 'Shift+N', does: 'Add a sticky note at the pointer' },
      { keys: 'Delete', does: 'On a picked frame or note: remove it (a frame’s nodes stay)' },
      { keys: 'H', does: 'Collapse or expand the selected nodes (also the header’s ▾)' },
      { keys: 'Ctrl+H', does: 'Hide or show the unconnected inputs of the selected Sums' },
      { keys: 'Alt+L / Alt+T', does: 'Align the selected nodes’ left / top edges' },
      { keys: 'Alt+C / Alt+E', does: 'Align the selected nodes’ centres in a column / a row' },
      { keys: 'Alt+H / Alt+V', does: 'Distribute the selected nodes evenly across / down' },
      { keys: 'Alt+S', does: 'Straighten: line up the selected chain so its wires run level' },
    ],
  },
  {
    area: 'Everywhere',
    items: [
      { keys: 'Ctrl+Z', does: 'Undo' },
      { keys: 'Ctrl+Shift+Z', does: 'Redo (also Ctrl+Y)' },
      { keys: 'Ctrl+S', does: 'Save the scene (Chromium: to the file it was opened from or saved to, in place)' },
      { keys: 'Ctrl+Shift+S', does: 'Save as… another file (Chromium; elsewhere the same as Save)' },
      { keys: 'Escape', does: 'Close a menu or this sheet' },
      { keys: '?', does: 'Show this sheet' },
    ],
  },
  {
    area: 'States',
    items: [
      { keys: 'Click a state tab', does: 'Edit that state’s graph (← / → on a focused tab: the one beside it)' },
      { keys: 'F2', does: 'Rename the focused state tab (also double-click); Enter keeps, Escape cancels' },
      { keys: 'Right-click a state tab', does: 'Move, minimum time, reset on enter, delete' },
      { keys: 'Double-click a box', does: 'In the state view: edit that state’s graph' },
    ],
  },
  {
    area: 'Palette',
    items: [
      { keys: 'Tab', does: 'Move to the next entry' },
      { keys: '↓ / ↑', does: 'Move between entries' },
      { keys: 'Enter', does: 'Add the focused entry (also double-click)' },
    ],
  },
  {
    area: 'Preview',
    items: [
      { keys: 'Space+drag', does: 'Pan (also the middle button)' },
      { keys: 'Wheel', does: 'Zoom' },
      { keys: ', / .', does: 'Step one tick back / forward (preview focused)' },
      { keys: '← / →', does: 'Timeline: one tick back / forward (Shift: ten times more)' },
      { keys: 'PageDown / PageUp', does: 'Timeline: a big step back / forward' },
      { keys: 'Home / End', does: 'Timeline: the first / last recorded tick' },
      { keys: 'Enter', does: 'In the seed field: restart with that seed' },
      { keys: 'W', does: 'Walls tool on / off (preview focused; also the Walls button)' },
      { keys: 'Click', does: 'Walls tool: add a point (Shift: snap to 15°); on the first point: close the wall' },
      { keys: 'Enter', does: 'Walls tool: finish the wall (also a double-click); Backspace takes its last point back, Escape drops it' },
      { keys: 'Drag a vertex', does: 'Walls tool: move it' },
      { keys: 'Delete', does: 'Walls tool: remove the selected wall (click a wall to select it)' },
      { keys: 'Click / Alt+click', does: 'Walls tool: on the selected wall, insert a vertex / remove the vertex' },
    ],
  },
];

/**
 * The sheet of every shortcut (`?`): an overlay over the app. Its Close button dispatches
 * `shortcuts-close` (the app closes it on Escape too).
 */
export class SteerShortcuts extends LitElement {
  static styles = css`
    :host {
      position: fixed;
      inset: 0;
      z-index: 50;
      display: flex;
      align-items: center;
      justify-content: center;
      background: var(--steer-sheet-veil);
      font: 12px system-ui, sans-serif;
      color: var(--steer-text);
    }
    .sheet {
      max-width: min(860px, 92vw);
      max-height: 88vh;
      overflow: auto;
      background: var(--steer-popup);
      border: 1px solid var(--steer-popup-border);
      border-radius: 10px;
      box-shadow: 0 16px 40px var(--steer-shadow-sheet);
      padding: 14px 18px 16px;
    }
    header {
      display: flex;
      align-items: center;
      justify-content: space-between;
      margin-bottom: 6px;
    }
    h2 {
      margin: 0;
      font-size: 14px;
    }
    .columns {
      columns: 2 300px;
      column-gap: 28px;
    }
    section {
      break-inside: avoid;
      margin-bottom: 10px;
    }
    h3 {
      margin: 8px 0 4px;
      font-size: 10px;
      text-transform: uppercase;
      letter-spacing: 0.06em;
      color: var(--steer-text-hint);
    }
    .row {
      display: flex;
      gap: 10px;
      padding: 2px 0;
    }
    kbd {
      flex: 0 0 116px;
      font: 11px ui-monospace, monospace;
      color: var(--steer-highlight);
    }
    button {
      background: var(--steer-popup-button);
      color: inherit;
      border: 1px solid var(--steer-popup-border);
      border-radius: 5px;
      padding: 4px 10px;
      font: inherit;
      cursor: pointer;
    }
  `;

  firstUpdated(): void {
    this.renderRoot.querySelector('button')?.focus();
  }

  render() {
    return html`<div class="sheet" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts">
      <header>
        <h2>Keyboard shortcuts</h2>
        <button @click=${() => this.dispatchEvent(new CustomEvent('shortcuts-close', { bubbles: true, composed: true }))}>Close</button>
      </header>
      <div class="columns">
        ${SHORTCUTS.map(
          (g) => html`<section>
            <h3>${g.area}</h3>
            ${g.items.map((s) => html`<div class="row"><kbd>${s.keys}</kbd><span>${s.does}</span></div>`)}
          </section>`,
        )}
      </div>
    </div>`;
  }
}
