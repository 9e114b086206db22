/**
 * The app's look: toolbar, menus, tabs, graph bar, panels' frame, status line, dialog and drop
 * hint. Where each region sits is layout.ts; the colours are the `--steer-*` properties (src/theme.ts).
 */
import { css } from 'lit';

/** The look of `<steer-app>`'s own parts. */
export const appStyles = css`
  :host {
    background: var(--steer-bg);
    color: var(--steer-text);
    font: 13px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  }
  header {
    display: flex;
    align-items: center;
    gap: 6px;
    padding: 0 10px;
    background: var(--steer-bar);
    border-bottom: 1px solid var(--steer-border);
  }
  .brand {
    font-weight: 700;
    letter-spacing: 0.02em;
    margin-right: 6px;
    color: var(--steer-accent);
  }
  .name {
    background: transparent;
    border: 1px solid transparent;
    color: var(--steer-text-strong);
    font: inherit;
    font-weight: 600;
    padding: 3px 6px;
    border-radius: 4px;
    width: 220px;
  }
  .name:hover,
  .name:focus {
    border-color: var(--steer-field-border);
    background: var(--steer-field);
  }
  .dirty {
    color: var(--steer-warning);
    font-size: 11px;
    min-width: 60px;
  }
  .file {
    color: var(--steer-text-hint);
    font-size: 11px;
    max-width: 220px;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .spacer {
    flex: 1;
  }
  header button,
  .tabs button,
  .panel-tabs button,
  .graph-tools button {
    background: var(--steer-button);
    color: var(--steer-text);
    border: 1px solid var(--steer-button-border);
    border-radius: 5px;
    padding: 4px 10px;
    font: inherit;
    font-size: 12px;
    cursor: pointer;
  }
  header button:hover:not(:disabled) {
    background: var(--steer-button-hover);
  }
  button:disabled {
    opacity: 0.4;
    cursor: default;
  }
  .sep {
    width: 1px;
    height: 22px;
    background: var(--steer-separator);
    margin: 0 4px;
  }
  .dropdown {
    position: relative;
  }
  .dropdown-menu {
    position: absolute;
    top: 30px;
    left: 0;
    z-index: 30;
    min-width: 240px;
    max-height: 70vh;
    overflow-y: auto;
    background: var(--steer-popup);
    border: 1px solid var(--steer-popup-border);
    border-radius: 8px;
    box-shadow: 0 10px 30px var(--steer-shadow);
    padding: 4px;
  }
  .dropdown-menu button {
    display: block;
    width: 100%;
    text-align: left;
    background: none;
    border: 0;
    padding: 6px 8px;
  }
  .dropdown-menu button:hover {
    background: var(--steer-menu-hover);
  }
  .dropdown-menu small {
    display: block;
    color: var(--steer-text-dim);
    white-space: normal;
    max-width: 360px;
  }
  .presets {
    width: 380px;
  }
  .tabs {
    display: flex;
    align-items: center;
    gap: 4px;
    padding: 6px 8px;
    background: var(--steer-strip);
    border-bottom: 1px solid var(--steer-border);
    overflow-x: auto;
  }
  .tab {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .tab[aria-selected='true'] {
    background: var(--steer-selected);
    border-color: var(--steer-selected-border);
  }
  .tab .swatch {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 50%;
  }
  .tab .close {
    border: 0;
    background: none;
    padding: 0 2px;
    color: var(--steer-text-dim);
  }
  /* Under the canvas, never over a node: the canvas's buttons and the minimap. */
  .graph-bar {
    display: flex;
    align-items: flex-end;
    justify-content: space-between;
    gap: 8px;
    padding: 6px 8px;
    background: var(--steer-graph-bar);
    border-top: 1px solid var(--steer-border);
  }
  .graph-bar[hidden] {
    display: none;
  }
  .graph-tools {
    display: flex;
    gap: 6px;
  }
  .graph-tools button[aria-pressed='true'] {
    border-color: var(--steer-selected-border);
    background: var(--steer-selected);
  }
  .graph-tools button {
    background: var(--steer-button-overlay);
  }
  .right {
    border-left: 1px solid var(--steer-border);
  }
  .panel-tabs {
    display: flex;
    gap: 4px;
    padding: 6px 8px 0;
    border-top: 1px solid var(--steer-border);
    background: var(--steer-strip);
  }
  .panel-tabs button[aria-selected='true'] {
    background: var(--steer-selected);
  }
  .panel {
    background: var(--steer-panel);
  }
  footer {
    display: flex;
    align-items: center;
    gap: 14px;
    padding: 0 12px;
    font-size: 11px;
    color: var(--steer-text-status);
    background: var(--steer-bar);
    border-top: 1px solid var(--steer-border);
  }
  footer .errors {
    color: var(--steer-error);
  }
  footer .warnings {
    color: var(--steer-warning);
  }
  footer .ok {
    color: var(--steer-ok);
  }
  footer .notice {
    color: var(--steer-warning);
  }
  steer-node-menu {
    position: fixed;
  }
  dialog {
    background: var(--steer-popup);
    color: var(--steer-text);
    border: 1px solid var(--steer-popup-border);
    border-radius: 10px;
    max-width: 640px;
    padding: 16px 18px;
  }
  dialog::backdrop {
    background: var(--steer-backdrop);
  }
  dialog ul {
    max-height: 50vh;
    overflow-y: auto;
    padding-left: 18px;
    font-family: ui-monospace, monospace;
    font-size: 12px;
  }
  .drop-hint {
    position: fixed;
    inset: 0;
    display: none;
    align-items: center;
    justify-content: center;
    background: var(--steer-drop-veil);
    color: var(--steer-accent);
    font-size: 20px;
    z-index: 50;
    pointer-events: none;
  }
  header button[aria-pressed='true'] {
    border-color: var(--steer-accent);
    color: var(--steer-accent);
    opacity: 1;
  }
  :host([dropping]) .drop-hint {
    display: flex;
  }
`;
