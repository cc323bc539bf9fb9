/**
 * One registry per agent: the tools it may call, looked up by name. Definitions are sorted by name
 * so the prompt prefix is byte-for-byte stable across turns and runs (prompt-cache hits), and the
 * JSON Schema is generated from each tool's zod schema, never written twice.
 */
import { z } from 'zod';
import type { Tool } from './tool.js';

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
    schema = compact(z.toJSONSchema(tool.parameters)) as Record<string, unknown>;
    schemaCache.set(tool, schema);
  }
  return schema;
}

/** The tools one agent may call. Immutable; {@link ToolRegistry.without} makes a filtered copy. */
export class ToolRegistry {
  readonly #tools: Map<string, Tool<unknown>>;
  /** Tools deliberately not offered, with the message a call to one gets (see {@link withheld}). */
  readonly #refusals: ReadonlyMap<string, string>;

  constructor(tools: Tool<unknown>[], refusals: ReadonlyMap<string, string> = new Map()) {
    this.#refusals = refusals;
    const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.#tools = new Map();
    for (const tool of sorted) {
      if (this.#tools.has(tool.name)) throw new Error(`duplicate tool name: ${tool.name}`);
      this.#tools.set(tool.name, tool);
    }
  }

  get(name: string): Tool<unknown> | undefined {
    return this.#tools.get(name);
  }

  /** Tool names, sorted. */
  names(): string[] {
    return [...this.#tools.keys()];
  }

  /** The OpenAI `tools` array, sorted by name. */
  definitions(): ToolDefinition[] {
    return [...this.#tools.values()].map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: parametersSchema(tool) },
    }));
  }

  /** A copy without the named tools, for restricted agents. */
  without(...names: string[]): ToolRegistry {
    return new ToolRegistry(
      [...this.#tools.values()].filter((tool) => !names.includes(tool.name)),
      this.#refusals,
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
    );
  }

  /** A copy with `tools` added (a name already present is an error). */
  with(...tools: Tool<unknown>[]): ToolRegistry {
    return new ToolRegistry([...this.#tools.values(), ...tools], this.#refusals);
  }

  /** A copy with each tool replaced by `change(tool)` (a wrapper with the same name), refusals kept. */
  map(change: (tool: Tool<unknown>) => Tool<unknown>): ToolRegistry {
    return new ToolRegistry([...this.#tools.values()].map(change), this.#refusals);
  }

  /** Why `name` is not offered, when it was withheld on purpose. */
  refusal(name: string): string | undefined {
    return this.#tools.has(name) ? undefined : this.#refusals.get(name);
  }
}
