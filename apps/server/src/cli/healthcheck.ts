// The container's health check: exits 0 when the server of this container answers /healthz,
// 1 otherwise. Same settings as the server (its port, its address, TLS).
//
//   node apps/server/dist/cli/healthcheck.js
import { get as getHttp } from 'node:http';
import { get as getHttps } from 'node:https';
import { loadConfig } from '../config.js';

const TIMEOUT_MS = 3_000;

/** Where the server listens, as seen from inside its container: "every interface" is loopback. */
function localAddress(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '::1';
  return host;
}

function check(): Promise<boolean> {
  const config = loadConfig();
  const get = config.tls ? getHttps : getHttp;
  return new Promise((resolve) => {
    const request = get(
      {
        host: localAddress(config.host),
        port: config.port,
        path: '/healthz',
        timeout: TIMEOUT_MS,
        // The certificate names the public host, not the loopback address asked here.
        rejectUnauthorized: false,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

check().then(
  (healthy) => process.exit(healthy ? 0 : 1),
  () => process.exit(1),
);
