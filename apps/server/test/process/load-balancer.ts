import {
  Agent,
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { freePort } from '../helpers/server-process.js';

/** Hop-by-hop headers: they describe one connection and are never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
const HEALTH_CHECK_EVERY_MS = 100;

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

interface Upstream {
  url: URL;
  agent: Agent;
  ready: boolean;
}

/**
 * A small load balancer over several instances, as nginx would be configured in front of
 * Guildhall: keep-alive connections to the instances, round robin over the ready ones (their
 * /readyz answers 200, checked every 100 ms), and a request whose connection is refused or
 * reset before any byte of answer came back is passed to the next instance
 * (`proxy_next_upstream error`), the instances not ready last. Anything else reaches the client
 * as the instance sent it.
 */
export async function startLoadBalancer(instances: string[]) {
  const upstreams: Upstream[] = instances.map((url) => ({
    url: new URL(url),
    agent: new Agent({ keepAlive: true }),
    ready: true,
  }));
  let next = 0;

  const forward = (upstream: Upstream, incoming: IncomingMessage, body: Buffer) =>
    new Promise<IncomingMessage>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: upstream.url.hostname,
          port: upstream.url.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...endToEnd(incoming.headers), 'content-length': String(body.length) },
          agent: upstream.agent,
        },
        resolve,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });

  const server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    // The ready instances in turn, then the others as a last resort.
    const ready = upstreams.filter((upstream) => upstream.ready);
    const shift = ready.length > 0 ? next++ % ready.length : 0;
    const candidates = [
      ...ready.slice(shift),
      ...ready.slice(0, shift),
      ...upstreams.filter((upstream) => !upstream.ready),
    ];
    for (const upstream of candidates) {
      let answer: IncomingMessage;
      try {
        answer = await forward(upstream, incoming, body);
      } catch {
        // Nothing came back: the request goes to the next instance.
        continue;
      }
      response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(response);
      // An answer cut half-way reaches the client cut as well.
      answer.on('close', () => {
        if (!answer.complete) response.destroy();
      });
      return;
    }
    response.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
  });

  const checkReadiness = async (upstream: Upstream) => {
    try {
      const answer = await fetch(new URL('/readyz', upstream.url), {
        signal: AbortSignal.timeout(5_000),
      });
      await answer.arrayBuffer();
      upstream.ready = answer.status === 200;
    } catch {
      upstream.ready = false;
    }
  };
  let checking = true;
  const checks = (async () => {
    while (checking) {
      await Promise.all(upstreams.map(checkReadiness));
      await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_EVERY_MS));
    }
  })();

  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    isReady: (instance: string) =>
      upstreams.find((upstream) => upstream.url.origin === new URL(instance).origin)?.ready,
    async close() {
      checking = false;
      await checks;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const upstream of upstreams) upstream.agent.destroy();
    },
  };
}
