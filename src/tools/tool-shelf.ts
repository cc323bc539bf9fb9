/**
 * Tools kept out of the request until the model asks for them (the MCP servers' tools). Sending
 * every schema of every server on every turn would cost thousands of tokens; instead the shelf is
 * searched with `tool_search`, and what the model loads joins the request after the sorted core
 * tools, in load order, so the part of the prompt before it stays the same bytes.
 */
import { TOOL_SEARCH_MAX_RESULTS } from '../limits.js';
import type { Tool } from './tool.js';

/** A tool on the shelf. */
export interface ShelvedTool {
  tool: Tool<unknown>;
  /** What `server:<name>` selects: the MCP server the tool comes from. */
  server: string;
  /** The tool's name on its server, searched like its description. */
  originalName: string;
  /** One line for search results. */
  summary: string;
}

/** What one search found. */
export interface ShelfSearch {
  matches: ShelvedTool[];
  /** Matches before the cut to {@link TOOL_SEARCH_MAX_RESULTS}. */
  total: number;
  /** The `server:<name>` the query named, if any. */
  server?: string;
}

/** The tools on offer; immutable. Which are loaded is each agent's own (see {@link LoadedTools}). */
export class ToolShelf {
  readonly #entries: Map<string, ShelvedTool>;
  readonly #problems: () => ReadonlyMap<string, string>;

  /** `problems` names servers whose tools are missing or failing, with why (asked when searched). */
  constructor(entries: ShelvedTool[], problems: () => ReadonlyMap<string, string> = () => new Map()) {
    const sorted = [...entries].sort((a, b) => (a.tool.name < b.tool.name ? -1 : 1));
    this.#entries = new Map(sorted.map((entry) => [entry.tool.name, entry]));
    this.#problems = problems;
  }

  get(name: string): ShelvedTool | undefined {
    return this.#entries.get(name);
  }

  /** Every tool's name, sorted. */
  names(): string[] {
    return [...this.#entries.keys()];
  }

  /** Servers with how many tools each offers, sorted by name. */
  servers(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of this.#entries.values()) counts.set(entry.server, (counts.get(entry.server) ?? 0) + 1);
    for (const server of this.#problems().keys()) if (!counts.has(server)) counts.set(server, 0);
    return new Map([...counts].sort(([a], [b]) => (a < b ? -1 : 1)));
  }

  /** Servers that did not start or stopped, with why. */
  problems(): ReadonlyMap<string, string> {
    return this.#problems();
  }

  /** A shelf of the tools `keep` accepts (review runs keep the read-only ones). */
  filter(keep: (entry: ShelvedTool) => boolean): ToolShelf {
    return new ToolShelf([...this.#entries.values()].filter(keep), this.#problems);
  }

  /**
   * Words match names and descriptions (a name counts more); `server:<name>` keeps one server's
   * tools. No words: every tool (of that server), by name.
   */
  search(query: string): ShelfSearch {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const server = words.find((w) => w.startsWith('server:'))?.slice('server:'.length);
    const terms = words.filter((w) => !w.startsWith('server:'));
    const scored: { entry: ShelvedTool; score: number }[] = [];
    for (const entry of this.#entries.values()) {
      if (server !== undefined && entry.server.toLowerCase() !== server) continue;
      const name = `${entry.server} ${entry.originalName}`.toLowerCase();
      const text = entry.tool.description.toLowerCase();
      const score = terms.reduce((n, t) => n + (name.includes(t) ? 3 : 0) + (text.includes(t) ? 1 : 0), 0);
      if (terms.length === 0 || score > 0) scored.push({ entry, score });
    }
    scored.sort((a, b) => b.score - a.score || (a.entry.tool.name < b.entry.tool.name ? -1 : 1));
    return {
      matches: scored.slice(0, TOOL_SEARCH_MAX_RESULTS).map((s) => s.entry),
      total: scored.length,
      ...(server !== undefined ? { server } : {}),
    };
  }
}

/** What one agent has loaded from a shelf, in load order: the tail of its request's tools. */
export class LoadedTools {
  readonly #loaded = new Map<string, Tool<unknown>>();

  /** `preload`: every tool is loaded from the start (a small set, see `MCP_PRELOAD_MAX_TOOLS`). */
  constructor(
    readonly shelf: ToolShelf,
    preload = false,
  ) {
    if (preload) this.load(shelf.names());
  }

  /** Loads the named tools; names not on the shelf come back as `unknown`. */
  load(names: readonly string[]): { loaded: string[]; already: string[]; unknown: string[] } {
    const result = { loaded: [] as string[], already: [] as string[], unknown: [] as string[] };
    for (const name of names) {
      const entry = this.shelf.get(name);
      if (!entry) result.unknown.push(name);
      else if (this.#loaded.has(name)) result.already.push(name);
      else {
        this.#loaded.set(name, entry.tool);
        result.loaded.push(name);
      }
    }
    return result;
  }

  get(name: string): Tool<unknown> | undefined {
    return this.#loaded.get(name);
  }

  has(name: string): boolean {
    return this.#loaded.has(name);
  }

  /** The loaded tools, in the order they were loaded. */
  list(): Tool<unknown>[] {
    return [...this.#loaded.values()];
  }
}
