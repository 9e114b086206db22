/**
 * Draws the background and the agents of a large scene with WebGL2: per agent type one instanced
 * draw of a triangle mesh, each instance with its position and heading, in the type's colour; the
 * preview draws the rest with Canvas 2D on a canvas on top. It is the renderer for large scenes
 * where WebGL2 runs on a GPU. In software (SwiftShader, as in headless Chromium on a machine
 * without a GPU) an instanced draw costs about 60 µs per instance, 20,000 agents ~1 frame per
 * second, so the preview draws with bitmap.ts there instead (see {@link webgl2Support}).
 */
import type { Rgba } from './colors';
import { AGENT_HALF_WIDTH, FALLBACK_COLOR, agentLength, type Frame } from './draw';

/** How WebGL2 runs here: on a GPU, in software only, or not at all. */
export type WebGL2Support = 'hardware' | 'software' | 'none';

let support: WebGL2Support | null = null;

/** Names of software rasterisers in a WebGL renderer string. */
const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/**
 * Whether this browser has WebGL2, and whether in software only: asked once, on a throwaway
 * canvas. Software is a context refused with `failIfMajorPerformanceCaveat`, or one whose
 * renderer names a software rasteriser (Chromium started with `--enable-unsafe-swiftshader` does
 * not refuse SwiftShader).
 */
export function webgl2Support(): WebGL2Support {
  if (support) return support;
  support = 'none';
  try {
    const fast = document.createElement('canvas').getContext('webgl2', { failIfMajorPerformanceCaveat: true });
    const gl = fast ?? document.createElement('canvas').getContext('webgl2');
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const renderer = `${gl.getParameter(gl.RENDERER)} ${info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : ''}`;
      support = fast && !SOFTWARE_GL.test(renderer) ? 'hardware' : 'software';
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    support = 'none';
  }
  return support;
}

const VERTEX_SHADER = `#version 300 es
// a corner of the agent's triangle, in its own frame (x ahead, y to its left) in units of its length
layout(location = 0) in vec2 a_corner;
// per instance: position (world px) and unit heading
layout(location = 1) in vec4 a_agent;
uniform float u_length;
// screen = world × u_view.x + u_view.yz, CSS px; u_size: the canvas, CSS px
uniform vec3 u_view;
uniform vec2 u_size;
void main() {
  vec2 c = a_corner * u_length;
  vec2 h = a_agent.zw;
  vec2 p = a_agent.xy + vec2(h.x * c.x - h.y * c.y, h.y * c.x + h.x * c.y);
  vec2 s = p * u_view.x + u_view.yz;
  gl_Position = vec4(s.x / u_size.x * 2.0 - 1.0, 1.0 - s.y / u_size.y * 2.0, 0.0, 1.0);
}`;

const FRAGMENT_SHADER = `#version 300 es
precision mediump float;
uniform vec4 u_colour;
out vec4 colour;
void main() {
  colour = u_colour;
}`;

/** See the file comment. */
export class WebGLRenderer {
  /** True once the context is lost: the preview falls back to another renderer. */
  lost = false;
  private readonly program: WebGLProgram;
  private readonly vao: WebGLVertexArrayObject;
  private readonly instances: WebGLBuffer;
  private data = new Float32Array(0);
  private capacity = 0;
  private readonly uLength: WebGLUniformLocation | null;
  private readonly uView: WebGLUniformLocation | null;
  private readonly uSize: WebGLUniformLocation | null;
  private readonly uColour: WebGLUniformLocation | null;
  private readonly colours = new Map<string, Rgba>();

  /** A renderer on `canvas`, or null when WebGL2 is not to be had there. */
  static create(canvas: HTMLCanvasElement, colourOf: (css: string) => Rgba): WebGLRenderer | null {
    const gl = canvas.getContext('webgl2', { alpha: false, antialias: true, depth: false, stencil: false, powerPreference: 'high-performance' });
    if (!gl) return null;
    try {
      return new WebGLRenderer(gl, colourOf);
    } catch {
      return null;
    }
  }

  private constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly colourOf: (css: string) => Rgba,
  ) {
    const program = gl.createProgram();
    gl.attachShader(program, shader(gl, gl.VERTEX_SHADER, VERTEX_SHADER));
    gl.attachShader(program, shader(gl, gl.FRAGMENT_SHADER, FRAGMENT_SHADER));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(`WebGL2 program: ${gl.getProgramInfoLog(program)}`);
    this.program = program;
    this.uLength = gl.getUniformLocation(program, 'u_length');
    this.uView = gl.getUniformLocation(program, 'u_view');
    this.uSize = gl.getUniformLocation(program, 'u_size');
    this.uColour = gl.getUniformLocation(program, 'u_colour');
    this.vao = gl.createVertexArray();
    gl.bindVertexArray(this.vao);
    const mesh = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, mesh);
    // tip 0.6 ahead, base 0.4 behind, as the Canvas 2D renderer draws it
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0.6, 0, -0.4, AGENT_HALF_WIDTH, -0.4, -AGENT_HALF_WIDTH]), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    this.instances = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribDivisor(1, 1);
    gl.bindVertexArray(null);
    gl.canvas.addEventListener('webglcontextlost', (e) => {
      e.preventDefault();
      this.lost = true;
    });
  }

  /** Draws the page colour, the world's rectangle and every agent's body; `headingsOf` gives the agents' headings. */
  draw(f: Frame, headingsOf: (typeId: string, n: number) => Float64Array): void {
    const gl = this.gl;
    if (this.lost || gl.isContextLost()) {
      this.lost = true;
      return;
    }
    const W = gl.drawingBufferWidth;
    const H = gl.drawingBufferHeight;
    const { view, dpr } = f;
    gl.viewport(0, 0, W, H);
    const bg = this.colour(f.theme.background);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(bg[0] / 255, bg[1] / 255, bg[2] / 255, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const ww = f.scene?.world.width ?? 0;
    const wh = f.scene?.world.height ?? 0;
    if (ww > 0 && wh > 0) {
      // the world's rectangle: a scissored clear (GL's y runs up)
      const k = view.scale * dpr;
      const x0 = Math.max(0, Math.round(view.x * dpr));
      const x1 = Math.min(W, Math.round(ww * k + view.x * dpr));
      const y0 = Math.max(0, Math.round(view.y * dpr));
      const y1 = Math.min(H, Math.round(wh * k + view.y * dpr));
      if (x1 > x0 && y1 > y0) {
        const c = this.colour(f.theme.world);
        gl.enable(gl.SCISSOR_TEST);
        gl.scissor(x0, H - y1, x1 - x0, y1 - y0);
        gl.clearColor(c[0] / 255, c[1] / 255, c[2] / 255, 1);
        gl.clear(gl.COLOR_BUFFER_BIT);
        gl.disable(gl.SCISSOR_TEST);
      }
    }
    const world = f.world;
    if (!world) return;
    // every type's instances in one buffer, uploaded once
    let total = 0;
    for (const id of world.types) total += world.positions(id).length >> 1;
    if (!total) return;
    if (this.data.length < 4 * total) this.data = new Float32Array(4 * Math.ceil(total * 1.25));
    const data = this.data;
    let o = 0;
    for (const id of world.types) {
      const pos = world.positions(id);
      const n = pos.length >> 1;
      const head = headingsOf(id, n);
      for (let i = 0; i < n; i++) {
        data[o++] = pos[2 * i];
        data[o++] = pos[2 * i + 1];
        data[o++] = head[2 * i];
        data[o++] = head[2 * i + 1];
      }
    }
    gl.useProgram(this.program);
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.instances);
    if (this.capacity < data.length) {
      gl.bufferData(gl.ARRAY_BUFFER, data.byteLength, gl.DYNAMIC_DRAW);
      this.capacity = data.length;
    }
    gl.bufferSubData(gl.ARRAY_BUFFER, 0, data, 0, 4 * total);
    gl.uniform1f(this.uLength, agentLength(view.scale));
    gl.uniform3f(this.uView, view.scale, view.x, view.y);
    gl.uniform2f(this.uSize, f.width, f.height);
    let first = 0;
    for (const id of world.types) {
      const n = world.positions(id).length >> 1;
      if (!n) continue;
      const c = this.colour(f.styles.get(id)?.color ?? FALLBACK_COLOR);
      gl.uniform4f(this.uColour, c[0] / 255, c[1] / 255, c[2] / 255, 1);
      gl.vertexAttribPointer(1, 4, gl.FLOAT, false, 0, 16 * first);
      gl.drawArraysInstanced(gl.TRIANGLES, 0, 3, n);
      first += n;
    }
    gl.bindVertexArray(null);
  }

  /** Frees the context's resources (another renderer took over). */
  dispose(): void {
    this.gl.getExtension('WEBGL_lose_context')?.loseContext();
    this.lost = true;
  }

  private colour(css: string): Rgba {
    let c = this.colours.get(css);
    if (!c) this.colours.set(css, (c = this.colourOf(css)));
    return c;
  }
}

function shader(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const s = gl.createShader(type);
  if (!s) throw new Error('WebGL2: no shader');
  gl.shaderSource(s, source);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(`WebGL2 shader: ${gl.getShaderInfoLog(s)}`);
  return s;
}
