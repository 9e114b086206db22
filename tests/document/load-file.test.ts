/**
 * Reading a scene file as the CLI and the app read it (its bytes: the encoding is checked), and
 * what the loader's messages and warnings say about text from the file: duplicate keys, −0, and
 * characters that could steer a terminal or hide text in a report.
 */
import { describe, expect, it } from 'vitest';
import { compile, formatDiagnostic } from '../../src/compiler/index';
import { formatLoadError, printable, quote } from '../../src/document/errors';
import { MAX_FILE_BYTES, duplicateKeys, invalidUtf8, loadScene, loadSceneFile } from '../../src/document/load';
import type { LoadResult } from '../../src/document/load';
import { serializeScene } from '../../src/document/serialize';
import { sampleScene } from './helpers';

function messages(r: LoadResult): string[] {
  return r.ok ? [] : r.errors.map(formatLoadError);
}

const text = serializeScene(sampleScene());
const utf8 = (t: string) => new TextEncoder().encode(t);

/** Any character a message must not carry raw: controls, format characters (bidi, zero-width), separators, lone surrogates. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

describe('loadSceneFile: the bytes of a file', () => {
  it('loads a UTF-8 file, with or without a byte-order mark, as loadScene loads its text', () => {
    expect(loadSceneFile(utf8(text))).toStrictEqual(loadScene(text));
    expect(loadSceneFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]))).toStrictEqual(loadScene(text));
    const accents = text.replace('"Sheep and wolf"', '"Moutons é 🐑 and wolf"');
    const r = loadSceneFile(utf8(accents));
    expect(r.ok && r.doc.name).toBe('Moutons é 🐑 and wolf');
  });

  it('refuses UTF-16 and UTF-32 naming the encoding, by byte-order mark or by the NUL bytes of its ASCII', () => {
    const le = new Uint8Array(Buffer.from(text, 'utf16le'));
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
    const says = (what: string) => [`the file is ${what} text; Steergraph reads scene files as UTF-8: save it as UTF-8`];
    expect(messages(loadSceneFile(le))).toEqual(says('UTF-16 (little-endian)'));
    expect(messages(loadSceneFile(new Uint8Array([0xff, 0xfe, ...le])))).toEqual(says('UTF-16 (little-endian)'));
    expect(messages(loadSceneFile(be))).toEqual(says('UTF-16 (big-endian)'));
    expect(messages(loadSceneFile(new Uint8Array([0xfe, 0xff, ...be])))).toEqual(says('UTF-16 (big-endian)'));
    expect(messages(loadSceneFile(new Uint8Array([0x7b, 0, 0, 0, 0x7d, 0, 0, 0])))).toEqual(says('UTF-32 (little-endian)'));
    expect(messages(loadSceneFile(new Uint8Array([0, 0, 0xfe, 0xff, 0, 0, 0, 0x7b])))).toEqual(says('UTF-32 (big-endian)'));
  });

  it('refuses bytes that are not UTF-8, naming the byte offset and line (not U+FFFD in silence)', () => {
    const latin1 = new Uint8Array(Buffer.from(text.replace('"Sheep and wolf"', '"Sheep and w\u00e9lf"'), 'latin1'));
    const at = latin1.indexOf(0xe9);
    expect(messages(loadSceneFile(latin1))).toEqual([
      `not UTF-8 text: the byte at byte offset ${at} (line 5) is 0xE9, which is not valid UTF-8 there (text in another encoding, such as Latin-1, or a binary file?); save the file as UTF-8`,
    ]);
  });

  it('finds the first byte that is not UTF-8 as TextDecoder judges it: overlongs, surrogates, past U+10FFFF, cut short', () => {
    const cases: [number[], number][] = [
      [[0x41, 0x42], -1],
      [[0xc3, 0xa9, 0xf0, 0x9f, 0x90, 0x91], -1],
      [[0x41, 0x80], 1],
      [[0xc0, 0xaf], 0],
      [[0xe0, 0x80, 0xaf], 0],
      [[0xed, 0xa0, 0x80], 0],
      [[0xf4, 0x90, 0x80, 0x80], 0],
      [[0x41, 0xe2, 0x82], 1],
      [[0xf5, 0x80, 0x80, 0x80], 0],
    ];
    for (const [bytes, at] of cases) {
      const b = new Uint8Array(bytes);
      expect(invalidUtf8(b), bytes.join(' ')).toBe(at);
      let valid = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b);
      } catch {
        valid = false;
      }
      expect(valid, bytes.join(' ')).toBe(at === -1);
    }
  });

  it('says a binary file is not text (not "found \'戀\'")', () => {
    const binary = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0x62, 0x00, 0x00, 0x62]);
    expect(messages(loadSceneFile(binary))).toEqual(['not a text file: it has a NUL byte at byte offset 7 (a binary file?)']);
    // The same through the text loader (a draft, or text someone decoded): NUL, controls, U+FFFD.
    expect(messages(loadScene('\u007fELF\u0002\u0001\u0001\u0000\u0000'))).toEqual(['not a text file: it has a NUL character at line 1, column 8 (a binary file?)']);
    expect(messages(loadScene('{\u0000"\u0000'))).toEqual(['the file looks like UTF-16 text read as UTF-8 (every other character is NUL); save it as UTF-8']);
    expect(messages(loadScene('\u0001\u0002'))).toEqual(['not JSON: line 1, column 1: expected a value, found a control character (U+0001; is this a text file?)']);
    expect(messages(loadScene('\ufffd\ufffdPNG'))).toEqual(["not JSON: line 1, column 1: expected a value, found '\ufffd' (a byte that was not UTF-8: is this a text file?)"]);
  });

  it('refuses a file over MAX_FILE_BYTES by its length, before decoding it', () => {
    const huge = { length: MAX_FILE_BYTES + 1 } as unknown as Uint8Array;
    expect(messages(loadSceneFile(huge))).toEqual([`the file is too large: ${((MAX_FILE_BYTES + 1) / 1048576).toFixed(1)} MB (the limit is 5 MB of text)`]);
  });
});

describe('duplicate keys', () => {
  it('load (the last value wins, as JSON.parse does) with a warning naming each path', () => {
    const twice = text.replace('"seed": 42', '"seed": 1, "seed": 42').replace('"mass": 1.5', '"mass": 1.5, "mass": 2, "mass": 1.5');
    const r = loadScene(twice);
    if (!r.ok) throw new Error(messages(r).join('\n'));
    expect(r.doc).toStrictEqual(loadScene(text).ok && (loadScene(text) as { doc: unknown }).doc);
    expect(r.warnings).toEqual([
      'world.seed: this key is given more than once in its object; the last value is used',
      'agentTypes[0].mass: this key is given more than once in its object; the last value is used',
    ]);
    expect(loadSceneFile(utf8(twice))).toStrictEqual(r);
  });

  it('are found by their parsed text, in any object and list, escapes and odd keys included', () => {
    expect(duplicateKeys('{"a":[{"x":1},{"x":2,"y":[1,{"b\\"":1,"b\\u0022":2}]}]}')).toEqual(['a[1].y[1]["b\\""]']);
    expect(duplicateKeys('{"k:":1,"s":"{[,:","k:":2}')).toEqual(['["k:"]']);
    expect(duplicateKeys('{"a":1,"b":{"a":1}}')).toEqual([]);
    const many = `{${Array.from({ length: 40 }, (_, i) => `"k${i % 20}":${i}`).join(',')}}`;
    expect(duplicateKeys(many)).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`));
    const hostile = `{"a\u202e\u001b":1,"a\u202e\u001b":2}`;
    expect(duplicateKeys(hostile)).toEqual(['["a\\u202e\\u001b"]']);
  });

  it('are counted past the first ten', () => {
    const params = Array.from({ length: 12 }, (_, i) => `"p${i}": 1, "p${i}": 2`).join(', ');
    const r = loadScene(text.replace(/"params": \{\}/, `"params": { ${params} }`));
    if (!r.ok) throw new Error(messages(r).join('\n'));
    expect(r.warnings.length).toBe(11);
    expect(r.warnings[10]).toBe('… and 2 more duplicate keys');
  });
});

describe('−0 in a file', () => {
  it('loads as 0 everywhere (counts, coordinates, weights), so the module’s embedded scene and the editor agree', () => {
    const doc = JSON.parse(text);
    doc.agentTypes[0].count = 0;
    doc.world.obstacles[0].vx = 0;
    doc.agentTypes[0].states[0].graph.nodes[0].position = [0, 5];
    const minus = JSON.stringify(doc)
      .replace('"count":0', '"count":-0')
      .replace('"vx":0', '"vx":-0.0')
      .replace('"position":[0,5]', '"position":[-0e3,5]');
    expect(minus.match(/[:[]-0(?:\.0|e3)?[,\]}]/g)?.length).toBe(3);
    const r = loadScene(minus);
    if (!r.ok) throw new Error(messages(r).join('\n'));
    expect(Object.is(r.doc.agentTypes[0].count, 0)).toBe(true);
    expect(Object.is(r.doc.world.obstacles[0].vx, 0)).toBe(true);
    expect(Object.is(r.doc.agentTypes[0].states[0].graph.nodes[0].position[0], 0)).toBe(true);
    // What the module embeds (JSON.stringify) reads back as the very document the loader gave.
    expect(JSON.parse(JSON.stringify(r.doc))).toStrictEqual(r.doc);
  });
});

describe('text from a file in messages', () => {
  const evil = 'x\u001b[31m\u202e\u2066\u200b\u2028\ufeff\u{e0041}\ud800';

  it('printable escapes controls, bidirectional and zero-width characters, separators, tag characters and lone surrogates', () => {
    expect(printable(evil)).toBe('x\\u001b[31m\\u202e\\u2066\\u200b\\u2028\\ufeff\\udb40\\udc41\\ud800');
    expect(printable('Moutons é 🐑 — “ok” \\ tab')).toBe('Moutons é 🐑 — “ok” \\ tab');
    expect(quote('a\u202eb\n')).toBe('"a\\u202eb\\n"');
  });

  it('every loader message and warning is escaped, whatever the file holds (what the CLI prints and the app’s dialog lists)', () => {
    const doc = JSON.parse(text);
    doc.agentTypes[0].count = evil;
    doc.agentTypes[0][evil] = 1;
    doc.agentTypes[1].states[0].graph.nodes[0].params[evil] = 1;
    doc.agentTypes[1].id = evil;
    const r = loadSceneFile(utf8(JSON.stringify(doc)));
    expect(r.ok).toBe(false);
    const lines = messages(r);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line, line).not.toMatch(RAW);
    expect(lines).toContain('agentTypes[0]["x\\u001b[31m\\u202e\\u2066\\u200b\\u2028\\ufeff\\udb40\\udc41\\ud800"]: unknown field');
    const dupes = loadScene(text.replace('"seed": 42', `"${evil}": 1, "${evil}": 1, "seed": 42`));
    for (const line of [...messages(dupes), ...(dupes.ok ? dupes.warnings : [])]) expect(line, line).not.toMatch(RAW);
  });

  it('every compiler diagnostic is escaped: node kinds, node ids, ports, parameter values (the app’s problems list)', () => {
    const doc = JSON.parse(text);
    const graph = doc.agentTypes[0].states[0].graph;
    graph.nodes[0].kind = `seek${evil}`;
    graph.connections.push({ from: [`n${evil}`, `p${evil}`], to: [graph.nodes[1].id, `q${evil}`] });
    const r = loadScene(JSON.stringify(doc));
    if (!r.ok) throw new Error(messages(r).join('\n'));
    const { diagnostics } = compile(r.doc);
    expect(diagnostics.length).toBeGreaterThan(1);
    for (const d of diagnostics) {
      expect(d.message, d.message).not.toMatch(RAW);
      expect(formatDiagnostic(d)).not.toMatch(RAW);
    }
    expect(diagnostics.map((d) => d.message)).toContain('Unknown node kind "seekx\\u001b[31m\\u202e\\u2066\\u200b\\u2028\\ufeff\\udb40\\udc41\\ud800": this version of Steergraph has no such node');
  });
});
