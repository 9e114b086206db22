import { css } from 'lit';

/** Shared look of the side panels. */
export const panelStyles = css`
  :host {
    display: block;
    padding: 10px 12px;
    font-size: 12px;
    color: var(--steer-text);
  }
  h3 {
    margin: 4px 0 8px;
    font-size: 11px;
    text-transform: uppercase;
    letter-spacing: 0.07em;
    color: var(--steer-text-dim);
  }
  h4 {
    margin: 12px 0 4px;
    font-size: 12px;
    color: var(--steer-text-heading);
  }
  .row {
    display: grid;
    grid-template-columns: 92px 1fr;
    align-items: center;
    gap: 6px;
    margin: 3px 0;
  }
  label {
    color: var(--steer-text-label);
  }
  input,
  select {
    background: var(--steer-field);
    color: var(--steer-text-strong);
    border: 1px solid var(--steer-field-border);
    border-radius: 4px;
    padding: 3px 6px;
    font: inherit;
    box-sizing: border-box;
    min-width: 0;
  }
  button {
    background: var(--steer-panel-button);
    color: var(--steer-text);
    border: 1px solid var(--steer-popup-border);
    border-radius: 4px;
    padding: 3px 8px;
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    background: var(--steer-panel-button-hover);
  }
  button[aria-pressed='true'] {
    background: var(--steer-pressed);
    border-color: var(--steer-pressed-border);
  }
  .hint {
    color: var(--steer-text-hint);
    font-size: 11px;
    line-height: 1.45;
  }
  code {
    color: var(--steer-text-code);
  }
`;
