/**
 * The agent-type tabs' actions: add, rename (the id follows the name of a type added in this
 * session), change from the Agent type panel, delete. Each is one undoable edit of the host's
 * document; the tab shown follows the type acted on.
 */
import { addAgentType, batch, freshId, removeAgentType, renameAgentType, updateAgentType, type Edit } from '../document/commands';
import type { SceneDocument } from '../document/types';
import { TYPE_COLOURS, newAgentType } from './presets';
import { typeIdFromName, type TypeChangeDetail } from './type-panel';

/** What the actions read and edit: the open document, the type shown, and the way edits go in. */
export interface AgentTypeHost {
  readonly doc: SceneDocument;
  typeId: string;
  apply(edit: Edit, mergeKey?: string): void;
}

/** The agent types' actions on a host's document. */
export class AgentTypeActions {
  /**
   * Types added in this session whose id was not edited: their id follows their name ("Type 3"
   * renamed "Wolves" is `wolves`). Other types keep their id when renamed: a game may call them by it.
   */
  private idFollowers = new Set<string>();

  constructor(private host: AgentTypeHost) {}

  /** Whether the type's id follows its name (see above). */
  idFollowsName(id: string): boolean {
    return this.idFollowers.has(id);
  }

  /** Adds a type ("Type n", the starter's graph) and shows it. */
  add(): void {
    const { host } = this;
    const n = host.doc.agentTypes.length + 1;
    const id = freshId(`type-${n}`, host.doc.agentTypes.map((t) => t.id));
    host.apply(addAgentType(newAgentType(id, `Type ${n}`, TYPE_COLOURS[(n - 1) % TYPE_COLOURS.length])));
    // (refused past the 32 agent types a scene holds: the notice says so, and the tab stays)
    if (host.doc.agentTypes.some((t) => t.id === id)) {
      host.typeId = id;
      this.idFollowers.add(id);
    }
  }

  /** Changes the type's id and every reference to it (one undo step with `also`, e.g. the new name), and keeps it shown. */
  renameId(from: string, to: string, also?: Edit, mergeKey?: string): void {
    const { host } = this;
    const before = host.doc;
    const shown = host.typeId === from;
    if (shown) host.typeId = to;
    host.apply(also ? batch(also, renameAgentType(from, to)) : renameAgentType(from, to), mergeKey);
    if (host.doc === before || !host.doc.agentTypes.some((t) => t.id === to)) {
      if (shown) host.typeId = from;
      return;
    }
    if (this.idFollowers.delete(from) && also) this.idFollowers.add(to);
  }

  /** The Agent type panel's edits of the type shown: fields, with the id when it follows a new name. */
  change(d: TypeChangeDetail): void {
    const edit = updateAgentType(this.host.typeId, d.patch);
    if (d.id) this.renameId(this.host.typeId, d.id, edit);
    else this.host.apply(edit, d.mergeKey);
  }

  /** Deletes a type and its graph, once the user confirms. */
  remove(id: string): void {
    const t = this.host.doc.agentTypes.find((x) => x.id === id);
    if (!t) return;
    if (!window.confirm(`Delete the agent type “${t.name}” and its graph? (Undo brings it back.)`)) return;
    this.host.apply(removeAgentType(id));
  }

  /** Renames a type (double-click on its tab) to the name the user types. */
  rename(id: string): void {
    const { host } = this;
    const t = host.doc.agentTypes.find((x) => x.id === id);
    if (!t) return;
    const name = window.prompt('Name of this agent type', t.name);
    if (!(name && name.trim() && name.trim().length <= 200)) return;
    const edit = updateAgentType(id, { name: name.trim() });
    const others = host.doc.agentTypes.filter((x) => x.id !== id).map((x) => x.id);
    const to = this.idFollowers.has(id) ? typeIdFromName(name.trim(), others) : id;
    if (to !== id) this.renameId(id, to, edit);
    else host.apply(edit);
  }
}
