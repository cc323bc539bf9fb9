/**
 * The run's trace, built from its transcript after the run: one `invoke_agent` span for the run,
 * and under it a `chat` span per model turn and an `execute_tool` span per tool call, with the
 * OpenTelemetry GenAI attributes (model, tokens in/out/cached, cost, finish reason; tool name,
 * call id, outcome, denial rule). Built from the JSONL records, whose strings the transcript
 * writer already redacted, so the trace carries exactly what the transcript does and nothing the
 * loop would have to be taught. A turn record is written when the turn ends and holds its
 * duration, so each span gets its real start and end. Prompt, answer and tool content go in only
 * with `otel-content: true`, cut to `OTEL_CONTENT_MAX_CHARS`.
 */
import {
  type Attributes,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { TranscriptRecord } from '../agent/transcript.js';
import { OTEL_CONTENT_MAX_CHARS } from '../limits.js';
import type { Prices } from '../llm/model-prices.js';
import { costUsd } from '../llm/model-prices.js';

/** What the run span says about the run as a whole, beyond the records. */
export interface RunFacts {
  /** The step's `conclusion` output. */
  conclusion: string;
  /** The model endpoint's host (`server.address`). */
  serverAddress: string;
  prices: Prices | undefined;
  /** The run's estimated cost, when the model has a price. */
  costUsd: number | undefined;
  /** Why the run failed, already redacted. */
  failure: string | undefined;
}

/** Records the spans of one run on `tracer`; each span is ended with its recorded time. */
export function recordRunSpans(
  tracer: Tracer,
  records: readonly TranscriptRecord[],
  facts: RunFacts,
  options: { content: boolean },
): void {
  const first = records[0];
  if (!first) return;
  const model = records.find((r) => r.type === 'run-start' || r.type === 'agent-start');
  const modelName = model && 'model' in model ? model.model : 'unknown';
  const startOf = (r: { ts: string; durationMs: number }) => Date.parse(r.ts) - r.durationMs;
  const runStart = Math.min(
    Date.parse(first.ts),
    ...records.flatMap((r) => (r.type === 'turn' || r.type === 'tool-call' ? [startOf(r)] : [])),
  );
  const runEnd = Math.max(...records.map((r) => Date.parse(r.ts)));
  const trigger = records.find((r) => r.type === 'run-start');
  const ends = records.filter((r) => r.type === 'agent-end');
  const tokens = ends.reduce(
    (sum, r) => ({
      prompt: sum.prompt + r.tokens.prompt,
      completion: sum.completion + r.tokens.completion,
      cached: sum.cached + (r.tokens.cachedPrompt ?? 0),
    }),
    { prompt: 0, completion: 0, cached: 0 },
  );
  const root = tracer.startSpan('invoke_agent agent-action', {
    kind: SpanKind.INTERNAL,
    startTime: runStart,
    attributes: defined({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'agent-action',
      'gen_ai.request.model': modelName,
      'server.address': facts.serverAddress,
      'gen_ai.usage.input_tokens': tokens.prompt,
      'gen_ai.usage.output_tokens': tokens.completion,
      'gen_ai.usage.cache_read.input_tokens': tokens.cached,
      'agent_action.trigger': trigger?.type === 'run-start' ? trigger.trigger : undefined,
      'agent_action.turns': records.filter((r) => r.type === 'turn').length,
      'agent_action.tool_calls': records.filter((r) => r.type === 'tool-call').length,
      'agent_action.conclusion': facts.conclusion,
      'agent_action.cost_usd': facts.costUsd,
      'agent_action.stop_reason': ends.at(-1)?.reason,
    }),
  });
  for (const record of records) {
    if (record.type === 'turn')
      childSpan(tracer, root, `chat ${modelName}`, turnSpan(record, modelName, facts, options));
    if (record.type === 'tool-call')
      childSpan(tracer, root, `execute_tool ${record.name}`, toolSpan(record, options));
  }
  if (facts.conclusion === 'failed')
    root.setStatus({ code: SpanStatusCode.ERROR, message: facts.failure ?? 'failed' });
  root.end(runEnd);
}

interface ChildSpan {
  kind: SpanKind;
  start: number;
  end: number;
  attributes: Attributes;
  error?: string;
}

function childSpan(tracer: Tracer, parent: Span, name: string, span: ChildSpan): void {
  // An explicit context, so no global context manager is registered for one trace.
  const context = trace.setSpan(ROOT_CONTEXT, parent);
  const child = tracer.startSpan(
    name,
    { kind: span.kind, startTime: span.start, attributes: span.attributes },
    context,
  );
  if (span.error !== undefined) child.setStatus({ code: SpanStatusCode.ERROR, message: span.error });
  child.end(span.end);
}

function turnSpan(
  record: Extract<TranscriptRecord, { type: 'turn' }>,
  model: string,
  facts: RunFacts,
  options: { content: boolean },
): ChildSpan {
  const end = Date.parse(record.ts);
  const cost = facts.prices
    ? costUsd(
        { prompt: record.tokensIn, completion: record.tokensOut, cachedPrompt: record.tokensCached ?? 0 },
        facts.prices,
      )
    : undefined;
  return {
    kind: SpanKind.CLIENT,
    start: end - record.durationMs,
    end,
    attributes: defined({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': model,
      'server.address': facts.serverAddress,
      'gen_ai.usage.input_tokens': record.tokensIn,
      'gen_ai.usage.output_tokens': record.tokensOut,
      'gen_ai.usage.cache_read.input_tokens': record.tokensCached,
      'gen_ai.usage.reasoning.output_tokens': record.tokensReasoning,
      'gen_ai.response.finish_reasons': [
        record.toolCalls > 0 ? 'tool_calls' : record.partial ? 'incomplete' : 'stop',
      ],
      'agent_action.turn': record.turn,
      'agent_action.tokens_estimated': record.estimated,
      'agent_action.attempts': record.attempts,
      'agent_action.cost_usd': cost,
      'gen_ai.output.messages':
        options.content && record.text
          ? JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: cut(record.text) }] }])
          : undefined,
    }),
  };
}

function toolSpan(
  record: Extract<TranscriptRecord, { type: 'tool-call' }>,
  options: { content: boolean },
): ChildSpan {
  const end = Date.parse(record.ts);
  const failed = record.status === 'error' || record.status === 'denied';
  return {
    kind: SpanKind.INTERNAL,
    start: end - record.durationMs,
    end,
    attributes: defined({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': record.name,
      'gen_ai.tool.call.id': record.callId,
      'gen_ai.tool.type': record.server ? 'extension' : 'function',
      'agent_action.turn': record.turn,
      'agent_action.tool.outcome': record.status,
      'agent_action.tool.read_only': record.readOnly,
      'agent_action.tool.denial_rule': record.status === 'denied' ? denialRule(record.excerpt) : undefined,
      'agent_action.mcp.server': record.server,
      'gen_ai.tool.call.arguments': options.content ? cut(record.arguments) : undefined,
      'gen_ai.tool.call.result': options.content ? cut(record.excerpt) : undefined,
    }),
    ...(failed ? { error: record.status } : {}),
  };
}

/** The rule a refusal names (`Denied by bash policy (rule: …)`), else the kind of refusal. */
function denialRule(excerpt: string): string {
  return /\(rule: ([\w.:/-]{1,80})\)/.exec(excerpt)?.[1] ?? 'path-policy';
}

function cut(text: string): string {
  return text.length > OTEL_CONTENT_MAX_CHARS ? `${text.slice(0, OTEL_CONTENT_MAX_CHARS)}…` : text;
}

/** The attributes without the unknown ones (an attribute is never set to undefined). */
function defined(attributes: Record<string, Attributes[string] | undefined>): Attributes {
  return Object.fromEntries(Object.entries(attributes).filter(([, v]) => v !== undefined)) as Attributes;
}
