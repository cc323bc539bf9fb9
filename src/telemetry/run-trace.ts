/**
 * `otel-endpoint`: the run's trace sent once, at the end, to an OTLP/HTTP collector with the
 * official OpenTelemetry SDK and protobuf exporter. The action connects itself, so the rule for
 * its other outbound traffic applies (as for a remote MCP server): unless `network: on`, the
 * collector's host must be in `allowed-domains`, and the connection goes to the address that was
 * checked. A refused host, an unreachable or slow collector, or one that answers an error is a
 * warning; the run's result never depends on its telemetry. The SDK is imported only by runs that
 * set the input.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { TranscriptRecord } from '../agent/transcript.js';
import { parseAllowedHosts } from '../egress/allowed-hosts.js';
import { decideEgress, type Resolver } from '../egress/egress-decision.js';
import { OTEL_EXPORT_TIMEOUT_MS } from '../limits.js';
import type { RunFacts } from './run-spans.js';

/** The `otel-*` inputs: where the run's trace goes, and what it may carry. */
export interface TelemetrySetting {
  /** The OTLP/HTTP traces URL (`otel-endpoint`, with `/v1/traces` added unless it ends so). */
  tracesUrl: string;
  /** Header name → value, read from the variables `otel-headers` names. Secret. */
  headers: Record<string, string>;
  /** Prompt, answer and tool content in spans (`otel-content`). */
  content: boolean;
}

export interface RunTraceInput {
  config: {
    telemetry: TelemetrySetting | undefined;
    network: 'off' | 'allowlist' | 'on';
    allowedDomains: readonly string[];
  };
  records: readonly TranscriptRecord[];
  facts: RunFacts;
  log: { info: (m: string) => void; warning: (m: string) => void };
  redact: (text: string) => string;
  /** Injectable so tests never touch real DNS. */
  resolve?: Resolver;
}

const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Sends the run's trace; never throws. Does nothing without `otel-endpoint`. */
export async function exportRunTrace(input: RunTraceInput): Promise<void> {
  const setting = input.config.telemetry;
  if (!setting || input.records.length === 0) return;
  const target = new URL(setting.tracesUrl);
  const warn = (why: string) =>
    input.log.warning(
      `Could not send the run's trace to otel-endpoint ${target.host} (the run's result is unaffected): ${input.redact(why)}`,
    );
  try {
    let pinned: string | undefined;
    if (input.config.network !== 'on') {
      const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
      const rules = parseAllowedHosts(input.config.allowedDomains);
      const decision = await decideEgress(rules, target.hostname, port, input.resolve ?? systemResolver);
      if (decision.kind === 'refuse')
        return warn(
          `${decision.reason} The action reaches the collector only when its host is in \`allowed-domains\` (or with \`network: on\`); add "${target.hostname}" to \`allowed-domains\`.`,
        );
      pinned = decision.address;
    }
    const [
      { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider },
      { OTLPTraceExporter },
      resources,
      spans,
    ] = await Promise.all([
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/exporter-trace-otlp-proto'),
      import('@opentelemetry/resources'),
      import('./run-spans.js'),
    ]);
    const memory = new InMemorySpanExporter();
    const provider = new TracerProvider({
      resource: resources.resourceFromAttributes({ 'service.name': 'agent-action' }),
      spanProcessors: [new SimpleSpanProcessor({ exporter: memory })],
    });
    spans.recordRunSpans(provider.getTracer('agent-action'), input.records, input.facts, {
      content: setting.content,
    });
    const finished = memory.getFinishedSpans();
    const exporter = new OTLPTraceExporter({
      url: setting.tracesUrl,
      headers: setting.headers,
      timeoutMillis: OTEL_EXPORT_TIMEOUT_MS,
      httpAgentOptions: { keepAlive: false, ...(pinned ? { lookup: pinnedLookup(pinned) } : {}) },
    });
    const result = await new Promise<{ code: number; error?: Error }>((resolve) =>
      exporter.export(finished, resolve),
    );
    await exporter.shutdown().catch(() => {});
    await provider.shutdown().catch(() => {});
    if (result.code !== 0) return warn(result.error?.message ?? 'the export failed');
    input.log.info(`Sent the run's trace (${finished.length} spans) to otel-endpoint ${target.host}`);
  } catch (error) {
    warn((error as Error).message);
  }
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` that answers the checked address for any name, so the socket goes where the rule said. */
function pinnedLookup(address: string) {
  const family = isIP(address);
  return (_host: string, options: { all?: boolean }, callback: LookupCallback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
