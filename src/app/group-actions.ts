/**
 * The node groups' actions in the app: group the selected nodes (Ctrl+G), ungroup a use
 * (Ctrl+Alt+G, or its node's button), export a group to a file and import one, and inside a group
 * remove or rename one of its ports (Group Input's and Group Output's rows). Each is one undoable edit of
 * the host's document (src/document/group-commands.ts); the notice says what happened.
 */
import { GROUP_IN, GROUP_KIND, type Graph, type SceneDocument } from '../document/types';
import type { Edit } from '../document/commands';
import { makeGroup, removeGroup, removeGroupPort, renameGroup, renameGroupPort, ungroup, useCountOf, usesOfGroup, type PortSide } from '../document/group-commands';
import type { SteerEditor } from '../editor/editor';
import type { GroupActionDetail } from '../editor/group-event';
import { groupFileName, groupFileText, importGroups, loadGroupFile } from '../document/group-file';
import { download, pickFile, type Dialog } from './file-io';

/** What the actions read and edit. */
export interface GroupHost {
  readonly doc: SceneDocument;
  readonly editor: SteerEditor | undefined;
  notice: string | null;
  dialog: Dialog | null;
  apply(edit: Edit, mergeKey?: string): void;
  shownAt(): { type: string; state: number };
  shownGraph(): Graph | undefined;
  /** The groups entered, outermost first (see SteerApp.groupPath). */
  groupPath: string[];
}

/** The group actions on a host. */
export class GroupActions {
  constructor(private host: GroupHost) {}

  /** Makes a group of the selected nodes (Ctrl+G); the use is selected. */
  group(): void {
    const { host } = this;
    const ids = host.editor?.selected() ?? [];
    const made = makeGroup(host.doc, host.shownAt(), ids);
    if (!made.useId) {
      host.notice = ids.length ? 'The Agent Output cannot go into a group: select other nodes.' : 'Select nodes to group them (Ctrl+G).';
      return;
    }
    host.editor?.selectWhenShown([made.useId]);
    host.apply(made.edit);
    const group = host.doc.groups?.find((g) => g.id === made.groupId);
    if (group) host.notice = `Grouped ${ids.length === 1 ? 'one node' : `${ids.length} nodes`} as ${group.name} (Ctrl+Alt+G ungroups).`;
  }

  /** Renames group `id` (the breadcrumb's name field); an empty or unchanged name changes nothing. */
  rename(id: string, name: string): void {
    const text = name.trim();
    const g = this.host.doc.groups?.find((x) => x.id === id);
    if (!g || text === g.name) return;
    if (text.length < 1 || text.length > 200) {
      this.host.notice = `A group's name is 1 to 200 characters; ${g.name} keeps its name.`;
      return;
    }
    this.host.apply(renameGroup(id, text));
    this.host.notice = `Renamed the group ${g.name} to ${text} (Ctrl+Z takes it back).`;
  }

  /** Deletes group `id` from the library (the palette's ×), only when nothing uses it; else says where it is used. */
  remove(id: string): void {
    const g = this.host.doc.groups?.find((x) => x.id === id);
    if (!g) return;
    const uses = usesOfGroup(this.host.doc, id);
    if (uses.length) {
      this.host.notice = `${g.name} is used in ${uses.join(', ')}: ungroup or delete those nodes first.`;
      return;
    }
    this.host.apply(removeGroup(id));
    this.host.notice = `Deleted the group ${g.name} from the scene (Ctrl+Z takes it back).`;
  }

  /** Ungroups the selected group uses (Ctrl+Alt+G), or the one `nodeId`; the nodes that came back are selected. */
  ungroup(nodeId?: string): void {
    const { host } = this;
    const graph = host.shownGraph();
    const ids = nodeId ? [nodeId] : (host.editor?.selected() ?? []);
    const uses = (graph?.nodes ?? []).filter((n) => ids.includes(n.id) && n.kind === GROUP_KIND);
    if (!uses.length) {
      host.notice = 'Select a group node to ungroup it (Ctrl+Alt+G).';
      return;
    }
    const back: string[] = [];
    const before = host.doc;
    let after = before;
    for (const u of uses) {
      const r = ungroup(after, host.shownAt(), u.id);
      back.push(...r.ids);
      after = r.edit(after);
    }
    host.apply((d) => (d === before ? after : d));
    if (host.doc !== before) {
      host.editor?.selectWhenShown(back);
      host.notice = `Ungrouped ${uses.length === 1 ? 'one group' : `${uses.length} groups`}.`;
    }
  }

  /** `path` without the groups that are gone from the library, and from the first one gone on (the same array when all are there). */
  entered(path: string[]): string[] {
    const k = path.findIndex((id) => !this.host.doc.groups?.some((g) => g.id === id));
    return k < 0 ? path : path.slice(0, k);
  }

  /** Tab: enters the selected group node's group, or with none selected leaves the group shown. */
  tab(): void {
    const { host } = this;
    const ids = host.editor?.selected() ?? [];
    const use = ids.length === 1 ? host.shownGraph()?.nodes.find((n) => n.id === ids[0] && n.kind === GROUP_KIND) : undefined;
    const id = use && typeof use.params.group === 'string' && host.doc.groups?.some((g) => g.id === use.params.group) ? use.params.group : undefined;
    if (id && !host.groupPath.includes(id)) {
      host.groupPath = [...host.groupPath, id];
      host.notice = 'Inside the group: edits change every use. Tab (nothing selected) or the bar above leaves.';
    } else if (host.groupPath.length) this.leave(host.groupPath.length - 1);
  }

  /** Leaves the groups entered down to `depth` of them (0: the state's graph). */
  leave(depth: number): void {
    this.host.groupPath = this.host.groupPath.slice(0, Math.max(0, depth));
  }

  /** Downloads group `id` as a `.steergroup.json` file (with the groups it uses). */
  exportGroup(id: string): void {
    const group = this.host.doc.groups?.find((g) => g.id === id);
    if (!group) return;
    download(groupFileName(group), groupFileText(this.host.doc, id), 'application/json');
    this.host.notice = `Exported ${group.name} to ${groupFileName(group)}.`;
  }

  /** Asks for a group file and imports its groups into the library (a bad file changes nothing: a dialog says why). */
  importFile(): void {
    pickFile((file) => void file.text().then((text) => this.importText(text, file.name), () => (this.host.dialog = { title: `${file.name} could not be read`, lines: ['The browser could not read the file.'] })));
  }

  /** Imports a group file's text (see importFile). */
  importText(text: string, fileName: string): void {
    const { host } = this;
    const r = loadGroupFile(text);
    if (!r.ok) {
      host.dialog = { title: `${fileName} could not be imported`, lines: r.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)) };
      return;
    }
    const before = host.doc;
    host.apply(importGroups(before, r).edit);
    host.notice = host.doc === before ? `${r.group.name} is in this scene’s groups already.` : `Imported ${r.group.name}: add it from the palette’s Groups.`;
  }

  /** Inside a group: removes its input (on Group Input, `@in`) or output (`@out`) `key`, with the wires to it inside and on every use. */
  removePort(nodeId: string, key: string): void {
    const { host } = this;
    const id = host.groupPath[host.groupPath.length - 1];
    const g = host.doc.groups?.find((x) => x.id === id);
    const side: PortSide = nodeId === GROUP_IN ? 'inputs' : 'outputs';
    const port = g?.[side].find((p) => p.key === key);
    if (!g || !port) return;
    host.apply(removeGroupPort(g.id, side, key));
    const uses = useCountOf(host.doc, g.id);
    host.notice = `Removed the ${side === 'inputs' ? 'input' : 'output'} ${port.label} of ${g.name}${uses ? ` from ${uses === 1 ? 'its use' : `all ${uses} uses`}` : ''} (Ctrl+Z takes it back).`;
  }

  /** Inside a group: relabels its input (`@in`) or output (`@out`) `key`; an empty label changes nothing. */
  renamePort(nodeId: string, key: string, label: string): void {
    const { host } = this;
    const id = host.groupPath[host.groupPath.length - 1];
    const side: PortSide = nodeId === GROUP_IN ? 'inputs' : 'outputs';
    const port = host.doc.groups?.find((x) => x.id === id)?.[side].find((p) => p.key === key);
    const text = label.trim();
    if (!id || !port || text === port.label) return;
    if (text.length < 1 || text.length > 200) {
      host.notice = `A port's name is 1 to 200 characters; ${port.label} keeps its name.`;
      return;
    }
    host.apply(renameGroupPort(id, side, key, text));
    host.notice = `Renamed ${port.label} to ${text} (Ctrl+Z takes it back).`;
  }

  /** A group node's button, or a boundary node's port row. */
  onAction = (e: Event): void => {
    const d = (e as CustomEvent<GroupActionDetail>).detail;
    if (d.action === 'ungroup') this.ungroup(d.nodeId);
    else if (d.action === 'remove-port') this.removePort(d.nodeId, d.key);
    else if (d.action === 'rename-port') this.renamePort(d.nodeId, d.key, d.label);
    else this.exportGroup(String(this.host.shownGraph()?.nodes.find((n) => n.id === d.nodeId)?.params.group ?? ''));
  };
}
