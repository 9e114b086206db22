import { describe, expect, it } from 'vitest';
import { actsEverywhere, keepsDefault, shortcutAction, type KeyPress } from '../../src/app/keymap';
import { SHORTCUTS } from '../../src/app/shortcuts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

/** A press of a sheet entry's keys ("Ctrl+Shift+Z"), as the browser reports it. */
function parse(keys: string): KeyPress {
  const parts = keys.split('+');
  const key = parts.pop()!;
  return press(parts.includes('Shift') && key.length === 1 ? key.toUpperCase() : key, { ctrlKey: parts.includes('Ctrl'), shiftKey: parts.includes('Shift') });
}

describe('shortcutAction', () => {
  it('gives every key on the shortcut sheet’s Graph and Everywhere lists an action (Meta works as Ctrl)', () => {
    const keyed = SHORTCUTS.filter((a) => a.area === 'Graph' || a.area === 'Everywhere')
      .flatMap((a) => a.items)
      .map((s) => s.keys)
      .filter((k) => !/click|drag/i.test(k));
    expect(keyed.length).toBeGreaterThan(10);
    for (const keys of keyed) expect(shortcutAction(parse(keys), false), keys).not.toBeNull();
    expect(shortcutAction(press('z', { metaKey: true }), false)).toBe('undo');
  });

  it('maps the keys to what the sheet says they do', () => {
    expect(shortcutAction(press('z', { ctrlKey: true }), false)).toBe('undo');
    expect(shortcutAction(press('Z', { ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(shortcutAction(press('y', { ctrlKey: true }), false)).toBe('redo');
    expect(shortcutAction(press('A', { shiftKey: true }), false)).toBe('add-node');
    expect(shortcutAction(press('a', { ctrlKey: true }), false)).toBe('select-all');
    expect(shortcutAction(press('f'), false)).toBe('frame');
    expect(shortcutAction(press('F', { shiftKey: true }), false)).toBeNull();
    expect(shortcutAction(press('m'), false)).toBe('mute');
    expect(shortcutAction(press('Backspace'), false)).toBe('delete');
    expect(shortcutAction(press('s', { ctrlKey: true }), false)).toBe('save');
    expect(shortcutAction(press('s', { metaKey: true }), false)).toBe('save');
    expect(shortcutAction(press('S', { ctrlKey: true, shiftKey: true }), false)).toBe('save-as');
    expect(shortcutAction(press('s', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(shortcutAction(press('x'), false)).toBeNull();
  });

  it('while the sheet is open, only Escape or ? act, and they close it', () => {
    expect(shortcutAction(press('Escape'), true)).toBe('close-sheet');
    expect(shortcutAction(press('?'), true)).toBe('close-sheet');
    expect(shortcutAction(press('z', { ctrlKey: true }), true)).toBeNull();
    // saving still works, so the browser's Save page never opens over the sheet
    expect(shortcutAction(press('s', { ctrlKey: true }), true)).toBe('save');
    expect(shortcutAction(press('?'), false)).toBe('open-sheet');
    expect(shortcutAction(press('Escape'), false)).toBe('close-menus');
  });

  it('leaves the browser its own copy and Escape, and takes every other key it acts on', () => {
    expect(keepsDefault('copy')).toBe(true);
    expect(keepsDefault('close-menus')).toBe(true);
    for (const a of ['undo', 'paste', 'save', 'add-node', 'delete'] as const) expect(keepsDefault(a)).toBe(false);
  });

  it('saves while a field has the focus, and nothing else does', () => {
    expect(actsEverywhere('save')).toBe(true);
    expect(actsEverywhere('save-as')).toBe(true);
    for (const a of ['undo', 'paste', 'delete', 'select-all', 'mute'] as const) expect(actsEverywhere(a)).toBe(false);
  });
});
