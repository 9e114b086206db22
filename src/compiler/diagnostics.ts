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

/** One line per diagnostic, as the CLI prints them: `error agentTypes[0].graph.nodes[2] (sheep/n3): message`. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.path ?? `agentTypes(${d.agentType})`;
  const who = d.nodeId ? ` (${d.agentType}/${d.nodeId}${d.port ? `.${d.port}` : ''})` : ` (${d.agentType})`;
  return `${d.severity} ${where}${who}: ${d.message}`;
}
