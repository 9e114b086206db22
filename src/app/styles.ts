import { css } from 'lit';

/** Shared look of the side panels. */
export const panelStyles = css`
  :host {
    display: block;
    padding: 10px 12px;
    font-size: 12px;
    color: #dde3ea;
  }
  h3 {
    margin: 4px 0 8px;
    font-size: 11px;
    text-transform: uppercase;
    letter-spacing: 0.07em;
    color: #8b97a4;
  }
  h4 {
    margin: 12px 0 4px;
    font-size: 12px;
    color: #c2ccd6;
  }
  .row {
    display: grid;
    grid-template-columns: 92px 1fr;
    align-items: center;
    gap: 6px;
    margin: 3px 0;
  }
  label {
    color: #aab4bf;
  }
  input,
  select {
    background: #0e1115;
    color: #e8edf2;
    border: 1px solid #39424d;
    border-radius: 4px;
    padding: 3px 6px;
    font: inherit;
    box-sizing: border-box;
    min-width: 0;
  }
  button {
    background: #26303b;
    color: #dde3ea;
    border: 1px solid #3a4450;
    border-radius: 4px;
    padding: 3px 8px;
    font: inherit;
    cursor: pointer;
  }
  button:hover {
    background: #303c49;
  }
  button[aria-pressed='true'] {
    background: #3d63b8;
    border-color: #5b82d6;
  }
  .hint {
    color: #7d8894;
    font-size: 11px;
    line-height: 1.45;
  }
  code {
    color: #9fb0c2;
  }
`;
