/**
 * One registry per agent: the tools it may call, looked up by name. Definitions are sorted by name
 * so the prompt prefix is byte-for-byte stable across turns and runs (prompt-cache hits), and the
 * JSON Schema is generated from each tool's zod schema, never written twice. With a shelf (the MCP
 * servers' tools), `tool_search` joins the sorted core, and what the model loads from the shelf
 * follows the core in load order, so loading a tool never moves the bytes before it.
 */
import { z } from 'zod';
import type { Tool } from './tool.js';
import { createToolSearchTool } from './tool-search.js';
import { LoadedTools, type ToolShelf } from './tool-shelf.js';

/** One entry of the OpenAI `tools` array. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

const schemaCache = new WeakMap<Tool<unknown>, Record<string, unknown>>();

/** Drops what only costs tokens: the `$schema` URI and zod's ±MAX_SAFE_INTEGER bounds on `int()`. */
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(compact);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema') continue;
    if (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) continue;
    if (key === 'minimum' && value === Number.MIN_SAFE_INTEGER) continue;
    out[key] = compact(value);
  }
  return out;
}

/** The JSON Schema the model sees for a tool's arguments. */
export function parametersSchema(tool: Tool<unknown>): Record<string, unknown> {
  let schema = schemaCache.get(tool);
  if (!schema) {
    schema = compact(tool.jsonSchema ?? z.toJSONSchema(tool.parameters)) as Record<string, unknown>;
    schemaCache.set(tool, schema);
  }
  return schema;
}

/**
 * The tools one agent may call. Its core is immutable ({@link ToolRegistry.without} makes a
 * filtered copy); copies share what was loaded from the shelf, since they are the same agent's.
 */
export class ToolRegistry {
  readonly #tools: Map<string, Tool<unknown>>;
  /** Tools deliberately not offered, with the message a call to one gets (see {@link withheld}). */
  readonly #refusals: ReadonlyMap<string, string>;
  /** The shelf and what this agent loaded from it, if it has one. */
  readonly #loaded: LoadedTools | undefined;

  constructor(
    tools: Tool<unknown>[],
    refusals: ReadonlyMap<string, string> = new Map(),
    loaded?: LoadedTools,
  ) {
    this.#refusals = refusals;
    this.#loaded = loaded;
    const all = loaded
      ? [...tools.filter((t) => t.name !== 'tool_search'), createToolSearchTool(loaded)]
      : tools;
    const sorted = [...all].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.#tools = new Map();
    for (const tool of sorted) {
      if (this.#tools.has(tool.name) || loaded?.shelf.get(tool.name))
        throw new Error(`duplicate tool name: ${tool.name}`);
      this.#tools.set(tool.name, tool);
    }
  }

  get(name: string): Tool<unknown> | undefined {
    return this.#tools.get(name) ?? this.#loaded?.get(name);
  }

  /** Tool names: the core sorted, then the loaded ones in load order. */
  names(): string[] {
    return [...this.#tools.keys(), ...(this.#loaded?.list().map((tool) => tool.name) ?? [])];
  }

  /** The OpenAI `tools` array: the core sorted by name, then the loaded tools in load order. */
  definitions(): ToolDefinition[] {
    return [...this.#tools.values(), ...(this.#loaded?.list() ?? [])].map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: parametersSchema(tool) },
    }));
  }

  /**
   * A copy whose `tool_search` offers `shelf`, with nothing loaded yet unless `preload` (a small
   * set loaded up front). Each agent gets its own: what one loads is not in another's requests.
   */
  withShelf(shelf: ToolShelf, preload = false): ToolRegistry {
    return new ToolRegistry([...this.#tools.values()], this.#refusals, new LoadedTools(shelf, preload));
  }

  /** The message for a call to a shelved tool not loaded yet, or undefined. */
  notLoaded(name: string): string | undefined {
    if (!this.#loaded?.shelf.get(name) || this.#loaded.has(name)) return undefined;
    return `${name} is not loaded yet: call tool_search with "load": ["${name}"] first, then call it.`;
  }

  /** A copy without the named tools, for restricted agents. */
  without(...names: string[]): ToolRegistry {
    return new ToolRegistry(
      [...this.#tools.values()].filter((tool) => !names.includes(tool.name)),
      this.#refusals,
      this.#loaded,
    );
  }

  /**
   * A copy without the named tools that remembers why: a model that calls one anyway (it knows the
   * usual tool set) gets `reasons[name]` instead of "unknown tool".
   */
  withheld(reasons: Record<string, string>): ToolRegistry {
    const names = Object.keys(reasons);
    const refusals = new Map([...this.#refusals, ...Object.entries(reasons)]);
    return new ToolRegistry(
      [...this.#tools.values()].filter((tool) => !names.includes(tool.name)),
      refusals,
      this.#loaded,
    );
  }

  /** A copy with `tools` added (a name already present is an error). */
  with(...tools: Tool<unknown>[]): ToolRegistry {
    return new ToolRegistry([...this.#tools.values(), ...tools], this.#refusals, this.#loaded);
  }

  /**
   * A copy with each core tool replaced by `change(tool)` (a wrapper with the same name), refusals
   * and the shelf kept: dropping the shelf would leave `tool_search` loading tools no request sends.
   */
  map(change: (tool: Tool<unknown>) => Tool<unknown>): ToolRegistry {
    return new ToolRegistry([...this.#tools.values()].map(change), this.#refusals, this.#loaded);
  }

  /** Why `name` is not offered, when it was withheld on purpose. */
  refusal(name: string): string | undefined {
    return this.#tools.has(name) ? undefined : this.#refusals.get(name);
  }
}
