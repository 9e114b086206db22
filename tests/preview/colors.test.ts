import { describe, expect, it } from 'vitest';
import { parseNormalized, pixelOf } from '../../src/preview/colors';

describe('parseNormalized', () => {
  it('reads the forms a 2D context normalises colours to, and short hex', () => {
    expect(parseNormalized('#4dd0c8')).toEqual([0x4d, 0xd0, 0xc8, 1]);
    expect(parseNormalized('#FFF')).toEqual([255, 255, 255, 1]);
    expect(parseNormalized('rgba(120, 134, 150, 0.35)')).toEqual([120, 134, 150, 0.35]);
    expect(parseNormalized('rgb(1,2,3)')).toEqual([1, 2, 3, 1]);
  });

  it('gives null for anything else', () => {
    expect(parseNormalized('tomato')).toBeNull();
    expect(parseNormalized('#12345')).toBeNull();
    expect(parseNormalized('')).toBeNull();
  });
});

describe('pixelOf', () => {
  it('lays a colour out as the bytes r, g, b, 255 of an ImageData', () => {
    const px = new Uint32Array([pixelOf([0x11, 0x22, 0x33, 0.5])]);
    expect(Array.from(new Uint8Array(px.buffer))).toEqual([0x11, 0x22, 0x33, 255]);
  });
});
