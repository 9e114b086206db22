/** A problem in a scene, for the designer: shown on the node it concerns and in the problems list. */
export interface Diagnostic {
  /** Errors make the agent type compile to a zero force; warnings do not. */
  severity: 'error' | 'warning';
  /** The agent type's id. */
  agentType: string;
  /** The node concerned, when there is one. */
  nodeId?: string;
  /** The port or parameter concerned, when there is one. */
  port?: string;
  /** JSON path into the document: `agentTypes[0].graph.nodes[2].params.slowingRadius`. */
  path?: string;
  /** One sentence a designer understands. */
  message: string;
}

/** Whether any diagnostic is an error. */
export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === 'error');
}

/**
 * A document's text for a message: quoted as JSON, with the line and paragraph separators and the
 * C1 controls escaped too (JSON leaves them raw), so a message stays one line that cannot steer a
 * terminal.
 */
export function quote(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** An id or port as written, when it is a plain name; quoted (see {@link quote}) when not. */
function name(text: string): string {
  return /^[A-Za-z0-9_-]*$/.test(text) ? text : quote(text);
}

/**
 * One line per diagnostic, as the CLI prints them: `error agentTypes[0].graph.nodes[2] (sheep/n3): message`.
 * A port taken from a connection may be any text; it is quoted then.
 */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.path ?? `agentTypes(${name(d.agentType)})`;
  const type = name(d.agentType);
  const who = d.nodeId ? ` (${type}/${name(d.nodeId)}${d.port ? `.${name(d.port)}` : ''})` : ` (${type})`;
  return `${d.severity} ${where}${who}: ${d.message}`;
}
