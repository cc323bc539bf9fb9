/**
 * Prompt cost of the tool definitions: the JSON the model receives in `tools`, ÷ 4 as a token
 * estimate. Includes the bash tool when `src/tools/bash.ts` is there to load.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDefaultRegistry } from '../src/tools/default-registry.js';
import type { Tool } from '../src/tools/tool.js';
import type { BenchFigure } from './run.js';

/** The bash tool if it can be built with ordinary dependencies; undefined (and a note) otherwise. */
export async function loadBashTool(workspace: string): Promise<Tool<unknown> | undefined> {
  const bashModule = '../src/tools/bash.js';
  try {
    const { createBashTool } = await import(bashModule);
    const { unsandboxed } = await import('../src/sandbox/sandbox.js');
    return createBashTool({
      workspace,
      cwd: workspace,
      sandbox: unsandboxed,
      allowedCommands: [],
      env: {},
      logDir: workspace,
    });
  } catch (error) {
    console.error(`  bash tool not included: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  const workspace = await mkdtemp(path.join(tmpdir(), 'schemas-'));
  try {
    const bash = await loadBashTool(workspace);
    const registry = createDefaultRegistry({ workspace }, bash ? [bash] : []);
    const definitions = registry.definitions();
    const figures: BenchFigure[] = [
      {
        name: 'tokens.tool_schemas',
        value: Math.ceil(JSON.stringify(definitions).length / 4),
        unit: bash ? 'tokens' : 'tokens (no bash)',
        target: '<= 1500',
      },
    ];
    for (const definition of definitions) {
      figures.push({
        name: `tokens.tool_schemas.${definition.function.name}`,
        value: Math.ceil(JSON.stringify(definition).length / 4),
        unit: 'tokens',
      });
    }
    return figures;
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
